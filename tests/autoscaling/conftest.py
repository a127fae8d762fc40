"""The chart's autoscaling objects on a real control plane (hack/cluster/control-plane.sh: kube-apiserver,
kube-controller-manager, KEDA), reading a real RabbitMQ (hack/infra.sh), as hack/cluster/test-autoscaling.sh
starts them. Only what must point at loopback is overridden: the management API's address."""

import os
import pathlib

import pytest
import yaml

from support.chart import render
from support.cluster import REQUEST_QUEUE, Broker, namespace_kube, play_topology_operator
from support.processes import PROJECT, Service, require_jars
from support.report import Report

STATE = pathlib.Path(os.environ.get("JUDGE_AUTOSCALING_STATE", PROJECT / "build" / "autoscaling"))
AMQP_PORT = int(os.environ.get("JUDGE_TEST_AMQP_PORT", "5675"))
PG_PORT = int(os.environ.get("JUDGE_TEST_PG_PORT", "5435"))
MANAGEMENT_PORT = AMQP_PORT + 10000
KEDA_METRICS_URL = f"http://127.0.0.1:{os.environ.get('KEDA_METRICS_PORT', '28080')}"
RELEASE = NAMESPACE = "judge"
WORKER = f"{RELEASE}-worker"
VALUES = yaml.safe_load((PROJECT / "charts/judge/values.yaml").read_text())
AUTOSCALING = VALUES["worker"]["autoscaling"]
STATISTICS_INTERVAL_S = VALUES["rabbitmq"]["statisticsIntervalMs"] / 1000


def render_chart():
    """The chart as installed here: only the broker's addresses point at loopback."""
    return render(
        "--set",
        f"rabbitmq.managementUrl=http://127.0.0.1:{MANAGEMENT_PORT}/",
        "--set",
        f"rabbitmq.host=127.0.0.1,rabbitmq.port={AMQP_PORT}",
        release=RELEASE,
        namespace=NAMESPACE,
    )


def pick(documents, kind, name):
    [found] = [d for d in documents if d["kind"] == kind and d["metadata"]["name"] == name]
    return found


def credentials_secret(name, username, password):
    """A secret shaped like the one the messaging topology operator writes for a User."""
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "type": "Opaque",
        "metadata": {"name": name, "namespace": NAMESPACE},
        "stringData": {"username": username, "password": password},
    }


@pytest.fixture(scope="session")
def kube():
    return namespace_kube(PROJECT / "bin/kubectl", STATE / "cluster/kubeconfig", NAMESPACE)


@pytest.fixture(scope="session")
def chart():
    return render_chart()


@pytest.fixture(scope="session")
def stack():
    """The API and the result consumer as processes (no worker runs: pods stay Pending on a control
    plane without nodes). They declare the queues, as they do in the cluster."""
    require_jars()
    env = dict(
        os.environ, SPRING_RABBITMQ_PORT=str(AMQP_PORT), SPRING_DATASOURCE_URL=f"jdbc:postgresql://127.0.0.1:{PG_PORT}/judge"
    )
    services = [Service("api", "api", 18380, STATE / "logs", env), Service("consumer", "consumer", 18382, STATE / "logs", env)]
    try:
        for service in services:
            service.wait_ready()
        yield services
    finally:
        for service in services:
            service.kill()


@pytest.fixture(scope="session")
def broker(stack):
    broker = Broker(AMQP_PORT, MANAGEMENT_PORT)
    assert broker.queue(REQUEST_QUEUE)["name"] == REQUEST_QUEUE
    return broker


@pytest.fixture(scope="session")
def autoscaled_worker(kube, chart, broker):
    """The chart's TriggerAuthentication, worker ScaledObject and worker Deployment, applied, with
    the chart's broker users made as the messaging topology operator would: KEDA reads queue depth
    with only the permissions the chart grants it (and resolves the worker's environment, which
    names the worker user's secret and the chart's test-data token, so those must exist too: without
    the token KEDA made no HPA and never scaled)."""
    play_topology_operator(
        kube, broker, [d for d in chart if d["kind"] == "User"], [d for d in chart if d["kind"] == "Permission"]
    )
    kube.apply(
        [
            pick(chart, "Secret", f"{RELEASE}-test-data-token"),
            pick(chart, "TriggerAuthentication", f"{RELEASE}-rabbitmq"),
            pick(chart, "Deployment", WORKER),
            pick(chart, "ScaledObject", WORKER),
        ]
    )
    return pick(chart, "ScaledObject", WORKER)


REPORT = Report(STATE / "report.json", merge=True, show=True)


@pytest.fixture(scope="session")
def report():
    """Figures for build/autoscaling/report.json; tests add theirs."""
    return REPORT


def pytest_sessionfinish(session):
    REPORT.write()
