# Finds a value no larger than the best: the checker gives the share of the best it reached.
n = int(input())
print(n if n < 10 else n // 2)
