n = int(input())
print(*reversed(range(1, n + 1)))
