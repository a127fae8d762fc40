import os

leaks = []
if set(os.environ) - {"PATH", "HOME", "LANG", "PWD"}:
    leaks.append("environment: %s" % sorted(os.environ))
# judge-init (process 1) is not dumpable, so its environment is not even readable; if it were, it
# must hold nothing but the four variables.
try:
    with open("/proc/1/environ", "rb") as environ:
        names = {entry.split(b"=")[0] for entry in environ.read().split(b"\0") if entry}
        if names - {b"PATH", b"HOME", b"LANG", b"PWD"}:
            leaks.append("init environment: %s" % names)
except PermissionError:
    pass
others = [pid for pid in os.listdir("/proc") if pid.isdigit() and int(pid) not in (1, os.getpid())]
if others:
    leaks.append("processes: %s" % others)
# Nothing of the worker or its host: its jar and JVM (/app), the language images it mounts (/languages),
# its work folder, a service account's token, the project (/work), /sys.
for path in ("/app", "/languages", "/var/lib/judge", "/var/run/secrets", "/run/secrets", "/work", "/sys",
             "/tmp/.X11-unix"):
    if os.path.exists(path):
        leaks.append("worker or host path: " + path)
# Where the root is the language's image, its /etc, /var, /root and /home are the image's own; from the
# host's toolchain paths alone there are none of them.
if not os.path.exists("/etc/passwd"):
    for path in ("/root", "/home", "/run"):
        if os.path.exists(path):
            leaks.append("host path: " + path)
    # Of the host's /var, only the toolchain data among those paths: Debian's GHC keeps its packages there.
    if os.path.exists("/var") and (os.listdir("/var") != ["lib"] or os.listdir("/var/lib") != ["ghc"]):
        leaks.append("host path: /var")
if os.access("/etc/shadow", os.R_OK):
    leaks.append("/etc/shadow readable")
try:
    open("/usr/bin/python3", "ab")
    leaks.append("toolchain writable")
except OSError:
    pass
print("\n".join(leaks) if leaks else "safe")
