"""`large_problem.py API_URL OUT_DIR MEGABYTES` makes the large problem of `PROBLEM=large make bench`:
the burst's two a + b tests, each followed by MEGABYTES / 2 of lines the program never reads, so that
judging it costs what the small problem's does plus moving its tests about. Creates the problem, then
uploads its tests streamed (PUT /api/problems/{id}/tests, one JSON test case per line); writes the first
test's input to OUT_DIR/large-input (for the bare floor) and {problemId, bytes, uploadSeconds} to
OUT_DIR/large-problem.json, and prints the problem's id."""

import http.client
import json
import pathlib
import sys
import time
import urllib.parse
import urllib.request

# The burst's problem (tests/load/programs.js SUM_PROBLEM): the same answers, the same program.
TESTS = [("1 2\n", "3\n"), ("40 2\n", "42\n")]
PADDING_LINE = "0123456789" * 10 + "\n"


def padded(first_line, megabytes):
    return first_line + PADDING_LINE * (megabytes * 1024 * 1024 // len(TESTS) // len(PADDING_LINE))


def main():
    api, out, megabytes = sys.argv[1], pathlib.Path(sys.argv[2]), int(sys.argv[3])
    request = urllib.request.Request(
        api + "/api/problems",
        method="POST",
        headers={"Content-Type": "application/json"},
        data=json.dumps(
            {
                "title": "Sum (load test, large)",
                "timeLimitMs": 1000,
                "memoryLimitMb": 128,
                "testCases": [{"input": i, "expectedOutput": o} for i, o in TESTS],
            }
        ).encode(),
    )
    with urllib.request.urlopen(request) as response:
        problem = json.load(response)["id"]

    (out / "large-input").write_text(padded(TESTS[0][0], megabytes))
    sent = 0

    def lines():
        nonlocal sent
        for first_line, answer in TESTS:
            line = (json.dumps({"input": padded(first_line, megabytes), "expectedOutput": answer}) + "\n").encode()
            sent += len(line)
            yield line

    started = time.monotonic()
    url = urllib.parse.urlsplit(api)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=600)
    connection.request(
        "PUT",
        f"/api/problems/{problem}/tests",
        body=lines(),
        encode_chunked=True,
        headers={"Content-Type": "application/x-ndjson"},
    )
    response = connection.getresponse()
    body = json.loads(response.read())
    if response.status != 200:
        sys.exit(f"uploading the tests failed: {response.status} {body}")
    upload_s = time.monotonic() - started
    (out / "large-problem.json").write_text(
        json.dumps(
            {
                "problemId": problem,
                "version": body["version"],
                "tests": body["tests"]["count"],
                "bytes": body["tests"]["bytes"],
                "uploadedBytes": sent,
                "uploadSeconds": round(upload_s, 2),
            }
        )
        + "\n"
    )
    print(problem)


if __name__ == "__main__":
    main()
