"""What `helm install` prints a user (charts/judge/templates/NOTES.txt), run as printed: the
port-forward to the API's Service through the kubelet's streaming, a key made with the admin token
from its Secret, a problem, a submission, and polls until its verdict."""
import os
import re
import subprocess

from conftest import KUBECONFIG, NAMESPACE, PROJECT, RELEASE

# Printed for the user to watch, not to finish: left out.
WATCHES = re.compile(r"\s-w$")


def commands(notes):
    """The indented command lines of the notes, continuations joined, comments dropped."""
    lines, joined = [], ""
    for line in notes.splitlines():
        if not line.startswith("  ") or line.strip().startswith("#"):
            continue
        joined += line.strip()
        if joined.endswith("\\"):
            joined = joined[:-1] + " "
            continue
        lines.append(re.sub(r"\s{2,}# .*$", "", joined))
        joined = ""
    return [line for line in lines if not WATCHES.search(line)]


def wait_for_forwarding(process):
    """Until kubectl says it forwards (it listens then), or fails with what it said."""
    said = []
    for line in iter(process.stdout.readline, b""):
        said.append(line.decode())
        if line.startswith(b"Forwarding from 127.0.0.1:"):
            return
    raise AssertionError("kubectl port-forward ended: " + "".join(said))


def test_the_notes_commands_as_printed_reach_a_verdict(release, worker_pod):
    notes = subprocess.run([str(PROJECT / "bin/helm"), "--kubeconfig", KUBECONFIG, "-n", NAMESPACE, "get", "notes", RELEASE],
                           capture_output=True, text=True, check=True).stdout
    steps = commands(notes)
    [forward] = [step for step in steps if " port-forward " in step]
    [poll] = [step for step in steps if step.startswith("curl -s localhost:8080/api/submissions/$ID ")]
    [follow] = [step for step in steps if step.startswith("curl -sN ")]
    setup = [step for step in steps if step not in (forward, poll, follow)]
    assert [step.split("=", 1)[0] for step in setup] == ["ADMIN", "KEY", "AUTH", "PROBLEM", "ID"], setup
    env = dict(os.environ, KUBECONFIG=KUBECONFIG, PATH=f"{PROJECT / 'bin'}:{os.environ['PATH']}")

    forwarding = subprocess.Popen(["bash", "-c", forward], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for_forwarding(forwarding)
        script = "\n".join(["set -euo pipefail", *setup,
                            'echo "problem $PROBLEM, submission $ID" >&2',
                            f'for _ in $(seq 1 120); do [[ "$({poll})" == *\'"status":"FINISHED"\'* ]] && break; sleep 1; done',
                            poll, "echo", follow])
        run = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=300)
    finally:
        forwarding.terminate()
        forwarding.wait(10)

    assert run.returncode == 0, run.stdout + run.stderr
    verdict, events = run.stdout.split("\n", 1)
    assert '"verdict":"ACCEPTED"' in verdict, run.stdout
    assert "event:status" in events.replace(" ", "") and '"verdict":"ACCEPTED"' in events, events
