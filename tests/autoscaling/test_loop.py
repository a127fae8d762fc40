"""The closed loop: submissions through the local API, KEDA and the HPA controller sizing the chart's
worker Deployment from the request queue, and the kubelet harness running a real worker process per
pod. A burst, then a trickle long enough for the HPA to scale down while workers are still judging,
then nothing until KEDA scales to zero. Writes build/autoscaling/{report.json,closed-loop.json,
closed-loop.png}."""
import json
import math
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from cluster import keda_scaler_metric
from conftest import AUTOSCALING, KEDA_METRICS_PORT, PG_PORT, REQUEST_QUEUE, STATE, WORKER
from judge_client import JudgeClient
from kubelet import Kubelet
from processes import counter

API = JudgeClient("http://127.0.0.1:18380")
CONSUMER = "http://127.0.0.1:18382"
BURST = 1500
TRICKLE_PER_S = 2
# Long enough that the HPA's scale-down (stabilisation window, then a policy period) comes while the
# trickle still keeps workers busy.
TRICKLE_S = AUTOSCALING["behavior"]["scaleDown"]["stabilizationWindowSeconds"] + 120
SOLUTION = "a, b = map(int, input().split())\nprint(a + b)\n"


def sql(query):
    return subprocess.run(["psql", f"postgresql://postgres@127.0.0.1:{PG_PORT}/judge", "-At", "-c", query],
                          check=True, capture_output=True, text=True).stdout.strip()


def verdicts_recorded():
    """The consumer's count of verdicts it recorded (a duplicate would count twice)."""
    return counter(CONSUMER, "judge_submissions_verdicts_total")


class Recorder(threading.Thread):
    """One sample a second of what Grafana would show: the queue as KEDA sees it, KEDA's metric, the
    replicas asked for and the workers running, and verdicts so far."""

    def __init__(self, kube, broker, kubelet, problem_id):
        super().__init__(daemon=True, name="recorder")
        self.kube, self.broker, self.kubelet, self.problem_id = kube, broker, kubelet, problem_id
        self.samples, self.started_at = [], time.monotonic()
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            try:
                self.samples.append(self.sample())
            except OSError as error:  # one missed sample, not a dead recorder
                print(f"recorder: {error}")
            self.done.wait(1)

    def sample(self):
        ready, unacked = self.broker.depth(REQUEST_QUEUE)
        return {
            "t": round(time.monotonic() - self.started_at, 1),
            "ready": ready, "unacked": unacked,
            "keda_metric": keda_scaler_metric(KEDA_METRICS_PORT, WORKER),
            "desired": self.kube.replicas(WORKER),
            "running": self.kubelet.ready_count(),
            "finished": int(sql(f"select count(*) from submission where problem_id = {self.problem_id} "
                                "and status = 'FINISHED'")),
        }


def first(samples, condition, after=0):
    return next((s["t"] for s in samples if s["t"] >= after and condition(s)), None)


