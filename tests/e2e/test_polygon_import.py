"""A Polygon package imported in one call through the whole stack: its tests, groups, points and
dependencies, its checker and validator prepared by a worker, and its tagged solutions judged as
their tags say. The package (tests/polygon/sum-of-two) is in Polygon's format, written for this project."""

import json
import time
import urllib.request

import pytest

from conftest import WORKER_TOKEN
from support.judge_client import ApiError
from support.packages import GRADER_PACKAGE, PACKAGE, import_package, without_generated_tests_and_answers, zipped


def test_a_package_imports_and_its_tagged_solutions_get_the_verdicts_their_tags_say(api, worker):
    status, problem = import_package(api, zipped(PACKAGE), "?verify=true")
    assert status == 201, problem
    assert (problem["title"], problem["timeLimitMs"], problem["memoryLimitMb"]) == ("Sum of Two", 1000, 256)
    assert [(group["name"], group["points"], group["dependsOn"], group["scoring"]) for group in problem["groups"]] == [
        ("0", 0, [], "COMPLETE_GROUP"),
        ("1", 40, ["0"], "COMPLETE_GROUP"),
        ("2", 60, ["1"], "EACH_TEST"),
    ]
    assert problem["groups"][2]["testPoints"] == [60]
    assert problem["checker"]["kind"] == "custom" and problem["validator"]["language"] == "python"
    assert (problem["feedback"], problem["samples"]) == ("full", [1]), 'test 1 is sample="true"'

    preparation = api.wait_for_preparation(problem["id"])

    assert preparation["status"] == "READY", preparation
    assert [(s["name"], s["tag"], s["verdict"], s["matchesTag"]) for s in preparation["solutions"]] == [
        ("solutions/sum.py", "main", "ACCEPTED", True),
        ("solutions/product.py", "wrong-answer", "WRONG_ANSWER", True),
    ]
    accepted = api.wait_for_verdict(api.submit(problem["id"], (PACKAGE / "solutions/sum.py").read_text()))
    assert (accepted["verdict"], accepted["score"]) == ("ACCEPTED", 100)


def test_a_packages_resources_for_solutions_are_graders_its_function_solutions_are_built_with(api, worker):
    """IOI's function tasks as Polygon carries them: grader.cpp and sum.h for cpp.*, grader.py for
    python.*, Main.java for java*; each tagged solution only implements the function."""
    status, problem = import_package(api, zipped(GRADER_PACKAGE), "?verify=true")
    assert status == 201, problem
    assert {language: grader["solutionFile"] for language, grader in problem["graders"].items()} == {
        "cpp": "solution.cpp",
        "java": "Solution.java",
        "python": "solution.py",
    }

    preparation = api.wait_for_preparation(problem["id"])

    assert preparation["status"] == "READY", preparation
    assert [(s["name"], s["verdict"], s["matchesTag"]) for s in preparation["solutions"]] == [
        ("solutions/sum.cpp", "ACCEPTED", True),
        ("solutions/sum.py", "ACCEPTED", True),
        ("solutions/Solution.java", "ACCEPTED", True),
        ("solutions/overflow.cpp", "WRONG_ANSWER", True),
    ]
    judged = api.wait_for_verdict(
        api.submit(problem["id"], '#include "sum.h"\nlong long sum(long long a, long long b) { return b + a; }\n', "cpp")
    )
    assert judged["verdict"] == "ACCEPTED", judged
    with pytest.raises(ApiError) as refused:
        api.submit(problem["id"], "int main() { return 0; }\n", "c")
    assert refused.value.status == 422 and "cpp, java, python" in str(refused.value.body)


def test_a_polygon_checker_scores_in_points_of_the_test(api, worker):
    # As Polygon counts them: quitp(30) on test 4, alone in its each-test group worth 60, is half of it.
    scoring_checker = b"""import sys
got, want = int(open(sys.argv[2]).read()), int(open(sys.argv[3]).read())
if got == want:
    sys.exit(0)
if abs(got - want) == 1:
    sys.stderr.write("points 30 off by one")
    sys.exit(7)
sys.exit(1)
"""
    status, problem = import_package(api, zipped(PACKAGE, lambda files: files.update({"files/check.py": scoring_checker})))
    assert status == 201, problem
    assert problem["checker"]["scores"] == "points"
    assert api.wait_for_preparation(problem["id"])["status"] == "READY"

    off_by_one_on_large = "a, b = map(int, input().split())\nprint(a + b - (a + b > 100))\n"
    judged = api.wait_for_verdict(api.submit(problem["id"], off_by_one_on_large))

    assert (judged["verdict"], judged["score"], judged["maxScore"]) == ("PARTIALLY_ACCEPTED", 70, 100), judged
    assert [(group["name"], group["score"]) for group in judged["groups"]] == [("0", 0), ("1", 40), ("2", 30)]


