"""The chart installed by helm on hack/cluster/run.sh's cluster: real pods from the imported images, run by
the kubelet and containerd, in the sealed network namespace this runs in (hack/cluster/test-pods.sh). The
database is the chart's Cluster as CloudNativePG's operator runs it. The broker is hack/infra.sh's,
behind the broker users its topology operator would create; or, with --rabbitmq-operators (make
test-rabbitmq-operators), the chart's RabbitmqCluster, users and permissions as the RabbitMQ cluster
and messaging topology operators make them. The tier's settings are in tier.py, the platform's
installers in platform_installers.py."""

import base64
import datetime
import json
import os
import pathlib
import time

import platform_installers
import pytest

from support.cluster import Broker, namespace_kube, play_topology_operator
from support.judge_client import JudgeClient
from support.programs import SUM
from tier import (
    AMQP_PORT,
    BROKER_USERS,
    KUBECONFIG,
    MANAGEMENT_PORT,
    NAMESPACE,
    NODE_ADDRESS,
    PROJECT,
    RABBITMQ_OPERATORS,
    RELEASE,
    RELEASE_VALUES,
    REPORT,
    VALUE_FILES,
    VERSIONS,
    worker_started_in,
)


class Pods:
    """The release's pods, by component, as the kubelet runs them."""

    def __init__(self, kube):
        self.kube = kube

    def of(self, component, running_only=True):
        items = self.kube.get("pods", selector=f"app.kubernetes.io/component={component}")["items"]
        return [
            pod
            for pod in items
            if not running_only or (pod["status"].get("phase") == "Running" and not pod["metadata"].get("deletionTimestamp"))
        ]

    def ready(self, pod):
        return any(c["type"] == "Ready" and c["status"] == "True" for c in pod["status"].get("conditions", []))

    def wait_ready(self, component, count=1, timeout=180):
        deadline = time.monotonic() + timeout
        while True:
            ready = [pod for pod in self.of(component) if self.ready(pod)]
            if len(ready) >= count:
                return ready
            assert time.monotonic() < deadline, (
                f"{count} {component} pod(s) not ready after {timeout} s: "
                + json.dumps([p["status"] for p in self.of(component, running_only=False)])[:2000]
            )
            time.sleep(0.5)

    def wait_for_no_workers(self):
        """Until KEDA has taken the workers to zero. The Deployment is created with one replica, which
        KEDA removes on its first poll whose triggers all answer. They fail until the API has declared
        the queues, once the database is ready; and KEDA scales nothing in while a trigger fails (no
        fallback: pkg/scaling/executor/scale_scaledobjects.go), and once a trigger was active keeps
        the workers for its cooldownPeriod: so wait that long, and a minute more."""
        deadline = time.monotonic() + RELEASE_VALUES["worker"]["autoscaling"]["cooldownPeriod"] + 60
        while self.kube.replicas(f"{RELEASE}-worker") or self.of("worker", running_only=False):
            assert time.monotonic() < deadline, "workers start at zero: " + ", ".join(
                pod["metadata"]["name"] for pod in self.of("worker", running_only=False)
            )
            time.sleep(2)

    def exec(self, pod, *command):
        return self.kube.attempt("exec", pod["metadata"]["name"], "--", *command, timeout=60)

    def logs(self, pod):
        return self.kube.run("logs", pod["metadata"]["name"])


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "disruptive(rank): scales the release out or drains a node; runs after the other tests, by rank"
    )
    config.addinivalue_line(
        "markers",
        "monitoring: needs the Prometheus stack (make test-monitoring, hack/cluster/test-pods.sh --monitoring); "
        "left out of make test",
    )
    config.addinivalue_line(
        "markers",
        "rabbitmq_operators: needs the broker of the RabbitMQ operators (make test-rabbitmq-operators, hack/cluster/test-pods.sh "
        "--rabbitmq-operators); left out of make test",
    )
    config.addinivalue_line("markers", "any_broker: runs with either broker, hack/infra.sh's or the RabbitMQ operators'")


