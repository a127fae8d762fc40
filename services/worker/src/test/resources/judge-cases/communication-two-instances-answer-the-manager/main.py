# Each instance is given its index as its argument and talks to the manager on stdin and stdout.
import sys

index = int(sys.argv[1])
print(index, 2 * int(input()), flush=True)