def test_a_package_whose_test_the_validator_rejects_fails_its_preparation_naming_the_test(api, worker):
    def out_of_range(files):
        files["tests/03"] = b"0 10\n"

    status, problem = import_package(api, zipped(PACKAGE, out_of_range))
    assert status == 201, problem

    preparation = api.wait_for_preparation(problem["id"])
    assert (preparation["status"], preparation.get("file")) == ("FAILED", "test 3"), preparation


def downloaded_tests(api, problem_id):
    request = urllib.request.Request(f"{api.base_url}/api/problems/{problem_id}/tests")
    with urllib.request.urlopen(request, timeout=30) as response:
        return [json.loads(line) for line in response.read().decode().splitlines()]


def test_a_package_without_its_generated_tests_and_answers_has_a_worker_make_them(api, worker):
    status, problem = import_package(api, zipped(PACKAGE, without_generated_tests_and_answers), "?verify=true")
    assert status == 201, problem

    preparation = api.wait_for_preparation(problem["id"])

    assert preparation["status"] == "READY", preparation
    made = [(test["input"], test["expectedOutput"]) for test in downloaded_tests(api, problem["id"])]
    assert made == [((PACKAGE / f"tests/{n:02d}").read_text(), (PACKAGE / f"tests/{n:02d}.a").read_text()) for n in range(1, 5)]
    assert [(s["name"], s["verdict"], s["matchesTag"]) for s in preparation["solutions"]] == [
        ("solutions/sum.py", "ACCEPTED", True),
        ("solutions/product.py", "WRONG_ANSWER", True),
    ]
    accepted = api.wait_for_verdict(api.submit(problem["id"], (PACKAGE / "solutions/sum.py").read_text()))
    assert (accepted["verdict"], accepted["score"]) == ("ACCEPTED", 100)


def test_a_hostile_generator_sees_only_its_sandbox_and_a_failing_one_fails_the_version_naming_the_test(api, worker):
    snoop = b"""import os, sys
seen = []
for path in ["/proc/1/environ", "/proc/self/environ", "/etc/shadow"]:
    try:
        seen.append(open(path, "rb").read().decode(errors="replace"))
    except OSError as error:
        seen.append(type(error).__name__)
print(repr(seen + sorted(os.environ)))
print(" ".join(sys.argv[1:]))
"""

    def snooping_generator(files):
        without_generated_tests_and_answers(files)
        files["files/gen.py"] = snoop
        files["files/val.py"] = b"import sys\nsys.stdin.read()\n"
        files["solutions/sum.py"] = b"import sys\nprint(len(sys.stdin.read()))\n"

    status, problem = import_package(api, zipped(PACKAGE, snooping_generator))
    assert status == 201, problem
    assert api.wait_for_preparation(problem["id"])["status"] == "READY"
    generated = "".join(test["input"] for test in downloaded_tests(api, problem["id"]))
    assert "1 10" in generated and WORKER_TOKEN not in generated and "JUDGE_" not in generated, generated

    def failing_generator(files):
        without_generated_tests_and_answers(files)
        files["files/gen.py"] = b"import sys\nif sys.argv[1] == '2':\n    sys.exit('no test 2 today')\nprint(sys.argv[1], 1)\n"

    status, problem = import_package(api, zipped(PACKAGE, failing_generator))
    preparation = api.wait_for_preparation(problem["id"])
    assert (preparation["status"], preparation.get("file")) == ("FAILED", "test 3"), preparation
    assert "no test 2 today" in preparation["message"] and "generator gen exited with code 1" in preparation["message"]


@pytest.mark.parametrize(
    "breakage, file",
    [
        (lambda files: files.pop("tests/01"), "tests/01"),
        (
            lambda files: files.update(
                {
                    "problem.xml": files["problem.xml"].replace(
                        b"<problem ", b'<!DOCTYPE problem [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<problem '
                    )
                }
            ),
            "problem.xml",
        ),
        (
            lambda files: files.update({"problem.xml": files["problem.xml"].replace(b"files/val.py", b"../../../etc/passwd")}),
            "../../../etc/passwd",
        ),
    ],
    ids=["a-manual-test-missing", "an-xxe-doctype", "a-path-out-of-the-package"],
)
def test_a_broken_package_is_refused_naming_the_file(api, breakage, file):
    status, refusal = import_package(api, zipped(PACKAGE, breakage))

    assert (status, refusal.get("file")) == (400, file), refusal
    assert "Nothing was stored" in refusal["detail"] and "root:" not in json.dumps(refusal)


