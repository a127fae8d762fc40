# Right for small n only: the sum 1..n, wrong from 1000 on.
n = int(input())
print(n * (n + 1) // 2 if n < 1000 else 0)
