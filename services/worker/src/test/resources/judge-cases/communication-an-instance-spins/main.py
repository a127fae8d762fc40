# The second instance never answers: its own CPU time runs out, the first one's does not.
import sys

index = int(sys.argv[1])
value = int(input())
if index == 1:
    while True:
        pass
print(index, 2 * value, flush=True)
