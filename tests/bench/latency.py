"""Time from POST to verdict for one submission at a time, against a running stack (make local-up).

    cd tests && python3 -m bench.latency [--base-url URL] [--count N] [--language python|c]

Prints min, median, p90 and max over N sequential submissions, and the same split into
accept (POST answered), queue wait (accepted → a worker started) and judging (started → finished).
"""

import argparse
import statistics
import time
from datetime import datetime

from support.judge_client import JudgeClient

PROGRAMS = {
    "python": "a, b = map(int, input().split())\nprint(a + b)\n",
    "c": '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}\n',
}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(name, values_ms):
    return (
        f"{name:<22} min {min(values_ms):7.1f}  p50 {statistics.median(values_ms):7.1f}  "
        f"p90 {percentile(values_ms, 0.9):7.1f}  max {max(values_ms):7.1f}  ms"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default="http://127.0.0.1:8080")
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--language", choices=PROGRAMS, default="python")
    args = parser.parse_args()

    api = JudgeClient(args.base_url)
    problem = api.create_problem(title="latency benchmark")
    # Warm-up: the first submissions after start-up pay for JIT compilation and connection set-up.
    for _ in range(5):
        api.wait_for_verdict(api.submit(problem, PROGRAMS[args.language], args.language), interval=0.005)

    total, accept, queue_wait, judging = [], [], [], []
    for _ in range(args.count):
        started = time.perf_counter()
        submission_id = api.submit(problem, PROGRAMS[args.language], args.language)
        accepted = time.perf_counter()
        view = api.wait_for_verdict(submission_id, interval=0.005)
        finished = time.perf_counter()
        assert view["verdict"] == "ACCEPTED", view
        created, began, ended = (
            datetime.fromisoformat(view[key].replace("Z", "+00:00")) for key in ("createdAt", "startedAt", "finishedAt")
        )
        total.append((finished - started) * 1000)
        accept.append((accepted - started) * 1000)
        queue_wait.append((began - created).total_seconds() * 1000)
        judging.append((ended - began).total_seconds() * 1000)

    cases = len(view["testCases"])
    print(f"{args.count} sequential {args.language} submissions, {cases} test cases each, polled every 5 ms")
    print(summary("POST to verdict", total))
    print(summary("  accept (POST)", accept))
    print(summary("  queue wait", queue_wait))
    print(summary("  judging", judging))


if __name__ == "__main__":
    main()