def plot(samples, stops, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = [s["t"] for s in samples]
    figure, (queue_axis, verdict_axis) = plt.subplots(2, 1, figsize=(11, 7), sharex=True,
                                                      gridspec_kw={"height_ratios": [3, 1]})
    queue_axis.stackplot(t, [s["ready"] for s in samples], [s["unacked"] for s in samples],
                         labels=["ready", "unacknowledged"], colors=["#9ecae1", "#3182bd"], step="post")
    queue_axis.set_ylabel("messages on judge.submissions")
    replicas_axis = queue_axis.twinx()
    replicas_axis.step(t, [s["desired"] for s in samples], where="post", color="#d62728", label="replicas (desired)")
    replicas_axis.step(t, [s["running"] for s in samples], where="post", color="#2ca02c", label="workers ready")
    for stop in stops:
        replicas_axis.axvline(stop, color="#d62728", alpha=0.25, linestyle=":")
    replicas_axis.set_ylabel("worker pods")
    replicas_axis.set_ylim(0, AUTOSCALING["maxReplicaCount"] + 1)
    lines = queue_axis.get_legend_handles_labels()[0] + replicas_axis.get_legend_handles_labels()[0]
    queue_axis.legend(lines, [line.get_label() for line in lines], loc="upper right")
    queue_axis.set_title("KEDA + HPA controller scaling the chart's worker Deployment (dotted: a worker stopped)")
    rates = [0] + [max(0, b["finished"] - a["finished"]) / max(b["t"] - a["t"], 0.1) for a, b in zip(samples, samples[1:])]
    verdict_axis.plot(t, rates, color="#555")
    verdict_axis.set_ylabel("verdicts/s")
    verdict_axis.set_xlabel("seconds since the burst")
    figure.tight_layout()
    figure.savefig(path, dpi=110)


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
    problem_id = API.create_problem(title="Sum (autoscaling)")
    redelivered_before = broker.queue(REQUEST_QUEUE).get("message_stats", {}).get("redeliver", 0)
    verdicts_before = verdicts_recorded()
    recorder = Recorder(kube, broker, kubelet, problem_id)
    recorder.start()

    with ThreadPoolExecutor(16) as pool:
        ids = list(pool.map(lambda _: API.submit(problem_id, SOLUTION), range(BURST)))
    burst_accepted_s = time.monotonic() - recorder.started_at
    trickle_until = time.monotonic() + TRICKLE_S
    while time.monotonic() < trickle_until:
        ids.append(API.submit(problem_id, SOLUTION))
        time.sleep(1 / TRICKLE_PER_S)

    deadline = time.monotonic() + 300
    while recorder.samples[-1]["finished"] < len(ids) and time.monotonic() < deadline:
        time.sleep(1)
    cooldown_limit = AUTOSCALING["cooldownPeriod"] + 60
    deadline = time.monotonic() + cooldown_limit
    while recorder.samples[-1]["desired"] > 0 and time.monotonic() < deadline:
        time.sleep(1)
    time.sleep(3)
    recorder.done.set()
    recorder.join()
    samples = recorder.samples

    rows = sql(f"select status || coalesce('/' || verdict, ''), count(*) from submission "
               f"where problem_id = {problem_id} group by 1").splitlines()
    counts = {status: int(n) for status, n in (row.split("|") for row in rows)}
    finished = sum(n for status, n in counts.items() if status.startswith("FINISHED"))
    redelivered = broker.queue(REQUEST_QUEUE).get("message_stats", {}).get("redeliver", 0) - redelivered_before
    duplicated = int(verdicts_recorded() - verdicts_before) - finished
    stops = [round(at - recorder.started_at, 1) for at in kubelet.stop_times()]
    last_verdict_s = first(samples, lambda s: s["finished"] >= len(ids))
    peak = max(s["desired"] for s in samples)
    burst_drained_s = first(samples, lambda s: s["finished"] >= BURST)
    figures = {
        "submissions": len(ids),
        "burst": BURST, "trickle_per_s": TRICKLE_PER_S, "trickle_s": TRICKLE_S,
        "burst_accepted_s": round(burst_accepted_s, 1),
        "closed_loop_activation_s": first(samples, lambda s: s["desired"] > 0),
        "first_worker_ready_s": first(samples, lambda s: s["running"] > 0),
        "peak_replicas": peak,
        "scale_out_s": first(samples, lambda s: s["desired"] == peak),
        "peak_workers_ready": max(s["running"] for s in samples),
        "peak_verdicts_per_s": round(max(
            (b["finished"] - a["finished"]) / (b["t"] - a["t"]) for a, b in zip(samples, samples[5:])), 1),
        "drain_s": burst_drained_s,
        "last_verdict_s": last_verdict_s,
        "worker_stops_s": stops,
        "stops_before_last_verdict": sum(1 for stop in stops if last_verdict_s and stop < last_verdict_s),
        "worker_exit_codes": kubelet.exit_codes(),
        "scale_to_zero_s": round(first(samples, lambda s: s["desired"] == 0, after=last_verdict_s or 0)
                                 - last_verdict_s, 1) if last_verdict_s and samples[-1]["desired"] == 0 else None,
        "verdicts": counts,
        "lost": len(ids) - finished,
        "duplicated": duplicated,
        "judged_more_than_once": redelivered,
    }
    report.update({k: figures[k] for k in ("peak_replicas", "scale_out_s", "drain_s", "scale_to_zero_s",
                                           "lost", "duplicated")})
    report["closed_loop"] = figures
    (STATE / "closed-loop.json").write_text(json.dumps({"figures": figures, "samples": samples}, indent=1) + "\n")
    plot(samples, stops, STATE / "closed-loop.png")
    print(json.dumps(figures, indent=2))

    assert figures["lost"] == 0 and duplicated == 0 and redelivered == 0, figures
    assert counts == {"FINISHED/ACCEPTED": len(ids)}, counts
    assert peak <= AUTOSCALING["maxReplicaCount"]
    # The count the values imply for the deepest queue KEDA saw, capped at max.
    deepest = max(s["keda_metric"] or 0 for s in samples)
    assert peak == min(AUTOSCALING["maxReplicaCount"], math.ceil(deepest / AUTOSCALING["messagesPerReplica"])), figures
    assert figures["stops_before_last_verdict"] > 0, "no worker was scaled down while work remained"
    # 143: the JVM's exit after SIGTERM once its shutdown (the drain) completed; a SIGKILL would be -9.
    assert set(figures["worker_exit_codes"]) <= {0, 143}, "every stopped worker drained and exited by itself"
    assert figures["scale_to_zero_s"] is not None, "back to zero workers after the cooldown"