def pytest_collection_modifyitems(items):
    """The disruptive tests after the rest, by rank (the database failover, the TestRun, the drain,
    the upgrade), since they leave the release scaled out, on fewer nodes, with another primary or
    other pods; the rest in file order."""

    def rank(item):
        marker = item.get_closest_marker("disruptive")
        return (1, marker.args[0]) if marker else (0, 0)

    items.sort(key=rank)


@pytest.fixture(scope="session")
def kube():
    return namespace_kube(PROJECT / "bin/kubectl", KUBECONFIG, NAMESPACE)


@pytest.fixture(scope="session")
def metrics_server(kube):
    platform_installers.install_metrics_server(kube)


@pytest.fixture(scope="session")
def k6_operator(kube):
    platform_installers.install_k6_operator(kube)


@pytest.fixture(scope="session")
def keda(kube):
    """The base URL of KEDA's operator's metrics."""
    return platform_installers.install_keda(kube)


@pytest.fixture(scope="session")
def cloudnative_pg(kube):
    platform_installers.install_cloudnative_pg(kube)


@pytest.fixture(scope="session")
def rabbitmq_operators(kube):
    platform_installers.install_cert_manager(kube)
    platform_installers.install_rabbitmq_operators(kube)


@pytest.fixture(scope="session")
def release(request, kube, metrics_server, keda, cloudnative_pg):
    """helm install of the chart with VALUE_FILES: CloudNativePG makes its database, with the
    application's secret; and the broker user of each component with only its chart's permissions:
    made by the messaging topology operator from the User and Permission objects the install created,
    or, on hack/infra.sh's broker, which it cannot reach, played from them by the tests. The pods start
    once their secrets exist."""
    started = time.monotonic()
    if RABBITMQ_OPERATORS:
        request.getfixturevalue("rabbitmq_operators")
        broker_values = [f"rabbitmq.image={VERSIONS['RABBITMQ_SERVER_IMAGE']}"]
    else:
        broker_values = [
            f"rabbitmq.host={NODE_ADDRESS}",
            f"rabbitmq.port={AMQP_PORT}",
            f"rabbitmq.managementUrl=http://{NODE_ADDRESS}:{MANAGEMENT_PORT}/",
        ]
    kube.helm(
        "install",
        RELEASE,
        str(PROJECT / "charts/judge"),
        *(f"--values={path}" for path in VALUE_FILES),
        "--set",
        f"postgresql.imageName={VERSIONS['CLOUDNATIVE_PG_POSTGRES_IMAGE']}",
        *(argument for value in broker_values for argument in ("--set", value)),
    )
    if RABBITMQ_OPERATORS:
        rabbitmq = platform_installers.rabbitmq(kube)
        REPORT["install_to_broker_ready_s"] = round(time.monotonic() - started + rabbitmq.wait_ready(), 1)
        REPORT["install_to_broker_users_ready_s"] = round(time.monotonic() - started + rabbitmq.wait_users_ready(), 1)
        BROKER_USERS.update(rabbitmq.user_credentials())
    else:
        broker = request.getfixturevalue("broker")
        BROKER_USERS.update(play_topology_operator(kube, broker, kube.get("user")["items"], kube.get("permission")["items"]))
    REPORT["install_to_database_ready_s"] = round(time.monotonic() - started + platform_installers.database(kube).wait_ready(), 1)
    pods = Pods(kube)
    pods.wait_ready("api")
    pods.wait_ready("consumer")
    REPORT["install_to_api_and_consumer_ready_s"] = round(time.monotonic() - started, 1)
    return pods


@pytest.fixture(scope="session")
def api_url(kube, release):
    """The API's Service, as pods and port-forwards reach it: kube-proxy picks a ready pod, so the
    tests outlive the pods the API's autoscaler and the drain remove."""
    service = kube.get("service", f"{RELEASE}-api")["spec"]
    return f"http://{service['clusterIP']}:{RELEASE_VALUES['api']['service']['port']}"


