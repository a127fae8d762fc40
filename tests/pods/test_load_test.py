"""The user's last step, as the README gives it: `make load-test`, which applies the k6-operator TestRun
of manifests/load-test/testrun.yaml (only its size made smaller: SUBMISSIONS) against the release
installed from manifests/judge-kind-values.yaml. The k6-operator is installed from its pinned chart
(read from its Go module) as make kind-up installs it, and runs its controller, initializer, runners
and starter from images built from the pinned sources with the names upstream gives them."""
import json
import os
import re
import subprocess
import time

import pytest

from conftest import KUBECONFIG, PROJECT, RELEASE_VALUES, VERSIONS, helm

SUBMISSIONS = 2000
TESTRUN = "judge-burst"
API, WORKER = "judge-api", "judge-worker"
# k6's exit code when a threshold fails (the script's thresholds: every POST accepted, every
# submission judged with the expected verdict, no read errors).
THRESHOLDS_FAILED = 99


@pytest.fixture(scope="module")
def k6_operator():
    """helm install of the k6-operator's chart as make kind-up runs it (a release in "default" that
    makes the namespace k6-operator-system), with the controller built from the pinned version."""
    helm("install", "k6-operator", os.environ["K6_OPERATOR_CHART"], "--namespace", "default",
         "--set", f"manager.image.tag=controller-v{VERSIONS['K6_OPERATOR_VERSION']}", "--wait", "--timeout", "5m")


@pytest.mark.disruptive(1)
def test_make_load_test_runs_the_shipped_testrun_to_its_end_with_its_thresholds_met(k6_operator, release, first_worker, kube,
                                                                                     report):
    restarts_before = api_restarts(release)
    started = time.monotonic()
    subprocess.run(["make", "-C", str(PROJECT), "load-test", f"SUBMISSIONS={SUBMISSIONS}"],
                   env=dict(os.environ, KUBECONFIG=KUBECONFIG), check=True, timeout=600)
    # (seconds, value) each time a value changes: the TestRun's stage, and the replicas KEDA sets for
    # the workers and the API's CPU autoscaler (metrics-server's readings) for the API.
    traces = {"stage": [], API: [], WORKER: []}
    deadline = time.monotonic() + 1500
    while not traces["stage"] or traces["stage"][-1][1] not in ("finished", "error"):
        now = round(time.monotonic() - started)
        for name, value in (("stage", kube.get("testrun", TESTRUN).get("status", {}).get("stage", "")),
                            (API, kube.replicas(API)), (WORKER, kube.replicas(WORKER))):
            if not traces[name] or traces[name][-1][1] != value:
                traces[name].append((now, value))
        assert time.monotonic() < deadline, f"the TestRun's stages: {traces['stage']}"
        time.sleep(2)
    stages = traces["stage"]
    runners = kube.get("pods", selector=f"k6_cr={TESTRUN},runner=true")["items"]
    logs = {pod["metadata"]["name"]: kube.run("logs", pod["metadata"]["name"]) for pod in runners}
    exits = {pod["metadata"]["name"]: pod["status"]["containerStatuses"][0]["state"].get("terminated", {}).get("exitCode")
             for pod in runners}
    summaries = {name: summary(log) for name, log in logs.items()}
    report["load_test"] = {"submissions": SUBMISSIONS, "traces_s": traces, "runner_exit_codes": exits,
                           "runners": summaries, "api_restarts": api_restarts(release) - restarts_before}

    assert stages[-1][1] == "finished", f"the TestRun's stages: {stages}; runner logs: {json.dumps(logs)[-3000:]}"
    assert len(runners) == kube.get("testrun", TESTRUN)["spec"]["parallelism"]
    assert set(exits.values()) == {0}, f"k6 exits {THRESHOLDS_FAILED} when a threshold fails: {exits}; {summaries}"
    assert sum(s["accepted"] for s in summaries.values()) == SUBMISSIONS, summaries
    assert sum(s["verdicts"] for s in summaries.values()) == SUBMISSIONS, summaries
    # (The API's replicas are reported, not asserted: the tests before may have scaled it out already;
    # tests/pods/test_autoscaling.py shows its autoscaler acting from where the install left it.)
    assert max(replicas for _, replicas in traces[WORKER]) == RELEASE_VALUES["worker"]["autoscaling"]["maxReplicaCount"]


def api_restarts(release):
    """Container restarts of the API pods running now (a restart under load refuses connections)."""
    return sum(status["restartCount"] for pod in release.of("api") for status in pod["status"]["containerStatuses"])


def summary(log):
    """The counts the script's handleSummary prints (tests/load/submissions.js)."""
    counts = re.search(r"accepted (\d+), rejected (\d+), verdicts (\d+), unexpected (\d+), no verdict (\d+)", log)
    assert counts, f"no summary in the runner's log: {log[-2000:]}"
    accepted, rejected, verdicts, unexpected, no_verdict = map(int, counts.groups())
    latency = re.search(r"end to end ms: p50 (\S+) p95 (\S+) p99 (\S+)", log)
    rejected_as = dict((kind, int(count)) for kind, count in
                       re.findall(r"(timeout|refused|reset|non-2xx|other) (\d+)", log.split("rejected as:", 1)[-1].split("\n", 1)[0]))
    why = re.findall(r"POST not accepted: [^\n]*", log)
    return {"accepted": accepted, "rejected": rejected, "rejected_as": rejected_as, "why": why[:3],
            "verdicts": verdicts, "unexpected": unexpected, "no_verdict": no_verdict,
            "end_to_end_ms_p50_p95_p99": latency.groups() if latency else None}
