"""What a user's Prometheus makes of the chart (make test-monitoring): the user's third step, "watch
autoscaling in Grafana", with everything Grafana would ask for asked of a real Prometheus.

In the pod cluster: the Prometheus Operator at PROMETHEUS_OPERATOR_VERSION (the one
kube-prometheus-stack KUBE_PROMETHEUS_STACK_CHART_VERSION ships), installed from its own manifests in
its Go module; a Prometheus (PROMETHEUS_VERSION) made by that operator from a Prometheus object with
the selectors and remote-write receiver that manifests/platform/kube-prometheus-stack-values.yaml
gives kube-prometheus-stack's (as its templates/prometheus/prometheus.yaml turns values into them);
kube-state-metrics and the kubelets' cAdvisor with the monitors kube-prometheus-stack gives them;
KEDA's monitors from manifests/platform. All images are built here from the pinned sources
(hack/cluster/upstream-images.sh monitoring). The chart is the release the other pod tests install.

The broker is hack/infra.sh's (no RabbitMQ operator here): a Service named and labelled as the
cluster operator names and labels its own points at it, and the chart's own ServiceMonitor for it
(rendered with rabbitmq.create, as on kind) selects that Service."""

import json
import math
import os
import pathlib
import re
import subprocess
import threading
import time
import urllib.parse
import urllib.request

import dashboard_picture
import pika
import pytest
import yaml
from testrun import make_load_test

from conftest import (
    AMQP_PORT,
    BROKER_USERS,
    KUBECONFIG,
    NAMESPACE,
    NODE_ADDRESS,
    PROJECT,
    RELEASE,
    RELEASE_VALUES,
    STATE,
    VALUE_FILES,
    VERSIONS,
    helm,
)
from support.cluster import Kube
from support.judge_client import ApiError
from support.programs import SUM

pytestmark = pytest.mark.monitoring

MONITORING = "monitoring"
STACK = "kube-prometheus-stack"  # make kind-up's release: the names of its objects start with it
PROMETHEUS = f"{STACK}-prometheus"  # its Prometheus, and the Service the TestRun writes k6's results to
STACK_VALUES = yaml.safe_load((PROJECT / "manifests/platform/kube-prometheus-stack-values.yaml").read_text())
OPERATOR_MODULE = pathlib.Path(os.environ.get("PROMETHEUS_OPERATOR_MODULE", "/nonexistent"))
KUBE_STATE_METRICS_MODULE = pathlib.Path(os.environ.get("KUBE_STATE_METRICS_MODULE", "/nonexistent"))
DASHBOARD = json.loads((PROJECT / "charts/judge/files/dashboards/judge-overview.json").read_text())
RABBITMQ = RELEASE_VALUES["rabbitmq"]["name"]
PROMETHEUS_PORT = AMQP_PORT + 10020  # hack/infra.sh's rabbitmq_prometheus listener
SUBMISSIONS = 2000
CHART_VALUES = yaml.safe_load((PROJECT / "charts/judge/values.yaml").read_text())
WORKER = "judge-worker"
ALERTS_STATE = STATE / "alerts.json"


