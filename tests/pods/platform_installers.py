"""The platform under the release, installed as make kind-up installs it (its charts and release
manifests from the pinned Go modules, its images built here from the same versions; only the pull
policy differs where Always would ask a registry this machine cannot reach): metrics-server, the
k6-operator, KEDA, CloudNativePG, cert-manager and the RabbitMQ operators. And the views of what the
operators run: the chart's database Cluster and RabbitmqCluster. The conftest's fixtures call these;
each takes the release's Kube."""

import base64
import json
import os
import pathlib
import re
import shutil
import subprocess
import time

import yaml

from support.cluster import Broker
from tier import PROJECT, RELEASE, RELEASE_VALUES, STATE, VERSIONS

KEDA_NAMESPACE = "keda"
# KEDA's operator: its Prometheus metrics (keda_scaler_metrics_value) on its Service's port "metrics".
KEDA_OPERATOR = "keda-operator"


def install_metrics_server(kube):
    """Its chart with make kind-up's values (manifests/platform/): the API's CPU autoscaler reads it."""
    kube.in_namespace("kube-system").helm(
        "install",
        "metrics-server",
        os.environ["METRICS_SERVER_CHART"],
        f"--values={PROJECT / 'manifests/platform/metrics-server-values.yaml'}",
        "--set",
        f"image.tag={VERSIONS['METRICS_SERVER_VERSION']}",
    )


def install_k6_operator(kube):
    """Its chart as make kind-up runs it: a release in "default" that makes k6-operator-system."""
    kube.in_namespace("default").helm(
        "install",
        "k6-operator",
        os.environ["K6_OPERATOR_CHART"],
        "--set",
        f"manager.image.tag=controller-v{VERSIONS['K6_OPERATOR_VERSION']}",
        "--wait",
        "--timeout",
        "5m",
    )


def install_keda(kube):
    """Its release manifest, which is config/default of the pinned module rendered with the release's
    image tags, applied server-side as KEDA's docs say. Returns the base URL of the operator's metrics."""
    version = VERSIONS["KEDA_VERSION"]
    cluster = kube.in_namespace(None)  # the manifest puts objects in keda and kube-system
    rendered = cluster.run("kustomize", os.environ["KEDA_CONFIG"])
    rendered = re.sub(r"(image: ghcr\.io/kedacore/keda[a-z-]*):main", rf"\1:{version}", rendered)
    rendered = rendered.replace("imagePullPolicy: Always", "imagePullPolicy: IfNotPresent")
    assert rendered.count(f":{version}") == 3, "KEDA's three images"
    cluster.apply_manifest(rendered)
    keda = kube.in_namespace(KEDA_NAMESPACE)
    for deployment in (KEDA_OPERATOR, "keda-metrics-apiserver", "keda-admission"):
        keda.rollout(f"deployment/{deployment}")
    keda.run("wait", "--for=condition=Available", "--timeout=300s", "apiservice/v1beta1.external.metrics.k8s.io")
    service = keda.get("service", KEDA_OPERATOR)["spec"]
    port = next(p["port"] for p in service["ports"] if p["name"] == "metrics")
    return f"http://{service['clusterIP']}:{port}"


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
                    "claimRef": {"namespace": kube.namespace, "name": claim},
                    "hostPath": {"path": str(folder), "type": "Directory"},
                },
            }
        )
    kube.apply(volumes)


def install_cloudnative_pg(kube):
    """Its release manifest from the pinned module (the same file its docs apply), server-side. And
    the Cluster's volumes, for PostgreSQL's uid (26)."""
    manifest = pathlib.Path(os.environ["CLOUDNATIVE_PG_MANIFEST"]).read_text()
    assert manifest.count("imagePullPolicy: Always") == 1, "the operator's one Deployment"
    kube.in_namespace(None).apply_manifest(manifest.replace("imagePullPolicy: Always", "imagePullPolicy: IfNotPresent"))
    # Its claims are named after the instances' pods.
    claims = [f"{RELEASE}-postgres-{index}" for index in range(1, RELEASE_VALUES["postgresql"]["instances"] + 1)]
    static_volumes(kube, claims, RELEASE_VALUES["postgresql"]["storage"], uid=26)
    kube.in_namespace("cnpg-system").rollout("deployment/cnpg-controller-manager")


