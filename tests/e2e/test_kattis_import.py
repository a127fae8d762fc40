"""ICPC / Kattis problem packages imported in one call through the whole stack, each verified by its own
example submissions: each folder's verdict (accepted, wrong_answer, time_limit_exceeded, run_time_error)
against what the judge gives. The packages (tests/kattis) are in the format, written for this project."""

import pytest

from support.judge_client import ApiError
from support.packages import import_package, zipped
from support.processes import PROJECT

KATTIS = PROJECT / "tests/kattis"


def verified(api, name, change=None, links=None):
    status, problem = import_package(api, zipped(KATTIS / name, change, links), "?verify=true")
    assert status == 201, problem
    preparation = api.wait_for_preparation(problem["id"], timeout=180)
    assert preparation["status"] == "READY", preparation
    return problem, {s["name"]: (s["tag"], s.get("verdict"), s.get("matchesTag")) for s in preparation["solutions"]}


def prepared(api, name, change):
    """The preparation of the package changed, imported without verify: how it ended."""
    status, problem = import_package(api, zipped(KATTIS / name, change))
    assert status == 201, problem
    return api.wait_for_preparation(problem["id"], timeout=120)


def test_a_package_with_the_default_validators_flags_imports_and_each_submission_gets_its_folders_verdict(api, worker):
    problem, solutions = verified(api, "average")

    assert (problem["title"], problem["timeLimitMs"], problem["memoryLimitMb"]) == ("Average", 500, 256)
    assert problem["checker"]["kind"] == "tokens"
    assert problem["checker"]["tokens"]["absoluteTolerance"] == 1e-6
    # Two input validators, both run on every test: a checktestdata script and a Python program.
    assert [problem["validator"]["language"]] + [v["language"] for v in problem["furtherValidators"]] == [
        "checktestdata",
        "python",
    ]
    assert problem["validator"]["protocol"] == "kattis"
    assert problem["samples"] == [1]
    assert solutions == {
        "submissions/accepted/Main.java": ("accepted", "ACCEPTED", True),
        "submissions/accepted/average.cpp": ("accepted", "ACCEPTED", True),
        "submissions/accepted/average.py": ("accepted", "ACCEPTED", True),
        "submissions/accepted/modules/": ("accepted", "ACCEPTED", True),
        "submissions/run_time_error/crash.py": ("run-time-error", "RUNTIME_ERROR", True),
        "submissions/time_limit_exceeded/spin.c": ("time-limit-exceeded", "TIME_LIMIT_EXCEEDED", True),
        "submissions/wrong_answer/rounded.py": ("wrong-answer", "WRONG_ANSWER", True),
        "submissions/accepted/python2.py": ("accepted", None, None),
    }, "the Python 2 submission is not judged as Python 3"
    # The default validator ignores case and takes the tolerance: a contestant's output within it passes.
    judged = api.wait_for_verdict(
        api.submit(problem["id"], "n = int(input())\nprint(round(sum(map(int, input().split())) / n, 7))\n")
    )
    assert judged["verdict"] == "ACCEPTED", judged


def test_an_interactive_package_in_its_top_folder_talks_to_its_validator(api, worker):
    def in_a_top_folder(files):
        moved = {f"guess/{path}": content for path, content in files.items()}
        files.clear()
        files.update(moved)

    problem, solutions = verified(api, "guess", in_a_top_folder)

    assert problem["interactor"]["protocol"] == "kattis" and problem["timeLimitMs"] == 2000
    assert solutions == {
        "submissions/accepted/binary.py": ("accepted", "ACCEPTED", True),
        "submissions/wrong_answer/linear.py": ("wrong-answer", "WRONG_ANSWER", True),
    }


def test_a_packages_own_output_validator_gets_its_flags_and_says_why_in_its_feedback(api, worker):
    problem, solutions = verified(api, "split")

    assert problem["checker"]["protocol"] == "kattis" and problem["checker"]["arguments"] == ["max", "1000000000"]
    assert all(matches for _, _, matches in solutions.values()), solutions
    wrong = api.wait_for_verdict(api.submit(problem["id"], "n = int(input())\nprint(n, 1)\n"))
    assert wrong["verdict"] == "WRONG_ANSWER"
    # The format's two messages: the team's is the checker's message, the judges' is shown to the owner alone.
    assert wrong["testCases"][0]["checkerMessage"] == "the two numbers do not add up to n"
    assert wrong["testCases"][0]["judgeMessage"] == "5 + 1 is not 5"


def test_a_package_this_judge_cannot_honour_is_refused_naming_the_file(api):
    def scoring_and_interactive(files):
        files["problem.yaml"] = files["problem.yaml"] + b"type: [scoring, interactive]\n"

    status, refused = import_package(api, zipped(KATTIS / "average", scoring_and_interactive))

    assert status == 400, refused
    assert refused["file"] == "problem.yaml" and "scoring problem that is also" in refused["detail"]


def test_a_test_that_is_a_link_to_another_reads_as_it_and_a_link_out_of_the_package_is_refused(api, worker):
    """The format allows symbolic links to other files in the package (shared tests); nothing outside it."""
    again = {"data/secret/04-again.in": "03-large.in", "data/secret/04-again.ans": "../secret/03-large.ans"}
    problem, solutions = verified(api, "average", links=again)
    tests = api.request("GET", f"/api/problems/{problem['id']}")[2]["testCases"]
    assert len(tests) == 5 and tests[4] == tests[3], tests
    assert all(matches for _, _, matches in solutions.values() if matches is not None), solutions

    status, refused = import_package(
        api,
        zipped(
            KATTIS / "average",
            links={"data/secret/05-secret.in": "../../../../../../etc/passwd", "data/secret/05-secret.ans": "03-large.ans"},
        ),
    )
    assert status == 400, refused
    assert refused["file"] == "data/secret/05-secret.in" and "a link out of the package" in refused["detail"]


