"""CPU time by component, from /proc, so that the bench can say where the machine's time went.

`cpu.py snapshot FILE` records every process's CPU time (its own, and its reaped children's) and the
machine's; report.py takes the difference between two snapshots, each process counted under the
component whose process tree it belongs to. A reaped child's time is its parent's component's,
except the worker's: its children are sandboxes (recycled every judge.sandbox.reuse submissions).
`cpu.py children FILE COMMAND...` runs a command and writes the CPU seconds it and its children used:
the bare floor's programs, what the orchestration's CPU is compared with."""

import json
import os
import pathlib
import resource
import subprocess
import sys

TICKS = os.sysconf("SC_CLK_TCK")
# The first of these that a process or one of its ancestors matches (on its command line) names it.
# Sandboxes come first: the judged programs run under the worker but are not the worker's overhead.
COMPONENTS = [
    ("sandboxes", lambda cmd: cmd[0] == "bwrap" or cmd[0].endswith("/bwrap")),
    ("api", lambda cmd: any("judge-api" in arg for arg in cmd)),
    ("worker", lambda cmd: any("judge-worker" in arg for arg in cmd)),
    ("consumer", lambda cmd: any("judge-result-consumer" in arg for arg in cmd)),
    ("rabbitmq", lambda cmd: any("rabbit" in arg for arg in cmd)),
    ("postgresql", lambda cmd: cmd[0].startswith("postgres") or cmd[0].endswith("/postgres")),
    # k6 has exited by the second snapshot: its time is then hack/bench/run.sh's reaped children's.
    ("k6", lambda cmd: cmd[0].endswith("k6") or any(arg.endswith("bench/run.sh") for arg in cmd)),
]


def processes():
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue  # gone meanwhile
        fields = stat[stat.rindex(")") + 2 :].split()
        # Fields from the state on: ppid is the 2nd, utime and stime the 12th and 13th, cutime and
        # cstime (reaped children) the 14th and 15th (proc(5)).
        yield (
            int(entry.name),
            {
                "ppid": int(fields[1]),
                "cmd": [arg for arg in cmd if arg] or [""],
                "own": int(fields[11]) + int(fields[12]),
                "children": int(fields[13]) + int(fields[14]),
            },
        )


def machine_ticks():
    user, nice, system, idle, iowait, irq, softirq = (int(x) for x in pathlib.Path("/proc/stat").read_text().split()[1:8])
    return {"busy": user + nice + system + irq + softirq, "idle": idle + iowait}


def snapshot(path):
    pathlib.Path(path).write_text(json.dumps({"processes": dict(processes()), "machine": machine_ticks()}))


def component(pid, table):
    while pid in table:
        for name, matches in COMPONENTS:
            if matches(table[pid]["cmd"]):
                return name
        pid = table[pid]["ppid"]
    return "other"


def seconds_by_component(before_path, after_path):
    """CPU seconds each component used between two snapshots, plus the machine's busy and idle time."""
    before, after = (json.loads(pathlib.Path(p).read_text()) for p in (before_path, after_path))
    earlier = {int(pid): p for pid, p in before["processes"].items()}
    later = {int(pid): p for pid, p in after["processes"].items()}
    totals = {}
    for pid, process in later.items():
        name = component(pid, later)
        start = earlier.get(pid, {"own": 0, "children": 0})
        children_name = "sandboxes" if name == "worker" else name
        for key, charged_to in (("own", name), ("children", children_name)):
            totals[charged_to] = totals.get(charged_to, 0) + process[key] - start[key]
    result = {name: round(ticks / TICKS, 1) for name, ticks in sorted(totals.items(), key=lambda item: -item[1])}
    for key in ("busy", "idle"):
        result["machine_" + key] = round((after["machine"][key] - before["machine"][key]) / TICKS, 1)
    return result


def children(path, command):
    """Runs a command (its stdout passed through) and writes the CPU seconds it and its children used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    pathlib.Path(path).write_text(f"{used:.3f}\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["snapshot"] and len(sys.argv) == 3:
        snapshot(sys.argv[2])
    elif sys.argv[1:2] == ["children"] and len(sys.argv) > 3:
        children(sys.argv[2], sys.argv[3:])
    else:
        sys.exit("usage: cpu.py snapshot FILE | cpu.py children FILE COMMAND [ARG...]")
