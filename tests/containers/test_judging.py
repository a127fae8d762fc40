"""Judging through the containerised worker: a correct program in every language, and the worker's
data-driven cases (services/worker/src/test/resources/judge-cases), each with its verdict."""
import configparser
import time

import pytest

from conftest import PROJECT

CASES = PROJECT / "services/worker/src/test/resources/judge-cases"
SUM = {
    "python": "a, b = map(int, input().split())\nprint(a + b)\n",
    "c": '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}\n',
    "cpp": '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}\n',
    "java": "import java.util.*;\npublic class Main { public static void main(String[] args) {\n"
            "  Scanner in = new Scanner(System.in); System.out.println(in.nextLong() + in.nextLong()); } }\n",
    "javascript": 'const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/).map(Number);\n'
                  "console.log(a + b);\n",
}


@pytest.mark.parametrize("language", sorted(SUM))
def test_a_correct_program_is_accepted(api, language):
    problem = api.create_problem()

    verdict = api.wait_for_verdict(api.submit(problem, SUM[language], language=language), timeout=120)

    assert verdict["verdict"] == "ACCEPTED", verdict
    assert [case["verdict"] for case in verdict["testCases"]] == ["ACCEPTED", "ACCEPTED"]
    assert all(case["memoryKb"] > 0 for case in verdict["testCases"])


def case_names():
    return sorted(folder.name for folder in CASES.iterdir())


def read_case(name):
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string("[case]\n" + (CASES / name / "case.properties").read_text())
    source = next(file for file in (CASES / name).iterdir() if file.name != "case.properties")
    return dict(parser["case"]), source.read_text()


@pytest.fixture(scope="module")
def submitted_cases(api):
    """Every case submitted at once (the worker judges two at a time), as the Java test builds them."""
    submissions = {}
    for name in case_names():
        case, source = read_case(name)
        problem = api.create_problem(
            title=name, time_limit_ms=int(case.get("timeLimitMs", 1000)),
            memory_limit_mb=int(case.get("memoryLimitMb", 128)),
            test_cases=[{"input": "1 2\n", "expectedOutput": case.get("expectedOutput", "3") + "\n"}])
        submissions[name] = (case, api.submit(problem, source, language=case["language"]))
    return submissions


@pytest.mark.parametrize("name", case_names())
def test_a_judge_case_gets_its_verdict(api, submitted_cases, name):
    case, submission_id = submitted_cases[name]

    verdict = api.wait_for_verdict(submission_id, timeout=300, interval=0.5)

    assert verdict["verdict"] == case["verdict"], verdict
    first = verdict["testCases"][0] if verdict["testCases"] else {}
    if "signal" in case:
        assert first["signal"] == int(case["signal"])
    if "exitCode" in case:
        assert first["exitCode"] == int(case["exitCode"])
    if "compilerOutputContains" in case:
        assert case["compilerOutputContains"] in verdict["compilerOutput"]


def test_no_program_outlives_its_judgement(api, containers, submitted_cases):
    for _, submission_id in submitted_cases.values():
        api.wait_for_verdict(submission_id, timeout=300, interval=0.5)
    # Only the worker's JVM and its pool's waiting sandboxes (bwrap and judge-init) may remain.
    deadline = time.monotonic() + 10
    while True:
        output = containers.exec("worker", "sh", "-c", "for p in /proc/[0-9]*; do cat $p/comm; done")
        strays = [command for command in output.stdout.split() if command not in ("java", "bwrap", ".judge-init", "sh", "cat")]
        if not strays or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert output.returncode == 0, output.stderr
    assert strays == []
