"""The user's last step, as the README gives it: `make load-test` (testrun.py), which applies the
k6-operator TestRun of manifests/load-test/testrun.yaml against the release installed from
manifests/judge-kind-values.yaml. The k6-operator is installed from its pinned chart (read from its
Go module) as make kind-up installs it, and runs its controller, initializer, runners and starter
from images built from the pinned sources with the names upstream gives them."""

import json
from datetime import datetime, timezone

import pytest
from testrun import TESTRUN, WORKER, make_load_test

from tier import RELEASE_VALUES

SUBMISSIONS = 2000
# k6's exit code when a threshold fails (the script's thresholds: every POST accepted, every
# submission judged with the expected verdict, no read errors).
THRESHOLDS_FAILED = 99


@pytest.mark.disruptive(1)
def test_make_load_test_runs_the_shipped_testrun_to_its_end_with_its_thresholds_met(
    k6_operator, release, first_worker, kube, report
):
    restarts_before = api_restarts(release)
    # The API's log lines carry ISO-8601 UTC timestamps: those from this test on sort after this one.
    began = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    run = make_load_test(kube, SUBMISSIONS)
    traces, exits, summaries = run["traces"], run["exits"], run["summaries"]
    stages = traces["stage"]
    report["load_test"] = {
        "submissions": SUBMISSIONS,
        "traces_s": traces,
        "runner_exit_codes": exits,
        "runners": summaries,
        "api_restarts": api_restarts(release) - restarts_before,
        # Why the API answered 503 during the burst, if it did (ProblemDetailsAdvice logs the cause;
        # the database failover before this test leaves such lines too), and whether the database's
        # pods restarted meanwhile.
        "api_database_unavailable": [
            line
            for pod in release.of("api")
            for line in release.logs(pod).splitlines()
            if "Database unavailable" in line and line[:19] >= began
        ][:5],
        "database_restarts": {
            pod["metadata"]["name"]: sum(status["restartCount"] for status in pod["status"]["containerStatuses"])
            for pod in kube.get("pods", selector="cnpg.io/cluster")["items"]
        },
    }

    assert stages[-1][1] == "finished", f"the TestRun's stages: {stages}; runner logs: {json.dumps(run['logs'])[-3000:]}"
    assert len(run["runners"]) == kube.get("testrun", TESTRUN)["spec"]["parallelism"]
    assert set(exits.values()) == {0}, (
        f"k6 exits {THRESHOLDS_FAILED} when a threshold fails: {exits}; {summaries}; "
        f"the API: {report['load_test']['api_database_unavailable']}; "
        f"database restarts: {report['load_test']['database_restarts']}"
    )
    assert sum(s["accepted"] for s in summaries.values()) == SUBMISSIONS, summaries
    assert sum(s["verdicts"] for s in summaries.values()) == SUBMISSIONS, summaries
    # (The API's replicas are reported, not asserted: the tests before may have scaled it out already;
    # tests/pods/test_autoscaling.py shows its autoscaler acting from where the install left it.)
    assert max(replicas for _, replicas in traces[WORKER]) == RELEASE_VALUES["worker"]["autoscaling"]["maxReplicaCount"]


def api_restarts(release):
    """Container restarts of the API pods running now (a restart under load refuses connections)."""
    return sum(status["restartCount"] for pod in release.of("api") for status in pod["status"]["containerStatuses"])
