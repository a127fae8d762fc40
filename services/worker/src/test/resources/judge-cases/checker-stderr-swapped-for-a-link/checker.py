# A setter's checker that accepts, then tries to make the worker read its environment as the
# checker's message: /io/stderr replaced by a link the worker would follow on its side.
import os, sys

print("ok", file=sys.stderr)
sys.stderr.flush()
try:
    os.unlink("/io/stderr")
    os.symlink("/proc/self/environ", "/io/stderr")
except OSError:
    pass
