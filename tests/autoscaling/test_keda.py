"""What KEDA and the HPA controller do with the chart's ScaledObject, step by step, with no worker
running (no kubelet: the pods stay Pending), so that the queue holds exactly what each test puts
there. The tests run in order, each leaving the Deployment where the next one starts."""

import copy
import math
import time

import pytest

from conftest import AUTOSCALING, KEDA_METRICS_URL, RELEASE, STATISTICS_INTERVAL_S, WORKER, credentials_secret, pick
from support.cluster import LANE_QUEUES, REQUEST_QUEUE, keda_metric_name, keda_scaler_metric

POLLING_S = AUTOSCALING["pollingInterval"]
PER_REPLICA = AUTOSCALING["messagesPerReplica"]
MAX_REPLICAS = AUTOSCALING["maxReplicaCount"]
SCALE_UP = AUTOSCALING["behavior"]["scaleUp"]
SCALE_DOWN = AUTOSCALING["behavior"]["scaleDown"]
COOLDOWN_S = AUTOSCALING["cooldownPeriod"]
# kube-controller-manager's default --horizontal-pod-autoscaler-sync-period, which
# hack/cluster/control-plane.sh keeps: the HPA acts at most this long after its metric changes.
HPA_SYNC_S = 15
# Reconcile loops and kubectl round trips on a loaded 2-core machine.
SLACK_S = 3
# The longest KEDA's view of the queue can lag the queue: the management API's statistics
# refresh, then KEDA's next poll.
KEDA_LAG_S = STATISTICS_INTERVAL_S + POLLING_S
HPA = f"keda-hpa-{WORKER}"


def wait_for(condition, timeout, interval=0.25, message="condition"):
    """Seconds until condition() holds; fails after timeout."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < timeout, f"{message}: not within {timeout} s"
        time.sleep(interval)
    return time.monotonic() - start


def watch_replicas(kube, until, timeout):
    """(seconds, replicas) each time the Deployment's replica count changes, until until(replicas)."""
    start, trace = time.monotonic(), []
    while True:
        replicas = kube.replicas(WORKER)
        if not trace or trace[-1][1] != replicas:
            trace.append((round(time.monotonic() - start, 1), replicas))
        if until(replicas):
            return trace
        assert time.monotonic() - start < timeout, f"replicas over time: {trace}"
        time.sleep(0.25)


def external_metric_name(kube, queue=REQUEST_QUEUE):
    return keda_metric_name(kube.get("hpa", HPA), queue)


def test_an_idle_worker_deployment_is_scaled_to_zero(kube, autoscaled_worker, broker):
    broker.purge(REQUEST_QUEUE)
    wait_for(lambda: kube.replicas(WORKER) == 0, KEDA_LAG_S + SLACK_S, message="scaled to zero")


def test_the_first_submission_activates_a_worker_within_kedas_polling_interval(kube, broker, report):
    """The AMQP triggers read the queue as it is: activation waits for KEDA's next poll, not also for
    the management API's statistics (10.0 s here when only those were read)."""
    start = time.monotonic()
    broker.publish(REQUEST_QUEUE, 1)
    activation_s = wait_for(lambda: kube.replicas(WORKER) == 1, POLLING_S + SLACK_S, message="activation 0 → 1")
    report["activation_s"] = round(activation_s, 1)
    assert time.monotonic() - start <= POLLING_S + SLACK_S