def test_a_package_whose_preparation_would_be_larger_than_a_service_reads_is_refused_before_it_is_stored(api):
    # A C++ checker with a 1 MB header (a program's own limit is 1 MiB) goes to the worker once with each
    # solution to verify: 10 MB.
    def heavy_checker(files):
        files["files/big.h"] = b"// padding\n" * 90_000
        files["files/check.cpp"] = b'#include "big.h"\nint main() { return 0; }\n'
        xml = files["problem.xml"].replace(
            b'<source path="files/check.py" type="python.3"/>', b'<source path="files/check.cpp" type="cpp.g++17"/>'
        )
        xml = xml.replace(
            b'<file path="files/testlib.h" type="h.g++"/>',
            b'<file path="files/testlib.h" type="h.g++"/><file path="files/big.h" type="h.g++"/>',
        )
        more = b"".join(
            b'<solution tag="accepted"><source path="solutions/sum%d.py" type="python.3"/></solution>' % n for n in range(8)
        )
        files["problem.xml"] = xml.replace(b"</solutions>", more + b"</solutions>")
        for n in range(8):
            files[f"solutions/sum{n}.py"] = files["solutions/sum.py"]

    status, refusal = import_package(api, zipped(PACKAGE, heavy_checker), "?verify=true")

    assert (status, refusal.get("file")) == (413, "problem.xml"), refusal
    assert "bytes as a worker gets them" in refusal["detail"] and "Nothing was stored" in refusal["detail"], refusal
    status, accepted = import_package(api, zipped(PACKAGE, heavy_checker))
    assert status == 201, accepted  # without the solutions to verify, the checker goes once


def with_groups(count, dependencies_each=20):
    """problem.xml with `count` groups of one generated test each, every group naming its first
    dependency `dependencies_each` times: a 10 KB file that made 200 subtasks, one depending on 2,000
    entries, before the JSON API's bounds held for imports."""

    def change(files):
        without_generated_tests_and_answers(files)
        xml = files["problem.xml"].decode()
        tests = "".join(f'<test cmd="gen {n} 10" group="g{n}" method="generated" points="1"/>' for n in range(count))
        groups = "".join(
            f'<group name="g{n}" points="1" points-policy="complete-group"><dependencies>'
            + ('<dependency group="g0"/>' * dependencies_each if n else "")
            + "</dependencies></group>"
            for n in range(count)
        )
        start, end = xml.index("<tests>"), xml.index("</groups>") + len("</groups>")
        files["problem.xml"] = (xml[:start] + f"<tests>{tests}</tests><groups>{groups}</groups>" + xml[end:]).encode()

    return change


@pytest.mark.parametrize(
    "breakage, reason",
    [
        (with_groups(200), "200 groups"),
        (
            lambda files: files.update({"problem.xml": files["problem.xml"].replace(b"tests/%02d.a", b"tests/%0d.a")}),
            "one %d",
        ),
        (
            lambda files: files.update(
                {
                    "problem.xml": files["problem.xml"]
                    .replace(b'points="40"', b'points="1e308"')
                    .replace(b'points="60"', b'points="1e308"')
                }
            ),
            "points",
        ),
        (
            lambda files: files.update(
                {"problem.xml": files["problem.xml"].replace(b"<judging", b"<x>" * 5000 + b"</x>" * 5000 + b"<judging")}
            ),
            "not XML this judge reads",
        ),
    ],
    ids=[
        "200-groups-each-naming-its-dependency-20-times",
        "a-zero-width-path-pattern",
        "points-adding-up-to-infinity",
        "nested-5000-deep",
    ],
)
def test_a_package_past_the_json_apis_bounds_is_a_400_naming_problem_xml(api, breakage, reason):
    status, refusal = import_package(api, zipped(PACKAGE, breakage))

    assert (status, refusal.get("file")) == (400, "problem.xml"), refusal
    assert reason in refusal["detail"] and "Nothing was stored" in refusal["detail"], refusal


def test_a_source_of_newlines_is_read_as_fast_as_an_ordinary_one_of_its_size(api):
    # 80,000 newlines held an import for 81 s: the include scan's regular expression was quadratic on them.
    def timed(validator):
        started = time.monotonic()
        status, problem = import_package(api, zipped(PACKAGE, lambda files: files.update({"files/val.py": validator})))
        assert status == 201, problem
        return time.monotonic() - started

    ordinary = timed(b"# x\n" * 20_000)
    newlines = timed(b"\n" * 80_000)

    assert newlines < 3 * ordinary + 2, (newlines, ordinary)


def test_what_is_not_a_zip_is_refused(api):
    status, refusal = import_package(api, b"PK\x03\x04 not really")

    assert status == 400 and "not a zip file" in refusal["detail"], refusal
