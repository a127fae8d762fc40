# Input validator (the format's: exit 42 when the input is valid): n in 1..100000, then n numbers in
# 1..1000000 on one line, nothing else (the bounds are problem.yaml's constants).
import sys

lines = sys.stdin.read().split("\n")
try:
    n = int(lines[0])
    numbers = [int(x) for x in lines[1].split(" ")]
    valid = 1 <= n <= {{max_n}} and len(numbers) == n and all(1 <= x <= {{max_value}} for x in numbers)
    valid = valid and lines[2:] == [""] and lines[0] == str(n)
except (ValueError, IndexError):
    valid = False
sys.exit(42 if valid else 43)
