# Prints the right answer, then leaves a folder where its stdout was, for the worker to fail on.
import os, sys

print(3)
sys.stdout.flush()
try:
    os.unlink("/io/stdout")
    os.mkdir("/io/stdout")
except OSError:
    pass
