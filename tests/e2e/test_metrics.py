"""Every metric the Grafana dashboard queries is one that something really exposes: the three
services and RabbitMQ are scraped live here; the rest come from named components of the platform."""

import json
import pathlib
import re
import time
import urllib.request

import pytest

from conftest import ADMIN_TOKEN, AMQP_PORT
from support.judge_client import ApiError

PROJECT = pathlib.Path(__file__).resolve().parents[2]
DASHBOARDS = sorted((PROJECT / "charts/judge/files/dashboards").glob("*.json"))

# Exposed by parts of the cluster that cannot run here, with where each comes from.
FROM_THE_PLATFORM = {
    "kube_deployment_spec_replicas": "kube-state-metrics (kube-prometheus-stack)",
    "kube_deployment_status_replicas_available": "kube-state-metrics (kube-prometheus-stack)",
    "kube_horizontalpodautoscaler_status_desired_replicas": "kube-state-metrics (kube-prometheus-stack)",
    "kube_horizontalpodautoscaler_status_current_replicas": "kube-state-metrics (kube-prometheus-stack)",
    "kube_horizontalpodautoscaler_spec_max_replicas": "kube-state-metrics (kube-prometheus-stack)",
    "kube_pod_status_phase": "kube-state-metrics (kube-prometheus-stack)",
    "kube_pod_container_resource_limits": "kube-state-metrics (kube-prometheus-stack)",
    "container_cpu_usage_seconds_total": "the kubelet's cAdvisor (kube-prometheus-stack's kubelet monitor)",
    "container_cpu_cfs_periods_total": "the kubelet's cAdvisor (kube-prometheus-stack's kubelet monitor)",
    "container_cpu_cfs_throttled_periods_total": "the kubelet's cAdvisor (kube-prometheus-stack's kubelet monitor)",
    # KEDA 2.21's pkg/metricscollector/prommetrics.go; its error counters appear only after an error.
    "keda_scaler_metrics_value": "the KEDA operator (manifests/platform/keda-monitors.yaml)",
    "keda_scaler_active": "the KEDA operator (manifests/platform/keda-monitors.yaml)",
    "keda_scaler_detail_errors_total": "the KEDA operator (manifests/platform/keda-monitors.yaml)",
    "keda_scaled_object_errors_total": "the KEDA operator (manifests/platform/keda-monitors.yaml)",
    "k6_vus": "k6 --out experimental-prometheus-rw (k6-operator TestRun)",
    "k6_http_reqs_total": "k6 --out experimental-prometheus-rw (k6-operator TestRun)",
}
# PromQL's binary-operator keywords; functions and aggregations are told apart by the "(" after them.
PROMQL_KEYWORDS = {"and", "or", "unless", "on", "ignoring", "group_left", "group_right", "bool", "offset"}


