"""The node itself: sealed from every other host, and running the chart's pods through their own
probes, the worker in a user namespace of its own with the isolation layers it logs."""

import errno
import socket
import time

import pytest

# TEST-NET-1 (RFC 5737): an address outside the namespace that belongs to no one.
OUTSIDE = ("192.0.2.1", 80)
# Probes run in the worker's container, which has bash and the C library's getent but no Python.
PROBE_OUTSIDE = "timeout 10 bash -c 'exec 3<>/dev/tcp/192.0.2.1/80' 2>&1 || true"


def test_the_namespace_has_no_way_out():
    with pytest.raises(OSError) as refused:
        socket.create_connection(OUTSIDE, timeout=5)
    assert refused.value.errno == errno.ENETUNREACH


def test_a_pod_has_no_way_out(release, worker_pod):
    probe = release.exec(worker_pod, "bash", "-c", PROBE_OUTSIDE)

    assert "Network is unreachable" in probe.stdout, probe


PROBE_SERVICES = """
for name in judge-api-management judge-api.judge.svc example.com; do
    address=""
    read -r address _ < <(getent ahostsv4 "$name")
    echo "$name ${address:-unresolved}"
done
exec 3<>/dev/tcp/judge-api-management/8081
printf 'GET /actuator/health/readiness HTTP/1.0\r\nHost: judge-api-management\r\n\r\n' >&3
read -r _ status _ <&3
echo "readiness $status"
"""


def test_a_pod_reaches_the_charts_services_by_name_and_resolves_nothing_else(kube, release, worker_pod):
    """CoreDNS behind the kube-dns Service, as the kubelet tells pods: a Service's name resolves to
    its cluster address, which kube-proxy routes to the Service's pods; other names do not resolve."""
    probe = release.exec(worker_pod, "bash", "-c", PROBE_SERVICES)
    answers = dict(line.split(" ", 1) for line in probe.stdout.splitlines())

    assert answers.get("judge-api-management") == kube.get("service", "judge-api-management")["spec"]["clusterIP"], probe
    assert answers.get("judge-api.judge.svc") == kube.get("service", "judge-api")["spec"]["clusterIP"], probe
    assert answers.get("example.com") == "unresolved", probe
    assert answers.get("readiness") == "200", probe


@pytest.mark.parametrize("component", ["api", "consumer", "worker"])
def test_every_pod_is_ready_through_its_own_probes(release, worker_pod, component):
    # KEDA may have just added a worker for the earlier tests' submissions: each pod gets the time
    # a pod needs to start, and one scaled away meanwhile no longer counts.
    deadline = time.monotonic() + 180
    for name in [pod["metadata"]["name"] for pod in release.of(component)]:
        while True:
            current = [pod for pod in release.of(component) if pod["metadata"]["name"] == name]
            if not current or release.ready(current[0]) or time.monotonic() > deadline:
                break
            time.sleep(1)
        if current:
            [pod] = current
            assert {"startupProbe", "livenessProbe", "readinessProbe"} <= pod["spec"]["containers"][0].keys()
            assert release.ready(pod), pod["status"]
            assert pod["status"]["containerStatuses"][0]["ready"] is True


def test_the_worker_pod_has_a_user_namespace_and_the_charts_security(release, worker_pod):
    uid_map = release.exec(worker_pod, "cat", "/proc/self/uid_map").stdout.split()
    status = dict(
        line.split(":\t", 1) for line in release.exec(worker_pod, "cat", "/proc/1/status").stdout.splitlines() if ":\t" in line
    )

    assert uid_map[0] == "0" and uid_map[1] != "0", f"no user namespace: {uid_map}"
    assert status["Uid"].split()[0] == "10001"
    assert int(status["CapEff"], 16) == 0 and status["NoNewPrivs"] == "1" and status["Seccomp"] == "0"
    assert release.exec(worker_pod, "touch", "/probe").returncode != 0


def test_the_worker_pod_logs_its_isolation_layers(release, worker_pod, report):
    [line] = [line for line in release.logs(worker_pod).splitlines() if "Sandbox isolation:" in line]
    report["worker_pod_isolation"] = line.split("Sandbox isolation: ", 1)[1]

    assert "namespaces (bubblewrap" in line
    assert "the worker's own uid inside a user namespace, no capabilities" in line
    assert "rlimits (cpu, data, fsize, nofile, nproc, core, msgqueue)" in line
    assert "wall clocks that leave out waits for a CPU" in line


def test_an_image_the_node_lacks_is_never_pulled(kube, release):
    pod = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": "pull-probe", "namespace": "judge"},
        "spec": {
            "automountServiceAccountToken": False,
            "containers": [{"name": "probe", "image": "docker.io/library/busybox:1.37", "imagePullPolicy": "Always"}],
        },
    }
    kube.apply([pod])
    try:
        deadline = time.monotonic() + 60
        while True:
            waiting = (
                (kube.get("pods", "pull-probe")["status"].get("containerStatuses") or [{}])[0].get("state", {}).get("waiting", {})
            )
            if waiting.get("reason") in ("ErrImagePull", "ImagePullBackOff") or time.monotonic() > deadline:
                break
            time.sleep(1)
        # containerd sends every registry to a dead loopback port (hack/cluster/run.sh).
        assert waiting.get("reason") in ("ErrImagePull", "ImagePullBackOff"), waiting
        assert "127.0.0.1:9" in waiting.get("message", ""), waiting
    finally:
        kube.delete("pod", "pull-probe")
