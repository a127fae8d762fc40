"""Judging through the containerised worker: a correct program in every language, and the worker's
data-driven cases, each with its verdict."""

import time

import pytest

from support.processes import PROJECT
from support.programs import SUM, SUM_OF_A_LINE, assert_case_outcome, case_names, create_large_problem, submit_cases


@pytest.mark.parametrize("language", sorted(SUM))
def test_a_correct_program_is_accepted(api, language):
    problem = api.create_problem()

    verdict = api.wait_for_verdict(api.submit(problem, SUM[language], language=language), timeout=120)

    assert verdict["verdict"] == "ACCEPTED", verdict
    assert [case["verdict"] for case in verdict["testCases"]] == ["ACCEPTED", "ACCEPTED"]
    assert all(case["memoryKb"] > 0 for case in verdict["testCases"])


@pytest.fixture(scope="module")
def submitted_cases(api):
    """Every case submitted at once; the worker judges two at a time."""
    return submit_cases(api)


@pytest.mark.parametrize("name", case_names())
def test_a_judge_case_gets_its_verdict(api, submitted_cases, name):
    case, submitted = submitted_cases[name]

    assert_case_outcome(api, case, submitted)


def test_no_program_outlives_its_judgement(api, containers, submitted_cases):
    for case, submitted in submitted_cases.values():
        if case.get("preparation") != "FAILED":
            api.wait_for_verdict(submitted, timeout=300, interval=0.5)
    # Only the worker's JVM and its pool's waiting sandboxes (bwrap and judge-init) may remain. A program
    # that escaped its run lives on for good; what may still end within the minute is a preparation the
    # API sent again while the worker was slow with the first (seen once: a python generator 1 min later).
    deadline = time.monotonic() + 60
    while True:
        output = containers.exec("worker", "sh", "-c", "for p in /proc/[0-9]*; do cat $p/comm; done")
        strays = [command for command in output.stdout.split() if command not in ("java", "bwrap", ".judge-init", "sh", "cat")]
        if not strays or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert output.returncode == 0, output.stderr
    assert strays == []


def test_a_large_problem_is_judged_from_tests_the_worker_fetched_from_the_api(api):
    problem = create_large_problem(api)

    verdict = api.wait_for_verdict(api.submit(problem, SUM_OF_A_LINE), timeout=180)

    assert verdict["verdict"] == "ACCEPTED", verdict
    assert len(verdict["testCases"]) == 3


TESTLIB = PROJECT / "build" / "testlib"


def test_the_image_bundles_the_pinned_testlib_for_setters_programs(api, containers):
    """A stock checker uploaded alone, as a setter does: it builds against the image's testlib.h.
    hack/images.sh puts testlib.h in the image where GitHub or TESTLIB_SOURCE has it."""
    if not (TESTLIB / "testlib.h").is_file():
        assert "No testlib.h bundled" in containers.log("worker")
        pytest.skip("no testlib in build/testlib (hack/testlib.sh): the image bundles none, as the worker says")
    checker = {"kind": "custom", "language": "cpp", "sourceCode": (TESTLIB / "checkers" / "wcmp.cpp").read_text()}
    problem = api.create_problem(checker=checker)

    right = api.submit(problem, "a, b = map(int, input().split())\nprint(' ', a + b, ' ')\n")
    wrong = api.submit(problem, "a, b = map(int, input().split())\nprint(a * b)\n")

    assert api.wait_for_verdict(right, timeout=180)["verdict"] == "ACCEPTED"
    assert api.wait_for_verdict(wrong, timeout=180)["verdict"] == "WRONG_ANSWER"
