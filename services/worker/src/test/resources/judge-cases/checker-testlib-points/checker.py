# A checker that reports as testlib's quitp() does (testlib's pointscmp: the share is how far the
# output is from the answer): "points <share> <message>" on stderr, after whatever it printed there
# before, and exit code 7, nothing on stdout.
import sys

_, _, output, answer = sys.argv
share = abs(float(open(answer).read()) - float(open(output).read()))
print("reading the output", file=sys.stderr)
print(f"points {share:g} ja={float(open(answer).read()):.4f}", file=sys.stderr)
sys.exit(7)
