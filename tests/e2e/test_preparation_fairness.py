"""Preparation fair across tenants: one tenant's slow package (twenty generated tests, three seconds
each) holds one of a worker's preparation slots, and another tenant's new problem is prepared and its
submission judged meanwhile, within 30 s. Before, one slot per worker took preparations in turn, and
the other tenant's problem stayed PREPARING (its submissions 409) for as long as the slow one took."""

import time

from conftest import ADMIN_TOKEN
from support.packages import PACKAGE, import_package, without_generated_tests_and_answers, zipped


def slow_package(files):
    without_generated_tests_and_answers(files)
    files["files/gen.py"] = b"import sys, time\ntime.sleep(3)\nprint(sys.argv[1], sys.argv[2])\n"
    xml = files["problem.xml"].decode()
    tests = "".join(f'<test cmd="gen {n} 10" method="generated"/>' for n in range(1, 21))
    start, end = xml.index("<tests>"), xml.index("</groups>") + len("</groups>")
    files["problem.xml"] = (xml[:start] + f"<tests>{tests}</tests>" + xml[end:]).encode()


def test_another_tenants_problem_is_prepared_and_judged_while_a_slow_package_prepares(api, worker):
    admin = api.with_token(ADMIN_TOKEN)
    slow = api.with_token(admin.create_key("slow-setter", scopes=["SUBMIT", "PROBLEMS"])["key"])
    other = api.with_token(admin.create_key("other-setter", scopes=["SUBMIT", "PROBLEMS"])["key"])
    status, imported = import_package(slow, zipped(PACKAGE, slow_package))
    assert status == 201, imported
    deadline = time.monotonic() + 30
    while "making test" not in (slow.request("GET", f"/api/problems/{imported['id']}")[2]["preparation"].get("progress") or ""):
        assert time.monotonic() < deadline, "the slow package's preparation never said it was making its tests"
        time.sleep(0.5)

    started = time.monotonic()
    problem = other.create_problem(
        title="Other tenant's", validator={"language": "python", "sourceCode": "import sys\nsys.stdin.read()\n"}, ready=False
    )
    preparation = other.wait_for_preparation(problem, timeout=30)
    judged = other.wait_for_verdict(other.submit(problem, "a, b = map(int, input().split())\nprint(a + b)\n"), timeout=30)
    took = time.monotonic() - started

    assert preparation["status"] == "READY", preparation
    assert judged["verdict"] == "ACCEPTED", judged
    assert took < 30, took
    assert slow.request("GET", f"/api/problems/{imported['id']}")[2]["preparation"]["status"] == "PREPARING"
