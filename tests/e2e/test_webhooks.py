"""Webhooks through the whole pipeline: a submission judged by the worker and recorded by the consumer
is delivered, signed, to a receiver on loopback (allowed in this stack's settings), by whichever of
the two API replicas claims it, even when the receiver fails at first."""

import hashlib
import hmac
import http.server
import json
import threading
import time

import pytest

from conftest import ADMIN_TOKEN

SUM = "a, b = map(int, input().split())\nprint(a + b)\n"


class Receiver(http.server.ThreadingHTTPServer):
    """Answers 503 to the first `failures` deliveries, then 204; keeps what it accepted."""

    def __init__(self, failures):
        self.failures = failures
        self.attempts = 0
        self.accepted = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), ReceiverHandler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server_address[1]}/verdicts"


class ReceiverHandler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        with self.server.lock:
            self.server.attempts += 1
            failing = self.server.attempts <= self.server.failures
            if not failing:
                self.server.accepted.append((dict(self.headers), body))
        self.send_response(503 if failing else 204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def receiver():
    receiver = Receiver(failures=2)
    yield receiver
    receiver.shutdown()


def signature_is_valid(secret, header, body):
    fields = dict(part.split("=", 1) for part in header.split(","))
    expected = hmac.new(secret.encode(), fields["t"].encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields["v1"]) and abs(time.time() - int(fields["t"])) < 300


def test_a_judged_submission_is_delivered_signed_even_after_the_receiver_failed_twice(api, worker, receiver):
    created = api.with_token(ADMIN_TOKEN).create_key("webhooks", scopes=["SUBMIT", "PROBLEMS"])
    platform = api.with_token(created["key"])
    submission_id = platform.submit(platform.create_problem(), SUM, callbackUrl=receiver.url)

    verdict = platform.wait_for_verdict(submission_id)
    deadline = time.monotonic() + 30
    while not receiver.accepted and time.monotonic() < deadline:
        time.sleep(0.1)

    assert verdict["verdict"] == "ACCEPTED"
    assert receiver.accepted, f"no delivery accepted after {receiver.attempts} attempts"
    headers, body = receiver.accepted[0]
    assert headers["Judge-Delivery"] == submission_id + ".1"  # the submission's first judgement
    assert signature_is_valid(created["webhookSecret"], headers["Judge-Signature"], body)
    assert not signature_is_valid("another secret", headers["Judge-Signature"], body)
    delivered = json.loads(body)
    assert delivered["id"] == submission_id and delivered["verdict"] == "ACCEPTED"
    assert delivered["testCases"] == verdict["testCases"]

    deadline = time.monotonic() + 10
    while (callback := platform.submission(submission_id)["callback"])["status"] != "DELIVERED" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert callback["status"] == "DELIVERED" and callback["attempts"] == 3, callback
    assert receiver.attempts == 3
