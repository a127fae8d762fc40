"""Imports admitted, not piled up: eight tenants' packages at once, each 48 MiB of tests (three at 16 MiB,
zipped to a few hundred kilobytes), against an API with a 384 MiB heap. Its two transfer slots take two at
a time, each held as one test in memory while it is stored; the rest are answered 503 with Retry-After,
and each, sent again then, is stored. Before, each import held its whole package in the heap, as bytes
and then as text, and nothing bounded how many at once."""

import concurrent.futures
import time

from conftest import ADMIN_TOKEN
from support.packages import PACKAGE, import_package, zipped


def large_tests(files):
    # No validator (nothing to run on 48 MiB) and a test of 16 MiB each; the checker is built, no more.
    xml = files["problem.xml"].decode()
    start, end = xml.index("<validators>"), xml.index("</validators>") + len("</validators>")
    files["problem.xml"] = xml[:start] + xml[end:]
    files["problem.xml"] = files["problem.xml"].encode()
    for n in (2, 3, 4):
        files[f"tests/{n:02d}"] = b"1 2\n" * (4 << 20)


def test_eight_large_imports_at_once_are_admitted_two_at_a_time_and_the_api_stays_up(api, stack):
    admin = api.with_token(ADMIN_TOKEN)
    tenants = [api.with_token(admin.create_key(f"bulk-{n}", scopes=["SUBMIT", "PROBLEMS"])["key"]) for n in range(8)]
    package = zipped(PACKAGE, large_tests)

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        first = list(pool.map(lambda tenant: import_package(tenant, package), tenants))

    statuses = sorted(status for status, _ in first)
    assert set(statuses) <= {201, 503}, first
    assert 1 <= statuses.count(201) <= 2, statuses
    refused = [tenant for tenant, (status, _) in zip(tenants, first) if status == 503]
    assert all(answer["retryAfterSeconds"] > 0 for status, answer in first if status == 503), first
    deadline = time.monotonic() + 180
    while refused:
        assert time.monotonic() < deadline, f"{len(refused)} imports still refused"
        time.sleep(1)
        refused = [tenant for tenant in refused if import_package(tenant, package)[0] == 503]

    assert api.request("GET", "/api/languages")[0] == 200
    log = (stack.service("api-a").log_path).read_text()
    assert "OutOfMemoryError" not in log
