"""The chart installed by helm on hack/cluster/run.sh's cluster: real pods from the imported images, run by
the kubelet and containerd, in the sealed network namespace this runs in (hack/cluster/test-pods.sh). The
database is the chart's Cluster as CloudNativePG's operator runs it. The broker is hack/infra.sh's,
behind the broker users its topology operator would create; or, with --rabbitmq-operators (make
test-rabbitmq-operators), the chart's RabbitmqCluster, users and permissions as the RabbitMQ cluster
and messaging topology operators make them."""

import base64
import datetime
import functools
import json
import os
import pathlib
import re
import subprocess
import time

import pytest
import yaml

from support.cluster import Broker, Kube, play_topology_operator
from support.judge_client import JudgeClient
from support.processes import PROJECT, VERSIONS
from support.programs import SUM

STATE = pathlib.Path(os.environ["NODE_STATE"])
NODE_ADDRESS = os.environ["NODE_ADDRESS"]
AMQP_PORT = int(os.environ["NODE_AMQP_PORT"])
MANAGEMENT_PORT = AMQP_PORT + 10000  # hack/infra.sh's
# Each node's container runtime socket, by node name (hack/cluster/run.sh).
SOCKETS = dict(pair.split("=", 1) for pair in os.environ["NODE_SOCKETS"].split())
KUBECONFIG = os.environ["KUBECONFIG"]
RELEASE = NAMESPACE = "judge"
# Whether the broker is the RabbitMQ operators' (hack/cluster/test-pods.sh --rabbitmq-operators).
RABBITMQ_OPERATORS = os.environ.get("JUDGE_PODS_BROKER") == "operators"
# The kind install's values as shipped (make deploy), and on top of them only what this node needs.
VALUE_FILES = [PROJECT / "manifests/judge-kind-values.yaml", PROJECT / "tests/pods/values.yaml"] + (
    [PROJECT / "tests/pods/rabbitmq-operators-values.yaml"] if RABBITMQ_OPERATORS else []
)
REPORT = {}
BROKER_USERS = {}  # User name -> (username, password), as the topology operator (or its stand-in) made them


def merged(base, override):
    """Helm's merge of values files: maps key by key, anything else replaced."""
    if not (isinstance(base, dict) and isinstance(override, dict)):
        return override
    return {**base, **{key: merged(base.get(key), value) for key, value in override.items()}}


# The release's values: the chart's defaults under VALUE_FILES.
RELEASE_VALUES = functools.reduce(
    merged,
    (yaml.safe_load(path.read_text()) for path in VALUE_FILES),
    yaml.safe_load((PROJECT / "charts/judge/values.yaml").read_text()),
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
        return subprocess.run(
            [
                str(PROJECT / "bin/kubectl"),
                "--kubeconfig",
                KUBECONFIG,
                "-n",
                NAMESPACE,
                "exec",
                pod["metadata"]["name"],
                "--",
                *command,
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )

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
    kube = Kube(PROJECT / "bin/kubectl", KUBECONFIG, NAMESPACE)
    kube.apply([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NAMESPACE}}])
    return kube


def helm(*args):
    subprocess.run([str(PROJECT / "bin/helm"), "--kubeconfig", KUBECONFIG, *args], check=True)


@pytest.fixture(scope="session")
def metrics_server():
    """metrics-server as make kind-up installs it (its values from manifests/platform/), from its
    chart in the pinned Go module, with the image built from the same version: the API's CPU
    autoscaler reads it."""
    version = VERSIONS["METRICS_SERVER_VERSION"]
    helm(
        "install",
        "metrics-server",
        os.environ["METRICS_SERVER_CHART"],
        "--namespace",
        "kube-system",
        f"--values={PROJECT / 'manifests/platform/metrics-server-values.yaml'}",
        "--set",
        f"image.tag={version}",
    )


@pytest.fixture(scope="session")
def k6_operator():
    """helm install of the k6-operator's chart as make kind-up runs it (a release in "default" that
    makes the namespace k6-operator-system), with the controller built from the pinned version."""
    helm(
        "install",
        "k6-operator",
        os.environ["K6_OPERATOR_CHART"],
        "--namespace",
        "default",
        "--set",
        f"manager.image.tag=controller-v{VERSIONS['K6_OPERATOR_VERSION']}",
        "--wait",
        "--timeout",
        "5m",
    )


