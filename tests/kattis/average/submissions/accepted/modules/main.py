# A submission of several files: main.py, the format's entry point for Python, imports the module beside it.
from stats import mean

n = int(input())
print(f"{mean(map(int, input().split()), n):.9f}")
