import sys

got, want = open(sys.argv[2]).read().split(), open(sys.argv[3]).read().split()
sys.exit(0 if got == want else 1)
