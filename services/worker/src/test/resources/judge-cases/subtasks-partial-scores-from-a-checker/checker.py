import sys
_, output, answer = sys.argv[1:]
got, best = int(open(output).read()), int(open(answer).read())
if got == best:
    sys.exit(0)
if 0 < got < best:
    print(got / best)
    print(f"{got} of {best}", file=sys.stderr)
    sys.exit(7)
sys.exit(1)
