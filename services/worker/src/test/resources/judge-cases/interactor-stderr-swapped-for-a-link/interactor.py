# An interactor that asks for one sum, accepts the right one, then tries to make the worker read its
# environment as the interactor's message: /io/stderr replaced by a link the worker would follow.
import os, sys

a, b = map(int, open(sys.argv[1]).read().split())
print(a, b, flush=True)
answer = sys.stdin.readline().strip()
print("ok" if answer == str(a + b) else "wrong: " + answer, file=sys.stderr)
sys.stderr.flush()
try:
    os.unlink("/io/stderr")
    os.symlink("/proc/self/environ", "/io/stderr")
except OSError:
    pass
sys.exit(0 if answer == str(a + b) else 1)
