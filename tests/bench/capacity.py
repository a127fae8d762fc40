"""The sustained capacity: tests/load/submissions.js's rate scenario at rising rates, each judged on
what it did: no failed request, p99 accept under 1 s, and a backlog that does not grow. The backlog is
the database's count of submissions not yet FINISHED (in the outbox, on the queue or being judged),
sampled every 5 s; it "grows" when its least-squares slope over the step's second half is over 1% of
the rate (at 30-60/s the slope here was 0.0; at 75/s, 1.03 a second, with end-to-end p99 at 7 s: a
machine that does not keep up).
Stops at the first rate that does not hold. Writes every step's figures and the verdict as JSON."""

import argparse
import json
import os
import pathlib
import subprocess
import threading
import time

from report import k6_metric, sql

ACCEPT_P99_MS = 1000
GROWTH_SHARE = 0.01
SAMPLE_S = 5


def backlog(database):
    return int(sql(database, "select count(*) from submission where status <> 'FINISHED'"))


def slope(samples):
    """Least squares of backlog over time, per second."""
    n = len(samples)
    if n < 2:
        return 0.0
    mean_t = sum(t for t, _ in samples) / n
    mean_b = sum(b for _, b in samples) / n
    variance = sum((t - mean_t) ** 2 for t, _ in samples)
    return sum((t - mean_t) * (b - mean_b) for t, b in samples) / variance if variance else 0.0


def run_step(args, rate):
    summary_file = pathlib.Path(args.results) / f"rate-{rate}.json"
    samples, done = [], threading.Event()

    def sample():
        started = time.monotonic()
        while not done.is_set():
            samples.append((round(time.monotonic() - started, 1), backlog(args.database)))
            done.wait(SAMPLE_S)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    env = dict(
        os.environ,
        SCENARIO="rate",
        RATE=str(rate),
        DURATION=args.duration,
        BASE_URL=args.base_url,
        SUMMARY_FILE=str(summary_file),
    )
    subprocess.run([args.k6, "run", "--quiet", "--no-usage-report", args.script], env=env, stdout=subprocess.DEVNULL, check=False)
    done.set()
    sampler.join()
    summary = json.loads(summary_file.read_text())
    duration_s = samples[-1][0] if samples else 0
    second_half = [(t, b) for t, b in samples if t >= duration_s / 2]
    growth = slope(second_half)
    failed = k6_metric(summary, "http_req_failed", "passes") or 0
    figures = {
        "rate_per_s": rate,
        "accepted": k6_metric(summary, "judge_accepted", "count") or 0,
        "rejected": k6_metric(summary, "judge_rejected", "count") or 0,
        "failed_requests": failed,
        "read_errors_5xx": k6_metric(summary, "judge_read_errors_5xx", "count") or 0,
        "read_timeouts": k6_metric(summary, "judge_read_errors_timeout", "count") or 0,
        "accept_p99_ms": round(k6_metric(summary, "judge_accept_duration", "p(99)") or 0, 1),
        "e2e_p99_ms": round(k6_metric(summary, "judge_e2e_duration", "p(99)") or 0, 1),
        "backlog_max": max((b for _, b in samples), default=0),
        "backlog_growth_per_s": round(growth, 2),
        "backlog_samples": samples,
    }
    why = []
    if figures["rejected"] or failed or figures["read_errors_5xx"] or figures["read_timeouts"]:
        why.append("requests failed")
    if figures["accept_p99_ms"] >= ACCEPT_P99_MS:
        why.append(f"p99 accept {figures['accept_p99_ms']} ms")
    if growth > GROWTH_SHARE * rate:
        why.append(f"backlog grew {figures['backlog_growth_per_s']}/s")
    figures["held"], figures["why_not"] = not why, why
    return figures


def drain(database, timeout_s=900):
    deadline = time.monotonic() + timeout_s
    while backlog(database) and time.monotonic() < deadline:
        time.sleep(SAMPLE_S)


def main():
    parser = argparse.ArgumentParser()
    for option in ("--k6", "--script", "--base-url", "--duration", "--database", "--results", "--out"):
        parser.add_argument(option, required=True)
    parser.add_argument("--rates", type=int, nargs="+", required=True)
    args = parser.parse_args()
    steps = []
    for rate in args.rates:
        print(f"== {rate} submissions/s for {args.duration}", flush=True)
        step = run_step(args, rate)
        steps.append(step)
        print({k: v for k, v in step.items() if k != "backlog_samples"}, flush=True)
        drain(args.database)
        if not step["held"]:
            break
    held = [step["rate_per_s"] for step in steps if step["held"]]
    knee = next((step for step in steps if not step["held"]), None)
    report = {
        "duration": args.duration,
        "sustained_per_s": max(held, default=0),
        "knee_per_s": knee["rate_per_s"] if knee else None,
        "knee_because": knee["why_not"] if knee else None,
        "steps": steps,
    }
    pathlib.Path(args.out).write_text(json.dumps(report, indent=1) + "\n")
    print(
        f"sustained: {report['sustained_per_s']}/s for {args.duration}; knee: "
        f"{report['knee_per_s'] or 'not reached'} ({', '.join(report['knee_because'] or [])})"
    )


if __name__ == "__main__":
    main()
