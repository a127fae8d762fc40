import os
import sys

if sys.argv[1] == "1":
    os.close(0)
    os.close(1)
else:
    print(0, 2 * int(input()), flush=True)
