"""The chart's database as CloudNativePG runs it: its primary pod deleted while clients submit, the
operator promotes the replica, and every submission the API accepted gets one verdict. Clients submit
as polite ones do (a 503 is tried again after its Retry-After) from before the delete until the new
primary has served them a while; the report says how long accepting paused, what the clients were
answered meanwhile, and how long the operator took."""

import collections
import json
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import database
from support.programs import SUM

CLIENTS = 8
BEFORE_DELETE = 100  # submissions accepted before the primary goes
AFTER_FAILOVER_S = 10  # how long clients go on submitting once the new primary is ready


class PoliteClients:
    """Each submits one submission after another until stopped, trying a 503 again after its
    Retry-After, and records what each try was answered and when."""

    def __init__(self, api, problem):
        self.api, self.problem = api, problem
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.answers = []  # (monotonic time answered, status or error, seconds taken)
        self.ids = []

    def run(self, _):
        body = json.dumps({"problemId": self.problem, "language": "python", "sourceCode": SUM["python"]}).encode()
        while not self.stop.is_set():
            request = urllib.request.Request(
                self.api.base_url + "/api/submissions", data=body, method="POST", headers=self.api.headers
            )
            sent = time.monotonic()
            try:
                with urllib.request.urlopen(request, timeout=120) as response:
                    submission_id = json.loads(response.read())["id"]
                    self.record(sent, response.status, submission_id)
            except urllib.error.HTTPError as error:
                self.record(sent, error.code)
                if error.code != 503 or not error.headers.get("Retry-After"):
                    raise AssertionError(f"{error.code} {error.read()[:500]}") from None
                time.sleep(float(error.headers["Retry-After"]))
            except (urllib.error.URLError, TimeoutError) as error:
                self.record(sent, type(error).__name__)
                raise

    def record(self, sent, status, submission_id=None):
        with self.lock:
            self.answers.append((time.monotonic(), status, time.monotonic() - sent))
            if submission_id:
                self.ids.append(submission_id)


@pytest.mark.disruptive(0)
def test_the_primary_deleted_under_load_fails_over_and_every_accepted_submission_gets_one_verdict(api, kube, release, report):
    db = database(kube)
    old_primary = db.primary()
    problem = api.create_problem(title="Sum (failover)")
    clients = PoliteClients(api, problem)
    with ThreadPoolExecutor(CLIENTS) as pool:
        running = [pool.submit(clients.run, n) for n in range(CLIENTS)]
        while len(clients.ids) < BEFORE_DELETE:
            assert not any(client.done() for client in running), [client.exception() for client in running]
            time.sleep(0.05)
        deleted_at = time.monotonic()
        kube.run("delete", "pod", old_primary, "--wait=false")  # as kubectl delete does: graceful
        while (primary := db.primary()) == old_primary or not db.ready():
            assert time.monotonic() - deleted_at < 300, f"no new primary: {kube.get('cluster', db.name)['status']}"
            time.sleep(0.5)
        promoted_at = time.monotonic()
        time.sleep(AFTER_FAILOVER_S)
        clients.stop.set()
        for client in running:
            client.result()  # a client's unexpected answer fails the test here

    verdicts = collections.Counter(api.wait_for_verdict(id_, timeout=600, interval=0.5)["verdict"] for id_ in clients.ids)
    rows = db.sql(f"select count(*), count(*) filter (where judgement = 1) from submission where problem_id = {problem}")
    accepted_at = sorted(at for at, status, _ in clients.answers if status == 202 and at >= deleted_at)
    pauses = [later - earlier for earlier, later in zip([deleted_at, *accepted_at], accepted_at)]
    report["database_failover"] = {
        "clients": CLIENTS,
        "old_primary": old_primary,
        "new_primary": primary,
        "delete_to_new_primary_ready_s": round(promoted_at - deleted_at, 1),
        "longest_accept_pause_s": round(max(pauses), 1),
        "answers_from_delete_to_stop": dict(collections.Counter(str(s) for at, s, _ in clients.answers if at >= deleted_at)),
        "slowest_answer_s": round(max(taken for _, _, taken in clients.answers), 1),
        "accepted": len(clients.ids),
        "verdicts": dict(verdicts),
        "rows_and_first_judgements": rows,
    }
    assert accepted_at and accepted_at[-1] > promoted_at, "the new primary took submissions"
    assert verdicts == {"ACCEPTED": len(clients.ids)}, verdicts
    # One row per accepted submission (none stored twice by a retry), none judged a second time.
    assert rows == f"{len(clients.ids)}|{len(clients.ids)}", rows
