import sys
print("the answer file is broken", file=sys.stderr)
sys.exit(3)
