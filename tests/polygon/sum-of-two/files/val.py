import sys

a, b = map(int, sys.stdin.read().split())
sys.exit(0 if 1 <= a <= 10**6 and 1 <= b <= 10**6 else 3)
