"""Problems beyond exact output, through the whole stack: checkers, subtasks, interaction, time
factors and versions. The setters' programs are the worker's judge-case ones (services/worker/src/
test/resources/judge-setters), so each is written once."""

import io
import zipfile

import pytest

from conftest import ADMIN_TOKEN
from support.judge_client import ApiError
from support.processes import PROJECT
from support.programs import SUM_OF_A_LINE, create_large_problem

SETTERS = PROJECT / "services/worker/src/test/resources/judge-setters"
SUM_UP_TO = "n = int(input())\nprint(n * (n + 1) // 2 if n < 1000 else 0)\n"


def test_a_float_checker_accepts_rounding_and_rejects_a_wrong_digit(api, worker):
    problem = api.create_problem(
        checker={"kind": "float", "epsilon": 1e-6}, test_cases=[{"input": "1\n", "expectedOutput": "0.333333\n"}]
    )

    assert api.wait_for_verdict(api.submit(problem, "print(int(input()) / 3)"))["verdict"] == "ACCEPTED"
    assert api.wait_for_verdict(api.submit(problem, "print(0.34)"))["verdict"] == "WRONG_ANSWER"


def test_a_custom_checker_accepts_any_permutation_and_says_why_it_rejects(api, worker):
    checker = {"kind": "custom", "language": "cpp", "sourceCode": (SETTERS / "permutation-checker.cpp").read_text()}
    problem = api.create_problem(checker=checker, test_cases=[{"input": "4\n", "expectedOutput": "1 2 3 4\n"}])

    accepted = api.wait_for_verdict(api.submit(problem, "print(*range(int(input()), 0, -1))"))
    rejected = api.wait_for_verdict(api.submit(problem, "print(1, 1, 2, 3)"))

    assert accepted["verdict"] == "ACCEPTED", accepted
    assert accepted["testCases"][0]["checkerMessage"] == "a permutation of 1..4"
    assert rejected["verdict"] == "WRONG_ANSWER"
    assert rejected["testCases"][0]["checkerMessage"] == "1 is not in 1..4 or repeated"
    _, _, shown = api.request("GET", f"/api/problems/{problem}")
    assert shown["checker"] == {"kind": "custom", "language": "cpp", "scores": "share"}


def test_subtasks_score_alone_and_a_failed_dependency_skips_a_group(api, worker):
    problem = api.create_problem(
        groups=[
            {"name": "small", "points": 20},
            {"name": "medium", "points": 30, "dependsOn": ["small"]},
            {"name": "large", "points": 50, "dependsOn": ["medium"]},
        ],
        test_cases=[
            {"input": "5\n", "expectedOutput": "15\n", "group": "small"},
            {"input": "5000\n", "expectedOutput": "12502500\n", "group": "medium"},
            {"input": "100000\n", "expectedOutput": "5000050000\n", "group": "large"},
        ],
    )

    verdict = api.wait_for_verdict(api.submit(problem, SUM_UP_TO))

    assert (verdict["verdict"], verdict["score"], verdict["maxScore"]) == ("WRONG_ANSWER", 20, 100)
    assert [(group["name"], group["score"], group.get("verdict"), group["skipped"]) for group in verdict["groups"]] == [
        ("small", 20, "ACCEPTED", False),
        ("medium", 0, "WRONG_ANSWER", False),
        ("large", 0, None, True),
    ]
    assert [test["group"] for test in verdict["testCases"]] == ["small", "medium"]


def test_an_interactive_problem_talks_to_the_program_through_pipes(api, worker):
    interactor = {"language": "c", "sourceCode": (SETTERS / "guess-interactor.c").read_text()}
    problem = api.create_problem(interactor=interactor, test_cases=[{"input": "777777 20\n", "expectedOutput": ""}])
    binary_search = (
        "input()\nlow, high = 1, 10**6\nwhile True:\n    middle = (low + high) // 2\n"
        "    print('?', middle, flush=True)\n    reply = input()\n"
        "    if reply == '=':\n        print('!', middle, flush=True)\n        break\n"
        "    low, high = (low, middle - 1) if reply == '<' else (middle + 1, high)\n"
    )

    accepted = api.wait_for_verdict(api.submit(problem, binary_search))
    silent = api.wait_for_verdict(api.submit(problem, "input()\ninput()\n"))

    assert accepted["verdict"] == "ACCEPTED", accepted
    assert accepted["testCases"][0]["checkerMessage"].startswith("found 777777 in")
    assert silent["verdict"] == "TIME_LIMIT_EXCEEDED"


