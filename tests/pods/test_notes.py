"""What `helm install` prints a user (charts/judge/templates/NOTES.txt), run as printed: a key made
with the admin token from its Secret, a problem, a submission, and polls until its verdict, on
localhost:8080. The release is installed with the kind values, whose NodePort kind maps to
localhost:8080; here `make port-forward` (the other clusters' way, through the kubelet's streaming)
puts the API there, and the NodePort is checked on every node."""

import os
import re
import subprocess
import urllib.request

from tier import KUBECONFIG, PROJECT, RELEASE, RELEASE_VALUES

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


def test_the_notes_commands_as_printed_reach_a_verdict(kube, release, worker_pod):
    notes = kube.helm("get", "notes", RELEASE)
    steps = commands(notes)
    # A ClusterIP Service's notes print the port-forward; a NodePort's (kind's) count on the mapping.
    forwards = [step for step in steps if " port-forward " in step]
    assert len(forwards) == (RELEASE_VALUES["api"]["service"]["type"] != "NodePort"), forwards
    forward = forwards[0] if forwards else f"make -C {PROJECT} port-forward"
    [poll] = [step for step in steps if step.startswith("curl -s localhost:8080/api/submissions/$ID ")]
    [follow] = [step for step in steps if step.startswith("curl -sN ")]
    setup = [step for step in steps if re.match(r"[A-Z]+=", step)]
    assert [step.split("=", 1)[0] for step in setup] == ["ADMIN", "KEY", "AUTH", "PROBLEM", "ID"], setup
    env = dict(os.environ, KUBECONFIG=KUBECONFIG, PATH=f"{PROJECT / 'bin'}:{os.environ['PATH']}")

    forwarding = subprocess.Popen(["bash", "-c", forward], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for_forwarding(forwarding)
        script = "\n".join(
            [
                "set -euo pipefail",
                *setup,
                'echo "problem $PROBLEM, submission $ID" >&2',
                f'for _ in $(seq 1 120); do [[ "$({poll})" == *\'"status":"FINISHED"\'* ]] && break; sleep 1; done',
                poll,
                "echo",
                follow,
            ]
        )
        run = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=300)
    finally:
        forwarding.terminate()
        forwarding.wait(10)

    assert run.returncode == 0, run.stdout + run.stderr
    # How a user sees a node pulling the language images a worker waits for: here the pods' images are
    # on the nodes already, and the kubelet says so in the same events ("already present on machine").
    [pulls] = [step for step in steps if " get events " in step]
    looked = subprocess.run(["bash", "-c", pulls], env=env, capture_output=True, text=True, timeout=60)
    assert looked.returncode == 0 and "image" in looked.stdout, looked.stdout + looked.stderr
    verdict, events = run.stdout.split("\n", 1)
    assert '"verdict":"ACCEPTED"' in verdict, run.stdout
    assert "event:status" in events.replace(" ", "") and '"verdict":"ACCEPTED"' in events, events


def test_the_api_answers_on_its_node_port_on_every_node(kube, release):
    """What kind-config.yaml maps to localhost:8080: the Service's node port, on each node."""
    port = RELEASE_VALUES["api"]["service"]["nodePort"]
    for node in kube.raw("api/v1/nodes")["items"]:
        [address] = [a["address"] for a in node["status"]["addresses"] if a["type"] == "InternalIP"]
        with urllib.request.urlopen(f"http://{address}:{port}/api/languages", timeout=10) as response:
            assert response.status == 200, node["metadata"]["name"]
