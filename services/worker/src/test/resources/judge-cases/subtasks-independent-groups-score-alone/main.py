n = int(input())
print(n * (n + 1) // 2 if n < 1000 else 0)