def test_a_communication_problem_runs_two_instances_each_talking_to_the_manager_alone(api, worker):
    manager = {"language": "c", "sourceCode": (SETTERS / "doubling-manager.c").read_text()}
    problem = api.create_problem(interactor=manager, instances=2, test_cases=[{"input": "20 7\n", "expectedOutput": ""}])
    # Each instance gets its index as its argument; the second one also looks for what the first left.
    doubling = (
        "import os, sys\nindex = int(sys.argv[1])\nvalue = int(input())\n"
        "if index == 0:\n    open('/tmp/note', 'w').write('0')\n"
        "seen = index == 1 and os.path.exists('/tmp/note')\n"
        "print(index, 2 * value + seen, flush=True)\n"
    )

    accepted = api.wait_for_verdict(api.submit(problem, doubling))
    wrong = api.wait_for_verdict(api.submit(problem, "import sys\nprint(sys.argv[1], int(input()), flush=True)\n"))

    assert accepted["verdict"] == "ACCEPTED", accepted
    assert accepted["testCases"][0]["checkerMessage"] == "2 instances answered"
    assert wrong["verdict"] == "WRONG_ANSWER"
    assert wrong["testCases"][0]["checkerMessage"] == "instance 0 said it was 0 and answered 20"
    assert api.request("GET", f"/api/problems/{problem}")[2]["instances"] == 2


def test_a_communication_problems_stub_talks_to_the_manager_and_the_contestant_writes_a_function(api, worker):
    """Per-language stubs are graders: each instance is the grader's main.py calling the contestant's double()."""
    manager = {"language": "c", "sourceCode": (SETTERS / "doubling-manager.c").read_text()}
    stub = "import sys\nfrom solution import double\nindex = int(sys.argv[1])\nprint(index, double(int(input())), flush=True)\n"
    problem = api.create_problem(
        interactor=manager,
        instances=2,
        graders={"python": {"solutionFile": "solution.py", "files": {"main.py": stub}}},
        test_cases=[{"input": "20 7\n", "expectedOutput": ""}],
    )

    right = api.wait_for_verdict(api.submit(problem, "def double(value):\n    return 2 * value\n"))
    wrong = api.wait_for_verdict(api.submit(problem, "def double(value):\n    return value\n"))

    assert right["verdict"] == "ACCEPTED", right
    assert wrong["verdict"] == "WRONG_ANSWER"


def test_a_multi_pass_problem_runs_the_program_again_on_what_its_checker_left(api, worker):
    checker = {"kind": "custom", "language": "c", "sourceCode": (SETTERS / "countdown-checker.c").read_text()}
    problem = api.create_problem(checker=checker, passes=3, test_cases=[{"input": "3\n", "expectedOutput": ""}])

    accepted = api.wait_for_verdict(api.submit(problem, "print(int(input()) - 1)"))
    wrong_later = api.wait_for_verdict(api.submit(problem, "n = int(input())\nprint(n - 1 if n != 2 else 5)"))

    assert accepted["verdict"] == "ACCEPTED", accepted
    assert accepted["testCases"][0]["checkerMessage"] == "pass 3"
    assert wrong_later["verdict"] == "WRONG_ANSWER"
    assert wrong_later["testCases"][0]["checkerMessage"] == "expected 1"


def test_an_interactor_writes_what_the_problems_checker_then_judges(api, worker):
    """testlib's A+B shape: the interactor passes each pair on and writes the answers to its output
    file (tout) unjudged; the checker given beside it judges them. Ignoring it would accept wrong sums."""
    interactor = {"language": "c", "sourceCode": (SETTERS / "sum-interactor.c").read_text()}
    problem = api.create_problem(
        interactor=interactor,
        checker={"kind": "whitespace"},
        test_cases=[{"input": "2\n1 2\n40 2\n", "expectedOutput": "3\n42\n"}],
    )
    answering = (
        "while True:\n    try:\n        a, b = map(int, input().split())\n    except EOFError:\n        break\n"
        "    print(a {} b, flush=True)\n"
    )

    right = api.wait_for_verdict(api.submit(problem, answering.format("+")))
    wrong = api.wait_for_verdict(api.submit(problem, answering.format("*")))

    assert right["verdict"] == "ACCEPTED", right
    assert wrong["verdict"] == "WRONG_ANSWER", wrong