def apply_rendered(manifest):
    """kubectl apply --server-side of a rendered manifest that names its own namespaces."""
    subprocess.run(
        [str(PROJECT / "bin/kubectl"), "--kubeconfig", KUBECONFIG, "apply", "--server-side", "--force-conflicts", "-f", "-"],
        input=manifest,
        text=True,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def static_volumes(kube, claims, storage, uid):
    """What kind's default StorageClass provisions for each claim, made ahead: a host folder owned by
    the uid that writes it, as a PersistentVolume without a class bound to that claim, so that no other
    claim of the same size takes a folder another uid owns."""
    volumes = []
    for claim in claims:
        folder = STATE / "volumes" / claim
        folder.mkdir(parents=True, exist_ok=True)
        os.chown(folder, uid, uid)
        volumes.append(
            {
                "apiVersion": "v1",
                "kind": "PersistentVolume",
                "metadata": {"name": claim},
                "spec": {
                    "capacity": {"storage": storage},
                    "accessModes": ["ReadWriteOnce"],
                    "persistentVolumeReclaimPolicy": "Retain",
                    "storageClassName": "",
                    "claimRef": {"namespace": NAMESPACE, "name": claim},
                    "hostPath": {"path": str(folder), "type": "Directory"},
                },
            }
        )
    kube.apply(volumes)


KEDA_NAMESPACE = "keda"
# KEDA's operator: its Prometheus metrics (keda_scaler_metrics_value) on its Service's port "metrics".
KEDA_OPERATOR = "keda-operator"


@pytest.fixture(scope="session")
def keda(kube):
    """KEDA as make kind-up installs it: its release manifest, which is config/default of the pinned
    module rendered with the release's image tags, applied server-side as KEDA's docs say. Its images
    are built here from that module with those names; only the pull policy differs (Always would ask
    a registry this machine cannot reach). Returns the base URL of the operator's metrics."""
    version = VERSIONS["KEDA_VERSION"]
    rendered = subprocess.run(
        [str(PROJECT / "bin/kubectl"), "kustomize", os.environ["KEDA_CONFIG"]], capture_output=True, text=True, check=True
    ).stdout
    rendered = re.sub(r"(image: ghcr\.io/kedacore/keda[a-z-]*):main", rf"\1:{version}", rendered)
    rendered = rendered.replace("imagePullPolicy: Always", "imagePullPolicy: IfNotPresent")
    assert rendered.count(f":{version}") == 3, "KEDA's three images"
    # Without a namespace of its own (Kube.run's): the manifest puts objects in keda and kube-system.
    subprocess.run(
        [str(PROJECT / "bin/kubectl"), "--kubeconfig", KUBECONFIG, "apply", "--server-side", "-f", "-"],
        input=rendered,
        text=True,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    keda_kube = Kube(PROJECT / "bin/kubectl", KUBECONFIG, KEDA_NAMESPACE)
    for deployment in (KEDA_OPERATOR, "keda-metrics-apiserver", "keda-admission"):
        keda_kube.run("rollout", "status", f"deployment/{deployment}", "--timeout=300s")
    keda_kube.run("wait", "--for=condition=Available", "--timeout=300s", "apiservice/v1beta1.external.metrics.k8s.io")
    service = keda_kube.get("service", KEDA_OPERATOR)["spec"]
    port = next(p["port"] for p in service["ports"] if p["name"] == "metrics")
    return f"http://{service['clusterIP']}:{port}"


@pytest.fixture(scope="session")
def cloudnative_pg(kube):
    """CloudNativePG as make kind-up installs it: its release manifest from the pinned module (the
    same file its docs apply), server-side, with its operator image built here from that module; only
    the pull policy differs (Always would ask a registry this machine cannot reach). And the Cluster's
    volumes, for PostgreSQL's uid (26)."""
    manifest = pathlib.Path(os.environ["CLOUDNATIVE_PG_MANIFEST"]).read_text()
    assert manifest.count("imagePullPolicy: Always") == 1, "the operator's one Deployment"
    apply_rendered(manifest.replace("imagePullPolicy: Always", "imagePullPolicy: IfNotPresent"))
    # Its claims are named after the instances' pods.
    claims = [f"{RELEASE}-postgres-{index}" for index in range(1, RELEASE_VALUES["postgresql"]["instances"] + 1)]
    static_volumes(kube, claims, RELEASE_VALUES["postgresql"]["storage"], uid=26)
    Kube(PROJECT / "bin/kubectl", KUBECONFIG, "cnpg-system").run(
        "rollout", "status", "deployment/cnpg-controller-manager", "--timeout=300s"
    )


class Database:
    """The chart's Cluster as CloudNativePG runs it: its pods, and SQL through its -rw Service as the
    application's owner (with the credentials the operator wrote), as the API and consumer reach it."""

    def __init__(self, kube, name):
        self.kube, self.name = kube, name

    def instances(self):
        return self.kube.get("pods", selector=f"cnpg.io/cluster={self.name}")["items"]

    def primary(self):
        return self.kube.get("cluster", self.name)["status"].get("currentPrimary")

    def ready(self):
        """Every instance ready and a primary, as the operator's Cluster status says."""
        status = self.kube.get("cluster", self.name).get("status", {})
        return status.get("readyInstances") == RELEASE_VALUES["postgresql"]["instances"] and bool(status.get("currentPrimary"))

    def wait_ready(self, timeout=600):
        """Returns the seconds waited until ready()."""
        started = time.monotonic()
        while not self.ready():
            assert time.monotonic() - started < timeout, (
                f"Cluster {self.name} not ready: {json.dumps(self.kube.get('cluster', self.name).get('status'))[:2000]}"
            )
            time.sleep(1)
        return round(time.monotonic() - started, 1)

    def uri(self):
        app = {k: base64.b64decode(v).decode() for k, v in self.kube.get("secret", f"{self.name}-app")["data"].items()}
        address = self.kube.get("service", f"{self.name}-rw")["spec"]["clusterIP"]
        return f"postgresql://{app['username']}:{app['password']}@{address}:{app['port']}/{app['dbname']}"

    def sql(self, query):
        return subprocess.run(
            ["psql", self.uri(), "-At", "-c", query], check=True, capture_output=True, text=True, timeout=60
        ).stdout.strip()


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
    helm(
        "install",
        RELEASE,
        str(PROJECT / "charts/judge"),
        "-n",
        NAMESPACE,
        *(f"--values={path}" for path in VALUE_FILES),
        "--set",
        f"postgresql.imageName={VERSIONS['CLOUDNATIVE_PG_POSTGRES_IMAGE']}",
        *(argument for value in broker_values for argument in ("--set", value)),
    )
    if RABBITMQ_OPERATORS:
        REPORT["install_to_broker_ready_s"] = round(time.monotonic() - started + rabbitmq(kube).wait_ready(), 1)
        REPORT["install_to_broker_users_ready_s"] = round(time.monotonic() - started + rabbitmq(kube).wait_users_ready(), 1)
        BROKER_USERS.update(rabbitmq(kube).user_credentials())
    else:
        broker = request.getfixturevalue("broker")
        BROKER_USERS.update(play_topology_operator(kube, broker, kube.get("user")["items"], kube.get("permission")["items"]))
    REPORT["install_to_database_ready_s"] = round(time.monotonic() - started + database(kube).wait_ready(), 1)
    pods = Pods(kube)
    pods.wait_ready("api")
    pods.wait_ready("consumer")
    REPORT["install_to_api_and_consumer_ready_s"] = round(time.monotonic() - started, 1)
    return pods


def database(kube):
    return Database(kube, f"{RELEASE}-postgres")


def kustomized(config, image, version):
    """An operator's release manifest as its release workflow makes it: its config/installation
    rendered with kustomize, the image given the release's tag."""
    rendered = subprocess.run(
        [str(PROJECT / "bin/kubectl"), "kustomize", config], capture_output=True, text=True, check=True
    ).stdout
    assert rendered.count(f"image: {image}:latest") == 1, f"{config}: one Deployment running {image}"
    return rendered.replace(f"image: {image}:latest", f"image: {image}:{version}")


@pytest.fixture(scope="session")
def cert_manager():
    """cert-manager as make kind-up installs it (helm, crds.enabled, --wait, which waits for its
    startupapicheck), from the chart in its pinned module with the Chart.yaml its Makefile writes from
    Chart.template.yaml (version and appVersion the release's, so that its images are the release's
    names)."""
    version = VERSIONS["CERT_MANAGER_TESTED_VERSION"]
    chart = STATE / "cert-manager-chart"
    subprocess.run(["rm", "-rf", str(chart)], check=True)
    subprocess.run(["cp", "-r", os.environ["CERT_MANAGER_CHART"], str(chart)], check=True)
    subprocess.run(["chmod", "-R", "u+w", str(chart)], check=True)
    metadata = yaml.safe_load((chart / "Chart.template.yaml").read_text())
    metadata["annotations"]["artifacthub.io/signKey"] = (chart / "signkey_annotation.txt").read_text()
    metadata["annotations"]["artifacthub.io/prerelease"] = "false"
    metadata["version"] = metadata["appVersion"] = version
    (chart / "Chart.yaml").write_text(yaml.safe_dump(metadata, sort_keys=False))
    helm(
        "install",
        "cert-manager",
        str(chart),
        "-n",
        "cert-manager",
        "--create-namespace",
        "--set",
        "crds.enabled=true",
        "--wait",
        "--timeout",
        "5m",
    )


@pytest.fixture(scope="session")
def rabbitmq_operators(kube, cert_manager):
    """The RabbitMQ cluster operator and messaging topology operator as make kind-up applies them
    (their release manifests, rendered here from the pinned modules; the topology operator's with
    cert-manager), their images built here from those modules. And the RabbitmqCluster's volumes, for
    RabbitMQ's uid (999)."""
    apply_rendered(
        kustomized(
            os.environ["RABBITMQ_CLUSTER_OPERATOR_CONFIG"],
            "rabbitmqoperator/cluster-operator",
            VERSIONS["RABBITMQ_CLUSTER_OPERATOR_VERSION"],
        )
    )
    system = Kube(PROJECT / "bin/kubectl", KUBECONFIG, "rabbitmq-system")
    system.run("rollout", "status", "deployment/rabbitmq-cluster-operator", "--timeout=300s")
    apply_rendered(
        kustomized(
            os.environ["MESSAGING_TOPOLOGY_OPERATOR_CONFIG"],
            "ghcr.io/rabbitmq/messaging-topology-operator",
            VERSIONS["MESSAGING_TOPOLOGY_OPERATOR_VERSION"],
        )
    )
    system.run("rollout", "status", "deployment/messaging-topology-operator", "--timeout=300s")
    # Available is not yet answering: as make kind-up does, wait until its webhook admits a Permission.
    probe = PROJECT / "manifests/platform/topology-webhook-probe.yaml"
    deadline = time.monotonic() + 300
    while (
        answer := subprocess.run(
            [str(PROJECT / "bin/kubectl"), "--kubeconfig", KUBECONFIG, "apply", "--dry-run=server", "-f", str(probe)],
            capture_output=True,
            text=True,
        )
    ).returncode:
        assert time.monotonic() < deadline, answer.stderr
        time.sleep(2)
    # The StatefulSet's claims (its volumeClaimTemplate "persistence").
    claims = [f"persistence-{RELEASE}-rabbitmq-server-{index}" for index in range(RELEASE_VALUES["rabbitmq"]["replicas"])]
    static_volumes(kube, claims, RELEASE_VALUES["rabbitmq"]["storage"], uid=999)


class RabbitMQ:
    """The chart's RabbitmqCluster as the cluster operator runs it, and its User objects as the topology
    operator reconciles them."""

    def __init__(self, kube, name):
        self.kube, self.name = kube, name

    def condition(self, kind):
        conditions = self.kube.get("rabbitmqcluster", self.name).get("status", {}).get("conditions", [])
        return next((c["status"] == "True" for c in conditions if c["type"] == kind), False)

    def wait_ready(self, timeout=600):
        """Returns the seconds waited until every replica is ready, as the operator's status says."""
        started = time.monotonic()
        while not self.condition("AllReplicasReady"):
            assert time.monotonic() - started < timeout, (
                f"RabbitmqCluster {self.name}: {json.dumps(self.kube.get('rabbitmqcluster', self.name).get('status'))[:2000]}"
            )
            time.sleep(1)
        return round(time.monotonic() - started, 1)

    def wait_users_ready(self, timeout=900):
        """Returns the seconds until the topology operator has made every User's credentials secret."""
        started = time.monotonic()
        while True:
            users = self.kube.get("user")["items"]
            missing = [u["metadata"]["name"] for u in users if not u.get("status", {}).get("credentials")]
            if users and not missing:
                return round(time.monotonic() - started, 1)
            assert time.monotonic() - started < timeout, (
                f"users without credentials: {missing}: " + json.dumps([u.get("status") for u in users])[:2000]
            )
            time.sleep(2)

    def user_credentials(self):
        """Username and password of each User, from the secret the topology operator wrote."""
        credentials = {}
        for user in self.kube.get("user")["items"]:
            secret = self.kube.get("secret", user["status"]["credentials"]["name"])["data"]
            credentials[user["metadata"]["name"]] = tuple(
                base64.b64decode(secret[key]).decode() for key in ("username", "password")
            )
        return credentials

    def as_administrator(self):
        """The management API and AMQP through the operator's client Service, as its default user."""
        secret = {
            k: base64.b64decode(v).decode() for k, v in self.kube.get("secret", f"{self.name}-default-user")["data"].items()
        }
        address = self.kube.get("service", self.name)["spec"]["clusterIP"]
        return Broker(int(secret["port"]), 15672, secret["username"], secret["password"], address)


def rabbitmq(kube):
    return RabbitMQ(kube, f"{RELEASE}-rabbitmq")


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
        return rabbitmq(kube).as_administrator()
    return Broker(AMQP_PORT, MANAGEMENT_PORT)


@pytest.fixture(scope="session")
def report():
    return REPORT


def pytest_sessionfinish(session):
    if REPORT:
        path = STATE / "report.json"
        path.write_text(json.dumps(REPORT, indent=2) + "\n")
        print(f"\nPod tests report: {path}\n{json.dumps(REPORT, indent=2)}")
