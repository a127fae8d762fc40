# A setter's checker that leaves a FIFO where its answer file was: a worker that opens it to write
# the next test's answer blocks for good.
import os, sys

print("ok", file=sys.stderr)
try:
    os.unlink("answer")
    os.mkfifo("answer")
except OSError:
    pass