def test_time_factors_stretch_a_languages_limit_and_a_problem_may_set_its_own(api, worker):
    busy_one_second = "import time\nstart = time.process_time()\nwhile time.process_time() - start < 1.0:\n    pass\nprint(3)\n"
    tests = [{"input": "", "expectedOutput": "3\n"}]
    by_catalog = api.create_problem(time_limit_ms=600, test_cases=tests)
    by_problem = api.create_problem(time_limit_ms=600, test_cases=tests, timeLimits={"python": {"factor": 1}})

    assert api.wait_for_verdict(api.submit(by_catalog, busy_one_second))["verdict"] == "ACCEPTED"
    assert api.wait_for_verdict(api.submit(by_problem, busy_one_second))["verdict"] == "TIME_LIMIT_EXCEEDED"


def test_an_edit_makes_a_version_and_each_submission_keeps_its_own(api, worker):
    problem = api.create_problem(test_cases=[{"input": "5\n", "expectedOutput": "15\n"}])
    before = api.submit(problem, SUM_UP_TO)
    status, _, edited = api.request(
        "PUT",
        f"/api/problems/{problem}",
        {
            "title": "Sum up to n, larger",
            "timeLimitMs": 2000,
            "memoryLimitMb": 256,
            "testCases": [{"input": "5000\n", "expectedOutput": "12502500\n"}],
        },
    )
    after = api.submit(problem, SUM_UP_TO)

    assert (status, edited["version"]) == (200, 2)
    first, second = api.wait_for_verdict(before), api.wait_for_verdict(after)
    assert (first["problemVersion"], first["verdict"]) == (1, "ACCEPTED")
    assert (second["problemVersion"], second["verdict"]) == (2, "WRONG_ANSWER")


def test_a_problem_with_groups_that_do_not_fit_its_tests_is_refused(api):
    with pytest.raises(ApiError) as refused:
        api.create_problem(groups=[{"name": "small", "points": 10}])

    assert refused.value.status == 400
    assert '"field":"testsInGroups"' in refused.value.body


def test_a_large_problems_tests_go_to_the_worker_by_reference_and_are_fetched_once(api, worker):
    problem = create_large_problem(api)

    accepted = api.wait_for_verdict(api.submit(problem, SUM_OF_A_LINE))
    rejected = api.wait_for_verdict(api.submit(problem, "print(0)"))

    assert accepted["verdict"] == "ACCEPTED", accepted
    assert len(accepted["testCases"]) == 3
    assert rejected["verdict"] == "WRONG_ANSWER"
    fetches = [line for line in worker.log_path.read_text().splitlines() if f"of problem {problem} version 1 in" in line]
    assert len(fetches) == 1, fetches


def test_a_program_of_several_files_with_the_compile_options_it_chose_is_built_and_judged(api, worker):
    """A C++ submission whose function lives in a second source and a header, compiled as C++17 with
    ONLINE_JUDGE defined (it prints the standard it was compiled to); an option the catalog lacks is
    refused before anything is stored."""
    problem = api.create_problem(test_cases=[{"input": "1 2\n", "expectedOutput": "3 201703\n"}])
    main = '#include <iostream>\n#include "add.h"\n' + (
        "int main() { long long a, b; std::cin >> a >> b;\n"
        "#ifdef ONLINE_JUDGE\n std::cout << add(a, b) << ' ' << __cplusplus << '\\n';\n#endif\n}\n"
    )
    files = [
        {"name": "add.h", "content": "long long add(long long a, long long b);\n"},
        {"name": "add.cpp", "content": '#include "add.h"\nlong long add(long long a, long long b) { return a + b; }\n'},
    ]

    options = ["-std=c++17", "-DONLINE_JUDGE"]

    chosen = api.wait_for_verdict(api.submit(problem, main, language="cpp", files=files, compileOptions=options))
    catalogs = api.wait_for_verdict(api.submit(problem, main, language="cpp", files=files))
    alone = api.wait_for_verdict(api.submit(problem, main, language="cpp", files=files[:1], compileOptions=options))

    assert chosen["verdict"] == "ACCEPTED", chosen
    assert catalogs["verdict"] == "WRONG_ANSWER", "C++20, no macro: nothing printed"
    assert alone["verdict"] == "COMPILATION_ERROR", "add.cpp is what defines add"
    with pytest.raises(ApiError) as refused:
        api.submit(problem, main, language="cpp", files=files, compileOptions=["-fplugin=/tmp/x.so"])
    assert refused.value.status == 400
    _, _, languages = api.request("GET", "/api/languages")
    cpp = next(language for language in languages if language["id"] == "cpp")
    assert "-std=c++17" in cpp["compileOptions"] and "*.cpp" in cpp["extraSources"]


