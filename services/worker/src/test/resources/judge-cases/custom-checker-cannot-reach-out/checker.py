# Exits 0 (accepted) only if it found nothing it should not see; else fails (3), naming it.
import glob, os, socket, sys

found = []
# (main.py here is this checker's own source.)
if glob.glob("/*/contestant-was-here") or glob.glob("/*/*/contestant-was-here"):
    found.append("the contestant's files")
if any(os.environ.get(name) for name in ("SPRING_RABBITMQ_PASSWORD", "SPRING_RABBITMQ_USERNAME", "JUDGE_SANDBOX_WORKDIR")):
    found.append("the worker's environment")
try:
    socket.create_connection(("1.1.1.1", 53), timeout=1)
    found.append("the network")
except OSError:
    pass
for outside in ("/escaped", "/usr/escaped", "/io/../escaped"):
    try:
        with open(outside, "w") as f:
            f.write("x")
        found.append("a writable " + outside)
    except OSError:
        pass
print("found: " + (", ".join(found) or "nothing"), file=sys.stderr)
sys.exit(3 if found else 0)
