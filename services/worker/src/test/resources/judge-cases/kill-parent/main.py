import os, signal

for target in (os.getppid(), 1):
    try:
        os.kill(target, signal.SIGKILL)
    except OSError:
        pass
try:
    os.kill(-1, signal.SIGKILL)  # every process it may signal, except itself and process 1
except OSError:
    pass
print("alive")