def test_a_java_program_given_as_files_alone_takes_its_source_from_the_one_named_main_java(api, worker):
    problem = api.create_problem()
    files = [
        {"name": "Adder.java", "content": "class Adder {\n    static long add(long a, long b) { return a + b; }\n}\n"},
        {
            "name": "Main.java",
            "content": "public class Main {\n    public static void main(String[] args) {\n"
            "        var in = new java.util.Scanner(System.in);\n"
            "        System.out.println(Adder.add(in.nextLong(), in.nextLong()));\n    }\n}\n",
        },
    ]

    verdict = api.wait_for_verdict(api.submit(problem, None, language="java", files=files))

    assert verdict["verdict"] == "ACCEPTED", verdict
    with pytest.raises(ApiError) as refused:
        api.submit(problem, None, language="java", files=files[:1])
    assert refused.value.status == 422


def test_a_grader_problem_compiles_each_submission_with_its_languages_grader_and_refuses_other_languages(api, worker):
    """IOI's function tasks: the contestant writes add(); the grader reads the test, calls it and
    prints. C++ links the two sources, Java compiles the contestant's class with the grader's Main,
    Python imports the contestant's module."""
    cpp_grader = (
        '#include <iostream>\n#include "add.h"\n'
        "int main() { long long a, b; std::cin >> a >> b; std::cout << add(a, b) << '\\n'; }\n"
    )
    problem = api.create_problem(
        test_cases=[{"input": "1 2\n", "expectedOutput": "3\n"}, {"input": "40 2\n", "expectedOutput": "42\n"}],
        graders={
            "cpp": {
                "solutionFile": "add.cpp",
                "files": {"main.cpp": cpp_grader, "add.h": "long long add(long long a, long long b);\n"},
            },
            "java": {
                "solutionFile": "Add.java",
                "files": {
                    "Main.java": "public class Main {\n    public static void main(String[] args) {\n"
                    "        var in = new java.util.Scanner(System.in);\n"
                    "        System.out.println(Add.add(in.nextLong(), in.nextLong()));\n    }\n}\n"
                },
            },
            "python": {
                "solutionFile": "add.py",
                "files": {"main.py": "from add import add\nprint(add(*map(int, input().split())))\n"},
            },
        },
    )
    cpp = '#include "add.h"\nlong long add(long long a, long long b) { return a + b; }\n'

    verdicts = {
        "cpp": api.wait_for_verdict(api.submit(problem, cpp, language="cpp")),
        "cpp, wrong": api.wait_for_verdict(api.submit(problem, cpp.replace("a + b", "a - b"), language="cpp")),
        "python": api.wait_for_verdict(api.submit(problem, "def add(a, b):\n    return a + b\n")),
        "java": api.wait_for_verdict(
            api.submit(problem, "class Add {\n    static long add(long a, long b) { return a + b; }\n}\n", language="java")
        ),
        # A main() of its own clashes with the grader's: the contestant cannot replace it.
        "cpp, own main": api.wait_for_verdict(api.submit(problem, cpp + "int main() { return 0; }\n", language="cpp")),
    }

    assert {name: verdict["verdict"] for name, verdict in verdicts.items()} == {
        "cpp": "ACCEPTED",
        "cpp, wrong": "WRONG_ANSWER",
        "python": "ACCEPTED",
        "java": "ACCEPTED",
        "cpp, own main": "COMPILATION_ERROR",
    }
    with pytest.raises(ApiError) as javascript:
        api.submit(problem, "console.log(3)", language="javascript")
    assert javascript.value.status == 422 and "cpp, java, python" in str(javascript.value.body)


