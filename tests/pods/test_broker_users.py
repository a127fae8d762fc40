"""The broker users the chart declares, as the pods use them: each component may do what it needs on
the broker (the rest of this tier shows that it judges, scales and records with them) and nothing
more. Above all the worker, which runs untrusted programs beside it: a program that escaped the
sandbox with the worker's credentials could read no results, forge no submissions and reconfigure
nothing."""

import urllib.error

import pika
import pytest

from tier import BROKER_USERS, RELEASE

pytestmark = pytest.mark.any_broker

REFUSED = 403


def user(component):
    return BROKER_USERS[f"{RELEASE}-rabbitmq-{component}"]


def refused(broker, component, operation):
    """Whether the broker refuses `operation` (a function of a channel) to the component's user."""
    username, password = user(component)
    with broker.as_user(username, password).connect() as connection:
        channel = connection.channel()
        channel.confirm_delivery()
        try:
            operation(channel)
        except pika.exceptions.ChannelClosedByBroker as closed:
            return closed.reply_code == REFUSED
    return False


def publish(exchange, routing_key):
    return lambda channel: channel.basic_publish(exchange, routing_key, b"{}")


def test_the_tier_runs_as_the_charts_users(release):
    assert set(BROKER_USERS) == {f"{RELEASE}-rabbitmq-{c}" for c in ("api", "worker", "consumer", "keda")}


@pytest.mark.parametrize(
    "operation",
    [
        pytest.param(lambda channel: channel.queue_declare("judge.escape"), id="declare-a-queue"),
        pytest.param(lambda channel: channel.queue_delete("judge.submissions"), id="delete-the-request-queue"),
        pytest.param(lambda channel: channel.basic_get("judge.results"), id="read-results"),
        pytest.param(lambda channel: channel.basic_get("judge.preparations.done"), id="read-preparation-results"),
        pytest.param(publish("judge.exchange.submissions", "judge.submissions"), id="forge-a-submission"),
        pytest.param(publish("judge.exchange.submissions", "judge.preparations"), id="forge-a-preparation"),
        pytest.param(publish("", "judge.submissions"), id="forge-one-through-the-default-exchange"),
        pytest.param(publish("judge.exchange.dead", "judge.results.dead"), id="dead-letter-by-hand"),
    ],
)
def test_the_worker_user_may_not(release, broker, operation):
    assert refused(broker, "worker", operation)


def test_the_worker_user_may_publish_results_and_see_its_queue(release, broker):
    username, password = user("worker")
    with broker.as_user(username, password).connect() as connection:
        channel = connection.channel()
        for queue in ("judge.submissions", "judge.preparations"):
            assert channel.queue_declare(queue, passive=True).method.queue == queue
    # A publish the results exchange accepts, without a result the consumer would record: the
    # operation only has to get past the permission check, so a message that routes nowhere will do.
    assert not refused(broker, "worker", publish("judge.exchange.results", "no-such-route"))


@pytest.mark.parametrize(
    "operation",
    [
        pytest.param(publish("judge.exchange.results", "judge.results"), id="forge-a-result"),
        pytest.param(lambda channel: channel.basic_get("judge.submissions"), id="read-submissions"),
        pytest.param(lambda channel: channel.basic_get("judge.preparations"), id="read-preparations"),
    ],
)
def test_the_consumer_user_may_not(release, broker, operation):
    assert refused(broker, "consumer", operation)


def test_keda_reads_queue_depth_but_no_messages(release, broker):
    username, password = user("keda")
    assert broker.as_user(username, password).queue("judge.submissions")["name"] == "judge.submissions"
    assert refused(broker, "keda", lambda channel: channel.basic_get("judge.submissions"))


@pytest.mark.parametrize("component", ["api", "worker", "consumer"])
def test_no_service_user_may_use_the_management_api(release, broker, component):
    username, password = user(component)
    with pytest.raises(urllib.error.HTTPError) as refusal:
        broker.as_user(username, password).queue("judge.submissions")
    assert refusal.value.code == 401
