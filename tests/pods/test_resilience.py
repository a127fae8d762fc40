"""What the kubelet does to a worker and what the judge makes of it: a pod deleted mid-run (its
submission goes back to the queue and another pod judges it), a container killed (the kubelet
restarts it and judging goes on)."""

import subprocess
import time

from support.cluster import REQUEST_QUEUE
from support.programs import SUM
from tier import PROJECT, SOCKETS

# What a container's waiting state says when the kubelet cannot run it.
FAILED_STARTS = {"CrashLoopBackOff", "CreateContainerError", "RunContainerError"}
# A judgement that takes long enough to be surely under way when the pod goes, and not yet over when
# the kubelet kills what a forced delete leaves (SIGTERM, then SIGKILL 2 s later): with 4 s, a run seen
# RUNNING late on a busy machine ended inside those 2 s and was acknowledged, not redelivered. Its wall
# limit is 2 x 10 s + 1 s.
SLOW_SUM = "import time\ntime.sleep(12)\n" + SUM["python"]


def redeliveries(broker):
    return broker.queue(REQUEST_QUEUE).get("message_stats", {}).get("redeliver", 0)


def test_a_pod_deleted_mid_run_has_its_submission_judged_by_another(api, release, worker_pod, broker, kube):
    problem = api.create_problem(time_limit_ms=10000)
    before = redeliveries(broker)
    submission_id = api.submit(problem, SLOW_SUM)
    api.wait_for_status(submission_id, "RUNNING")
    # Every worker pod, so surely the one judging it (KEDA may have added more for earlier tests).
    judging = {pod["metadata"]["name"] for pod in release.of("worker")}

    # As when a node is lost: no grace, the worker cannot finish (a plain delete would let it drain).
    kube.run("delete", "pod", *judging, "--grace-period=0", "--force")
    try:
        verdict = api.wait_for_verdict(submission_id, timeout=180, interval=0.5)
    except AssertionError as late:
        raise AssertionError(f"{late}\n{where_it_stuck(release, broker, kube)}") from late

    assert verdict["verdict"] == "ACCEPTED"
    replacements = {pod["metadata"]["name"] for pod in release.wait_ready("worker")}
    assert replacements and not replacements & judging
    deadline = time.monotonic() + 30  # the management API's statistics lag
    while redeliveries(broker) <= before and time.monotonic() < deadline:
        time.sleep(1)
    assert redeliveries(broker) > before, "the submission went back to the queue"


def where_it_stuck(release, broker, kube):
    """What to read when a submission got no verdict: the request queue (ready, unacknowledged, its
    consumers), the worker pods' states, the ScaledObject's replicas and the newest worker's log."""
    queue = broker.queue(REQUEST_QUEUE)
    pods = release.of("worker", running_only=False)
    lines = [
        f"queue {REQUEST_QUEUE}: ready {queue.get('messages_ready')}, unacknowledged "
        f"{queue.get('messages_unacknowledged')}, consumers {queue.get('consumers')}, redelivered "
        f"{queue.get('message_stats', {}).get('redeliver', 0)}",
        "worker pods: "
        + "; ".join(
            f"{pod['metadata']['name']} {pod['status'].get('phase')} "
            f"{[c.get('state') for c in pod['status'].get('containerStatuses') or []]}"
            for pod in pods
        ),
        "events: " + said(kube.attempt("get", "events", "--sort-by=.lastTimestamp", timeout=30)),
    ]
    if pods:
        lines.append("newest worker's log: " + said(kube.attempt("logs", pods[-1]["metadata"]["name"], timeout=30)))
    return "\n".join(lines)


def said(finished):
    """The end of what a kubectl command printed, errors included."""
    return (finished.stdout + finished.stderr)[-3000:]


def kill_and_await_restart(release, pod):
    """SIGKILL the pod's worker container through its node's runtime; its container status once the
    kubelet has restarted it and it is ready again, or None if the pod went meanwhile (KEDA may
    scale in the workers the tests before added)."""
    status = pod["status"]["containerStatuses"][0]
    container_id = status["containerID"].removeprefix("containerd://")
    socket = SOCKETS[pod["spec"]["nodeName"]]  # the container runtime of the pod's node
    subprocess.run(
        [str(PROJECT / "bin/ctr"), "-a", socket, "-n", "k8s.io", "tasks", "kill", "-s", "SIGKILL", container_id], check=True
    )
    deadline = time.monotonic() + 120
    while True:
        again = [p for p in release.of("worker") if p["metadata"]["name"] == pod["metadata"]["name"]]
        if not again:
            return None
        restarted = again[0]["status"]["containerStatuses"][0]
        if restarted["restartCount"] > status["restartCount"] and release.ready(again[0]):
            return restarted
        # A restart that could not start the container (containerd 2.1.9 in a user-namespaced pod with image
        # volumes: a StartError, then CrashLoopBackOff) will not become ready: say so now rather than at the deadline.
        waiting = restarted.get("state", {}).get("waiting", {}).get("reason")
        last = restarted.get("lastState", {}).get("terminated", {}).get("reason")
        assert last != "StartError" and waiting not in FAILED_STARTS, f"the container did not start again: {restarted}"
        assert time.monotonic() < deadline, f"not restarted and ready: {restarted}"
        time.sleep(1)


def test_a_killed_worker_container_is_restarted_and_judging_goes_on(api, kube, release, worker_pod):
    try:
        restarted = kill_and_await_restart(release, worker_pod)
        for _ in range(2):  # scaled in meanwhile: another
            restarted = restarted or kill_and_await_restart(release, release.wait_ready("worker")[0])
    finally:
        # A pod left in CrashLoopBackOff (as on containerd 2.1.9) is deleted: the Deployment makes another for the tests after.
        for pod in release.of("worker", running_only=False):
            state = (pod["status"].get("containerStatuses") or [{}])[0].get("state", {})
            if state.get("waiting", {}).get("reason") == "CrashLoopBackOff":
                kube.attempt("delete", "pod", pod["metadata"]["name"], "--wait=false")

    assert restarted, "every worker killed was scaled in before it restarted"
    assert restarted["lastState"]["terminated"]["exitCode"] == 137
    assert api.wait_for_verdict(api.submit(api.create_problem(), SUM["python"]), timeout=120)["verdict"] == "ACCEPTED"
