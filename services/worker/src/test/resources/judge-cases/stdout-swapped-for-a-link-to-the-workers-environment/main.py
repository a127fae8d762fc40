# Prints the right answer, then tries to make the worker read its own environment (the broker's
# password, the test-data token) as this run's output: /io/stdout replaced by a link the worker would
# follow on its side.
import os, sys

print(3)
sys.stdout.flush()
try:
    os.unlink("/io/stdout")
    os.symlink("/proc/self/environ", "/io/stdout")
except OSError:
    pass
