"""The closed loop (loop.py) with real worker pods: the kubelet starts each pod
the HPA asks for from the imported image, its probes decide when it is ready, and a pod the HPA
removes gets SIGTERM and drains within its grace period. It runs first, from the zero workers the
install leaves, and the tests after it use the worker it ends with. Writes build/pods/{closed-loop.json,png}."""

import threading
import time
import urllib.error

from loop import Loop, assert_loop
from platform_installers import database

from support.cluster import WORKER_QUEUES, keda_metric_name
from support.processes import counter
from tier import RELEASE_VALUES, STATE, worker_started_in

WORKER = "judge-worker"
API = "judge-api"  # also the name of its CPU autoscaler
HPA = f"keda-hpa-{WORKER}"
AUTOSCALING = RELEASE_VALUES["worker"]["autoscaling"]


class PodWatcher(threading.Thread):
    """The worker pods as the API reports them, from a watch, so that no short-lived state (a pod
    terminating, its exit code) is missed between polls."""

    def __init__(self, kube, selector):
        super().__init__(daemon=True, name="pod-watcher")
        self.kube, self.selector = kube, selector
        self.pods, self.deleting, self.gone, self.exits = {}, {}, {}, {}
        self.started_in = {}
        # When each pod was first seen, bound to a node, with its container running, and ready.
        self.seen, self.scheduled, self.running, self.became_ready = {}, {}, {}, {}
        self.lock, self.stopped = threading.Lock(), threading.Event()

    def run(self):
        while not self.stopped.is_set():
            try:
                for event in self.kube.watch("pods", self.selector, timeout_s=60):
                    self.handle(event)
                    if self.stopped.is_set():
                        return
            except (OSError, urllib.error.URLError) as error:
                print(f"pod watch: {error}")
                time.sleep(1)

    def handle(self, event):
        pod, now = event["object"], time.monotonic()
        name = pod["metadata"]["name"]
        with self.lock:
            if event["type"] == "DELETED":
                self.pods.pop(name, None)
                self.gone.setdefault(name, now)
            else:
                self.pods[name] = pod
            self.seen.setdefault(name, now)
            if pod["spec"].get("nodeName"):
                self.scheduled.setdefault(name, now)
            if any("running" in status.get("state", {}) for status in pod["status"].get("containerStatuses", [])):
                self.running.setdefault(name, now)
            if pod["metadata"].get("deletionTimestamp"):
                self.deleting.setdefault(name, now)
            for status in pod["status"].get("containerStatuses", []):
                if "terminated" in status.get("state", {}):
                    self.exits.setdefault(name, status["state"]["terminated"]["exitCode"])
            ready = any(c["type"] == "Ready" and c["status"] == "True" for c in pod["status"].get("conditions", []))
            if ready:
                self.became_ready.setdefault(name, now)
            if ready and name not in self.started_in:
                self.started_in[name] = None
                threading.Thread(target=self.read_start_time, args=(name,), daemon=True).start()

    def read_start_time(self, name):
        try:
            log = self.kube.run("logs", name)
        except RuntimeError as error:
            print(f"logs of {name}: {error}")
            return
        with self.lock:
            self.started_in[name] = worker_started_in(log)

    def start_times(self):
        with self.lock:
            return sorted(seconds for seconds in self.started_in.values() if seconds is not None)

    def first_pod_timeline(self, origin):
        """The first pod's way to ready, in seconds from origin (a time.monotonic()): created (first seen),
        bound to a node, its container running, its JVM started (its own count added to the container's
        start), ready (the probe answered after the self-check)."""
        with self.lock:
            if not self.seen:
                return {}
            name = min(self.seen, key=self.seen.get)
            timeline = {
                step: round(times[name] - origin, 1)
                for step, times in (
                    ("created", self.seen),
                    ("scheduled", self.scheduled),
                    ("container_running", self.running),
                    ("ready", self.became_ready),
                )
                if name in times
            }
            if self.started_in.get(name) is not None and "container_running" in timeline:
                timeline["jvm_started"] = round(timeline["container_running"] + self.started_in[name], 1)
            return timeline

    def ready_count(self):
        with self.lock:
            return sum(
                1
                for pod in self.pods.values()
                if not pod["metadata"].get("deletionTimestamp")
                and any(c["type"] == "Ready" and c["status"] == "True" for c in pod["status"].get("conditions", []))
            )

    def stop_times(self):
        with self.lock:
            return list(self.deleting.values())

    def exit_codes(self):
        with self.lock:
            return [self.exits.get(name) for name in self.deleting]

    def stop_durations(self):
        """Seconds from each pod's deletion to its removal: its drain and shutdown."""
        with self.lock:
            return [round(self.gone[name] - at, 1) for name, at in self.deleting.items() if name in self.gone]


