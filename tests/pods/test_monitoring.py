"""What a user's Prometheus makes of the chart (make test-monitoring): the user's third step, "watch
autoscaling in Grafana", with everything Grafana would ask for asked of a real Prometheus: the stack
make kind-up installs (monitoring_stack.py), reading the release the other pod tests install."""

import json
import math
import re
import threading
import time

import dashboard_picture
import monitoring_stack
import pika
import pytest
import yaml
from monitoring_stack import RABBITMQ, STACK
from testrun import make_load_test

from support.judge_client import ApiError
from support.programs import SUM
from tier import AMQP_PORT, BROKER_USERS, PROJECT, RELEASE, RELEASE_VALUES, STATE

pytestmark = pytest.mark.monitoring

DASHBOARD = json.loads((PROJECT / "charts/judge/files/dashboards/judge-overview.json").read_text())
SUBMISSIONS = 2000
CHART_VALUES = yaml.safe_load((PROJECT / "charts/judge/values.yaml").read_text())
WORKER = "judge-worker"
ALERTS_STATE = STATE / "alerts.json"


@pytest.fixture(scope="module")
def prometheus(kube, release, keda):
    return monitoring_stack.install(kube)


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
        items = json.loads(kube.run("get", f"{plural}.monitoring.coreos.com", "-A", "-o", "json"))["items"]
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
    revision = json.loads(kube.helm("history", RELEASE, "-o", "json"))[-1]["revision"]
    # The backlog alert waits alerts.backlogGrowingFor (10m) by default: 5m here, as the others'.
    kube.helm(
        "upgrade",
        RELEASE,
        str(PROJECT / "charts/judge"),
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
        kube.helm("rollback", RELEASE, str(revision), "--wait", "--timeout", "5m")
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