def install_cert_manager(kube):
    """helm, crds.enabled, --wait (which waits for its startupapicheck), from the chart in its pinned
    module with the Chart.yaml its Makefile writes from Chart.template.yaml (version and appVersion the
    release's, so that its images are the release's names)."""
    version = VERSIONS["CERT_MANAGER_TESTED_VERSION"]
    chart = STATE / "cert-manager-chart"
    shutil.rmtree(chart, ignore_errors=True)
    shutil.copytree(os.environ["CERT_MANAGER_CHART"], chart)
    subprocess.run(["chmod", "-R", "u+w", str(chart)], check=True)
    metadata = yaml.safe_load((chart / "Chart.template.yaml").read_text())
    metadata["annotations"]["artifacthub.io/signKey"] = (chart / "signkey_annotation.txt").read_text()
    metadata["annotations"]["artifacthub.io/prerelease"] = "false"
    metadata["version"] = metadata["appVersion"] = version
    (chart / "Chart.yaml").write_text(yaml.safe_dump(metadata, sort_keys=False))
    kube.in_namespace("cert-manager").helm(
        "install", "cert-manager", str(chart), "--create-namespace", "--set", "crds.enabled=true", "--wait", "--timeout", "5m"
    )


def kustomized(kube, config, image, version):
    """An operator's release manifest as its release workflow makes it: its config/installation
    rendered with kustomize, the image given the release's tag."""
    rendered = kube.run("kustomize", config)
    assert rendered.count(f"image: {image}:latest") == 1, f"{config}: one Deployment running {image}"
    return rendered.replace(f"image: {image}:latest", f"image: {image}:{version}")


def install_rabbitmq_operators(kube):
    """The RabbitMQ cluster operator and messaging topology operator as make kind-up applies them
    (their release manifests, rendered here from the pinned modules; the topology operator's with
    cert-manager). And the RabbitmqCluster's volumes, for RabbitMQ's uid (999)."""
    cluster, system = kube.in_namespace(None), kube.in_namespace("rabbitmq-system")
    cluster.apply_manifest(
        kustomized(
            cluster,
            os.environ["RABBITMQ_CLUSTER_OPERATOR_CONFIG"],
            "rabbitmqoperator/cluster-operator",
            VERSIONS["RABBITMQ_CLUSTER_OPERATOR_VERSION"],
        )
    )
    system.rollout("deployment/rabbitmq-cluster-operator")
    cluster.apply_manifest(
        kustomized(
            cluster,
            os.environ["MESSAGING_TOPOLOGY_OPERATOR_CONFIG"],
            "ghcr.io/rabbitmq/messaging-topology-operator",
            VERSIONS["MESSAGING_TOPOLOGY_OPERATOR_VERSION"],
        )
    )
    system.rollout("deployment/messaging-topology-operator")
    # Available is not yet answering: as make kind-up does, wait until its webhook admits a Permission.
    probe = PROJECT / "manifests/platform/topology-webhook-probe.yaml"
    deadline = time.monotonic() + 300
    while (answer := cluster.attempt("apply", "--dry-run=server", "-f", str(probe))).returncode:
        assert time.monotonic() < deadline, answer.stderr
        time.sleep(2)
    # The StatefulSet's claims (its volumeClaimTemplate "persistence").
    claims = [f"persistence-{RELEASE}-rabbitmq-server-{index}" for index in range(RELEASE_VALUES["rabbitmq"]["replicas"])]
    static_volumes(kube, claims, RELEASE_VALUES["rabbitmq"]["storage"], uid=999)


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


def database(kube):
    return Database(kube, f"{RELEASE}-postgres")


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