def test_a_burst_is_judged_by_worker_pods_keda_adds_and_removes_with_nothing_lost_or_judged_twice(
    api, kube, broker, release, keda, report
):
    release.wait_for_no_workers()
    api_replicas_before = kube.replicas(API)
    watcher = PodWatcher(kube, "app.kubernetes.io/component=worker")
    watcher.start()

    def verdicts_recorded():
        """Verdicts the consumer pods counted (KEDA may run more than one)."""
        return sum(
            counter(f"http://{pod['status']['podIP']}:8082", "judge_submissions_verdicts_total")
            for pod in release.wait_ready("consumer")
        )

    figures = Loop(api, kube, broker, watcher, AUTOSCALING, WORKER, database(kube), keda, verdicts_recorded, STATE).run()
    figures["worker_stop_durations_s"] = watcher.stop_durations()
    figures["worker_started_in_s"] = watcher.start_times()
    watcher.stopped.set()

    # The burst also loads the API: its CPU autoscaler (metrics-server's readings) scales it out.
    rescales = [event["message"] for event in kube.events(API) if event["reason"] == "SuccessfulRescale"]
    figures["api_replicas_before"], figures["api_rescales"] = api_replicas_before, rescales
    report["closed_loop"] = figures
    # Its autoscaler may already have added pods while the release's JVMs started (a cold run read 4 of
    # minReplicas 2 here, the HPA's 2 -> 4 coming before the burst): there must be room left to scale out.
    assert api_replicas_before < RELEASE_VALUES["api"]["autoscaling"]["maxReplicas"], api_replicas_before
    assert any("above target" in message for message in rescales), f"the API was not scaled out: {rescales}"
    assert_loop(figures, AUTOSCALING)
    grace = kube.get("deployment", WORKER)["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
    assert max(figures["worker_stop_durations_s"]) < grace, "every stopped worker pod drained within its grace period"


def test_the_hpa_keda_creates_has_the_releases_target_bounds_and_behaviour(kube, release):
    """The HPA KEDA made from the chart's ScaledObject (installed with the kind values), as the HPA
    controller that scaled the workers above reads it."""
    hpa = kube.get("hpa", HPA)
    spec = hpa["spec"]
    scale_up, scale_down = AUTOSCALING["behavior"]["scaleUp"], AUTOSCALING["behavior"]["scaleDown"]
    assert spec["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": WORKER}
    # KEDA owns 0 <-> 1; the HPA works from one replica up.
    assert spec["minReplicas"] == max(1, AUTOSCALING["minReplicaCount"])
    assert spec["maxReplicas"] == AUTOSCALING["maxReplicaCount"]
    # Two metrics per lane and two for preparations (ready and unacknowledged messages through the
    # management API, ready ones over AMQP), each with the same target: the HPA follows whichever
    # asks for the most.
    assert len(spec["metrics"]) == 2 * len(WORKER_QUEUES)
    for queue in WORKER_QUEUES:
        for protocol in ("http", "amqp"):
            name = keda_metric_name(hpa, queue, protocol)
            [metric] = [m for m in spec["metrics"] if m["external"]["metric"]["name"] == name]
            assert metric["type"] == "External"
            assert metric["external"]["target"] == {
                "type": "AverageValue",
                "averageValue": str(AUTOSCALING["messagesPerReplica"]),
            }
    assert spec["behavior"] == {
        "scaleUp": {
            "stabilizationWindowSeconds": scale_up["stabilizationWindowSeconds"],
            "selectPolicy": "Max",
            "policies": [
                {"type": "Pods", "value": scale_up["pods"], "periodSeconds": scale_up["periodSeconds"]},
                {"type": "Percent", "value": scale_up["percent"], "periodSeconds": scale_up["periodSeconds"]},
            ],
        },
        "scaleDown": {
            "stabilizationWindowSeconds": scale_down["stabilizationWindowSeconds"],
            "selectPolicy": "Max",
            "policies": [{"type": "Pods", "value": scale_down["pods"], "periodSeconds": scale_down["periodSeconds"]}],
        },
    }
