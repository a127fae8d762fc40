"""Builds make bench's report from k6's summaries, the reference figures, the database's own counts
and the services' counters.

  report.py outbox --api MANAGEMENT_URL --out FILE   before each scenario: the request messages sent so far
  report.py counters --worker URL --consumer URL --out FILE   before each: judgements and verdicts so far
  report.py scenario --clients KIND ...   after each scenario: its figures, to RESULTS/KIND/report.json
  report.py combine --clients KIND... --out FILE   all of them side by side, written and printed
"""

import argparse
import json
import pathlib
import subprocess
import urllib.request

import cpu


def k6_metric(summary, name, stat):
    metric = summary["metrics"].get(name)
    return None if metric is None else metric["values"].get(stat)


def window_seconds(summary):
    """From the first request's start to the last response, as the VUs recorded them."""
    first = k6_metric(summary, "judge_post_started_at", "min")
    last = k6_metric(summary, "judge_post_finished_at", "max")
    return (last - first) / 1000 if first is not None and last is not None else None


def sql(database, query):
    return subprocess.run(
        ["psql", database, "-At", "-F", "|", "-c", query], check=True, capture_output=True, text=True
    ).stdout.strip()


def counter(url, name):
    with urllib.request.urlopen(url + "/actuator/prometheus", timeout=10) as response:
        lines = response.read().decode().splitlines()
    return sum(float(line.rsplit(" ", 1)[1]) for line in lines if line.startswith(name + "{") or line.startswith(name + " "))


def outbox(api):
    """The request messages the API has sent and their bytes, all told."""
    return {
        "messages": counter(api, "judge_outbox_message_size_bytes_count"),
        "bytes": counter(api, "judge_outbox_message_size_bytes_sum"),
    }


def counters(args):
    """Verdicts the consumer recorded and judgements the worker made, over their lives so far."""
    return {
        "verdicts": counter(args.consumer, "judge_submissions_verdicts_total"),
        "judgements": counter(args.worker, "judge_submissions_execution_seconds_count"),
    }


def counters_snapshot(args):
    pathlib.Path(args.out).write_text(json.dumps(counters(args)))


def outbox_snapshot(args):
    pathlib.Path(args.out).write_text(json.dumps(outbox(args.api)) + "\n")


