# A package output validator whose feedback files are a link to a file of the worker's (the link is
# read on the worker's side, where /etc/passwd is the worker's) and a FIFO no one writes (a worker
# that opened it would wait forever). The worker reads regular files only: the message is the stderr.
import os, sys

feedback = sys.argv[3]
os.symlink("/etc/passwd", feedback + "judgemessage.txt")
os.mkfifo(feedback + "teammessage.txt")
print("the feedback was a link and a FIFO", file=sys.stderr)
sys.exit(43)
