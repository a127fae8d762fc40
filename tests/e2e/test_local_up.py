"""The README's commands for the local stack, as a newcomer types them: `JUDGE_LANGUAGES=all make local-up`
(every language offered; the variable once leaked into Spring's binding as judge.languages and the
consumer could not start), then make local-up run again on the running stack (it calls hack/services.sh
up, as here): what is unchanged keeps running, a service whose jar was rebuilt is restarted, and
submissions are judged after each; then `make local-down`. The services run from copies of their jars,
so that a rebuild never rewrites the jar under a running JVM (which once left a burst QUEUED and the
worker dying with NoClassDefFoundError). The first start trains the services' AOT caches on real work,
apart from the real stack. The stack has a broker and database of its own (make's LOCAL_* variables),
as make local-up makes them.
"""

import os
import re
import shutil
import subprocess

import yaml

from conftest import STATE
from support.judge_client import JudgeClient
from support.processes import JARS, PROJECT

# The API's port; the worker's, the consumer's and the API's management port are the next three. The
# stack's own broker and database, apart from the tier's.
API_PORT = 18200
AMQP_PORT = 5691
PG_PORT = 5451
CATALOG = PROJECT / "services/contracts/src/main/resources/judge-languages.yml"
SERVICES = ("api", "worker", "consumer")


def make(target, state, **environment):
    return subprocess.run(
        ["make", "-C", str(PROJECT), target, f"LOCAL_STATE={state}", f"LOCAL_AMQP_PORT={AMQP_PORT}"]
        + [f"LOCAL_PG_PORT={PG_PORT}", f"LOCAL_API_PORT={API_PORT}"],
        env={**os.environ, **environment},
        capture_output=True,
        text=True,
        timeout=900,
    )


def services(action, state):
    return subprocess.run(
        [str(PROJECT / "hack/services.sh"), action, str(state), str(AMQP_PORT), str(PG_PORT), str(API_PORT)],
        capture_output=True,
        text=True,
        timeout=600,
    )


def problems_titled(database, title):
    query = f"select count(*) from problem where title = '{title}'"
    psql = ["/usr/lib/postgresql/15/bin/psql", "-h", "127.0.0.1", "-p", str(PG_PORT), "-U", "judge", "-tAc", query, database]
    counted = subprocess.run(psql, capture_output=True, text=True)
    if counted.returncode != 0 and 'relation "problem" does not exist' in counted.stderr:
        return 0  # no training has run on this database yet: its API made no tables
    assert counted.returncode == 0, counted.stderr
    return int(counted.stdout)


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
        # A burst of 48 for the training (600 when a user starts it): the cache is made from the work either way,
        # which is what this checks; how much the work gains is make bench's.
        first = make("local-up", state, JUDGE_LANGUAGES="all", JUDGE_AOT_TRAINING_SUBMISSIONS="48")
        assert first.returncode == 0, first.stdout + first.stderr
        # The first start trains each service's AOT cache on a burst of real work, every submission of it
        # judged, on a database and virtual host of its own: nothing of it reaches the real stack.
        assert "Training the AOT caches of api worker consumer" in first.stdout, first.stdout
        assert re.search(r"training: (\d+) of \1 submissions judged", first.stdout), first.stdout
        for name in SERVICES:
            assert (state / "app" / f"{JARS[name].stem}.aot").is_file(), name
        assert problems_titled("judge_training", "AOT training") == 1
        assert problems_titled("judge", "AOT training") == 0
        api = JudgeClient(f"http://127.0.0.1:{API_PORT}")
        # JUDGE_LANGUAGES=all: every language of the catalog offered.
        status, _, languages = api.request("GET", "/api/languages")
        assert status == 200, languages
        offered = {language["id"] for language in languages}
        catalog = yaml.safe_load(CATALOG.read_text())["judge"]["languages"]
        submitted_in = {id for id, entry in catalog.items() if not entry.get("input-validators-only")}
        assert offered == submitted_in, offered ^ submitted_in
        problem_id = api.create_problem()
        assert_judges(api, problem_id)
        started = pids(state)

        again = services("up", state)
        assert again.returncode == 0, again.stdout + again.stderr
        assert "Training" not in again.stdout, again.stdout
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
        down = make("local-down", state)
    assert down.returncode == 0, down.stdout + down.stderr
    assert not (state / "rabbitmq" / "pid").exists() and not (state / "api.pid").exists()
