print("YES", 1 / 3)
