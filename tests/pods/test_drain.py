"""hack/cluster/run.sh's two nodes as kind-config.yaml's two workers: the worker pods KEDA adds spread over
both (manifests/judge-kind-values.yaml's topologySpreadConstraints), and `kubectl drain` of one
during a burst evicts its pods within their disruption budgets while every submission still gets
its verdict."""

import collections
import time

import pytest

from support.cluster import parse_quantity
from tier import RELEASE, RELEASE_VALUES

# Judged slowly enough (two seconds a test case, the problem's two cases) that the drain finds the
# workers busy even when the tests before left them at their maximum: 300 × 4 s over 6 workers' 12
# slots is ~100 s of judging.
SLOW_SUM = "import time\ntime.sleep(2)\na, b = map(int, input().split())\nprint(a + b)\n"
SUBMISSIONS = 300
DRAINED, STAYING = "judge-worker2", "judge-worker"


def workers_by_node(release):
    return collections.Counter(pod["spec"]["nodeName"] for pod in release.of("worker") if release.ready(pod))


def cpu_the_cluster_may_request(kube):
    """The CPU every pod not ended requests (DaemonSets' aside: a drain leaves them), with each of the
    release's autoscaled components at its most replicas: what one node must hold once the other is
    drained. More than its allocatable CPU, and a worker replacing an evicted one stays Pending, its
    disruption budget refuses the next eviction, and the drain waits out its timeout (a CI run, 2026-12-07)."""
    most = {
        "api": RELEASE_VALUES["api"]["autoscaling"]["maxReplicas"],
        "worker": RELEASE_VALUES["worker"]["autoscaling"]["maxReplicaCount"],
        "consumer": RELEASE_VALUES["consumer"]["autoscaling"]["maxReplicaCount"],
    }
    total, counted = 0.0, collections.Counter()
    for pod in kube.raw("api/v1/pods")["items"]:
        owners = [owner["kind"] for owner in pod["metadata"].get("ownerReferences", [])]
        if pod["status"].get("phase") in ("Succeeded", "Failed") or "DaemonSet" in owners:
            continue
        requested = sum(
            parse_quantity(container["resources"].get("requests", {}).get("cpu", "0")) for container in pod["spec"]["containers"]
        )
        labels = pod["metadata"].get("labels", {})
        component = labels.get("app.kubernetes.io/component")
        if labels.get("app.kubernetes.io/instance") == RELEASE and component in most:
            if counted[component] == 0:
                total += most[component] * requested
            counted[component] += 1
        else:
            total += requested
    return total


@pytest.mark.disruptive(2)
def test_workers_spread_over_both_nodes_and_a_drain_mid_burst_loses_no_submission(api, kube, release, first_worker, report):
    staying = parse_quantity(kube.raw(f"api/v1/nodes/{STAYING}")["status"]["allocatable"]["cpu"])
    requested = cpu_the_cluster_may_request(kube)
    assert requested <= staying, f"{requested} CPUs requested at most, where the node that stays has {staying}"

    problem = api.create_problem(time_limit_ms=5000)
    ids = [api.submit(problem, SLOW_SUM) for _ in range(SUBMISSIONS)]
    started = time.monotonic()
    most = RELEASE_VALUES["worker"]["autoscaling"]["maxReplicaCount"]
    deadline = started + 300
    while sum(workers_by_node(release).values()) < most:
        assert time.monotonic() < deadline, f"not {most} ready workers: {workers_by_node(release)}"
        time.sleep(1)
    spread = workers_by_node(release)
    assert set(spread) == {STAYING, DRAINED} and max(spread.values()) - min(spread.values()) <= 1, spread

    # Some still queued or being judged: otherwise the drain would prove nothing.
    unfinished = sum(api.submission(id_)["status"] != "FINISHED" for id_ in ids)
    assert unfinished > 0, "the burst was judged before the drain began"

    drain_started = time.monotonic()
    drained = kube.in_namespace(None).attempt(
        "drain", DRAINED, "--ignore-daemonsets", "--delete-emptydir-data", "--timeout=600s", timeout=660
    )
    drain_s = round(time.monotonic() - drain_started, 1)
    try:
        assert drained.returncode == 0, drained.stdout + drained.stderr
        left = [
            pod["metadata"]["name"]
            for pod in release.of("api") + release.of("worker") + release.of("consumer")
            if pod["spec"]["nodeName"] == DRAINED
        ]
        assert left == [], f"still on {DRAINED}: {left}"
        verdicts = collections.Counter(api.wait_for_verdict(id_, timeout=600)["verdict"] for id_ in ids)
    finally:
        kube.in_namespace(None).run("uncordon", DRAINED)
    report["drain"] = {
        "submissions": SUBMISSIONS,
        "ready_workers_by_node_before": dict(spread),
        "unfinished_at_drain": unfinished,
        "drain_s": drain_s,
        "all_verdicts_s": round(time.monotonic() - started, 1),
        "verdicts": dict(verdicts),
        "evicted": drained.stdout.count("evicted"),
    }
    assert verdicts == {"ACCEPTED": SUBMISSIONS}, verdicts
