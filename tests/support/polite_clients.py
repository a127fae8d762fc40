"""Clients that submit without pause while the cluster under them changes (a database failover, a
broker node deleted, an upgrade), as polite clients do: a 503 is tried again after its Retry-After."""

import collections
import contextlib
import json
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from support.programs import SUM


class PoliteClients:
    """Each submits one submission after another (interval_s apart) until stopped, trying a 503 again
    after its Retry-After, and records what each try was answered and when."""

    def __init__(self, api, problem, interval_s=0.2):
        self.api, self.problem, self.interval_s = api, problem, interval_s
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
                time.sleep(self.interval_s)
            except urllib.error.HTTPError as error:
                self.record(sent, error.code)
                if error.code != 503 or not error.headers.get("Retry-After"):
                    raise AssertionError(f"{error.code} {error.read()[:500]}") from None
                time.sleep(float(error.headers["Retry-After"]))
            except (urllib.error.URLError, TimeoutError) as error:
                self.record(sent, type(error).__name__)
                raise

    @contextlib.contextmanager
    def submitting(self, clients, accepted_first):
        """`clients` of them submit from before the block (which is entered once `accepted_first`
        submissions were accepted) to its end; a client's unexpected answer fails the block's end."""
        with ThreadPoolExecutor(clients) as pool:
            running = [pool.submit(self.run, n) for n in range(clients)]
            while len(self.ids) < accepted_first:
                assert not any(client.done() for client in running), [client.exception() for client in running]
                time.sleep(0.05)
            try:
                yield
            finally:
                self.stop.set()
            for client in running:
                client.result()

    def assert_each_judged_once(self, outcome):
        """Every accepted submission judged ACCEPTED (the clients submit a right answer), stored once
        (none twice by a retry) and judged once (no second judgement)."""
        assert outcome["verdicts"] == {"ACCEPTED": len(self.ids)}, outcome
        assert outcome["rows_and_first_judgements"] == f"{len(self.ids)}|{len(self.ids)}", outcome

    def record(self, sent, status, submission_id=None):
        with self.lock:
            self.answers.append((time.monotonic(), status, time.monotonic() - sent))
            if submission_id:
                self.ids.append(submission_id)

    def accepted_after(self, moment):
        """When each submission accepted from that moment on was accepted, in order."""
        return sorted(at for at, status, _ in self.answers if status == 202 and at >= moment)

    def longest_pause(self, moment):
        """The longest time from that moment without a submission accepted, in seconds."""
        accepted = self.accepted_after(moment)
        return max(later - earlier for earlier, later in zip([moment, *accepted], accepted))

    def outcome(self, api, database, since):
        """What came of the clients' submissions from `since` (the disruption) on: the answers and
        pauses they saw, the verdicts, and the problem's rows and first judgements ("rows|firsts")."""
        verdicts = collections.Counter(api.wait_for_verdict(id_, timeout=600, interval=0.5)["verdict"] for id_ in self.ids)
        rows = database.sql(
            f"select count(*), count(*) filter (where judgement = 1) from submission where problem_id = {self.problem}"
        )
        return {
            "longest_accept_pause_s": round(self.longest_pause(since), 1),
            "answers_from_disruption_to_stop": dict(collections.Counter(str(s) for at, s, _ in self.answers if at >= since)),
            "slowest_answer_s": round(max(taken for _, _, taken in self.answers), 1),
            "accepted": len(self.ids),
            "verdicts": dict(verdicts),
            "rows_and_first_judgements": rows,
        }
