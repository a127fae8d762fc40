"""The API against its own OpenAPI document, as a new user and an integrating platform meet it:
Schemathesis generates requests from the served document (every check and phase, settings in
schemathesis.toml next to this file), and a client generated from it with openapi-python-client
creates a problem, submits to it and reads the verdict."""

import glob
import importlib
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import time
import urllib.request

from conftest import PROJECT

API = "http://127.0.0.1:18080"
CONFIG = PROJECT / "tests/e2e/schemathesis.toml"


def schemathesis_cli():
    # Installed next to the Python that runs the tests (tests/requirements.txt).
    return shutil.which("st", path=str(pathlib.Path(sys.executable).parent)) or "st"


def test_schemathesis_finds_nothing_the_document_does_not_allow(api, tmp_path):
    # A new seed each run, so that runs explore more than one path; printed, so that a failure replays
    # with JUDGE_FUZZ_SEED=<seed>.
    seed = int(os.environ.get("JUDGE_FUZZ_SEED") or random.SystemRandom().randrange(1, 2**31))
    print(f"schemathesis seed: {seed} (replay with JUDGE_FUZZ_SEED={seed})")
    run = subprocess.run(
        [
            schemathesis_cli(),
            "--config-file",
            str(CONFIG),
            "run",
            f"{API}/v3/api-docs",
            "--checks",
            "all",
            "--seed",
            str(seed),
            "--report",
            "json,har",
            "--report-dir",
            str(tmp_path),
            "--no-color",
        ],
        # Its example database and cache go to the working folder: a fresh one every run, so that the
        # seed alone decides what is generated.
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, SCHEMATHESIS_HOOKS="schemathesis_hooks", PYTHONPATH=str(PROJECT / "tests/e2e")),
    )
    # From the failures (each with the request that replays it) on, or the summary when there are none.
    start = next((run.stdout.find(mark) for mark in ("FAILURES", "SUMMARY") if mark in run.stdout), -3000)
    summary = run.stdout[start:]
    print(summary)
    report = json.loads(pathlib.Path(glob.glob(str(tmp_path / "json-*.json"))[0]).read_text())
    cases = report["test_cases"]
    print(
        f"schemathesis: {cases['generated']} requests generated, {cases['unique_failures']} unique failures, "
        f"{len(report['errors'])} errors, phases {[p for p, s in report['phases'].items() if s['status'] == 'success']}"
    )
    assert run.returncode == 0, f"seed {seed}: {summary}"
    assert cases["generated"] > 300 and cases["unique_failures"] == 0 and not report["errors"]
    assert all(phase["status"] == "success" for phase in report["phases"].values()), report["phases"]

    # Every submission the fuzzer got accepted comes back with a verdict, however odd its program,
    # and before the next tests need the worker.
    har = json.loads(pathlib.Path(glob.glob(str(tmp_path / "har-*.json"))[0]).read_text())
    accepted = [
        json.loads(entry["response"]["content"]["text"])["id"]
        for entry in har["log"]["entries"]
        if entry["request"]["method"] == "POST"
        and entry["request"]["url"].endswith("/api/submissions")
        and entry["response"]["status"] == 202
    ]
    print(f"schemathesis: {len(accepted)} submissions accepted")
    assert accepted
    for submission_id in accepted:
        assert api.wait_for_verdict(submission_id, timeout=300, interval=0.5)["verdict"]


def test_a_client_generated_from_the_document_submits_and_reads_a_verdict(stack, tmp_path):
    with urllib.request.urlopen(f"{API}/v3/api-docs", timeout=10) as response:
        (tmp_path / "openapi.json").write_bytes(response.read())
    generator = shutil.which("openapi-python-client", path=str(pathlib.Path(sys.executable).parent)) or "openapi-python-client"
    subprocess.run(
        [
            generator,
            "generate",
            "--path",
            str(tmp_path / "openapi.json"),
            "--meta",
            "none",
            "--output-path",
            str(tmp_path / "judge_api_client"),
        ],
        check=True,
        timeout=300,
    )
    sys.path.insert(0, str(tmp_path))
    try:
        client_module = importlib.import_module("judge_api_client")
        models = importlib.import_module("judge_api_client.models")
        create_problem = importlib.import_module("judge_api_client.api.problems.create_problem")
        submit = importlib.import_module("judge_api_client.api.submissions.submit")
        get_submission = importlib.import_module("judge_api_client.api.submissions.get_submission")
        list_languages = importlib.import_module("judge_api_client.api.languages.list_languages")
    finally:
        sys.path.remove(str(tmp_path))

    client = client_module.Client(base_url=API, raise_on_unexpected_status=True)
    assert "python" in [language.id for language in list_languages.sync(client=client)]

    problem = create_problem.sync(
        client=client,
        body=models.ProblemRequest(
            title="Sum",
            time_limit_ms=2000,
            memory_limit_mb=256,
            test_cases=[models.TestCaseRequest(input_="1 2\n", expected_output="3\n")],
        ),
    )
    assert isinstance(problem, models.ProblemView), problem

    accepted = submit.sync_detailed(
        client=client,
        body=models.SubmissionToProblem(
            problem_id=problem.id,
            language=models.SubmissionToProblemLanguage.PYTHON,
            source_code="a, b = map(int, input().split())\nprint(a + b)\n",
        ),
    )
    assert accepted.status_code == 202, accepted.content
    submission_id = accepted.parsed.id

    # As the document says: come back when Retry-After tells, until the verdict.
    deadline = time.monotonic() + 60
    retry_after = int(accepted.headers["Retry-After"])
    while True:
        time.sleep(retry_after)
        response = get_submission.sync_detailed(id=submission_id, client=client)
        assert response.status_code == 200, response.content
        view = response.parsed
        if view.status == models.SubmissionViewStatus.FINISHED:
            break
        assert time.monotonic() < deadline, view
        retry_after = int(response.headers["Retry-After"])
    assert view.verdict == models.SubmissionViewVerdict.ACCEPTED
    assert [case.verdict for case in view.test_cases] == [models.TestCaseResultVerdict.ACCEPTED]
