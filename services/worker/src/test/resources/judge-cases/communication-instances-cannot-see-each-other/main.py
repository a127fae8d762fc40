# The first instance leaves files and a process behind; the second must find none of them (an answer
# one off says it did). Each has a sandbox of its own: its own folders, processes and network.
import os
import socket
import subprocess
import sys
import time

index = int(sys.argv[1])
value = int(input())
if index == 0:
    for path in ("/tmp/note", "/dev/shm/note", "note"):
        with open(path, "w") as note:
            note.write("from 0")
    subprocess.Popen(["sleep", "30"])
    listener = socket.socket(socket.AF_UNIX)
    listener.bind("\0instance-0")
    listener.listen()
    print(0, 2 * value, flush=True)
    time.sleep(0.5)
else:
    time.sleep(0.3)
    seen = any(os.path.exists(p) for p in ("/tmp/note", "/dev/shm/note", "note"))
    seen = seen or any(
        b"sleep" in open(f"/proc/{pid}/cmdline", "rb").read() for pid in os.listdir("/proc") if pid.isdigit()
    )
    try:
        socket.socket(socket.AF_UNIX).connect("\0instance-0")
        seen = True
    except OSError:
        pass
    print(1, 2 * value + (1 if seen else 0), flush=True)
