"""Clients for what the autoscaling tests watch: the control plane (through kubectl), KEDA's operator
metrics, and RabbitMQ (management API for what KEDA reads, AMQP for a consumer that holds messages),
and a stand-in for the RabbitMQ messaging topology operator's user controller."""

import base64
import copy
import json
import pathlib
import re
import secrets
import ssl
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pika
import yaml

# The practice lane's request queue, and every lane's, in the order workers serve them: the chart's
# lanes (charts/judge/values.yaml, which the services' Lane must match).
REQUEST_QUEUE = "judge.submissions"
LANE_QUEUES = [
    lane["queue"]
    for lane in yaml.safe_load((pathlib.Path(__file__).resolve().parents[2] / "charts/judge/values.yaml").read_text())["lanes"]
]
# Problem versions to prepare (services/contracts JudgeQueues.PREPARATIONS): KEDA wakes workers for them too.
PREPARATION_QUEUE = "judge.preparations"
WORKER_QUEUES = LANE_QUEUES + [PREPARATION_QUEUE]

# Where each kind the tests read lives in the API.
API_PATHS = {
    "pods": "api/v1",
    "secret": "api/v1",
    "events": "api/v1",
    "service": "api/v1",
    "deployment": "apis/apps/v1",
    "daemonset": "apis/apps/v1",
    "hpa": "apis/autoscaling/v2",
    "scaledobject": "apis/keda.sh/v1alpha1",
    "user": "apis/rabbitmq.com/v1beta1",
    "permission": "apis/rabbitmq.com/v1beta1",
    "testrun": "apis/k6.io/v1alpha1",
    "node": "api/v1",
    "prometheusrule": "apis/monitoring.coreos.com/v1",
    "cluster": "apis/postgresql.cnpg.io/v1",
    "rabbitmqcluster": "apis/rabbitmq.com/v1beta1",
}
PLURALS = {
    "pods": "pods",
    "secret": "secrets",
    "events": "events",
    "service": "services",
    "deployment": "deployments",
    "daemonset": "daemonsets",
    "hpa": "horizontalpodautoscalers",
    "scaledobject": "scaledobjects",
    "user": "users",
    "permission": "permissions",
    "testrun": "testruns",
    "node": "nodes",
    "prometheusrule": "prometheusrules",
    "cluster": "clusters",
    "rabbitmqcluster": "rabbitmqclusters",
}


