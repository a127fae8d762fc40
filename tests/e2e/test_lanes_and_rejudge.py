"""Lanes and rejudges through the whole pipeline: one worker (two judging slots) behind a practice
backlog must take a contest submission next, and a rejudge must give a submission the verdict of the
problem's newest version while keeping the verdict it had."""

import time
from datetime import datetime

from conftest import ADMIN_TOKEN

# Each practice submission holds a slot for about half a second: the backlog outlasts the test's wait.
SLOW = "import time\ntime.sleep(0.5)\na, b = map(int, input().split())\nprint(a + b)\n"
SUM = "a, b = map(int, input().split())\nprint(a + b)\n"
BACKLOG = 60


def finished(api, ids):
    status, _, body = api.request("GET", "/api/submissions?ids=" + ",".join(ids))
    assert status == 200
    return sum(1 for submission in body["submissions"] if submission["status"] == "FINISHED")


def instant(text):
    return datetime.fromisoformat(text)


def test_a_contest_submission_overtakes_a_practice_backlog(api, worker):
    problem = api.create_problem(test_cases=[{"input": "1 2\n", "expectedOutput": "3\n"}])
    batch = [{"problemId": problem, "language": "python", "sourceCode": SLOW, "lane": "PRACTICE"}] * BACKLOG
    status, _, accepted = api.request("POST", "/api/submissions/batch", {"submissions": batch})
    assert status == 202
    practice = [submission["id"] for submission in accepted["submissions"]]
    # The worker is busy with the backlog before the contest one arrives. One batch's submissions share
    # their creation time, so which of them runs first is the queue's choice: wait for any of them.
    deadline = time.monotonic() + 30
    while finished(api, practice) == 0:
        assert time.monotonic() < deadline, "no practice submission was judged"
        time.sleep(0.1)

    contest = api.submit(problem, SUM, lane="CONTEST")
    verdict = api.wait_for_verdict(contest, timeout=30)
    assert verdict["verdict"] == "ACCEPTED" and verdict["lane"] == "CONTEST"
    views = [api.wait_for_verdict(submission_id, timeout=120) for submission_id in practice]

    # Behind the backlog it would have waited for all of it; ahead of it, for one slot to free. Counted
    # by when the worker started each (not by what a poll saw when), so that only the worker's order
    # and the request's way to it count, not how soon its verdict was read.
    contest_accepted, started = instant(verdict["createdAt"]), instant(verdict["startedAt"])
    overtaking = [view for view in views if contest_accepted < instant(view["startedAt"]) < started]
    still_queued = [view for view in views if instant(view["startedAt"]) > contest_accepted]
    assert len(overtaking) < len(still_queued) // 4, (
        f"{len(overtaking)} of the {len(still_queued)} practice submissions still queued when the contest one was"
        f" accepted started before it; contest submission: {verdict}"
    )


def test_a_rejudge_gives_the_newest_versions_verdict_and_keeps_the_earlier_one(api, worker):
    admin = api.with_token(ADMIN_TOKEN)
    problem = api.create_problem(test_cases=[{"input": "1 2\n", "expectedOutput": "3\n"}])
    submission_id = api.submit(problem, SUM)
    first = api.wait_for_verdict(submission_id)
    assert first["verdict"] == "ACCEPTED" and first["judgement"] == 1
    status, _, _ = admin.request(
        "PUT",
        f"/api/problems/{problem}",
        {
            "title": "Sum, corrected",
            "timeLimitMs": 2000,
            "memoryLimitMb": 256,
            "testCases": [{"input": "1 2\n", "expectedOutput": "4\n"}],
        },
    )
    assert status == 200

    status, _, started = admin.request("POST", f"/api/problems/{problem}/rejudge")
    assert status == 202 and started == {"problemId": problem, "problemVersion": 2, "submissions": 1}

    deadline = time.monotonic() + 60
    while (now := api.submission(submission_id))["judgement"] != 2 or now["status"] != "FINISHED":
        assert time.monotonic() < deadline, now
        time.sleep(0.2)
    assert now["verdict"] == "WRONG_ANSWER" and now["lane"] == "REJUDGE" and now["problemVersion"] == 2
    _, _, history = api.request("GET", f"/api/submissions/{submission_id}/judgements")
    [earlier] = history["judgements"]
    assert earlier["judgement"] == 1 and earlier["verdict"] == "ACCEPTED" and earlier["problemVersion"] == 1
    assert earlier["finishedAt"] == first["finishedAt"]
