"""Plays the kubelet for one Deployment: a real local worker process for each of its pods.

There is no kubelet here, so the pods the ReplicaSet creates stay Pending. This watches them and
runs each one's container the way a kubelet would, as far as a worker needs: the container's env
(values, and secretKeyRefs read from the apiserver), an emptyDir for its work folder, a port of its
own. A pod that goes away (the ReplicaSet scaled down) gets SIGTERM, then SIGKILL after the pod's
terminationGracePeriodSeconds, as Kubernetes stops containers."""
import base64
import os
import signal
import subprocess
import threading
import time

from processes import Service


class Kubelet(threading.Thread):
    def __init__(self, kube, selector, state_dir, first_port=18400):
        super().__init__(daemon=True, name="kubelet")
        self.kube, self.selector, self.state_dir = kube, selector, state_dir
        self.next_port = first_port
        self.running = {}  # pod name → Service
        self.stopping = []  # (Service, monotonic time of its SIGTERM, thread waiting for it)
        self.stopped = threading.Event()
        self.lock = threading.Lock()

    def run(self):
        while not self.stopped.is_set():
            try:
                pods = {pod["metadata"]["name"]: pod for pod in self.kube.get("pods", selector=self.selector)["items"]
                        if not pod["metadata"].get("deletionTimestamp")}
            except OSError:
                time.sleep(1)  # the apiserver restarting or slow: try again, as a kubelet would
                continue
            with self.lock:
                for name in pods.keys() - self.running.keys():
                    self.running[name] = self._start(pods[name])
                for name in self.running.keys() - pods.keys():
                    self._terminate(self.running.pop(name))
            self.stopped.wait(0.5)

    def _start(self, pod):
        spec = pod["spec"]
        container = spec["containers"][0]
        port, self.next_port = self.next_port, self.next_port + 1
        env, secrets = dict(os.environ), {}
        for variable in container.get("env", []):
            env[variable["name"]] = self._value(variable, secrets)
        # The pod's emptyDir, on this machine.
        env["JUDGE_WORKER_WORKDIR"] = str(self.state_dir / "pods" / pod["metadata"]["name"] / "work")
        service = Service("worker", pod["metadata"]["name"], port, self.state_dir / "logs", env, jvm_options=())
        service.grace_seconds = spec.get("terminationGracePeriodSeconds", 30)
        return service

    def _value(self, variable, secrets):
        """A variable's value; each secret is read once per pod, as a kubelet does."""
        if "value" in variable:
            return variable["value"]
        ref = variable["valueFrom"]["secretKeyRef"]
        if ref["name"] not in secrets:
            secrets[ref["name"]] = self.kube.get("secret", ref["name"])["data"]
        return base64.b64decode(secrets[ref["name"]][ref["key"]]).decode()

    def _terminate(self, service):
        def stop():
            try:
                service.terminate(timeout=service.grace_seconds)
            except subprocess.TimeoutExpired:
                service.kill()
        thread = threading.Thread(target=stop, daemon=True)
        thread.start()
        self.stopping.append((service, time.monotonic(), thread))

    def ready_count(self):
        """Workers whose readiness probe answers: the Deployment's ready replicas, had they run."""
        with self.lock:
            services = list(self.running.values())
        return sum(1 for service in services if service.process.poll() is None and service.ready())

    def stop_times(self):
        """time.monotonic() of each SIGTERM sent so far."""
        return [at for _, at, _ in self.stopping]

    def exit_codes(self):
        """The exit codes of the workers stopped so far (0: drained and exited cleanly)."""
        return [service.process.poll() for service, _, _ in self.stopping]

    def shutdown(self):
        self.stopped.set()
        self.join(10)
        with self.lock:
            for service in self.running.values():
                if service.process.poll() is None:
                    os.killpg(service.process.pid, signal.SIGKILL)
            self.running.clear()
        for _, _, thread in self.stopping:
            thread.join(120)
