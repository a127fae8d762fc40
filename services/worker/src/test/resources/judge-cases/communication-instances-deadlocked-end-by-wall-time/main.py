# Each instance waits for a second line the manager never sends, while the manager waits for its answer.
import sys

index = int(sys.argv[1])
value = int(input())
input()
print(index, 2 * value, flush=True)
