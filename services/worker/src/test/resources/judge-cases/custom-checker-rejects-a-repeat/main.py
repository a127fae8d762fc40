n = int(input())
print(*([1] + list(range(1, n))))
