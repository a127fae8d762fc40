"""The closed loop: submissions through the API, KEDA and the HPA controller sizing the chart's
worker Deployment from the request queue, and workers judging: a burst, then a trickle long enough
for the HPA to scale down while workers are still judging. It ends once the HPA is down to its one
worker, which the tests after use; KEDA's cooldown back to zero is make test-cluster's
(tests/autoscaling): five idle minutes that make test cannot spare.
Whatever runs the workers is given as `workers`, with ready_count(), stop_times(), exit_codes() and first_pod_timeline()
(tests/pods: real pods, followed by a watch). Writes <state>/closed-loop.json and closed-loop.png."""

import json
import math
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from support.cluster import REQUEST_QUEUE, keda_scaler_metric

BURST = 1500
TRICKLE_PER_S = 2
SOLUTION = "a, b = map(int, input().split())\nprint(a + b)\n"


class Loop:
    def __init__(
        self, api, kube, broker, workers, autoscaling, worker_deployment, database, keda_metrics_url, verdicts_recorded, state
    ):
        self.api, self.kube, self.broker, self.workers = api, kube, broker, workers
        self.autoscaling, self.worker_deployment = autoscaling, worker_deployment
        self.database, self.keda_metrics_url, self.state = database, keda_metrics_url, state
        # The consumer's count of verdicts it recorded (a duplicate would count twice).
        self.verdicts_recorded = verdicts_recorded
        # The trickle lasts until the HPA's scale-down (its stabilisation window after the burst
        # drained, then a policy period, then a 15 s sync) has come while it still keeps workers busy.
        scale_down = autoscaling["behavior"]["scaleDown"]
        self.trickle_after_drain_s = scale_down["stabilizationWindowSeconds"] + 2 * scale_down["periodSeconds"] + 15
        self.trickle_max_s = 600

    def run(self):
        """Runs the loop; returns its figures (also in the report files)."""
        problem_id = self.api.create_problem(title="Sum (autoscaling)")
        redelivered_before = self.broker.queue(REQUEST_QUEUE).get("message_stats", {}).get("redeliver", 0)
        verdicts_before = self.verdicts_recorded()
        recorder = Recorder(self, problem_id)
        recorder.start()

        with ThreadPoolExecutor(16) as pool:
            ids = list(pool.map(lambda _: self.api.submit(problem_id, SOLUTION), range(BURST)))
        burst_accepted_s = time.monotonic() - recorder.started_at
        trickle_started = time.monotonic()
        while time.monotonic() - trickle_started < self.trickle_max_s:
            drained_at = first(recorder.samples, lambda s: s["finished"] >= BURST)
            if drained_at is not None and recorder.elapsed() > drained_at + self.trickle_after_drain_s:
                break
            ids.append(self.api.submit(problem_id, SOLUTION))
            time.sleep(1 / TRICKLE_PER_S)
        trickle_s = round(time.monotonic() - trickle_started)

        deadline = time.monotonic() + 300
        while recorder.samples[-1]["finished"] < len(ids) and time.monotonic() < deadline:
            time.sleep(1)
        # Then the HPA's last scale-down to its minimum, one worker, which the tests after use.
        deadline = time.monotonic() + 2 * self.autoscaling["behavior"]["scaleDown"]["periodSeconds"] + 30
        while recorder.samples[-1]["desired"] > 1 and time.monotonic() < deadline:
            time.sleep(1)
        time.sleep(3)
        recorder.done.set()
        recorder.join()
        samples = recorder.samples

        rows = self.database.sql(
            f"select status || coalesce('/' || verdict, ''), count(*) from submission where problem_id = {problem_id} group by 1"
        ).splitlines()
        counts = {status: int(n) for status, n in (row.split("|") for row in rows)}
        finished = sum(n for status, n in counts.items() if status.startswith("FINISHED"))
        redelivered = self.broker.queue(REQUEST_QUEUE).get("message_stats", {}).get("redeliver", 0) - redelivered_before
        stops = [round(at - recorder.started_at, 1) for at in self.workers.stop_times()]
        last_verdict_s = first(samples, lambda s: s["finished"] >= len(ids))
        peak = max(s["desired"] for s in samples)
        figures = {
            "submissions": len(ids),
            "burst": BURST,
            "trickle_per_s": TRICKLE_PER_S,
            "trickle_s": trickle_s,
            "burst_accepted_s": round(burst_accepted_s, 1),
            "closed_loop_activation_s": first(samples, lambda s: s["desired"] > 0),
            "first_worker_ready_s": first(samples, lambda s: s["running"] > 0),
            # From zero workers: KEDA's activation, a pod scheduled, its JVM started, the first judging.
            # Read from the rows, not the samples: a sample under the burst takes over a second.
            "first_verdict_s": self.first_verdict_s(problem_id, recorder.started_at_epoch),
            # Where the seconds to the first verdict went: the first worker pod's steps.
            "first_worker_timeline_s": self.workers.first_pod_timeline(recorder.started_at),
            "peak_replicas": peak,
            "scale_out_s": first(samples, lambda s: s["desired"] == peak),
            "peak_workers_ready": max(s["running"] for s in samples),
            "all_peak_workers_ready_s": first(samples, lambda s: s["running"] >= peak),
            "peak_verdicts_per_s": round(
                max((b["finished"] - a["finished"]) / (b["t"] - a["t"]) for a, b in zip(samples, samples[5:])), 1
            ),
            "drain_s": first(samples, lambda s: s["finished"] >= BURST),
            "last_verdict_s": last_verdict_s,
            "worker_stops_s": stops,
            "stops_before_last_verdict": sum(1 for stop in stops if last_verdict_s and stop < last_verdict_s),
            "worker_exit_codes": self.workers.exit_codes(),
            "verdicts": counts,
            "lost": len(ids) - finished,
            "duplicated": int(self.verdicts_recorded() - verdicts_before) - finished,
            "judged_more_than_once": redelivered,
            # The count the values imply for the deepest queue KEDA saw, capped at max.
            "expected_peak": min(
                self.autoscaling["maxReplicaCount"],
                math.ceil(max(s["keda_metric"] or 0 for s in samples) / self.autoscaling["messagesPerReplica"]),
            ),
        }
        (self.state / "closed-loop.json").write_text(json.dumps({"figures": figures, "samples": samples}, indent=1) + "\n")
        plot(samples, stops, self.autoscaling["maxReplicaCount"], self.state / "closed-loop.png")
        print(json.dumps(figures, indent=2))
        return figures

    def first_verdict_s(self, problem_id, started_at_epoch):
        """Seconds from the burst's first POST to the first verdict recorded, by the database's clock
        (the machine's: the pods share its kernel)."""
        recorded = self.database.sql(
            f"select extract(epoch from min(finished_at)) from submission where problem_id = {problem_id}"
        )
        return round(float(recorded) - started_at_epoch, 1)


