"""The closed loop (loop.py) with tests/autoscaling's kubelet stand-in running the workers: a real
worker process per pod. Writes build/autoscaling/{report.json,closed-loop.json,closed-loop.png}."""
import time

import pytest

from conftest import AUTOSCALING, KEDA_METRICS_PORT, PG_PORT, STATE, WORKER
from judge_client import JudgeClient
from kubelet import Kubelet
from loop import Loop, assert_loop
from processes import counter

API = JudgeClient("http://127.0.0.1:18380")
CONSUMER = "http://127.0.0.1:18382"


@pytest.fixture
def kubelet(kube, autoscaled_worker):
    # From an idle Deployment: KEDA scales a freshly applied one to zero on its first poll.
    deadline = time.monotonic() + 30
    while kube.replicas(WORKER) and time.monotonic() < deadline:
        time.sleep(0.5)
    labels = kube.get("deployment", WORKER)["spec"]["selector"]["matchLabels"]
    kubelet = Kubelet(kube, ",".join(f"{k}={v}" for k, v in labels.items()), STATE)
    kubelet.start()
    yield kubelet
    kubelet.shutdown()


def test_a_burst_is_judged_by_workers_keda_adds_and_removes_with_nothing_lost_or_judged_twice(
        kube, broker, kubelet, report):
    assert kube.replicas(WORKER) == 0, "starts from zero workers"
    assert not kube.get("pods", selector=kubelet.selector)["items"], "starts from zero worker pods"

    figures = Loop(API, kube, broker, kubelet, AUTOSCALING, WORKER, PG_PORT, KEDA_METRICS_PORT,
                   lambda: counter(CONSUMER, "judge_submissions_verdicts_total"), STATE).run()

    report.update({k: figures[k] for k in ("peak_replicas", "scale_out_s", "drain_s", "scale_to_zero_s",
                                           "lost", "duplicated")})
    report["closed_loop"] = figures
    assert_loop(figures, AUTOSCALING)
