"""Runs the three services as real processes against the RabbitMQ and PostgreSQL that hack/test.sh
started, so that tests can kill a worker or restart the broker the way production would."""

import os
import pathlib
import subprocess

import pytest

from support.cluster import purge_work_queues
from support.judge_client import JudgeClient
from support.processes import API_MANAGEMENT_PORT_OFFSET, PROJECT, Service, require_jars

STATE = pathlib.Path(os.environ.get("JUDGE_TEST_STATE", PROJECT / "build" / "test"))
AMQP_PORT = int(os.environ.get("JUDGE_TEST_AMQP_PORT", "5673"))
PG_PORT = int(os.environ.get("JUDGE_TEST_PG_PORT", "5433"))
WORKER_TOKEN = "e2e-workers"
ADMIN_TOKEN = "e2e-admin"


class Stack:
    def __init__(self):
        self.services = []
        self.worker_count = 0

    def start(self, kind, name, port):
        env = dict(
            os.environ,
            SPRING_RABBITMQ_PORT=str(AMQP_PORT),
            SPRING_DATASOURCE_URL=f"jdbc:postgresql://127.0.0.1:{PG_PORT}/judge",
            JUDGE_SANDBOX_WORKDIR=str(STATE / "work" / name),
            # Large problems' tests: the APIs serve them to the workers, who fetch from api-a's management port.
            JUDGE_TESTDATA_WORKERTOKEN=WORKER_TOKEN,
            JUDGE_WORKER_INTERNALAPI_TOKEN=WORKER_TOKEN,
            JUDGE_WORKER_INTERNALAPI_URL=f"http://127.0.0.1:{18080 + API_MANAGEMENT_PORT_OFFSET}",
            # Anonymous calls, as with make local-up; the admin makes keys where a test needs one.
            JUDGE_ACCESS_ANONYMOUS="true",
            JUDGE_ACCESS_ADMINTOKEN=ADMIN_TOKEN,
            # Webhook receivers of the tests listen on loopback; a failed delivery is tried again soon.
            JUDGE_WEBHOOKS_ALLOWPRIVATETARGETS="true",
            JUDGE_WEBHOOKS_FIRSTRETRYDELAY="200ms",
            # Tests re-check open event streams quickly rather than after the default 10 s.
            JUDGE_EVENTS_RECHECKINTERVAL="2s",
            # A preparation under way says how far it got every 2 s, not 30: tests wait for it.
            JUDGE_WORKER_PREPARATION_PROGRESSEVERY="2s",
        )
        service = Service(kind, name, port, STATE / "logs", env)
        self.services.append(service)
        return service

    def service(self, name):
        return next(service for service in self.services if service.name == name)

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
    require_jars()
    purge_work_queues(AMQP_PORT)
    stack = Stack()
    try:
        starting = [
            stack.start("api", "api-a", 18080),
            stack.start("api", "api-b", 18090),
            stack.start("consumer", "consumer", 18082),
        ]
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
