print(0.31)
