# On the first test, replaces /io/stdin with a link to a place this program can read: a worker that
# writes the next test's input through it hands the program a file it should never have been able to
# plant (on a host, as root, anywhere). On the next test, answers wrong if the link was followed.
import os, sys

if os.path.exists("/tmp/planted"):
    print("the worker wrote through my link")
    sys.exit(0)
a, b = map(int, sys.stdin.read().split())
print(a + b)
sys.stdout.flush()
try:
    os.unlink("/io/stdin")
    # Relative, so that the worker resolves it on its side to this sandbox's own /tmp.
    os.symlink("../tmp/planted", "/io/stdin")
except OSError:
    pass
