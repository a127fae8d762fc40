"""The broker as a user's cluster runs it: the chart's RabbitmqCluster made into three RabbitMQ nodes by
the cluster operator, its User and Permission objects made into broker users by the messaging topology
operator (with cert-manager for its webhooks), the judge connected with the credentials they wrote;
and the node that leads the request queue deleted while clients submit, with nothing lost (make
test-rabbitmq-operators)."""

import time
import urllib.parse

import pytest
from platform_installers import database, rabbitmq

from support.cluster import REQUEST_QUEUE
from support.polite_clients import PoliteClients
from support.programs import SUM
from tier import BROKER_USERS, RELEASE, RELEASE_VALUES

pytestmark = pytest.mark.rabbitmq_operators

CLIENTS = 4
BEFORE_DELETE = 100  # submissions accepted before the broker node goes
AFTER_RETURN_S = 10  # how long clients go on submitting once the node is back


def pod_of(node):
    """The pod of a RabbitMQ node name, rabbit@<pod>.<headless service>.<namespace>."""
    return node.split("@", 1)[1].split(".", 1)[0]


def test_the_operators_make_the_charts_broker_users_and_permissions(api, kube, broker, release):
    cluster = rabbitmq(kube)
    assert cluster.condition("AllReplicasReady") and cluster.condition("ReconcileSuccess"), kube.get(
        "rabbitmqcluster", cluster.name
    )["status"]
    nodes = broker.read("/api/nodes")
    assert sorted(pod_of(node["name"]) for node in nodes if node["running"]) == sorted(
        f"{cluster.name}-server-{index}" for index in range(RELEASE_VALUES["rabbitmq"]["replicas"])
    ), "one cluster of every replica"

    # Each User a broker user with the chart's grants, as its Permission says.
    assert set(BROKER_USERS) == {f"{RELEASE}-rabbitmq-{c}" for c in ("api", "worker", "consumer", "keda")}
    for permission in kube.get("permission")["items"]:
        username = BROKER_USERS[permission["spec"]["userReference"]["name"]][0]
        granted = broker.read(f"/api/permissions/%2F/{urllib.parse.quote(username, safe='')}")
        assert {kind: granted[kind] for kind in ("configure", "write", "read")} == permission["spec"]["permissions"]
    assert broker.read(f"/api/users/{BROKER_USERS[f'{RELEASE}-rabbitmq-keda'][0]}")["tags"] == ["management"]

    # The judge runs on them: the API and consumer connected as their own users, and a submission judged
    # (which wakes a worker through KEDA, reading the queue as its user).
    verdict = api.wait_for_verdict(api.submit(api.create_problem(), SUM["python"]), timeout=300)
    assert verdict["verdict"] == "ACCEPTED", verdict
    # The management API lists a connection once its statistics arrive (statisticsIntervalMs).
    users = {BROKER_USERS[f"{RELEASE}-rabbitmq-{component}"][0] for component in ("api", "worker", "consumer")}
    deadline = time.monotonic() + 30
    while not users <= (connected := {connection["user"] for connection in broker.read("/api/connections")}):
        assert time.monotonic() < deadline, f"not connected: {users - connected}"
        time.sleep(1)


@pytest.mark.disruptive(0)
def test_the_node_leading_the_request_queue_deleted_under_load_loses_and_repeats_nothing(api, kube, broker, release, report):
    cluster = rabbitmq(kube)
    problem = api.create_problem(title="Sum (broker node deleted)")
    clients = PoliteClients(api, problem)
    with clients.submitting(CLIENTS, accepted_first=BEFORE_DELETE):
        leader = pod_of(broker.queue(REQUEST_QUEUE)["leader"])
        old_uid = kube.get("pods", leader)["metadata"]["uid"]
        deleted_at = time.monotonic()
        kube.run("delete", "pod", leader, "--wait=false")  # graceful, as kubectl delete is: its preStop drains it
        while not (
            (pod := kube.find("pods", leader))
            and pod["metadata"]["uid"] != old_uid
            and release.ready(pod)
            and cluster.condition("AllReplicasReady")
        ):
            assert time.monotonic() - deleted_at < 600, (
                f"{leader} not back: {kube.get('rabbitmqcluster', cluster.name)['status']}"
            )
            time.sleep(1)
        returned_at = time.monotonic()
        time.sleep(AFTER_RETURN_S)

    outcome = clients.outcome(api, database(kube), deleted_at)
    report["broker_node_deleted"] = {
        "clients": CLIENTS,
        "node": leader,
        "new_leader": pod_of(broker.queue(REQUEST_QUEUE)["leader"]),
        "delete_to_node_back_s": round(returned_at - deleted_at, 1),
        **outcome,
    }
    assert clients.accepted_after(returned_at), "submissions accepted once the node was back"
    clients.assert_each_judged_once(outcome)
