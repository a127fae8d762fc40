"""A submission walks every state of docs/lifecycle.md through the real services, and its key's waiting
place goes with it: taken when it is accepted, held while it waits and runs, given back by its verdict;
a rejudge (the admin's) takes none."""

import time

import pytest

from conftest import ADMIN_TOKEN
from support.judge_client import ApiError

SUM = "a, b = map(int, input().split())\nprint(a + b)\n"
SLOW_SUM = "import time\ntime.sleep(1.5)\n" + SUM


def judgement_of(client, submission_id, judgement, timeout=60):
    deadline = time.monotonic() + timeout
    while (now := client.submission(submission_id))["judgement"] != judgement or now["status"] != "FINISHED":
        assert time.monotonic() < deadline, now
        time.sleep(0.2)
    return now


def test_a_submission_walks_every_state_and_its_key_gets_its_place_back(api, worker):
    admin = api.with_token(ADMIN_TOKEN)
    # One waiting place: while the submission waits or runs, the key's next is refused.
    key = admin.create_key("lifecycle", maxWaiting=1, scopes=["SUBMIT", "PROBLEMS"])["key"]
    client = api.with_token(key)
    problem = client.create_problem(test_cases=[{"input": "1 2\n", "expectedOutput": "3\n"}])

    submission_id = client.submit(problem, SLOW_SUM)  # → QUEUED, the key's place taken
    with pytest.raises(ApiError) as refused:
        client.request("POST", "/api/submissions", {"problemId": problem, "language": "python", "sourceCode": SUM})
    assert refused.value.status == 429, refused.value

    statuses = [data["status"] for _, data in client.events(submission_id)]  # → RUNNING → FINISHED
    assert statuses[-1] == "FINISHED" and "RUNNING" in statuses, statuses
    assert statuses == sorted(statuses, key=["QUEUED", "RUNNING", "FINISHED"].index), statuses
    first = client.submission(submission_id)
    assert (first["verdict"], first["judgement"], first["lane"]) == ("ACCEPTED", 1, "PRACTICE")

    # The verdict gave the place back: the next submission is taken, and judged.
    assert client.wait_for_verdict(client.submit(problem, SUM))["verdict"] == "ACCEPTED"

    # A rejudge: any state → QUEUED with the next judgement on the rejudge lane, → FINISHED again. It
    # holds none of the key's places: the key submits while its submissions are queued again.
    status, _, started = admin.request("POST", f"/api/problems/{problem}/rejudge")
    assert status == 202 and started["submissions"] == 2, started
    assert client.wait_for_verdict(client.submit(problem, SUM))["verdict"] == "ACCEPTED"
    rejudged = judgement_of(client, submission_id, 2)
    assert (rejudged["verdict"], rejudged["lane"]) == ("ACCEPTED", "REJUDGE")
    _, _, history = client.request("GET", f"/api/submissions/{submission_id}/judgements")
    assert [(j["judgement"], j["verdict"]) for j in history["judgements"]] == [(1, "ACCEPTED")]
