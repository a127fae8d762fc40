# A setter's checker that, on each test, replaces its answer file with a link to a place it can see
# (relative, so that the worker resolves it on its side to this sandbox's own /tmp): a worker that
# writes the next test's answer through it lets a checker make the worker write anywhere it likes.
import os, sys

if os.path.exists("/tmp/planted"):
    print("the worker wrote through my link", file=sys.stderr)
    sys.exit(1)
print("ok", file=sys.stderr)
try:
    os.unlink("answer")
    os.symlink("../tmp/planted", "answer")
except OSError:
    pass
