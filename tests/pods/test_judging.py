"""Judging by worker pods: a correct program in every language, the worker's data-driven cases, and
the chart's `helm test` hook."""

import re
import time
import urllib.error
import urllib.request

import pytest

from support.judge_client import ApiError, JudgeClient
from support.programs import SUM, SUM_OF_A_LINE, assert_case_outcome, case_names, create_large_problem, submit_cases, sums
from tier import RELEASE, RELEASE_VALUES

# The languages the release enables (tests/pods/values.yaml): the cases of others could not be judged.
LANGUAGES = RELEASE_VALUES["languages"]["enabled"]


@pytest.mark.parametrize("language", sums(LANGUAGES))
def test_a_correct_program_is_accepted(api, worker_pod, language):
    problem = api.create_problem()

    verdict = api.wait_for_verdict(api.submit(problem, SUM[language], language=language), timeout=180)

    assert verdict["verdict"] == "ACCEPTED", verdict
    assert [case["verdict"] for case in verdict["testCases"]] == ["ACCEPTED", "ACCEPTED"]


@pytest.fixture(scope="module")
def submitted_cases(api, first_worker):
    return submit_cases(api, LANGUAGES)


@pytest.mark.parametrize("name", case_names(LANGUAGES))
def test_a_judge_case_gets_its_verdict(api, submitted_cases, name):
    case, submitted = submitted_cases[name]

    assert_case_outcome(api, case, submitted)


def test_helm_test_submits_a_program_and_gets_its_verdict(kube, worker_pod):
    """The chart's `helm test` hook, as users run it: its pod finds the API by its Service's name
    (CoreDNS) and reaches it through the Service's address (kube-proxy)."""
    said = kube.helm("test", RELEASE, "--timeout", "5m", "--logs")

    assert re.search(r"Phase:\s+Succeeded", said) and "verdict ACCEPTED" in said, said


def test_every_node_workers_may_run_on_has_the_language_images_before_a_worker_needs_them(kube, release):
    """languages.prePull: the DaemonSet's pod on each node mounts the images the workers mount, and is
    Ready once that node has them all."""
    name = f"{RELEASE}-language-images"
    deadline = time.monotonic() + 180
    while True:
        status = kube.get("daemonset", name)["status"]
        if status.get("desiredNumberScheduled") and status.get("numberReady") == status["desiredNumberScheduled"]:
            break
        assert time.monotonic() < deadline, status
        time.sleep(2)
    # Every node: the tier's workers may run on both (a DaemonSet's pods stay on a cordoned node too).
    assert status["desiredNumberScheduled"] == len(kube.raw("api/v1/nodes")["items"]), status

    def images(spec):
        return {volume["image"]["reference"] for volume in spec["volumes"] if "image" in volume}

    worker = kube.get("deployment", f"{RELEASE}-worker")["spec"]["template"]["spec"]
    pulled = kube.get("daemonset", name)["spec"]["template"]["spec"]
    enabled = {RELEASE_VALUES["languages"]["images"][language] for language in LANGUAGES}
    assert images(pulled) == images(worker) == enabled


def test_a_large_problem_is_judged_from_tests_the_worker_fetched_from_the_api(api, worker_pod):
    """Through the API's management Service, by the name the chart gives the workers."""
    [container] = worker_pod["spec"]["containers"]
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert env["JUDGE_WORKER_INTERNALAPI_URL"] == "http://judge-api-management:8081"
    problem = create_large_problem(api)

    verdict = api.wait_for_verdict(api.submit(problem, SUM_OF_A_LINE), timeout=180)

    assert verdict["verdict"] == "ACCEPTED", verdict
    assert len(verdict["testCases"]) == 3


def test_the_chart_refuses_calls_without_a_key(api_url):
    with pytest.raises(ApiError) as refused:
        JudgeClient(api_url).create_problem()

    assert refused.value.status == 401


def test_the_api_pod_answers_health_and_metrics_on_its_management_port_only(kube, api_url):
    """The public port (what the API's Service exposes) knows no Actuator; the management port
    (8081, the chart's judge.apiManagementPort, reached through its own ClusterIP Service) serves it."""
    management = kube.get("service", f"{RELEASE}-api-management")["spec"]
    management_url = f"http://{management['clusterIP']}:{management['ports'][0]['port']}"
    for path in ("/actuator/prometheus", "/actuator/health/readiness"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(api_url + path, timeout=10)
        assert refused.value.code == 404, path
        with urllib.request.urlopen(management_url + path, timeout=10) as answered:
            assert answered.status == 200, path
