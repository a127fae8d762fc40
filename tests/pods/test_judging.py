"""Judging by worker pods: a correct program in every language, and the worker's data-driven cases."""
import pytest

from programs import SUM, assert_case_verdict, case_names, submit_cases


@pytest.mark.parametrize("language", sorted(SUM))
def test_a_correct_program_is_accepted(api, worker_pod, language):
    problem = api.create_problem()

    verdict = api.wait_for_verdict(api.submit(problem, SUM[language], language=language), timeout=180)

    assert verdict["verdict"] == "ACCEPTED", verdict
    assert [case["verdict"] for case in verdict["testCases"]] == ["ACCEPTED", "ACCEPTED"]


@pytest.fixture(scope="module")
def submitted_cases(api, worker_pod):
    return submit_cases(api)


@pytest.mark.parametrize("name", case_names())
def test_a_judge_case_gets_its_verdict(api, submitted_cases, name):
    case, submission_id = submitted_cases[name]

    assert_case_verdict(case, api.wait_for_verdict(submission_id, timeout=300, interval=0.5))