@pytest.mark.parametrize(
    ("feedback", "contestant_sees"),
    [("full", [0, 1, 2, 3]), ("first-failure", [0, 1, 2]), ("summary", [0])],
)
def test_a_feedback_policy_hides_from_a_contestants_key_what_it_says_and_never_the_samples(
    api, worker, feedback, contestant_sees
):
    """Four tests, the first a sample; the program fails the third (as Codeforces would say, "wrong
    answer on test 3") and passes the fourth. Every way the contestant's key reads it (a poll, a batch
    read, the event stream) shows what the policy allows; the admin, and the setter reading its own
    submission, everything."""
    admin = api.with_token(ADMIN_TOKEN)
    setter = api.with_token(admin.create_key(f"setter-{feedback}", scopes=["SUBMIT", "PROBLEMS"])["key"])
    contestant = api.with_token(admin.create_key(f"contestant-{feedback}")["key"])
    problem = setter.create_problem(
        test_cases=[{"input": f"{n}\n", "expectedOutput": f"{n * 2}\n"} for n in (1, 2, 3, 4)],
        stopOnFirstFailure=False,
        submitters="PUBLIC",
        feedback=feedback,
        samples=[1],
    )
    fails_third = "n = int(input())\nprint(n * 2 if n != 3 else 0)\n"

    theirs = contestant.wait_for_verdict(contestant.submit(problem, fails_third))
    _, _, batch = contestant.request("GET", f"/api/submissions?ids={theirs['id']}")
    streamed = [data for name, data in contestant.events(theirs["id"])][-1]
    by_admin = admin.wait_for_verdict(theirs["id"])
    own = setter.wait_for_verdict(setter.submit(problem, fails_third))

    for seen in (theirs, batch["submissions"][0], streamed):
        assert [test["index"] for test in seen["testCases"]] == contestant_sees, seen
        assert (seen["verdict"], seen["score"]) == ("WRONG_ANSWER", 0)
        assert seen["groups"] == [] or feedback != "summary"
    for full in (by_admin, own):
        assert [test["index"] for test in full["testCases"]] == [0, 1, 2, 3]
    _, _, shown = api.request("GET", f"/api/problems/{problem}")
    assert (shown["feedback"], shown.get("samples")) == (feedback, [1])


def test_a_run_on_several_inputs_is_compiled_once_and_shows_each_runs_output(api, worker):
    status, _, accepted = api.request(
        "POST",
        "/api/submissions",
        {
            "language": "cpp",
            "sourceCode": "#include <iostream>\nint main() { long long n; std::cin >> n; std::cout << n * n; }\n",
            "stdins": ["3", "12", "-5"],
        },
    )
    assert status == 202, accepted

    runs = api.wait_for_verdict(accepted["id"])

    assert runs["verdict"] == "ACCEPTED"
    assert [(run["index"], run["output"]) for run in runs["testCases"]] == [(0, "9"), (1, "144"), (2, "25")]
    assert all(run["cpuTimeMs"] is not None and run["memoryKb"] for run in runs["testCases"])
    assert runs.get("score") is None


def test_an_output_only_problem_judges_the_submitted_outputs_by_its_checker_and_runs_nothing(api, worker):
    """Three tests: a permutation of 1..n is right in any order (the setter's checker); one output is
    wrong, one is missing. Nothing is compiled or run: a program is refused."""
    checker = {"kind": "custom", "language": "cpp", "sourceCode": (SETTERS / "permutation-checker.cpp").read_text()}
    problem = api.create_problem(
        checker=checker,
        outputOnly=True,
        stopOnFirstFailure=False,
        test_cases=[{"input": f"{n}\n", "expectedOutput": ""} for n in (3, 4, 2)],
    )

    status, _, accepted = api.request(
        "POST", "/api/submissions", {"problemId": problem, "outputs": {"1": "3 1 2\n", "2": "1 2 3 3\n"}}
    )
    assert status == 202, accepted
    judged = api.wait_for_verdict(accepted["id"])

    assert (judged["language"], judged["verdict"], judged.get("compilerOutput")) == ("output-only", "WRONG_ANSWER", None)
    assert [(test["verdict"], test["checkerMessage"]) for test in judged["testCases"]] == [
        ("ACCEPTED", "a permutation of 1..3"),
        ("WRONG_ANSWER", "3 is not in 1..4 or repeated"),
        ("WRONG_ANSWER", "no output was submitted for test 3"),
    ]
    with pytest.raises(ApiError) as program:
        api.submit(problem, "print(1)")
    assert program.value.status == 422

    # The same outputs as a zip of files named with their tests' numbers, as a contestant saves them.
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("outputs/output_01.txt", "3 1 2\n")
        archive.writestr("outputs/output_02.txt", "4 3 2 1\n")
        archive.writestr("outputs/output_03.txt", "2 1\n")
    status, _, zipped = api.post_bytes(f"/api/submissions/outputs?problemId={problem}", packed.getvalue(), "application/zip")
    assert status == 202, zipped
    assert api.wait_for_verdict(zipped["id"])["verdict"] == "ACCEPTED"