def scenario_report(args):
    results = pathlib.Path(args.results)
    burst = json.loads((results / args.clients / "burst.json").read_text())
    trivial = json.loads((results / "trivial.json").read_text())
    bare_floor_s = float((results / "bare-seconds").read_text())

    accepted = int(k6_metric(burst, "judge_accepted", "count") or 0)
    accept_window = window_seconds(burst)
    trivial_window = window_seconds(trivial)
    trivial_requests = int(k6_metric(trivial, "http_reqs", "count") or 0)

    # The burst's own submissions: to the problem its setup chose (k6 keeps setup()'s answer in the
    # summary), which the warm-up and the scenarios before may share; a keyed burst's is its key's own,
    # so the newest problem is not always this burst's.
    problem = int(json.loads((results / args.clients / "burst.json").read_text())["setup_data"]["problemId"])
    started_at = (results / args.clients / "started-at").read_text().strip()
    this_scenario = f"problem_id = {problem} and created_at >= '{started_at}'"
    stored, finished, first_created, span_s, e2e = sql(
        args.database,
        f"""
        select count(*), count(*) filter (where status = 'FINISHED'), min(created_at),
               extract(epoch from max(finished_at) - min(created_at)),
               percentile_cont(array[0.5, 0.95, 0.99]) within group (
                   order by extract(epoch from finished_at - created_at) * 1000)
        from submission where {this_scenario}""",
    ).split("|")
    verdict_rows = sql(
        args.database,
        f"select verdict, count(*) from submission where {this_scenario} "
        "and status = 'FINISHED' group by verdict order by 2 desc",
    )
    verdicts = {row.split("|")[0]: int(row.split("|")[1]) for row in verdict_rows.splitlines() if row}
    e2e_p50, e2e_p95, e2e_p99 = (float(x) for x in e2e.strip("{}").split(","))
    stored, finished, span_s = int(stored), int(finished), float(span_s)

    # This scenario's alone (the services may have been restarted before it): against its own verdicts.
    counted_before = json.loads((results / args.clients / "counters-before.json").read_text())
    counted_after = counters(args)
    recorded_verdicts = counted_after["verdicts"] - counted_before["verdicts"]
    judgements = counted_after["judgements"] - counted_before["judgements"]

    report = {
        "clients": args.clients,
        "submissions": args.submissions,
        "accepted": accepted,
        "errors": {
            kind: int(k6_metric(burst, f"judge_errors_{kind}", "count") or 0)
            for kind in ("timeout", "refused", "reset", "non_2xx", "other")
        },
        "read_errors": {
            kind: int(k6_metric(burst, f"judge_read_errors_{kind}", "count") or 0) for kind in ("timeout", "5xx", "other")
        },
        "reads_answered": {
            "304": int(k6_metric(burst, "judge_polls_304", "count") or 0),
            "429": int(k6_metric(burst, "judge_polls_429", "count") or 0),
            "unknown_ids": int(k6_metric(burst, "judge_unknown_polls", "count") or 0),
        },
        "stored": stored,
        "finished": finished,
        "lost": accepted - finished,
        "stored_not_acknowledged": stored - accepted,
        "duplicated": int(recorded_verdicts - finished),
        "judged_more_than_once": int(judgements - finished),
        "verdicts": verdicts,
        "accept_rps": round(accepted / accept_window, 1) if accept_window else None,
        "trivial_rps": round(trivial_requests / trivial_window, 1) if trivial_window else None,
        "accept_p50_ms": round(k6_metric(burst, "judge_accept_duration", "med") or 0, 1),
        "accept_p95_ms": round(k6_metric(burst, "judge_accept_duration", "p(95)") or 0, 1),
        "accept_p99_ms": round(k6_metric(burst, "judge_accept_duration", "p(99)") or 0, 1),
        "accept_max_ms": round(k6_metric(burst, "judge_accept_duration", "max") or 0, 1),
        "time_to_last_verdict_s": round(span_s, 2),
        "verdict_rps": round(finished / span_s, 1) if span_s else None,
        "bare_floor_s": round(bare_floor_s, 2),
        "e2e_p50_ms": round(e2e_p50, 1),
        "e2e_p95_ms": round(e2e_p95, 1),
        "e2e_p99_ms": round(e2e_p99, 1),
        "polls_per_submission": round((k6_metric(burst, "judge_polls", "count") or 0) / accepted, 2) if accepted else None,
        "http_req_failed_rate": k6_metric(burst, "http_req_failed", "rate"),
        "first_submission_at": first_created,
    }
    # What each request message carried through the broker: the tests, or a reference to them.
    before, after = json.loads((results / args.clients / "outbox-before.json").read_text()), outbox(args.api)
    messages = after["messages"] - before["messages"]
    report["request_message_bytes_mean"] = round((after["bytes"] - before["bytes"]) / messages) if messages else None
    large = results / "large-problem.json"
    if large.exists():
        report["large_problem"] = json.loads(large.read_text())
    # Where the two cores went from the first POST until k6 had every verdict (CPU seconds).
    report["cpu_seconds"] = cpu.seconds_by_component(
        results / args.clients / "cpu-before.json", results / args.clients / "cpu-after.json"
    )
    heap_file = results / args.clients / "api-heap-mb.json"
    if heap_file.exists():
        report["api_heap_peak_mb"] = json.loads(heap_file.read_text())
    # k6's own memory, per virtual user: what the cluster's load-test runners are sized from.
    peak_rss_file = results / args.clients / "k6-peak-rss-kb"
    if peak_rss_file.exists():
        peak_rss_kb = int(peak_rss_file.read_text())
        report["k6_peak_rss_mb"] = round(peak_rss_kb / 1024)
        report["k6_peak_rss_kb_per_vu"] = round(peak_rss_kb / args.submissions, 1)
    report["accept_vs_trivial"] = (
        round(report["accept_rps"] / report["trivial_rps"], 3) if report["accept_rps"] and report["trivial_rps"] else None
    )
    report["last_verdict_vs_bare_floor"] = round(span_s / bare_floor_s, 2) if bare_floor_s else None
    # Everything but the judged programs and the clients, against what the same programs cost bare.
    not_orchestration = {"sandboxes", "k6", "machine_busy", "machine_idle"}
    orchestration_s = sum(v for k, v in report["cpu_seconds"].items() if k not in not_orchestration)
    report["orchestration_cpu_ms_per_submission"] = round(orchestration_s * 1000 / accepted, 1) if accepted else None
    bare_cpu = results / "bare-cpu-seconds"
    if bare_cpu.exists() and accepted:
        program_ms = float(bare_cpu.read_text()) * 1000 / args.submissions
        report["bare_program_cpu_ms_per_submission"] = round(program_ms, 1)
        report["orchestration_vs_bare_program"] = round(report["orchestration_cpu_ms_per_submission"] / program_ms, 2)
    report["jvms"] = args.jvms
    (results / args.clients / "report.json").write_text(json.dumps(report, indent=2) + "\n")