def test_a_scoring_package_scores_by_its_groups_and_builds_cpp_with_its_include(api, worker):
    """Two test data groups (40 as a whole, 60 a test's share each, requiring the first), a validator giving
    half a test to an answer off by one (score_multiplier.txt), include/cpp/io.h; partially_accepted is a
    score above nothing and below all; the Python 2 submission is listed, not judged; other languages than its
    four are refused."""
    status, problem = import_package(api, zipped(KATTIS / "double"), "?verify=true")
    assert status == 201, problem
    preparation = api.wait_for_preparation(problem["id"], timeout=240)
    assert preparation["status"] == "READY", preparation

    assert [(g["name"], g["points"], g["dependsOn"]) for g in problem["groups"]] == [
        ("sample", 0, []),
        ("1-small", 40, []),
        ("2-large", 60, ["1-small"]),
    ]
    assert problem["graders"]["cpp"]["solutionFile"] == "main.cpp"
    assert [problem["validator"]["language"]] + [v["language"] for v in problem["furtherValidators"]] == ["python", "c"]
    solutions = {
        s["name"]: (s.get("verdict"), s.get("score"), s.get("matchesTag"), s.get("notJudged")) for s in preparation["solutions"]
    }
    assert solutions == {
        "submissions/accepted/twice.cpp": ("ACCEPTED", 100, True, None),
        "submissions/accepted/Twice.java": ("ACCEPTED", 100, True, None),
        "submissions/partially_accepted/int32.c": ("WRONG_ANSWER", 40, True, None),
        "submissions/partially_accepted/off_by_one.py": ("PARTIALLY_ACCEPTED", 20, True, None),
        "submissions/wrong_answer/zero.py": ("WRONG_ANSWER", 0, True, None),
        "submissions/accepted/twice.py": (
            None,
            None,
            None,
            "it is Python 2 (its first line says so), which this judge does not run",
        ),
    }
    # A contestant's C++ builds with the package's header; off by one in group 2 only is half of its share.
    off = api.wait_for_verdict(
        api.submit(
            problem["id"],
            '#include "io.h"\nint main() { long long x = read_integer(); write_integer(2 * x + (x > 1000)); }\n',
            language="cpp",
        )
    )
    assert (off["verdict"], off["score"], off["maxScore"]) == ("PARTIALLY_ACCEPTED", 40 + 15 + 30, 100), off
    assert [t.get("judgeMessage") for t in off["testCases"]][-2:] == ["off by one: half", None], off
    # Its languages: a submission in another is refused, naming them.
    assert {"c", "cpp", "java", "python"} <= set(problem["languages"]) and "ruby" not in problem["languages"]
    with pytest.raises(ApiError) as refused:
        api.request("POST", "/api/submissions", {"problemId": problem["id"], "language": "ruby", "sourceCode": "puts 1\n"})
    assert refused.value.status == 422 and "takes submissions in c, cpp" in refused.value.body, refused.value


def test_a_test_the_checktestdata_script_rejects_fails_the_version_with_its_words(api, worker):
    """Two spaces between numbers: the Python validator splits on one space and would say no too, so the
    script, the first, is the one named."""

    def two_spaces(files):
        files["data/secret/02-one.in"] = b"2\n1  1\n"
        files["data/secret/02-one.ans"] = b"1\n"

    preparation = prepared(api, "average", two_spaces)

    assert (preparation["status"], preparation.get("file")) == ("FAILED", "test 3"), preparation
    assert "expected an integer but got <SPACE>" in preparation["message"], preparation
    assert "the validator exited with code 43" in preparation["message"], preparation


def test_a_test_any_of_a_packages_input_validators_rejects_fails_the_version_naming_it(api, worker):
    """The format runs every input validator on every test: 2 * 10^12 is written as format.py wants, but
    range/ (the second, in C) rejects it."""

    def out_of_range(files):
        files["data/secret/2-large/2.in"] = b"2000000000000\n"

    preparation = prepared(api, "double", out_of_range)

    assert (preparation["status"], preparation.get("file")) == ("FAILED", "test 5"), preparation
    assert "the validator 2 exited with code 43" in preparation["message"], preparation


def test_a_package_without_a_time_limit_gets_the_one_its_accepted_submissions_times_give(api, worker):
    """The format's rule (2025-09): the slowest accepted submission × ac_to_time_limit (2), in whole seconds
    (time_resolution 1): here well under half a second, so 1 s; the spinning submission is then too slow."""

    def without_time_limit(files):
        files["problem.yaml"] = files["problem.yaml"].replace(b"  time_limit: 0.5\n", b"")

    status, problem = import_package(api, zipped(KATTIS / "average", without_time_limit))
    assert status == 201, problem
    assert problem["timeLimitMs"] == 15000, "the most, until the version's preparation has timed the submissions"

    preparation = api.wait_for_preparation(problem["id"], timeout=240)

    assert preparation["status"] == "READY", preparation
    assert api.request("GET", f"/api/problems/{problem['id']}")[2]["timeLimitMs"] == 1000
    assert all(solution["matchesTag"] for solution in preparation["solutions"]), preparation["solutions"]
