"""The work an AOT training run does (hack/services.sh, its train): a burst of
submissions through the three services, as clients send it, so that each service's AOT cache holds the
classes and the method profiles (JEP 515) of its hot paths, not only of its start.

    cd tests && python3 -m bench.train --base-url URL [--submissions N] [--clients N]

Each client submits, then follows its submission to the verdict: two of three poll it (as Retry-After
says, and a poll sooner than that, which is refused), one follows its server-sent events. Right and wrong
programs in Python and C, so that compiling, running, checking and recording all run. Exits non-zero if a
submission gets no verdict: a cache trained on failures would be trained on the wrong work.
"""

import argparse
import concurrent.futures
import sys
import time

from support.judge_client import ApiError, JudgeClient

PROGRAMS = [
    ("python", "a, b = map(int, input().split())\nprint(a + b)\n"),
    ("python", "a, b = map(int, input().split())\nprint(a - b)\n"),
    ("c", '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}\n'),
]


def follow(api, submission_id, by_events):
    if by_events:
        # The stream ends once the submission has finished.
        last = {}
        for _, last in api.events(submission_id, timeout=120):
            pass
        return last
    try:
        api.request("GET", f"/api/submissions/{submission_id}")  # too soon, as impatient clients ask
    except ApiError as error:
        if error.status != 429:
            raise
    return api.wait_for_verdict(submission_id, timeout=120, interval=0.5)


def client(api, problem_id, index, count):
    finished = 0
    for turn in range(count):
        language, source = PROGRAMS[(index + turn) % len(PROGRAMS)]
        view = follow(api, api.submit(problem_id, source, language), by_events=(index + turn) % 3 == 0)
        finished += view.get("status") == "FINISHED"
    return finished


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--submissions", type=int, default=600)
    parser.add_argument("--clients", type=int, default=24)
    args = parser.parse_args()

    api = JudgeClient(args.base_url)
    problem_id = api.create_problem(title="AOT training")
    api.request("GET", f"/api/problems/{problem_id}")
    started = time.monotonic()
    each = max(1, args.submissions // args.clients)
    with concurrent.futures.ThreadPoolExecutor(args.clients) as pool:
        finished = sum(pool.map(lambda index: client(api, problem_id, index, each), range(args.clients)))
    sent = each * args.clients
    print(f"training: {finished} of {sent} submissions judged in {time.monotonic() - started:.1f} s")
    return 0 if finished == sent else 1


if __name__ == "__main__":
    sys.exit(main())