def combine(args):
    results = pathlib.Path(args.results)
    scenarios = {kind: json.loads((results / kind / "report.json").read_text()) for kind in args.clients}
    polite = scenarios.get("polite")
    if polite:
        for kind, report in scenarios.items():
            report["last_verdict_vs_polite"] = round(report["time_to_last_verdict_s"] / polite["time_to_last_verdict_s"], 2)
            # The same clients with an API key: what authentication and quota checks cost per accept.
            report["accept_vs_polite"] = (
                round(report["accept_rps"] / polite["accept_rps"], 3) if report["accept_rps"] and polite["accept_rps"] else None
            )
    pathlib.Path(args.out).write_text(json.dumps(scenarios, indent=2) + "\n")
    print(json.dumps(scenarios, indent=2))
    print()
    for kind, r in scenarios.items():
        heap = r.get("api_heap_peak_mb", {})
        print(
            f"{kind} ({r.get('jvms', 'warm')} JVMs): {r['accepted']}/{r['submissions']} accepted, "
            f"{sum(r['errors'].values())} errors accepting, "
            f"{sum(r['read_errors'].values())} reading ({r['read_errors']}), {r['lost']} lost, "
            f"{r['duplicated']} duplicated; accept {r['accept_rps']}/s = {r['accept_vs_trivial']} of the trivial "
            f"endpoint's {r['trivial_rps']}/s; last verdict after {r['time_to_last_verdict_s']} s = "
            f"{r['last_verdict_vs_bare_floor']}x the bare floor ({r['bare_floor_s']} s)"
            + (f", {r['last_verdict_vs_polite']}x the polite burst's" if "last_verdict_vs_polite" in r else "")
            + (f"; accept rate {r['accept_vs_polite']}x the polite burst's" if r.get("accept_vs_polite") else "")
            + f"; API heap peak {heap.get('used')} MiB (live {heap.get('live')} MiB)"
            + f"; {r.get('request_message_bytes_mean')} bytes per request message"
            + f"; orchestration {r.get('orchestration_cpu_ms_per_submission')} ms CPU per submission"
            + f" = {r.get('orchestration_vs_bare_program')}x the bare program's"
        )
    print(f"Written to {args.out}")


def main():
    parser = argparse.ArgumentParser()
    steps = parser.add_subparsers(dest="step", required=True)
    scenario = steps.add_parser("scenario")
    for option in ("results", "database", "worker", "consumer", "clients", "api"):
        scenario.add_argument("--" + option, required=True)
    scenario.add_argument("--submissions", type=int, required=True)
    scenario.add_argument("--jvms", choices=("warm", "fresh"), default="warm", help="what the burst met")
    snapshot = steps.add_parser("outbox")
    snapshot.add_argument("--api", required=True)
    snapshot.add_argument("--out", required=True)
    counted = steps.add_parser("counters")
    for option in ("worker", "consumer", "out"):
        counted.add_argument("--" + option, required=True)
    together = steps.add_parser("combine")
    together.add_argument("--results", required=True)
    together.add_argument("--clients", nargs="+", required=True)
    together.add_argument("--out", required=True)
    args = parser.parse_args()
    {"scenario": scenario_report, "outbox": outbox_snapshot, "counters": counters_snapshot, "combine": combine}[args.step](args)


if __name__ == "__main__":
    main()
