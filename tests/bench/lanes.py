"""A contest submission's verdict behind a practice backlog, against the same on an empty queue, on a
running stack (make local-up: one worker, two judging slots).

    cd tests && python3 -m bench.lanes [--base-url URL] [--backlog 5000] [--count 10]

1. empty queue: COUNT contest submissions one at a time, POST to verdict;
2. BACKLOG practice submissions queued (batches of 100), then COUNT contest submissions one at a
   time while the backlog is judged, POST to verdict, and how much of the backlog was still waiting;
3. one more practice submission queued with the contest ones: its POST to verdict, for contrast.

The same program and problem throughout. Prints the figures and the ratio of the medians (backlog ÷
empty); writes them as JSON to --out if given.
"""

import argparse
import json
import statistics
import time

from support.judge_client import JudgeClient

SUM = "a, b = map(int, input().split())\nprint(a + b)\n"


def timed_verdict(api, problem, lane):
    started = time.perf_counter()
    submission_id = api.submit(problem, SUM, lane=lane)
    view = api.wait_for_verdict(submission_id, timeout=900, interval=0.005)
    assert view["verdict"] == "ACCEPTED" and view["lane"] == lane, view
    return (time.perf_counter() - started) * 1000


def still_waiting(api, ids):
    waiting = 0
    for start in range(0, len(ids), 100):
        _, _, body = api.request("GET", "/api/submissions?ids=" + ",".join(ids[start : start + 100]))
        waiting += sum(1 for submission in body["submissions"] if submission["status"] != "FINISHED")
    return waiting


def summary(values_ms):
    return {
        "minMs": round(min(values_ms), 1),
        "medianMs": round(statistics.median(values_ms), 1),
        "maxMs": round(max(values_ms), 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8080")
    parser.add_argument("--backlog", type=int, default=5000)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--out")
    args = parser.parse_args()

    api = JudgeClient(args.base_url)
    problem = api.create_problem(title="lanes benchmark", test_cases=[{"input": "1 2\n", "expectedOutput": "3\n"}])
    for _ in range(5):  # warm-up: JIT compilation, connections
        timed_verdict(api, problem, "CONTEST")

    empty = [timed_verdict(api, problem, "CONTEST") for _ in range(args.count)]

    practice = []
    for start in range(0, args.backlog, 100):
        batch = [{"problemId": problem, "language": "python", "sourceCode": SUM, "lane": "PRACTICE"}] * min(
            100, args.backlog - start
        )
        status, _, accepted = api.request("POST", "/api/submissions/batch", {"submissions": batch})
        assert status == 202, accepted
        practice += [submission["id"] for submission in accepted["submissions"]]
    queued_at = time.perf_counter()
    waiting_before = still_waiting(api, practice)
    behind_backlog = [timed_verdict(api, problem, "CONTEST") for _ in range(args.count)]
    waiting_after = still_waiting(api, practice)
    contrast_ms = timed_verdict(api, problem, "PRACTICE")
    drained_s = time.perf_counter() - queued_at

    result = {
        "backlog": args.backlog,
        "contestOnEmptyQueue": summary(empty),
        "contestBehindBacklog": summary(behind_backlog),
        "ratioOfMedians": round(statistics.median(behind_backlog) / statistics.median(empty), 2),
        "practiceWaitingWhenContestBegan": waiting_before,
        "practiceWaitingWhenContestEnded": waiting_after,
        "practiceSubmittedAfterTheContestOnesMs": round(contrast_ms, 1),
        "backlogDrainedInS": round(drained_s, 1),
    }
    print(f"contest submission, POST to verdict, {args.count} one at a time (python, 1 test):")
    print(f"  empty queue          {result['contestOnEmptyQueue']}")
    print(
        f"  behind {args.backlog} practice {result['contestBehindBacklog']}"
        f"  (practice waiting: {waiting_before} before, {waiting_after} after)"
    )
    print(f"  ratio of medians     {result['ratioOfMedians']}x")
    print(f"  a practice submission sent after them: {contrast_ms / 1000:.1f} s (the backlog drained in {drained_s:.1f} s)")
    if args.out:
        with open(args.out, "w") as out:
            json.dump(result, out, indent=2)
            out.write("\n")


if __name__ == "__main__":
    main()
