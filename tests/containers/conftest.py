"""The three images as containers with their pods' settings (hack/containers.sh), against the
RabbitMQ and PostgreSQL that hack/test.sh started. The images come from hack/images.sh podman."""

import json
import os
import pathlib
import subprocess

import pytest

from support.cluster import purge_work_queues
from support.judge_client import JudgeClient
from support.processes import PROJECT

STATE = pathlib.Path(os.environ.get("JUDGE_TEST_STATE", PROJECT / "build" / "test")) / "containers"
AMQP_PORT = os.environ.get("JUDGE_TEST_AMQP_PORT", "5673")
PG_PORT = os.environ.get("JUDGE_TEST_PG_PORT", "5433")
API_PORT = 18280
PODMAN = ["podman", "--runtime", "runc", "--cgroup-manager", "cgroupfs"]


class Containers:
    """The running containers, by component (api, worker, consumer)."""

    def name(self, component):
        return f"judge-{API_PORT}-{component}"

    def exec(self, component, *command):
        return subprocess.run([*PODMAN, "exec", self.name(component), *command], capture_output=True, text=True, timeout=60)

    def inspect(self, component):
        output = subprocess.run([*PODMAN, "inspect", self.name(component)], check=True, capture_output=True, text=True)
        return json.loads(output.stdout)[0]

    def log(self, component):
        return (STATE / "logs" / f"{component}.log").read_text()


def containers_script(action):
    subprocess.run([str(PROJECT / "hack/containers.sh"), action, str(STATE), AMQP_PORT, PG_PORT, str(API_PORT)], check=True)


@pytest.fixture(scope="session")
def containers():
    purge_work_queues(int(AMQP_PORT))
    try:
        containers_script("up")
        yield Containers()
    finally:
        containers_script("down")


@pytest.fixture(scope="session")
def api(containers):
    return JudgeClient(f"http://127.0.0.1:{API_PORT}")