class Kube:
    """Writes through kubectl (server-side apply, as users do); reads straight from the REST API,
    because the tests and the pod watcher read several times a second and a kubectl process
    per read would take a good share of two cores. namespace None: commands name their own (or
    act cluster-wide), as upstream manifests do."""

    def __init__(self, kubectl, kubeconfig, namespace):
        self.kubectl, self.kubeconfig = str(kubectl), str(kubeconfig)
        self.namespace = namespace
        config = yaml.safe_load(pathlib.Path(kubeconfig).read_text())
        cluster, user = config["clusters"][0]["cluster"], config["users"][0]["user"]
        self.server = cluster["server"]
        self.ssl = ssl.create_default_context(cafile=cluster["certificate-authority"])
        self.token = user["token"]

    def in_namespace(self, namespace):
        """The same cluster, another namespace (None: none of its own)."""
        other = copy.copy(self)
        other.namespace = namespace
        return other

    def attempt(self, *args, stdin=None, timeout=300):
        """kubectl ARGS, finished, whatever its exit status."""
        return self._call(self.kubectl, args, stdin, timeout)

    def run(self, *args, stdin=None, timeout=300):
        """kubectl ARGS' output; raises with its message if it fails."""
        return self._checked("kubectl", args, self.attempt(*args, stdin=stdin, timeout=timeout))

    def helm(self, *args):
        """helm ARGS on this cluster (in this namespace, if it has one); raises if it fails."""
        helm = str(pathlib.Path(self.kubectl).with_name("helm"))
        return self._checked("helm", args, self._call(helm, args, None, None))

    def _call(self, binary, args, stdin, timeout):
        namespace = ["-n", self.namespace] if self.namespace else []
        command = [binary, "--kubeconfig", self.kubeconfig, *namespace, *args]
        return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=timeout)

    @staticmethod
    def _checked(tool, args, result):
        """The output of a finished kubectl or helm; raises with all it said if it failed."""
        if result.returncode:
            raise RuntimeError(f"{tool} {' '.join(args)}: {result.stdout}{result.stderr.strip()}")
        return result.stdout

    def raw(self, path):
        request = urllib.request.Request(f"{self.server}/{path}", headers={"Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(request, context=self.ssl, timeout=10) as response:
            return json.loads(response.read())

    def watch(self, kind, selector, timeout_s=600):
        """The API's watch of a kind: yields each event ({type, object}) until timeout_s passes."""
        path = (
            f"{API_PATHS[kind]}/namespaces/{self.namespace}/{PLURALS[kind]}?watch=1&timeoutSeconds={timeout_s}"
            f"&labelSelector={urllib.parse.quote(selector)}"
        )
        request = urllib.request.Request(f"{self.server}/{path}", headers={"Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(request, context=self.ssl, timeout=timeout_s + 10) as response:
            for line in response:
                yield json.loads(line)

    def get(self, kind, name=None, selector=None):
        path = f"{API_PATHS[kind]}/namespaces/{self.namespace}/{PLURALS[kind]}" + (f"/{name}" if name else "")
        if selector:
            path += "?labelSelector=" + urllib.parse.quote(selector)
        return self.raw(path)

    def find(self, kind, name):
        """The object, or None when it does not exist (yet)."""
        try:
            return self.get(kind, name)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise

    def apply(self, documents):
        """Server-side apply of objects (dicts)."""
        self.apply_manifest("\n---\n".join(json.dumps(doc) for doc in documents if doc))

    def apply_manifest(self, manifest):
        """Server-side apply of a YAML manifest, as upstream docs apply theirs."""
        self.run("apply", "--server-side", "--force-conflicts", "-f", "-", stdin=manifest)

    def rollout(self, workload, timeout_s=300):
        """Until the Deployment or StatefulSet ("deployment/NAME") has rolled out."""
        self.run("rollout", "status", workload, f"--timeout={timeout_s}s", timeout=timeout_s + 30)

    def delete(self, kind, name):
        self.run("delete", kind, name, "--ignore-not-found", "--wait=false")

    def replicas(self, deployment):
        """The Deployment's desired replicas: what KEDA and the HPA set."""
        return self.get("deployment", deployment)["spec"].get("replicas", 1)

    def external_metric(self, name, scaled_object):
        """The value the HPA controller reads from KEDA's adapter, through the apiserver."""
        path = (
            f"apis/external.metrics.k8s.io/v1beta1/namespaces/{self.namespace}/{name}"
            f"?labelSelector=scaledobject.keda.sh%2Fname%3D{scaled_object}"
        )
        items = self.raw(path)["items"]
        return sum(parse_quantity(item["value"]) for item in items)

    def events(self, involved_name):
        return [e for e in self.get("events")["items"] if e["involvedObject"]["name"] == involved_name]


def namespace_kube(kubectl, kubeconfig, namespace):
    """A Kube for NAMESPACE, which it makes if need be: what each tier's kube fixture is."""
    kube = Kube(kubectl, kubeconfig, namespace)
    kube.apply([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": namespace}}])
    return kube


def purge_work_queues(amqp_port):
    """Empties the queues workers take from on the test broker (as guest, from loopback). What an earlier
    tier left there (the services' integration tests queue submissions and preparations no worker of
    theirs takes) is not the next tier's to judge: its worker would spend the first minute on other
    tiers' problems, and timing-sensitive tests with it."""
    parameters = pika.ConnectionParameters("127.0.0.1", amqp_port, credentials=pika.PlainCredentials("guest", "guest"))
    with pika.BlockingConnection(parameters) as connection:
        for queue in WORKER_QUEUES:
            channel = connection.channel()
            try:
                channel.queue_purge(queue)
                channel.close()
            except pika.exceptions.ChannelClosedByBroker:
                pass  # not declared yet: nothing to purge


def keda_metric_name(hpa, queue=REQUEST_QUEUE, protocol="http"):
    """KEDA's name for the metric of a trigger on this queue in the HPA it made,
    s<index>-rabbitmq-<queue, dots as dashes>: the chart gives each queue an http trigger (ready and
    unacknowledged messages) and, after it, an amqp one (ready messages)."""
    names = [metric["external"]["metric"]["name"] for metric in hpa["spec"]["metrics"]]
    of_queue = [name for name in names if name.endswith("-rabbitmq-" + queue.replace(".", "-"))]
    http, amqp = sorted(of_queue, key=lambda name: int(name.split("-")[0][1:]))
    return {"http": http, "amqp": amqp}[protocol]


def parse_quantity(value):
    """A Kubernetes quantity as the external metrics API prints it ("16", "2500m", "3k")."""
    number, suffix = re.fullmatch(r"([0-9.]+)([a-zA-Z]*)", value).groups()
    return float(number) * {"": 1, "m": 1e-3, "k": 1e3, "M": 1e6}[suffix]


def keda_scaler_metric(metrics_url, scaled_object, metric=None):
    """keda_scaler_metrics_value for the ScaledObject: what KEDA's operator last computed; with several
    triggers, the one of this metric (the HPA's external metric name), else the sum of them all.
    metrics_url: where the operator serves its Prometheus metrics."""
    with urllib.request.urlopen(f"{metrics_url}/metrics", timeout=5) as response:
        text = response.read().decode()
    values = [
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("keda_scaler_metrics_value{")
        and f'scaledObject="{scaled_object}"' in line
        and (metric is None or f'metric="{metric}"' in line)
    ]
    return sum(values) if values else None


class Broker:
    def __init__(self, amqp_port, management_port, user="guest", password="guest", host="127.0.0.1"):
        self.host, self.amqp_port, self.management = host, amqp_port, f"http://{host}:{management_port}"
        self.user, self.password = user, password
        auth = base64.b64encode(f"{user}:{password}".encode()).decode()
        self.headers = {"Authorization": "Basic " + auth, "Content-Type": "application/json"}

    def _call(self, method, path, body=None):
        request = urllib.request.Request(
            self.management + path, method=method, headers=self.headers, data=None if body is None else json.dumps(body).encode()
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            raw = response.read()
            return json.loads(raw) if raw else None

    def read(self, path):
        """A GET of the management API (path from /api on)."""
        return self._call("GET", path)

    def queue(self, name):
        """The management API's view of a queue: what KEDA's http mode reads (refreshed every
        statistics interval)."""
        return self.read("/api/queues/%2F/" + urllib.parse.quote(name, safe=""))

    def depth(self, name):
        queue = self.queue(name)
        return queue.get("messages_ready", 0), queue.get("messages_unacknowledged", 0)

    def wait_depth(self, name, ready, unacked, timeout=30):
        deadline = time.monotonic() + timeout
        while (seen := self.depth(name)) != (ready, unacked):
            assert time.monotonic() < deadline, f"{name}: broker shows {seen}, expected {(ready, unacked)}"
            time.sleep(0.5)

    def publish(self, queue, count):
        """Messages straight onto the queue; the tests that publish them purge them again."""
        with self.connect() as connection:
            channel = connection.channel()
            channel.confirm_delivery()
            for i in range(count):
                channel.basic_publish("", queue, json.dumps({"filler": i}).encode(), pika.BasicProperties(delivery_mode=2))

    def purge(self, queue):
        self._call("DELETE", "/api/queues/%2F/" + urllib.parse.quote(queue, safe="") + "/contents")

    def add_user(self, name, password, tags):
        self._call("PUT", "/api/users/" + urllib.parse.quote(name, safe=""), {"password": password, "tags": ",".join(tags)})

    def grant(self, user, vhost, permissions):
        self._call(
            "PUT",
            f"/api/permissions/{urllib.parse.quote(vhost, safe='')}/{urllib.parse.quote(user, safe='')}",
            {kind: permissions.get(kind, "") for kind in ("configure", "write", "read")},
        )

    def as_user(self, user, password):
        return Broker(self.amqp_port, int(self.management.rsplit(":", 1)[1]), user, password, self.host)

    def connect(self):
        # No heartbeats: a test holds the connection idle while it waits on KEDA.
        return pika.BlockingConnection(
            pika.ConnectionParameters(
                self.host, self.amqp_port, credentials=pika.PlainCredentials(self.user, self.password), heartbeat=0
            )
        )

    def hold_unacknowledged(self, queue, count):
        """A worker-like consumer: prefetch `count`, takes that many, acknowledges none. Close the
        returned connection to hand them back."""
        connection = self.connect()
        channel = connection.channel()
        channel.basic_qos(prefetch_count=count)
        held = []
        channel.basic_consume(queue, lambda ch, method, props, body: held.append(method.delivery_tag))
        deadline = time.monotonic() + 10
        while len(held) < count and time.monotonic() < deadline:
            connection.process_data_events(time_limit=0.2)
        assert len(held) == count, f"got {len(held)} of {count} messages"
        return connection


def play_topology_operator(kube, broker, users, permissions):
    """What the messaging topology operator does for the chart's User and Permission objects, on a
    broker it cannot reach here: per User, a broker user with a generated name and password and the
    User's tags, and a secret "<User>-user-credentials" with keys username and password (as
    internal/controller/user_controller.go writes it; tests/chart/test_wiring.py checks the name and
    keys against that source); per Permission, its user's grants on its vhost. Returns the
    credentials by User name."""
    credentials = {}
    for user in users:
        name = user["metadata"]["name"]
        username, password = f"{name}-{secrets.token_hex(4)}", secrets.token_urlsafe(24)
        broker.add_user(username, password, user["spec"].get("tags", []))
        credentials[name] = (username, password)
    for permission in permissions:
        spec = permission["spec"]
        broker.grant(credentials[spec["userReference"]["name"]][0], spec["vhost"], spec["permissions"])
    kube.apply(
        [
            {
                "apiVersion": "v1",
                "kind": "Secret",
                "type": "Opaque",
                "metadata": {"name": f"{name}-user-credentials", "namespace": kube.namespace},
                "stringData": {"username": username, "password": password},
            }
            for name, (username, password) in credentials.items()
        ]
    )
    return credentials