def kubectl(*args, stdin=None, timeout=300):
    """kubectl without a namespace of its own: the upstream manifests name theirs."""
    result = subprocess.run(
        [str(PROJECT / "bin/kubectl"), "--kubeconfig", KUBECONFIG, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, f"kubectl {' '.join(args)}: {result.stderr}"
    return result.stdout


def apply(documents):
    kubectl(
        "apply",
        "--server-side",
        "--force-conflicts",
        "-f",
        "-",
        stdin="\n---\n".join(json.dumps(doc) for doc in documents if doc),
    )


def manifests(folder):
    return [doc for path in sorted(folder.glob("*.yaml")) for doc in yaml.safe_load_all(path.read_text()) if doc]


def stack_selectors(spec):
    """The selectors kube-prometheus-stack's templates/prometheus/prometheus.yaml writes into its
    Prometheus from these prometheusSpec values: a selector given wins; else, with
    <kind>SelectorNilUsesHelmValues (true by default), only objects labelled with the release; else all."""
    selectors = {}
    for kind in ("serviceMonitor", "podMonitor", "probe", "rule"):
        if spec.get(f"{kind}Selector"):
            selectors[f"{kind}Selector"] = spec[f"{kind}Selector"]
        elif spec.get(f"{kind}SelectorNilUsesHelmValues", True):
            selectors[f"{kind}Selector"] = {"matchLabels": {"release": STACK}}
        else:
            selectors[f"{kind}Selector"] = {}
        selectors[f"{kind}NamespaceSelector"] = spec.get(f"{kind}NamespaceSelector") or {}
    return selectors


def prometheus_object():
    """kube-prometheus-stack's Prometheus with the kind values: their selectors, remote-write
    receiver, retention and requests, the chart's defaults for the rest that matters here."""
    spec = STACK_VALUES["prometheus"]["prometheusSpec"]
    version = VERSIONS["PROMETHEUS_VERSION"]
    return {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "Prometheus",
        "metadata": {"name": PROMETHEUS, "namespace": MONITORING, "labels": {"release": STACK}},
        "spec": {
            "image": f"quay.io/prometheus/prometheus:{version}",
            "version": version,
            "replicas": 1,
            "serviceAccountName": "prometheus",
            "portName": "http-web",
            "enableRemoteWriteReceiver": spec.get("enableRemoteWriteReceiver", False),
            "retention": spec.get("retention", "10d"),
            "resources": spec.get("resources", {}),
            # The chart's default securityContext for Prometheus.
            "securityContext": {
                "runAsGroup": 2000,
                "runAsNonRoot": True,
                "runAsUser": 1000,
                "fsGroup": 2000,
                "seccompProfile": {"type": "RuntimeDefault"},
            },
            **stack_selectors(spec),
        },
    }


def prometheus_service():
    """kube-prometheus-stack's Service for its Prometheus (the TestRun's remote-write address)."""
    return {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": PROMETHEUS, "namespace": MONITORING},
        "spec": {
            "selector": {"app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": PROMETHEUS},
            "ports": [{"name": "http-web", "port": 9090, "targetPort": 9090}],
        },
    }


def kubelet_monitor():
    """kube-prometheus-stack's kubelet ServiceMonitor (its kubelet.serviceMonitor defaults): the
    kubelet's own metrics and cAdvisor's, over HTTPS with the pod's token, from the Service the
    operator keeps for the kubelets (--kubelet-service)."""
    auth = {
        "scheme": "https",
        "honorLabels": True,
        "bearerTokenFile": "/var/run/secrets/kubernetes.io/serviceaccount/token",
        "tlsConfig": {"caFile": "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt", "insecureSkipVerify": True},
    }
    return {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "ServiceMonitor",
        "metadata": {"name": f"{STACK}-kubelet", "namespace": MONITORING, "labels": {"release": STACK}},
        "spec": {
            "jobLabel": "k8s-app",
            "namespaceSelector": {"matchNames": ["kube-system"]},
            "selector": {"matchLabels": {"app.kubernetes.io/name": "kubelet", "k8s-app": "kubelet"}},
            "endpoints": [
                dict(auth, port="https-metrics"),
                dict(auth, port="https-metrics", path="/metrics/cadvisor", interval="10s"),
            ],
        },
    }


def kube_state_metrics_monitor():
    """kube-prometheus-stack's monitor of its kube-state-metrics (honorLabels: the objects'
    namespaces, not the exporter's)."""
    return {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "ServiceMonitor",
        "metadata": {"name": f"{STACK}-kube-state-metrics", "namespace": MONITORING, "labels": {"release": STACK}},
        "spec": {
            "namespaceSelector": {"matchNames": ["kube-system"]},
            "selector": {"matchLabels": {"app.kubernetes.io/name": "kube-state-metrics"}},
            "endpoints": [{"port": "http-metrics", "honorLabels": True}],
        },
    }


def broker_service():
    """The client Service the RabbitMQ cluster operator makes for the chart's RabbitmqCluster (its
    name and labels, its prometheus port), with endpoints at hack/infra.sh's broker."""
    labels = {
        "app.kubernetes.io/name": RABBITMQ,
        "app.kubernetes.io/component": "rabbitmq",
        "app.kubernetes.io/part-of": "rabbitmq",
    }
    return [
        {
            "apiVersion": "v1",
            "kind": "Service",
            "metadata": {"name": RABBITMQ, "namespace": NAMESPACE, "labels": labels},
            "spec": {"ports": [{"name": "prometheus", "port": 15692, "targetPort": PROMETHEUS_PORT}]},
        },
        {
            "apiVersion": "v1",
            "kind": "Endpoints",
            "metadata": {"name": RABBITMQ, "namespace": NAMESPACE, "labels": labels},
            "subsets": [{"addresses": [{"ip": NODE_ADDRESS}], "ports": [{"name": "prometheus", "port": PROMETHEUS_PORT}]}],
        },
    ]


def charts_broker_monitor():
    """The chart's ServiceMonitor for its broker, as it renders on kind (rabbitmq.create)."""
    rendered = subprocess.run(
        [
            str(PROJECT / "bin/helm"),
            "template",
            RELEASE,
            str(PROJECT / "charts/judge"),
            "-n",
            NAMESPACE,
            *(f"--values={path}" for path in VALUE_FILES),
            "--set",
            "rabbitmq.create=true",
            # The APIs of kind-up's operators, which the chart asks for before it renders their objects.
            *(
                f"--api-versions={api}"
                for api in (
                    "monitoring.coreos.com/v1",
                    "keda.sh/v1alpha1",
                    "rabbitmq.com/v1beta1",
                    "rabbitmq.com/v1beta1/User",
                    "rabbitmq.com/v1beta1/Permission",
                    "postgresql.cnpg.io/v1",
                )
            ),
            "--show-only",
            "templates/rabbitmq/servicemonitor.yaml",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    monitor = yaml.safe_load(rendered)
    monitor["metadata"]["namespace"] = NAMESPACE
    return monitor


class Prometheus:
    """Prometheus's HTTP API, through its Service."""

    def __init__(self, url):
        self.url = url

    def get(self, path, **params):
        query = ("?" + urllib.parse.urlencode(params)) if params else ""
        with urllib.request.urlopen(f"{self.url}{path}{query}", timeout=30) as response:
            body = json.loads(response.read())
        assert body["status"] == "success", body
        return body["data"]

    def query(self, expr):
        return self.get("/api/v1/query", query=expr)["result"]

    def query_range(self, expr, start, end, step=15):
        return self.get("/api/v1/query_range", query=expr, start=start, end=end, step=step)["result"]

    def alerts(self):
        """Alert name -> its state (pending or firing); inactive ones are absent."""
        states = {}
        for alert in self.get("/api/v1/alerts")["alerts"]:
            name = alert["labels"]["alertname"]
            if states.get(name) != "firing":
                states[name] = alert["state"]
        return states


@pytest.fixture(scope="module")
def prometheus(kube, release, keda):
    """The monitoring stack as described above; returns its Prometheus."""
    kube.apply([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": MONITORING}}])
    # The operator as its own example installs it (namespace default, --kubelet-service kube-system/kubelet).
    operator = manifests(OPERATOR_MODULE / "example/rbac/prometheus-operator")
    [deployment] = [doc for doc in operator if doc["kind"] == "Deployment"]
    image = deployment["spec"]["template"]["spec"]["containers"][0]["image"]
    assert image.endswith(f":v{VERSIONS['PROMETHEUS_OPERATOR_VERSION']}"), image
    apply(operator)
    kubectl("-n", "default", "rollout", "status", "deployment/prometheus-operator", "--timeout=300s")
    # Prometheus's service account and its read access, from the same examples, in "monitoring".
    rbac = [
        doc
        for name in ("service-account", "cluster-role", "cluster-role-binding")
        for doc in yaml.safe_load_all((OPERATOR_MODULE / f"example/rbac/prometheus/prometheus-{name}.yaml").read_text())
    ]
    for doc in rbac:
        if doc["kind"] == "ServiceAccount":
            doc["metadata"]["namespace"] = MONITORING
        for subject in doc.get("subjects", []):
            subject["namespace"] = MONITORING
    apply(rbac)
    # kube-state-metrics' own example, as its kustomization renders it.
    apply(list(yaml.safe_load_all(kubectl("kustomize", str(KUBE_STATE_METRICS_MODULE / "examples/standard")))))
    apply(
        [
            prometheus_object(),
            prometheus_service(),
            kubelet_monitor(),
            kube_state_metrics_monitor(),
            *broker_service(),
            charts_broker_monitor(),
            *yaml.safe_load_all((PROJECT / "manifests/platform/keda-monitors.yaml").read_text()),
        ]
    )
    kubectl("-n", "kube-system", "rollout", "status", "deployment/kube-state-metrics", "--timeout=300s")
    deadline = time.monotonic() + 300
    while subprocess.run(
        [
            str(PROJECT / "bin/kubectl"),
            "--kubeconfig",
            KUBECONFIG,
            "-n",
            MONITORING,
            "get",
            f"statefulset/prometheus-{PROMETHEUS}",
        ],
        capture_output=True,
    ).returncode:
        assert time.monotonic() < deadline, f"the operator made no StatefulSet for {PROMETHEUS}: " + kubectl(
            "-n", "default", "logs", "deployment/prometheus-operator", "--tail=30"
        )
        time.sleep(2)
    kubectl("-n", MONITORING, "rollout", "status", f"statefulset/prometheus-{PROMETHEUS}", "--timeout=300s")
    monitoring = Kube(PROJECT / "bin/kubectl", KUBECONFIG, MONITORING)
    address = monitoring.get("service", PROMETHEUS)["spec"]["clusterIP"]
    prometheus = Prometheus(f"http://{address}:9090")
    deadline = time.monotonic() + 120
    while True:
        try:
            prometheus.get("/api/v1/status/buildinfo")
            break
        except OSError:
            assert time.monotonic() < deadline, "Prometheus does not answer"
            time.sleep(2)
    return prometheus


def scrape_pools(prometheus):
    """Active targets' health by scrape pool (<kind>/<namespace>/<name>/<endpoint index>)."""
    pools = {}
    for target in prometheus.get("/api/v1/targets", state="active")["activeTargets"]:
        pools.setdefault(target["scrapePool"], []).append(target["health"])
    return pools


def test_every_monitor_selects_targets_that_are_up(prometheus, kube, worker_pod):
    """The chart's monitors (the API's, the worker's, the consumer's, the broker's), KEDA's, and
    kube-prometheus-stack's own for kube-state-metrics and the kubelets: each endpoint of each has
    targets, and they answer."""
    expected = set()
    for kind, plural in (("podMonitor", "podmonitors"), ("serviceMonitor", "servicemonitors")):
        items = json.loads(kubectl("get", f"{plural}.monitoring.coreos.com", "-A", "-o", "json"))["items"]
        for monitor in items:
            for index, _ in enumerate(monitor["spec"].get("podMetricsEndpoints", monitor["spec"].get("endpoints", []))):
                expected.add(f"{kind}/{monitor['metadata']['namespace']}/{monitor['metadata']['name']}/{index}")
    # The operator's example monitor of itself is not the user's: it may or may not be up.
    expected = {pool for pool in expected if "/prometheus-operator/" not in pool}
    assert {pool.split("/")[2] for pool in expected} >= {
        "judge-api",
        "judge-worker",
        "judge-consumer",
        RABBITMQ,
        "keda-operator",
        "keda-metrics-apiserver",
        f"{STACK}-kubelet",
        f"{STACK}-kube-state-metrics",
    }
    deadline = time.monotonic() + 180
    while True:
        pools = scrape_pools(prometheus)
        down = {pool: pools.get(pool) for pool in expected if not pools.get(pool) or "up" not in pools[pool]}
        if not down:
            break
        assert time.monotonic() < deadline, f"monitor endpoints without a target that is up: {down}"
        time.sleep(5)


def judge_alerts(kube):
    return [
        rule["alert"]
        for group in kube.get("prometheusrule", RELEASE)["spec"]["groups"]
        for rule in group["rules"]
        if "alert" in rule
    ]


def test_prometheus_loads_every_alert_of_the_chart_and_none_fires_at_rest(prometheus, kube):
    expected = judge_alerts(kube)
    deadline = time.monotonic() + 120
    while True:
        loaded = {
            rule["name"]: rule
            for group in prometheus.get("/api/v1/rules")["groups"]
            for rule in group["rules"]
            if rule["type"] == "alerting"
        }
        if set(expected) <= set(loaded):
            break
        assert time.monotonic() < deadline, f"alerts not loaded: {set(expected) - set(loaded)}"
        time.sleep(5)
    assert all(loaded[name]["health"] == "ok" for name in expected), {name: loaded[name].get("lastError") for name in expected}
    assert {name: state for name, state in prometheus.alerts().items() if name in expected} == {}


def panel_targets():
    """(panel title, unit, legend, expr) of every query of the dashboard as shipped; its only
    variable is the data source, which needs no substitution in the queries."""
    assert [v["name"] for v in DASHBOARD.get("templating", {}).get("list", [])] == ["datasource"]
    for panel in DASHBOARD["panels"]:
        unit = panel.get("fieldConfig", {}).get("defaults", {}).get("unit", "short")
        for target in panel.get("targets", []):
            yield panel["title"], unit, target.get("legendFormat", target["expr"]), target["expr"]


def unit_problem(unit, values):
    """Why these values cannot be in this unit, or None."""
    if any(v < 0 for v in values):
        return "negative values"
    if unit == "percentunit" and max(values) > 1.05:
        return f"a ratio above 1 ({max(values):.2f})"
    if unit == "s" and max(values) > 3600:
        return f"{max(values):.0f} s: milliseconds shown as seconds?"
    return None


def histogram_top(prometheus, expr):
    """The largest finite bucket of the histogram a histogram_quantile query reads, or None: a
    quantile at that bound only says the true one is somewhere above it."""
    match = re.search(r"histogram_quantile\(.*?rate\((\w+_bucket)", expr)
    if not match:
        return None
    bounds = [float(s["metric"]["le"]) for s in prometheus.query(f"count by (le) ({match.group(1)})")]
    return max((b for b in bounds if not math.isinf(b)), default=None)


def numbers(series):
    return [float(v) for s in series for _, v in s["values"] if not math.isnan(float(v))]


@pytest.fixture(scope="module")
def burst(prometheus, admin, kube, release, k6_operator, report):
    """The TestRun (SUBMISSIONS), with a submission refused over a quota first (for the quota panel
    to show one), then nothing until KEDA takes the workers back to zero. Returns the window, in
    Prometheus's time."""
    started = time.time()
    tight = admin.with_token(admin.create_key("quota-panel", perMinute=1, maxWaiting=1, scopes=["SUBMIT", "PROBLEMS"])["key"])
    problem = tight.create_problem()  # a key submits to its own problems
    tight.submit(problem, SUM["python"])
    with pytest.raises(ApiError) as refused:
        tight.submit(problem, SUM["python"])
    assert refused.value.status == 429
    run = make_load_test(kube, SUBMISSIONS)
    assert run["traces"]["stage"][-1][1] == "finished", run["summaries"]
    finished = time.time()
    cooldown = RELEASE_VALUES["worker"]["autoscaling"]["cooldownPeriod"]
    deadline = time.monotonic() + cooldown + 180
    while kube.replicas(WORKER) > 0:
        assert time.monotonic() < deadline, "the workers were not scaled back to zero"
        time.sleep(5)
    time.sleep(60)  # a minute of zero on the pictures
    report["monitoring_burst"] = {
        "testrun_s": round(finished - started),
        "to_zero_s": round(time.time() - finished - 60),
        "runners": run["summaries"],
    }
    return started - 60, time.time()


def test_every_dashboard_query_returns_data_in_its_unit_during_a_testrun(prometheus, burst, report):
    start, end = burst
    results, problems = [], []
    for title, unit, legend, expr in panel_targets():
        series = prometheus.query_range(expr, start, end)
        values = numbers(series)
        problem = "no series" if not series else "only NaN" if not values else unit_problem(unit, values)
        top = histogram_top(prometheus, expr)
        if not problem and top is not None and max(values) >= top:
            problem = f"at the histogram's largest bucket ({top:g}): the true quantile is above it"
        results.append(
            {
                "panel": title,
                "query": legend,
                "unit": unit,
                "series": len(series),
                "max": round(max(values), 3) if values else None,
                "problem": problem,
                "data": [{"labels": s["metric"], "values": s["values"]} for s in series],
            }
        )
        if problem:
            problems.append(f"{title} / {legend}: {problem}")
    (STATE / "dashboard.json").write_text(json.dumps({"start": start, "end": end, "queries": results}) + "\n")
    dashboard_picture.draw(results, start, STATE / "dashboard.png")
    report["dashboard"] = [{k: r[k] for k in ("panel", "query", "unit", "series", "max", "problem")} for r in results]
    assert not problems, problems


def test_the_keda_panel_shows_the_trigger_the_hpa_acts_on_not_the_sum_of_a_lanes_pair(prometheus, burst):
    """KEDA exports a series per trigger, and each lane has two (ready + unacknowledged over HTTP, ready
    over AMQP); the HPA acts on the largest. The panel shows that: its peak is the busiest lane's ready +
    unacknowledged at its peak, not about twice it (a sum over the triggers), and "active" is 0 or 1."""
    start, end = burst
    keda = {legend: expr for title, _, legend, expr in panel_targets() if title.startswith("KEDA")}
    [metric] = [expr for expr in keda.values() if "keda_scaler_metrics_value" in expr]
    [active] = [expr for expr in keda.values() if "keda_scaler_active" in expr]
    lanes = "|".join(re.escape(lane["queue"]) for lane in CHART_VALUES["lanes"]).replace("\\", "\\\\")
    busiest = (
        f'max(sum by (queue) (rabbitmq_detailed_queue_messages_ready{{queue=~"{lanes}"}})'
        f' + sum by (queue) (rabbitmq_detailed_queue_messages_unacked{{queue=~"{lanes}"}}))'
    )
    panel_peak = max(numbers(prometheus.query_range(metric, start, end)))
    queue_peak = max(numbers(prometheus.query_range(busiest, start, end)))

    # The query the panel had before, a sum over the triggers, would not hold to this: about twice.
    summed_peak = max(numbers(prometheus.query_range(metric.replace("max by", "sum by"), start, end)))

    assert 0.5 * queue_peak <= panel_peak <= 1.3 * queue_peak, (panel_peak, queue_peak)
    assert summed_peak > 1.3 * queue_peak, (summed_peak, queue_peak)
    assert max(numbers(prometheus.query_range(active, start, end))) == 1


class Trickle(threading.Thread):
    """A submission every few seconds, as users keep sending them while the workers are down."""

    def __init__(self, api, every_s=3):
        super().__init__(daemon=True, name="trickle")
        self.api, self.every_s, self.ids = api, every_s, []
        self.stopped = threading.Event()
        self.problem = api.create_problem()

    def run(self):
        while not self.stopped.wait(self.every_s):
            self.ids.append(self.api.submit(self.problem, SUM["python"]))


def publish_unreadable_result(broker_port):
    """A result no consumer can read: the listener rejects it, and the broker dead-letters it."""
    connection = pika.BlockingConnection(
        pika.ConnectionParameters("127.0.0.1", broker_port, credentials=pika.PlainCredentials("guest", "guest"))
    )
    try:
        channel = connection.channel()
        channel.confirm_delivery()
        channel.basic_publish(
            "", "judge.results", b"not json", pika.BasicProperties(content_type="application/json", delivery_mode=2)
        )
    finally:
        connection.close()


def keda_user(kube):
    """The broker user KEDA reads queue depth as (the chart's User for KEDA) and its tags."""
    [user] = [u for u in kube.get("user")["items"] if u["metadata"]["name"].endswith("-keda")]
    return BROKER_USERS[user["metadata"]["name"]], user["spec"].get("tags", [])


def test_each_alert_fires_in_its_scenario_and_resolves_when_it_is_over(prometheus, burst, api, kube, broker, report):
    """From zero workers (the burst's end), at once: a worker with a bad setting (a heap too small
    for the JVM to start) that KEDA's scale-up makes crash-loop; KEDA then unable to read the queue
    (its broker user's password changed); submissions that keep coming with no worker to judge them;
    and a result no consumer can read, dead-lettered. Then everything put right, as the runbooks say."""
    expected = judge_alerts(kube)
    revision = int(
        json.loads(
            subprocess.run(
                [str(PROJECT / "bin/helm"), "--kubeconfig", KUBECONFIG, "-n", NAMESPACE, "history", RELEASE, "-o", "json"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )[-1]["revision"]
    )
    # The backlog alert waits alerts.backlogGrowingFor (10m) by default: 5m here, as the others'.
    helm(
        "upgrade",
        RELEASE,
        str(PROJECT / "charts/judge"),
        "-n",
        NAMESPACE,
        "--reuse-values",
        "--set",
        "worker.javaOpts=-Xmx1m",
        "--set",
        "alerts.backlogGrowingFor=5m",
    )
    (keda_username, keda_password), keda_tags = keda_user(kube)
    trickle = Trickle(api)
    trickle.start()
    publish_unreadable_result(AMQP_PORT)
    started, timeline, restored_at, purged = time.monotonic(), [], None, False

    def crash_looping():
        return any(
            s.get("state", {}).get("waiting", {}).get("reason") == "CrashLoopBackOff"
            for pod in kube.get("pods", selector="app.kubernetes.io/component=worker")["items"]
            for s in pod["status"].get("containerStatuses", [])
        )

    def put_right():
        """The previous revision (the worker's setting, the backlog's duration), KEDA's password; no more submissions."""
        trickle.stopped.set()
        helm("rollback", RELEASE, str(revision), "-n", NAMESPACE, "--wait", "--timeout", "5m")
        broker.add_user(keda_username, keda_password, keda_tags)

    broken_keda = False
    try:
        deadline = time.monotonic() + 1200
        while True:
            states = {name: state for name, state in prometheus.alerts().items() if name in expected}
            now = round(time.monotonic() - started)
            if not timeline or timeline[-1][1] != states:
                timeline.append((now, states))
                print(f"alerts at {now} s: {states}")
            # KEDA is broken once a worker it started crash-loops: the HPA then holds it there.
            if not broken_keda and crash_looping():
                broker.add_user(keda_username, "not-the-password", keda_tags)
                broken_keda = True
            if not purged and states.get("JudgeMessagesDeadLettered") == "firing":
                broker.purge("judge.results.dead")  # docs/runbooks.md: once the cause is known
                purged = True
            if restored_at is None and all(any(s.get(name) == "firing" for _, s in timeline) for name in expected):
                put_right()
                restored_at = now
            if restored_at is not None and not states:
                break
            assert time.monotonic() < deadline, f"alerts over time: {timeline}"
            time.sleep(10)
    finally:
        if restored_at is None:
            put_right()
    ALERTS_STATE.write_text(json.dumps({"timeline_s": timeline, "restored_at_s": restored_at}) + "\n")
    fired = {name: next((t for t, s in timeline if s.get(name) == "firing"), None) for name in expected}
    resolved = {
        name: next((t for t, s in timeline if fired[name] is not None and t > fired[name] and name not in s), None)
        for name in expected
    }
    verdicts = {api.wait_for_verdict(id_, timeout=600)["verdict"] for id_ in trickle.ids}
    report["alerts"] = {
        "fired_s": fired,
        "restored_s": restored_at,
        "resolved_s": resolved,
        "trickle": len(trickle.ids),
        "trickle_verdicts": sorted(verdicts),
    }
    assert all(fired.values()) and all(resolved.values()), report["alerts"]
    assert verdicts == {"ACCEPTED"}, "every submission sent while the workers were down was judged once they were back"
