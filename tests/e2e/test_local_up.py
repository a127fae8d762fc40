"""make local-up run again on a running stack (it calls hack/services.sh up, as here): what is
unchanged keeps running, a service whose jar was rebuilt is restarted, and submissions are judged
after each. The services run from copies of their jars, so that a rebuild never rewrites the jar
under a running JVM (which once left a burst QUEUED and the worker dying with NoClassDefFoundError)."""

import os
import shutil
import subprocess

from conftest import AMQP_PORT, PG_PORT, STATE
from support.judge_client import JudgeClient
from support.processes import JARS, PROJECT

# The API's port; the worker's, the consumer's and the API's management port are the next three.
API_PORT = 18200
SERVICES = ("api", "worker", "consumer")


def services(action, state):
    return subprocess.run(
        [str(PROJECT / "hack/services.sh"), action, str(state), str(AMQP_PORT), str(PG_PORT), str(API_PORT)],
        capture_output=True,
        text=True,
        timeout=600,
    )


def pids(state):
    return {name: (state / f"{name}.pid").read_text().strip() for name in SERVICES}


def assert_judges(api, problem_id):
    verdict = api.wait_for_verdict(api.submit(problem_id, "a, b = map(int, input().split())\nprint(a + b)\n"))
    assert verdict["verdict"] == "ACCEPTED", verdict


def test_local_up_again_keeps_what_is_unchanged_and_restarts_what_was_rebuilt():
    # Under the tier's state, not pytest's private temporary folder: the sandboxes run as other users.
    state = STATE / "local-up"
    shutil.rmtree(state, ignore_errors=True)
    try:
        first = services("up", state)
        assert first.returncode == 0, first.stdout + first.stderr
        api = JudgeClient(f"http://127.0.0.1:{API_PORT}")
        problem_id = api.create_problem()
        assert_judges(api, problem_id)
        started = pids(state)

        again = services("up", state)
        assert again.returncode == 0, again.stdout + again.stderr
        assert again.stdout.count("already running, its jar unchanged") == 3, again.stdout
        assert pids(state) == started

        # The next build changed the consumer's jar: its copy no longer matches (replaced, never rewritten in place).
        copy = state / "jars" / JARS["consumer"].name
        stale = copy.with_suffix(".stale")
        stale.write_bytes(b"the jar of an earlier build")
        os.replace(stale, copy)
        rebuilt = services("up", state)
        assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
        assert "consumer's jar was rebuilt: restarting it" in rebuilt.stdout, rebuilt.stdout
        now = pids(state)
        assert (now["api"], now["worker"]) == (started["api"], started["worker"]) and now["consumer"] != started["consumer"]
        assert_judges(api, problem_id)
    finally:
        services("down", state)