def test_kedas_metric_is_ready_plus_unacknowledged_messages(kube, broker, report):
    broker.publish(REQUEST_QUEUE, 15)  # 16 with the one from the activation test
    held = broker.hold_unacknowledged(REQUEST_QUEUE, 7)  # as workers hold what they are judging
    try:
        # The management API's view first: its statistics can lag more than one interval on a busy
        # machine (seen: still (1, 0) after 8 s), and what is under test is KEDA's reading of it.
        broker.wait_depth(REQUEST_QUEUE, ready=9, unacked=7, timeout=4 * STATISTICS_INTERVAL_S)
        # What the operator computed on its own polls, and what the HPA reads through the apiserver.
        metric = external_metric_name(kube)
        wait_for(
            lambda: keda_scaler_metric(KEDA_METRICS_URL, WORKER, metric) == 16,
            KEDA_LAG_S + SLACK_S,
            message=f"keda_scaler_metrics_value = 16 (ready 9 + unacked 7); last "
            f"{keda_scaler_metric(KEDA_METRICS_URL, WORKER, metric)}",
        )
        through_api = kube.external_metric(metric, WORKER)
        report["metric_matches_ready_plus_unacked"] = through_api == 16
        assert through_api == 16
    finally:
        held.close()  # the 7 go back to ready


def test_a_backlog_scales_out_to_what_the_target_implies_and_no_further_than_max(kube, broker, report):
    backlog = (MAX_REPLICAS + 2) * PER_REPLICA  # more than max replicas' worth
    broker.publish(REQUEST_QUEUE, backlog - 16)
    expected = min(MAX_REPLICAS, math.ceil(backlog / PER_REPLICA))
    trace = watch_replicas(kube, lambda replicas: replicas >= expected, timeout=4 * HPA_SYNC_S + KEDA_LAG_S + 30)
    # It must stay there: the HPA's own desired count is max + 2.
    time.sleep(HPA_SYNC_S + SLACK_S)
    trace += [(None, kube.replicas(WORKER))]
    report["scale_out_trace"] = trace
    counts = [replicas for _, replicas in trace]
    assert counts[-1] == expected and max(counts) == expected, trace
    status = kube.get("hpa", HPA)["status"]
    assert status["desiredReplicas"] == expected
    # Each step within the scale-up policies: at most +pods or +percent per period, whichever is more.
    for before, after in zip(counts, counts[1:]):
        assert after <= max(before + SCALE_UP["pods"], math.ceil(before * (1 + SCALE_UP["percent"] / 100))), trace


def test_scale_down_waits_for_the_stabilisation_window_then_follows_the_policy(kube, broker, report):
    before = kube.replicas(WORKER)
    broker.purge(REQUEST_QUEUE)
    broker.publish(REQUEST_QUEUE, 2 * PER_REPLICA)  # two workers' worth: not zero, so KEDA stays out of it
    start = time.monotonic()
    window = SCALE_DOWN["stabilizationWindowSeconds"]
    trace = watch_replicas(kube, lambda replicas: replicas < before, timeout=window + HPA_SYNC_S + KEDA_LAG_S + 30)
    waited = time.monotonic() - start
    report["scale_down_first_step_s"] = round(waited, 1)
    # The HPA keeps the highest recommendation of the last `window` seconds. The last high one was
    # made at the HPA's last sync before the queue shrank, up to one sync period before the purge.
    assert window - HPA_SYNC_S <= waited <= window + HPA_SYNC_S + KEDA_LAG_S + SLACK_S, trace
    assert trace[-1][1] >= before - SCALE_DOWN["pods"], trace


def test_back_to_zero_after_the_cooldown_once_the_queue_is_empty(kube, broker, report):
    broker.purge(REQUEST_QUEUE)
    start = time.monotonic()
    wait_for(lambda: kube.replicas(WORKER) == 0, COOLDOWN_S + KEDA_LAG_S + POLLING_S + SLACK_S, message="scale to zero")
    to_zero = time.monotonic() - start
    report["scale_to_zero_after_empty_s"] = round(to_zero, 1)
    # KEDA's last look that saw messages was at most one poll before the purge.
    assert to_zero >= COOLDOWN_S - POLLING_S


