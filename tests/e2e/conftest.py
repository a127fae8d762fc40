"""Runs the three services as real processes against the RabbitMQ and PostgreSQL that hack/test.sh
started, so that tests can kill a worker or restart the broker the way production would."""
import os
import pathlib
import signal
import subprocess
import time
import urllib.request

import pytest

from judge_client import JudgeClient

PROJECT = pathlib.Path(__file__).resolve().parents[2]
STATE = pathlib.Path(os.environ.get("JUDGE_TEST_STATE", PROJECT / "build" / "test"))
AMQP_PORT = int(os.environ.get("JUDGE_TEST_AMQP_PORT", "5673"))
PG_PORT = int(os.environ.get("JUDGE_TEST_PG_PORT", "5433"))
JAVA = pathlib.Path(os.environ.get("JAVA_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64")) / "bin" / "java"
JARS = {
    "api": PROJECT / "services/api/target/judge-api-0.1.0-SNAPSHOT.jar",
    "worker": PROJECT / "services/worker/target/judge-worker-0.1.0-SNAPSHOT.jar",
    "consumer": PROJECT / "services/consumer/target/judge-result-consumer-0.1.0-SNAPSHOT.jar",
}


class Service:
    """One service process, in its own process group so that killing it kills what it ran."""

    def __init__(self, kind, name, port):
        self.kind, self.name, self.port = kind, name, port
        log_dir = STATE / "logs"
        log_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = log_dir / f"{name}.log"
        env = dict(os.environ,
                   SERVER_PORT=str(port),
                   SPRING_RABBITMQ_PORT=str(AMQP_PORT),
                   SPRING_DATASOURCE_URL=f"jdbc:postgresql://127.0.0.1:{PG_PORT}/judge",
                   JUDGE_WORKER_WORKDIR=str(STATE / "work" / name),
                   # Tests re-check open event streams quickly rather than after the default 10 s.
                   JUDGE_EVENTS_RECHECKINTERVAL="2s")
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [str(JAVA), "-Xmx384m", "-XX:TieredStopAtLevel=1", "-jar", str(JARS[kind])],
                env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)

    def wait_ready(self, timeout=90):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}; see {self.log_path}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/actuator/health/readiness", timeout=2):
                    return self
            except OSError:
                time.sleep(0.5)
        raise RuntimeError(f"{self.name} not ready after {timeout} s; see {self.log_path}")

    def terminate(self, timeout=90):
        """SIGTERM, as Kubernetes stops a pod; returns the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout)

    def kill(self):
        """SIGKILL to the whole process group, as when a node dies: no drain, no goodbye."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)


class Stack:
    def __init__(self):
        self.services = []
        self.worker_count = 0

    def start(self, kind, name, port):
        service = Service(kind, name, port)
        self.services.append(service)
        return service

    def start_worker(self):
        self.worker_count += 1
        return self.start("worker", f"worker-{self.worker_count}", 18100 + self.worker_count).wait_ready()

    @staticmethod
    def infra(action):
        subprocess.run([str(PROJECT / "hack/infra.sh"), action, str(STATE), str(AMQP_PORT), str(PG_PORT)], check=True)

    def stop_all(self):
        for service in self.services:
            if service.process.poll() is None:
                service.kill()


@pytest.fixture(scope="session")
def stack():
    for kind, jar in JARS.items():
        assert jar.exists(), f"{jar} is missing: build with 'make build' (make test does)"
    stack = Stack()
    try:
        starting = [stack.start("api", "api-a", 18080), stack.start("api", "api-b", 18090),
                    stack.start("consumer", "consumer", 18082)]
        for service in starting:
            service.wait_ready()
        stack.worker = stack.start_worker()
        yield stack
    finally:
        stack.stop_all()


@pytest.fixture
def api(stack):
    return JudgeClient("http://127.0.0.1:18080")


@pytest.fixture
def other_api(stack):
    """A second API replica on the same database and broker."""
    return JudgeClient("http://127.0.0.1:18090")


@pytest.fixture
def worker(stack):
    """The running worker; a test that stops it must leave a running one behind via stack.start_worker()."""
    if stack.worker.process.poll() is not None:
        stack.worker = stack.start_worker()
    return stack.worker
