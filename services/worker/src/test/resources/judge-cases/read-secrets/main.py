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
for path in ("/etc/passwd", "/etc/shadow", "/root", "/home", "/work", "/var", "/run", "/sys/fs/cgroup",
             "/sys", "/tmp/.X11-unix"):
    if os.path.exists(path):
        leaks.append("host path: " + path)
try:
    open("/usr/bin/python3", "ab")
    leaks.append("toolchain writable")
except OSError:
    pass
print("\n".join(leaks) if leaks else "safe")
