# A comparator that judged (1.0) but exited 1: in CMS that is its own failure, never the contestant's.
import sys
print("1.0")
sys.exit(1)
