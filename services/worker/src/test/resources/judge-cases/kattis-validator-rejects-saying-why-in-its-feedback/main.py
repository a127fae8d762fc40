print(0.6)