@pytest.fixture(scope="session")
def admin(kube, api_url):
    """The API as its admin, with the token the chart keeps in its Secret (as NOTES.txt shows)."""
    return JudgeClient(api_url, base64.b64decode(kube.get("secret", f"{RELEASE}-admin-token")["data"]["token"]).decode())


@pytest.fixture(scope="session")
def api(admin):
    """The API as a platform meets it with the chart's defaults: anonymous calls are off, so the tests
    call with a key the admin made."""
    # Quotas above the tier's bursts: the default 600 a minute would refuse the autoscaling burst.
    key = admin.create_key("pods-tier", perMinute=1_000_000, maxWaiting=1_000_000, scopes=["SUBMIT", "PROBLEMS"])["key"]
    return admin.with_token(key)


def tier_memory():
    """Memory (MB) of the whole tier by program: every process in this network namespace, and every
    process in a pod (those have namespaces of their own) as "<program> (pods)". Proportional set
    size, so that memory shared between processes (PostgreSQL's buffers) is counted once."""
    own = os.readlink("/proc/self/ns/net")
    by_program = {}
    for proc in pathlib.Path("/proc").iterdir():
        try:
            if not proc.name.isdigit():
                continue
            in_pod = "/kubepods" in (proc / "cgroup").read_text()
            if not in_pod and os.readlink(proc / "ns/net") != own:
                continue
            name = (proc / "comm").read_text().strip() + (" (pods)" if in_pod else "")
            pss_kb = next(
                int(line.split()[1]) for line in (proc / "smaps_rollup").read_text().splitlines() if line.startswith("Pss:")
            )
        except (OSError, StopIteration):
            continue  # gone meanwhile, or a kernel thread
        by_program[name] = by_program.get(name, 0) + pss_kb / 1024
    return {name: round(mb) for name, mb in sorted(by_program.items(), key=lambda item: -item[1]) if mb >= 1}


def condition_time(pod, kind):
    """When the pod's condition last changed, in seconds since the epoch (the API's resolution: 1 s)."""
    stamp = next(c["lastTransitionTime"] for c in pod["status"]["conditions"] if c["type"] == kind)
    return datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


@pytest.fixture(scope="session")
def first_worker(api, release):
    """The worker pod the closed loop ended with (KEDA's cooldown keeps it while tests submit) or, when
    the loop did not run (a subset of the tests), the first one KEDA activates from zero for a
    submission, as users see it happen, with its start-up and the tier's memory beside it reported."""
    if "closed_loop" in REPORT:
        return release.wait_ready("worker")[0]
    release.wait_for_no_workers()
    api.wait_for_verdict(api.submit(api.create_problem(), SUM["python"]), timeout=180)
    [pod] = release.wait_ready("worker")
    REPORT["first_worker_scheduled_to_ready_s"] = condition_time(pod, "Ready") - condition_time(pod, "PodScheduled")
    REPORT["first_worker_started_in_s"] = worker_started_in(release.logs(pod))
    REPORT["first_worker_languages"] = len(RELEASE_VALUES["languages"]["enabled"])
    memory = tier_memory()
    REPORT["tier_memory_mb_with_one_worker"] = dict(memory, total=sum(memory.values()))
    return pod


@pytest.fixture
def worker_pod(api, release, first_worker):
    """A worker pod ready now: KEDA, the drain and the tests before replace them, and take them to
    zero when the queue is idle long enough, so one submission brings one back if none is."""
    if not any(release.ready(pod) for pod in release.of("worker")):
        api.wait_for_verdict(api.submit(api.create_problem(), SUM["python"]), timeout=180)
    return release.wait_ready("worker")[0]


@pytest.fixture(scope="session")
def broker(kube):
    """The broker as its administrator: hack/infra.sh's, or the operator's cluster through its Service
    with the default user the cluster operator made."""
    if RABBITMQ_OPERATORS:
        return platform_installers.rabbitmq(kube).as_administrator()
    return Broker(AMQP_PORT, MANAGEMENT_PORT)


@pytest.fixture(scope="session")
def report():
    return REPORT


def pytest_sessionfinish(session):
    REPORT.write()
