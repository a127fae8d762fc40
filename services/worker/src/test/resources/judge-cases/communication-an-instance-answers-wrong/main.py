import sys

index = int(sys.argv[1])
value = int(input())
print(index, 2 * value + index, flush=True)