def scrape(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return {
            line.split("{")[0].split(" ")[0]
            for line in response.read().decode().splitlines()
            if line and not line.startswith("#")
        }


def broker_queue_metrics():
    """RabbitMQ's per-queue metrics, once it has emitted them: a queue's first statistics come up to
    one collect_statistics_interval (5 s in hack/infra.sh) after it was declared."""
    url = f"http://127.0.0.1:{AMQP_PORT + 10020}/metrics/detailed?family=queue_coarse_metrics&family=queue_consumer_count"
    deadline = time.monotonic() + 15
    while True:
        names = scrape(url)
        if any(name.startswith("rabbitmq_detailed_queue_") for name in names) or time.monotonic() > deadline:
            return names
        time.sleep(0.5)


def queried_metrics():
    names = set()
    for path in DASHBOARDS:
        for panel in json.loads(path.read_text())["panels"]:
            for target in panel["targets"]:
                # Drop label matchers, ranges, strings and grouping clauses: what is left are keywords,
                # functions (a name before "(") and metrics.
                expr = re.sub(r'\{[^}]*\}|\[[^]]*\]|"[^"]*"|\b(by|without)\s*\([^)]*\)', "", target["expr"])
                names |= {
                    word
                    for word in re.findall(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(?!\s*\(|[a-zA-Z0-9_:])", expr)
                    if word not in PROMQL_KEYWORDS
                }
    return names


def test_every_dashboard_metric_is_exposed(api, stack, worker):
    # Lazily registered meters (verdicts, latencies) appear once a submission went through, and the
    # quota's refusals once a key went over its quota.
    # Public: the key below submits to a problem an anonymous call made.
    problem = api.create_problem(submitters="PUBLIC")
    api.wait_for_verdict(api.submit(problem, "a, b = map(int, input().split())\nprint(a + b)\n"))
    keyed = api.with_token(api.with_token(ADMIN_TOKEN).create_key("metrics", perMinute=1)["key"])
    keyed.submit(problem, "print(3)")
    with pytest.raises(ApiError) as refused:
        keyed.submit(problem, "print(3)")
    assert refused.value.status == 429

    exposed = set()
    for service in (stack.service("api-a"), stack.service("consumer"), worker):
        exposed |= scrape(f"{service.management_url}/actuator/prometheus")
    exposed |= broker_queue_metrics()

    queried = queried_metrics()
    assert {"judge_submissions_latency_seconds_bucket", "rabbitmq_detailed_queue_messages_ready"} <= queried
    missing = sorted(queried - exposed - FROM_THE_PLATFORM.keys())
    assert missing == [], f"the dashboard queries metrics nothing exposes: {missing}"


def test_metrics_name_no_tenant(api, stack, worker):
    """Whoever scrapes the API learns no key's name (judge.access.key-names-in-metrics is off)."""
    keyed = api.with_token(api.with_token(ADMIN_TOKEN).create_key("tenant-name-canary", perMinute=1)["key"])
    problem = api.create_problem(submitters="PUBLIC")
    keyed.submit(problem, "print(3)")
    with pytest.raises(ApiError):
        keyed.submit(problem, "print(3)")
    with urllib.request.urlopen(f"{stack.service('api-a').management_url}/actuator/prometheus", timeout=10) as response:
        scraped = response.read().decode()
    assert "judge_quota_refused_total{" in scraped
    assert "tenant-name-canary" not in scraped


def request_counts(url):
    """http.server.requests' counts on the API, by (method, uri, status)."""
    with urllib.request.urlopen(f"{url}/actuator/prometheus?includedNames=http_server_requests_seconds", timeout=10) as response:
        lines = response.read().decode().splitlines()
    counts = {}
    for line in lines:
        if line.startswith("http_server_requests_seconds_count{"):
            labels = dict(re.findall(r'(\w+)="([^"]*)"', line.rsplit("} ", 1)[0]))
            counts[labels["method"], labels["uri"], labels["status"]] = float(line.rsplit(" ", 1)[1])
    return counts


def test_the_hot_routes_answered_below_spring_mvc_are_counted_under_their_routes(api, stack):
    """POST /api/submissions and GET /api/submissions/{id}, answered by filters that call their controllers
    (SubmitShortcut, PollShortcut), are counted as Spring MVC counts them: the dashboard's accept latency
    and error rate read these series. No long-task timer (.active) beside them."""
    url = stack.service("api-a").management_url
    before = request_counts(url)
    problem = api.create_problem()
    submission = api.submit(problem, "print(3)")
    api.submission(submission)
    with pytest.raises(ApiError) as unknown:
        api.request("GET", "/api/submissions/00000000-0000-4000-8000-000000000000")
    assert unknown.value.status == 404
    after = request_counts(url)

    def added(method, uri, status):
        return after.get((method, uri, status), 0) - before.get((method, uri, status), 0)

    assert added("POST", "/api/submissions", "202") == 1
    assert added("GET", "/api/submissions/{id}", "200") >= 1
    assert added("GET", "/api/submissions/{id}", "404") == 1
    with urllib.request.urlopen(f"{url}/actuator/prometheus", timeout=10) as response:
        assert "http_server_requests_active" not in response.read().decode()
