"""Programs the end-to-end, container and pod tests submit: a correct one in every language, and the
worker's data-driven judge cases (services/worker/src/test/resources/judge-cases), submitted through
the API the way the worker's own JudgeCases builds them."""

import configparser
import json
import pathlib

import pytest

from support.judge_client import ApiError
from support.processes import PROJECT

CASES = PROJECT / "services/worker/src/test/resources/judge-cases"


def case_names(languages=None):
    """The judge cases; with languages, only those whose programs (the submission's and the setter's)
    are all in them: what a deployment that enables those languages can judge."""
    names = sorted(folder.name for folder in CASES.iterdir())
    return names if languages is None else [name for name in names if case_languages(name) <= set(languages)]


def case_languages(name):
    """The languages of a case's programs: its submission's and those its problem.json names."""
    found = {read_case(name)[0]["language"]}

    def walk(node):
        if isinstance(node, dict):
            found.update([node["language"]] if "language" in node else [])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    if (CASES / name / "problem.json").exists():
        walk(json.loads((CASES / name / "problem.json").read_text()))
    return found


def read_case(name):
    """The case's expectations (case.properties) and its program's source."""
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string("[case]\n" + (CASES / name / "case.properties").read_text())
    source = next(file for file in (CASES / name).iterdir() if file.stem in ("main", "Main"))
    return dict(parser["case"]), source.read_text()


def problem_of(name, case):
    """The case's problem as the API takes it: one sum test, or what its problem.json says (its
    checker, interactor, groups, tests, instances and passes, setters' programs named by file). The language's time
    factor is 1, as in the worker's JudgeCases, which sends limits as they are."""
    problem = {
        "title": name,
        "time_limit_ms": int(case.get("timeLimitMs", 1000)),
        "memory_limit_mb": int(case.get("memoryLimitMb", 128)),
        "timeLimits": {case["language"]: {"factor": 1}},
    }
    folder = CASES / name
    if not (folder / "problem.json").exists():
        return {**problem, "test_cases": [{"input": "1 2\n", "expectedOutput": case.get("expectedOutput", "3") + "\n"}]}
    spec = json.loads((folder / "problem.json").read_text())

    def program(of):
        return {
            "language": of["language"],
            "sourceCode": (folder / of["source"]).read_text(),
            "files": {pathlib.Path(file).name: (folder / file).read_text() for file in of.get("files", [])},
            **({"protocol": of["protocol"].lower(), "arguments": of.get("arguments")} if of.get("protocol") else {}),
        }

    if "checker" in spec:
        checker = spec["checker"]
        problem["checker"] = (
            {"kind": checker["kind"].lower(), "epsilon": checker.get("epsilon"), "tokens": checker.get("tokens")}
            if "program" not in checker
            else {"kind": "custom", **program(checker["program"])}
        )
    if "interactor" in spec:
        problem["interactor"] = program(spec["interactor"])
    for member in ("groups", "instances", "passes"):
        if member in spec:
            problem[member] = spec[member]
    problem["test_cases"] = [
        {"input": test["input"], "expectedOutput": test["answer"], "group": test.get("group")} for test in spec["tests"]
    ]
    return problem


def submit_cases(api, languages=None):
    """Every case submitted at once: {name: (expectations, submission id)}. A case with run=stdin is a
    plain run on the sum's input, whose output the API shows. The problems are all made first, so that
    workers prepare their setter programs side by side; a case with preparation=FAILED gets, instead of
    a submission id, its problem's id and failed preparation."""
    submissions, problems = {}, {}
    for name in case_names(languages):
        case, source = read_case(name)
        if case.get("run") == "stdin":
            status, _, body = api.request(
                "POST", "/api/submissions", {"language": case["language"], "sourceCode": source, "stdin": "1 2\n"}
            )
            assert status == 202, body
            submissions[name] = (case, body["id"])
            continue
        problems[name] = (case, source, api.create_problem(ready=False, **problem_of(name, case)))
    for name, (case, source, problem) in problems.items():
        preparation = api.wait_for_preparation(problem)
        if case.get("preparation") == "FAILED":
            submissions[name] = (case, {"problem": problem, "preparation": preparation})
            continue
        assert preparation["status"] == "READY", (name, preparation)
        submissions[name] = (case, api.submit(problem, source, language=case["language"]))
    return submissions


def assert_case_outcome(api, case, submitted):
    """A case as submit_cases left it: its verdict, or its problem's failed preparation, to which a
    submission is refused (409)."""
    if case.get("preparation") != "FAILED":
        assert_case_verdict(case, api.wait_for_verdict(submitted, timeout=300, interval=0.5))
        return
    preparation = submitted["preparation"]
    assert (preparation["status"], preparation.get("file")) == ("FAILED", case["preparationFile"]), preparation
    with pytest.raises(ApiError) as refused:
        api.submit(submitted["problem"], "print(3)\n")
    assert refused.value.status == 409, refused.value.body


def assert_case_verdict(case, verdict):
    """What the worker's JudgeCases asserts of a case, asserted of the verdict the API shows."""
    assert verdict["verdict"] == case["verdict"], verdict
    first = verdict["testCases"][0] if verdict["testCases"] else {}
    if "signal" in case:
        assert first["signal"] == int(case["signal"])
    if "exitCode" in case:
        assert first["exitCode"] == int(case["exitCode"])
    if "compilerOutputContains" in case:
        assert case["compilerOutputContains"] in verdict["compilerOutput"]
    if "score" in case:
        assert verdict["score"] == float(case["score"]), verdict
    if "testVerdicts" in case:
        assert [f"{test['index']}:{test['verdict']}" for test in verdict["testCases"]] == case["testVerdicts"].split(","), verdict
    if "groupVerdicts" in case:
        shown = [
            f"{group['name']}:{'SKIPPED' if group['skipped'] else group['verdict']}:{float(group['score'])}"
            for group in verdict["groups"]
        ]
        assert shown == case["groupVerdicts"].split(","), verdict
    if "checkerMessageContains" in case:
        assert any(case["checkerMessageContains"] in (test.get("checkerMessage") or "") for test in verdict["testCases"]), verdict
    if "judgeMessageContains" in case:
        # Read as the admin, who is shown what a package's validator says for the judges alone.
        assert any(case["judgeMessageContains"] in (test.get("judgeMessage") or "") for test in verdict["testCases"]), verdict
    if "outputContains" in case:
        assert case["outputContains"] in (first.get("output") or ""), verdict
    if "resultNeverContains" in case:
        # Nothing the program could have made the worker read of its own may reach the result.
        assert case["resultNeverContains"] not in json.dumps(verdict), verdict


# A Python program for large_problem's tests.
# a + b, read from stdin, in each language of the catalog: its accepted-<language> judge case.
SUM = {
    read_case(folder.name)[0]["language"]: read_case(folder.name)[1]
    for folder in sorted(CASES.glob("accepted-*"))
    if folder.name == "accepted-" + read_case(folder.name)[0]["language"]
}


def sums(languages=None):
    """The languages SUM has a program in: all, or those of these."""
    return sorted(SUM if languages is None else set(SUM) & set(languages))


SUM_OF_A_LINE = "print(sum(map(int, input().split())))"


def create_large_problem(api):
    """Three tests of ~70 KB each: over the API's default inline limit (64 KB), so that its judge
    requests carry a reference and workers fetch the tests from the API."""
    rows = [range(start, start + 12_000) for start in (1, 2, 3)]
    return api.create_problem(
        test_cases=[{"input": " ".join(map(str, row)) + "\n", "expectedOutput": f"{sum(row)}\n"} for row in rows]
    )