class Recorder(threading.Thread):
    """One sample a second of what Grafana would show: the queue as KEDA sees it, KEDA's metric, the
    replicas asked for and the workers running, and verdicts so far."""

    def __init__(self, loop, problem_id):
        super().__init__(daemon=True, name="recorder")
        self.loop, self.problem_id = loop, problem_id
        self.samples, self.started_at, self.started_at_epoch = [], time.monotonic(), time.time()
        self.done = threading.Event()

    def elapsed(self):
        return time.monotonic() - self.started_at

    def run(self):
        while not self.done.is_set():
            try:
                self.samples.append(self.sample())
            except OSError as error:  # one missed sample, not a dead recorder
                print(f"recorder: {error}")
            self.done.wait(1)

    def sample(self):
        loop = self.loop
        ready, unacked = loop.broker.depth(REQUEST_QUEUE)
        return {
            "t": round(self.elapsed(), 1),
            "ready": ready,
            "unacked": unacked,
            "keda_metric": keda_scaler_metric(loop.keda_metrics_url, loop.worker_deployment),
            "desired": loop.kube.replicas(loop.worker_deployment),
            "running": loop.workers.ready_count(),
            "finished": int(
                loop.database.sql(f"select count(*) from submission where problem_id = {self.problem_id} and status = 'FINISHED'")
            ),
        }


def first(samples, condition):
    return next((s["t"] for s in samples if condition(s)), None)


def plot(samples, stops, max_replicas, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = [s["t"] for s in samples]
    figure, (queue_axis, verdict_axis) = plt.subplots(2, 1, figsize=(11, 7), sharex=True, gridspec_kw={"height_ratios": [3, 1]})
    queue_axis.stackplot(
        t,
        [s["ready"] for s in samples],
        [s["unacked"] for s in samples],
        labels=["ready", "unacknowledged"],
        colors=["#9ecae1", "#3182bd"],
        step="post",
    )
    queue_axis.set_ylabel("messages on judge.submissions")
    replicas_axis = queue_axis.twinx()
    replicas_axis.step(t, [s["desired"] for s in samples], where="post", color="#d62728", label="replicas (desired)")
    replicas_axis.step(t, [s["running"] for s in samples], where="post", color="#2ca02c", label="workers ready")
    for stop in stops:
        replicas_axis.axvline(stop, color="#d62728", alpha=0.25, linestyle=":")
    replicas_axis.set_ylabel("worker pods")
    replicas_axis.set_ylim(0, max_replicas + 1)
    lines = queue_axis.get_legend_handles_labels()[0] + replicas_axis.get_legend_handles_labels()[0]
    queue_axis.legend(lines, [line.get_label() for line in lines], loc="upper right")
    queue_axis.set_title("KEDA + HPA controller scaling the chart's worker Deployment (dotted: a worker stopped)")
    rates = [0] + [max(0, b["finished"] - a["finished"]) / max(b["t"] - a["t"], 0.1) for a, b in zip(samples, samples[1:])]
    verdict_axis.plot(t, rates, color="#555")
    verdict_axis.set_ylabel("verdicts/s")
    verdict_axis.set_xlabel("seconds since the burst")
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def assert_loop(figures, autoscaling):
    """What every closed loop must show, whoever runs the workers."""
    assert figures["lost"] == 0 and figures["duplicated"] == 0 and figures["judged_more_than_once"] == 0, figures
    assert figures["verdicts"] == {"FINISHED/ACCEPTED": figures["submissions"]}, figures["verdicts"]
    assert figures["peak_replicas"] <= autoscaling["maxReplicaCount"]
    assert figures["peak_replicas"] == figures["expected_peak"], figures
    assert figures["stops_before_last_verdict"] > 0, "no worker was scaled down while work remained"
    # 143: the JVM's exit after SIGTERM once its shutdown (the drain) completed; a SIGKILL would be 137 or -9.
    assert set(figures["worker_exit_codes"]) <= {0, 143}, "every stopped worker drained and exited by itself"
