"""A problem version with setter programs is prepared before it takes submissions: a worker builds its
checker, interactor and validator and validates its tests, and the version is READY or FAILED, naming
what failed for its setter. Submissions to a version that is not ready are refused (409)."""

import time

import pytest

from conftest import ADMIN_TOKEN
from support.judge_client import ApiError

SUM = "a, b = map(int, input().split())\nprint(a + b)\n"
# A validator as testlib's registerValidation runs: the input on stdin, --group for a test in a group.
TWO_SMALL_NUMBERS = """import sys
a, b = map(int, sys.stdin.read().split())
if not (1 <= a <= 100 and 1 <= b <= 100):
    sys.stderr.write(f"FAIL Integer {max(a, b)} violates the range [1, 100]\\n")
    sys.exit(3)
"""
SLOW_VALIDATOR = "import sys, time\ntime.sleep(3)\nsys.stdin.read()\n"


def refusal(call):
    with pytest.raises(ApiError) as refused:
        call()
    return refused.value


def test_a_version_is_refused_submissions_while_it_is_prepared_then_judged(api, worker):
    status, headers, created = api.request(
        "POST",
        "/api/problems",
        {
            "title": "Sum, validated slowly",
            "timeLimitMs": 2000,
            "memoryLimitMb": 256,
            "validator": {"language": "python", "sourceCode": SLOW_VALIDATOR},
            "testCases": [{"input": "1 2\n", "expectedOutput": "3\n"}],
        },
    )
    assert status == 201 and created["preparation"] == {"status": "PREPARING"}

    early = refusal(lambda: api.submit(created["id"], SUM))
    assert early.status == 409 and '"preparation":"PREPARING"' in early.body and '"retryAfterSeconds":5' in early.body

    assert api.wait_for_preparation(created["id"])["status"] == "READY"
    assert api.wait_for_verdict(api.submit(created["id"], SUM))["verdict"] == "ACCEPTED"


def test_a_checker_that_does_not_compile_fails_the_version_for_its_setter_alone(api, worker):
    owner = api.with_token(api.with_token(ADMIN_TOKEN).create_key("setter", scopes=["SUBMIT", "PROBLEMS"])["key"])
    contestant = api.with_token(api.with_token(ADMIN_TOKEN).create_key("contestant")["key"])
    problem = owner.create_problem(
        ready=False, submitters="PUBLIC", checker={"kind": "custom", "language": "c", "sourceCode": "int main( { return 0; }\n"}
    )

    preparation = owner.wait_for_preparation(problem)
    assert (preparation["status"], preparation.get("file")) == ("FAILED", "checker"), preparation
    assert "error" in preparation["message"]
    # A contestant sees that it takes no submissions, not the setter's code in the compiler's words.
    shown = contestant.request("GET", f"/api/problems/{problem}")[2]["preparation"]
    assert shown == {"status": "FAILED"}
    refused = refusal(lambda: contestant.submit(problem, SUM))
    assert refused.status == 409 and '"preparation":"FAILED"' in refused.body


def test_a_test_the_validator_rejects_fails_the_version_naming_the_test(api, worker):
    problem = api.create_problem(
        ready=False,
        validator={"language": "python", "sourceCode": TWO_SMALL_NUMBERS},
        test_cases=[{"input": "1 2\n", "expectedOutput": "3\n"}, {"input": "40 200\n", "expectedOutput": "240\n"}],
    )

    preparation = api.wait_for_preparation(problem)

    assert (preparation["status"], preparation.get("file")) == ("FAILED", "test 2"), preparation
    assert "FAIL Integer 200 violates the range [1, 100]" in preparation["message"]


def test_an_edit_that_fails_leaves_earlier_submissions_and_refuses_new_ones_and_rejudges(api, worker):
    admin = api.with_token(ADMIN_TOKEN)
    problem = api.create_problem(test_cases=[{"input": "1 2\n", "expectedOutput": "3\n"}])
    before = api.wait_for_verdict(api.submit(problem, SUM))
    status, _, edited = api.request(
        "PUT",
        f"/api/problems/{problem}",
        {
            "title": "Sum, broken checker",
            "timeLimitMs": 2000,
            "memoryLimitMb": 256,
            "checker": {"kind": "custom", "language": "cpp", "sourceCode": "#include <no-such-header>\n"},
            "testCases": [{"input": "1 2\n", "expectedOutput": "3\n"}],
        },
    )
    assert status == 200 and edited["version"] == 2

    assert api.wait_for_preparation(problem)["status"] == "FAILED"
    assert refusal(lambda: api.submit(problem, SUM)).status == 409
    assert refusal(lambda: admin.request("POST", f"/api/problems/{problem}/rejudge")).status == 409
    assert api.submission(before["id"])["verdict"] == "ACCEPTED"


def test_a_hostile_validator_learns_nothing_of_the_worker_and_cannot_hold_it(api, worker):
    """What a validator prints goes back to the setter: it must find nothing of the worker's there."""
    snoop = (
        "import os, sys\nsys.stderr.write(repr(dict(os.environ)))\n"
        "for path in ('/proc/1/environ', '/proc/1/cmdline'):\n"
        "    try: sys.stderr.write(open(path).read())\n"
        "    except OSError as e: sys.stderr.write(str(e))\nsys.exit(1)\n"
    )
    problem = api.create_problem(ready=False, validator={"language": "python", "sourceCode": snoop})

    preparation = api.wait_for_preparation(problem)

    assert (preparation["status"], preparation.get("file")) == ("FAILED", "test 1"), preparation
    for secret in ("JUDGE_", "SPRING_", "TOKEN", "java"):
        assert secret not in preparation["message"], preparation["message"]

    endless = api.create_problem(ready=False, validator={"language": "python", "sourceCode": "while True:\n    pass\n"})
    started = time.monotonic()
    preparation = api.wait_for_preparation(endless)
    assert "ran out of time" in preparation["message"] and time.monotonic() - started < 60
