"""`make load-test`, the user's last step: applies the k6-operator TestRun of
manifests/load-test/testrun.yaml (only its size made smaller: SUBMISSIONS) and follows it to its end,
as test_load_test.py and test_monitoring.py run it."""

import os
import re
import subprocess
import time

from tier import KUBECONFIG, PROJECT

TESTRUN = "judge-burst"
API, WORKER = "judge-api", "judge-worker"


def make_load_test(kube, submissions, tick=None):
    """Runs the TestRun to its end (finished or error); tick(), if given, every 2 s meanwhile.
    Returns its stages and the replicas of the API and the workers, each as (seconds, value) when it
    changed, and per runner pod its log, exit code and summary."""
    started = time.monotonic()
    subprocess.run(
        ["make", "-C", str(PROJECT), "load-test", f"SUBMISSIONS={submissions}"],
        env=dict(os.environ, KUBECONFIG=KUBECONFIG),
        check=True,
        timeout=600,
    )
    traces = {"stage": [], API: [], WORKER: []}
    deadline = time.monotonic() + 1500
    while not traces["stage"] or traces["stage"][-1][1] not in ("finished", "error"):
        now = round(time.monotonic() - started)
        for name, value in (
            ("stage", kube.get("testrun", TESTRUN).get("status", {}).get("stage", "")),
            (API, kube.replicas(API)),
            (WORKER, kube.replicas(WORKER)),
        ):
            if not traces[name] or traces[name][-1][1] != value:
                traces[name].append((now, value))
        assert time.monotonic() < deadline, f"the TestRun's stages: {traces['stage']}"
        if tick:
            tick()
        time.sleep(2)
    runners = kube.get("pods", selector=f"k6_cr={TESTRUN},runner=true")["items"]
    logs = {pod["metadata"]["name"]: kube.run("logs", pod["metadata"]["name"]) for pod in runners}
    exits = {
        pod["metadata"]["name"]: pod["status"]["containerStatuses"][0]["state"].get("terminated", {}).get("exitCode")
        for pod in runners
    }
    return {
        "traces": traces,
        "runners": runners,
        "logs": logs,
        "exits": exits,
        "summaries": {name: summary(log) for name, log in logs.items()},
    }


def summary(log):
    """The counts the script's handleSummary prints (tests/load/submissions.js)."""
    counts = re.search(r"accepted (\d+), rejected (\d+), verdicts (\d+), unexpected (\d+), no verdict (\d+)", log)
    assert counts, f"no summary in the runner's log: {log[-2000:]}"
    accepted, rejected, verdicts, unexpected, no_verdict = map(int, counts.groups())
    latency = re.search(r"end to end ms: p50 (\S+) p95 (\S+) p99 (\S+)", log)
    rejected_as = dict(
        (kind, int(count))
        for kind, count in re.findall(
            r"(timeout|refused|reset|non-2xx|other) (\d+)", log.split("rejected as:", 1)[-1].split("\n", 1)[0]
        )
    )
    why = re.findall(r"POST not accepted: [^\n]*", log)
    return {
        "accepted": accepted,
        "rejected": rejected,
        "rejected_as": rejected_as,
        "why": why[:3],
        "verdicts": verdicts,
        "unexpected": unexpected,
        "no_verdict": no_verdict,
        "end_to_end_ms_p50_p95_p99": latency.groups() if latency else None,
    }
