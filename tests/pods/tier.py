"""The pod tier's settings, from hack/cluster/run.sh's environment and the release's values files,
for its conftest, fixture modules and tests."""

import functools
import os
import pathlib
import re

import yaml

from support.processes import PROJECT, VERSIONS  # noqa: F401 (the tier's tests take them from here)
from support.report import Report

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
# The languages hack/cluster/test-pods.sh was asked to enable (JUDGE_LANGUAGES), where they differ from values.yaml's.
LANGUAGE_VALUES = os.environ.get("JUDGE_PODS_LANGUAGE_VALUES")
VALUE_FILES = (
    [PROJECT / "manifests/judge-kind-values.yaml", PROJECT / "tests/pods/values.yaml"]
    + ([PROJECT / "tests/pods/rabbitmq-operators-values.yaml"] if RABBITMQ_OPERATORS else [])
    + ([pathlib.Path(LANGUAGE_VALUES)] if LANGUAGE_VALUES else [])
)
REPORT = Report(STATE / "report.json", show=True)
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


def worker_started_in(log):
    """The worker JVM's own count, from a pod's log, from its start to consuming (Spring's "process running
    for"), in seconds; None before it is there. The kubelet's timestamps are whole seconds, and its probes
    add their periods."""
    started = re.search(r"Started WorkerApplication in [\d.]+ seconds \(process running for ([\d.]+)\)", log)
    return float(started.group(1)) if started else None
