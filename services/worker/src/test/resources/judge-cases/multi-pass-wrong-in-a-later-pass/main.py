# Right on the first pass (3 -> 2), wrong on the second (2 -> 5).
n = int(input())
print(n - 1 if n != 2 else 5)