def test_a_backlog_in_another_lane_wakes_the_workers_and_scales_them_on_its_own(kube, broker, report):
    """From zero (the test before), with only the contest lane, then only the rejudge lane, queued."""
    contest, rejudge = LANE_QUEUES[0], LANE_QUEUES[2]
    broker.publish(contest, 2 * PER_REPLICA)
    trace = watch_replicas(kube, lambda replicas: replicas >= 2, timeout=KEDA_LAG_S + 2 * HPA_SYNC_S + 30)
    broker.purge(contest)
    broker.publish(rejudge, 3 * PER_REPLICA)
    trace += watch_replicas(kube, lambda replicas: replicas >= 3, timeout=KEDA_LAG_S + 2 * HPA_SYNC_S + 30)
    report["lanes_scale_trace"] = trace
    broker.purge(rejudge)
    assert trace[0][1] <= 1 and trace[-1][1] == 3, trace


# What KEDA says, from either kind of trigger: the management API's answer, or the broker's over AMQP
# (a refused login stops KEDA building the AMQP trigger, and with it the others).
@pytest.mark.parametrize(
    "breakage, expected_errors",
    [
        ("wrong-credentials", ("401 Unauthorized", "username or password not allowed")),
        ("missing-queue", ("404 Not Found", "NOT_FOUND")),
    ],
)
def test_a_broken_trigger_shows_up_as_a_keda_error(kube, chart, autoscaled_worker, breakage, expected_errors):
    """A copy of the chart's worker objects, broken one way, next to the real ones."""
    name = f"{WORKER}-{breakage}"
    deployment = copy.deepcopy(pick(chart, "Deployment", WORKER))
    deployment["metadata"]["name"] = name
    for labels in (deployment["spec"]["selector"]["matchLabels"], deployment["spec"]["template"]["metadata"]["labels"]):
        labels["app.kubernetes.io/component"] = name
    scaled_object = copy.deepcopy(autoscaled_worker)
    scaled_object["metadata"]["name"] = name
    scaled_object["spec"]["scaleTargetRef"]["name"] = name
    objects = [deployment, scaled_object]
    # Every lane's trigger broken alike.
    triggers = scaled_object["spec"]["triggers"]
    if breakage == "wrong-credentials":
        authentication = copy.deepcopy(pick(chart, "TriggerAuthentication", f"{RELEASE}-rabbitmq"))
        authentication["metadata"]["name"] = name
        for ref in authentication["spec"]["secretTargetRef"]:
            ref["name"] = name
        for trigger in triggers:
            trigger["authenticationRef"]["name"] = name
        objects[:0] = [credentials_secret(name, "guest", "not-the-password"), authentication]
    else:
        for index, trigger in enumerate(triggers):
            trigger["metadata"]["queueName"] = f"judge.no-such-queue-{index}"
    kube.apply(objects)
    try:

        def reported():
            events = [e for e in kube.events(name) if e["reason"] == "KEDAScalerFailed"]
            conditions = {c["type"]: c for c in kube.get("scaledobject", name).get("status", {}).get("conditions", [])}
            ready = conditions.get("Ready", {})
            # TriggerError when built triggers fail their polls; ScaledObjectCheckFailed when one
            # cannot be built (an AMQP trigger connects as it is built), the cause in its message.
            return (
                any(expected in e["message"] for e in events for expected in expected_errors)
                and ready.get("status") == "False"
                and ready.get("reason") in ("TriggerError", "ScaledObjectCheckFailed")
            )

        try:
            wait_for(
                reported,
                KEDA_LAG_S + SLACK_S + 10,
                interval=1,
                message=f"a KEDAScalerFailed event with one of {expected_errors} and Ready=False on {name}",
            )
        except AssertionError as missing:
            status = kube.get("scaledobject", name).get("status", {})
            events = [(e["reason"], e["message"]) for e in kube.events(name)]
            raise AssertionError(f"{missing}; status {status}; events {events}") from None
    finally:
        for kind in ("scaledobject", "deployment", "triggerauthentication", "secret"):
            kube.delete(kind, name)
