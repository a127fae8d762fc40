"""The Prometheus stack a user's make kind-up installs, as test_monitoring.py meets it in the pod
cluster: the Prometheus Operator at PROMETHEUS_OPERATOR_VERSION (the one kube-prometheus-stack
KUBE_PROMETHEUS_STACK_CHART_VERSION ships), installed from its own manifests in its Go module; a
Prometheus (PROMETHEUS_VERSION) made by that operator from a Prometheus object with the selectors and
remote-write receiver that manifests/platform/kube-prometheus-stack-values.yaml gives
kube-prometheus-stack's (as its templates/prometheus/prometheus.yaml turns values into them);
kube-state-metrics and the kubelets' cAdvisor with the monitors kube-prometheus-stack gives them;
KEDA's monitors from manifests/platform. All images are built here from the pinned sources
(hack/cluster/upstream-images.sh monitoring).

The broker is hack/infra.sh's (no RabbitMQ operator here): a Service named and labelled as the
cluster operator names and labels its own points at it, and the chart's own ServiceMonitor for it
(rendered with rabbitmq.create, as on kind) selects that Service."""

import json
import os
import pathlib
import time
import urllib.parse
import urllib.request

import yaml

from support.chart import render
from tier import AMQP_PORT, NAMESPACE, NODE_ADDRESS, PROJECT, RELEASE, RELEASE_VALUES, VALUE_FILES, VERSIONS

MONITORING = "monitoring"
STACK = "kube-prometheus-stack"  # make kind-up's release: the names of its objects start with it
PROMETHEUS = f"{STACK}-prometheus"  # its Prometheus, and the Service the TestRun writes k6's results to
STACK_VALUES = yaml.safe_load((PROJECT / "manifests/platform/kube-prometheus-stack-values.yaml").read_text())
OPERATOR_MODULE = pathlib.Path(os.environ.get("PROMETHEUS_OPERATOR_MODULE", "/nonexistent"))
KUBE_STATE_METRICS_MODULE = pathlib.Path(os.environ.get("KUBE_STATE_METRICS_MODULE", "/nonexistent"))
RABBITMQ = RELEASE_VALUES["rabbitmq"]["name"]
PROMETHEUS_PORT = AMQP_PORT + 10020  # hack/infra.sh's rabbitmq_prometheus listener


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
    [monitor] = render(
        *(f"--values={path}" for path in VALUE_FILES),
        "--set",
        "rabbitmq.create=true",
        "--show-only",
        "templates/rabbitmq/servicemonitor.yaml",
        release=RELEASE,
        namespace=NAMESPACE,
    )
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


def install(kube):
    """The monitoring stack as described above, beside the release KUBE manages; returns its Prometheus."""
    cluster = kube.in_namespace(None)  # the upstream manifests name their namespaces
    cluster.apply([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": MONITORING}}])
    # The operator as its own example installs it (namespace default, --kubelet-service kube-system/kubelet).
    operator = manifests(OPERATOR_MODULE / "example/rbac/prometheus-operator")
    [deployment] = [doc for doc in operator if doc["kind"] == "Deployment"]
    image = deployment["spec"]["template"]["spec"]["containers"][0]["image"]
    assert image.endswith(f":v{VERSIONS['PROMETHEUS_OPERATOR_VERSION']}"), image
    cluster.apply(operator)
    kube.in_namespace("default").rollout("deployment/prometheus-operator")
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
    cluster.apply(rbac)
    # kube-state-metrics' own example, as its kustomization renders it.
    cluster.apply_manifest(cluster.run("kustomize", str(KUBE_STATE_METRICS_MODULE / "examples/standard")))
    cluster.apply(
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
    kube.in_namespace("kube-system").rollout("deployment/kube-state-metrics")
    monitoring = kube.in_namespace(MONITORING)
    deadline = time.monotonic() + 300
    while monitoring.attempt("get", f"statefulset/prometheus-{PROMETHEUS}").returncode:
        assert time.monotonic() < deadline, f"the operator made no StatefulSet for {PROMETHEUS}: " + kube.in_namespace(
            "default"
        ).run("logs", "deployment/prometheus-operator", "--tail=30")
        time.sleep(2)
    monitoring.rollout(f"statefulset/prometheus-{PROMETHEUS}")
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
