#!/usr/bin/env bash
# make bench: the 10,000-submission burst on this machine, as clients of three kinds meet it, with its
# reference figures measured in the same run, written to build/bench/report.json and printed.
#   1. a private RabbitMQ, PostgreSQL and the three services (ports of their own), warmed up;
#   2. reference: the same burst shape against a trivial endpoint of the same API (tests/load/trivial.js);
#   3. reference: the judged program run as often as the burst runs it, bare, 2 at a time (tests/bench/bare.c);
#   4. the burst (tests/load/submissions.js) once per client kind in CLIENTS (default all three):
#        polite    polls when Retry-After says
#        impolite  polls every second whatever it says, plus 30 clients polling unknown ids
#        sse       follows server-sent events to the verdict
#        keyed     as polite, but with an API key (made with the admin token, quotas too large to
#                  refuse): its accept rate against polite's is the cost of authentication and quotas
#      each followed by the database's own counts, where the CPU went and the API's heap peak;
# then stops everything it started. SUBMISSIONS (default 10000), SCENARIO (burst) and CLIENTS can be set.
# FRESH=1: each burst meets fresh JVMs (the three services restarted before it, from their AOT caches
# as hack/services.sh trained them), as every pod the autoscalers add meets its burst; FRESH=both: each
# client kind twice, on fresh JVMs and then on the same JVMs warmed by that burst (reported as
# <kind>-fresh and <kind>-warm); by default the bursts meet the JVMs the warm-up and the bursts before
# warmed. The report says which ("jvms").
# PROBLEM=large judges the same program on a problem with LARGE_PROBLEM_MB (50) of tests, uploaded
# streamed, whose requests carry a reference to the tests (tests/bench/large_problem.py).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

SUBMISSIONS=${SUBMISSIONS:-10000}
SCENARIO=${SCENARIO:-burst}
CLIENTS=${CLIENTS:-polite keyed impolite sse}
read -ra client_kinds <<< "$CLIENTS"
case ${FRESH:-0} in
  1) modes=(fresh) ;;
  both) modes=(fresh warm) ;;
  0) modes=(warm) ;;
  *) echo "FRESH is 1, both or 0" >&2; exit 2 ;;
esac
PROBLEM=${PROBLEM:-small}
LARGE_PROBLEM_MB=${LARGE_PROBLEM_MB:-50}
state="$PROJECT_DIR/build/bench"
amqp_port=5674 pg_port=5434 api_port=18300
export JAVA_HOME; JAVA_HOME=$(judge_java_home)

bench_stack_up "$state" "$amqp_port" "$pg_port" "$api_port"
base="http://127.0.0.1:$api_port"
management="http://127.0.0.1:$(management_port "$api_port")"
k6_run=("$PROJECT_DIR/bin/k6" run --quiet --no-usage-report)
k6() { "${k6_run[@]}" "$@"; }

# Enough for the JIT compilers to finish with the hot paths: the measurement is of the steady state.
echo "== warm-up (not counted): 1000 submissions"
SUBMISSIONS=1000 SCENARIO=burst BASE_URL=$base SUMMARY_FILE="$state/results/warmup.json" \
  k6 "$PROJECT_DIR/tests/load/submissions.js" >/dev/null

echo "== reference: $SUBMISSIONS concurrent requests to a trivial endpoint of the same API"
SUBMISSIONS=$SUBMISSIONS BASE_URL=$base SUMMARY_FILE="$state/results/trivial.json" \
  k6 "$PROJECT_DIR/tests/load/trivial.js" >/dev/null

problem=()
mkdir -p "$state/bare-run"
printf '1 2\n' > "$state/bare-run/input"
if [[ $PROBLEM == large ]]; then
  echo "== the large problem: $LARGE_PROBLEM_MB MB of tests, uploaded streamed"
  python3 "$PROJECT_DIR/tests/bench/api_heap.py" "$management" "$state/results/upload-api-heap-mb.json" \
    python3 "$PROJECT_DIR/tests/bench/large_problem.py" "$base" "$state/results" "$LARGE_PROBLEM_MB" > "$state/results/large-problem-id"
  problem=(PROBLEM_ID="$(cat "$state/results/large-problem-id")")
  cp "$state/results/large-input" "$state/bare-run/input"
  cat "$state/results/large-problem.json"
fi

echo "== reference: the judged program run $((SUBMISSIONS * 2)) times bare, 2 at a time"
gcc -O2 -o "$state/bare" "$PROJECT_DIR/tests/bench/bare.c"
printf 'a, b = map(int, input().split())\nprint(a + b)\n' > "$state/bare-run/main.py"
# The interpreter the sandbox runs (the catalog's command, resolved on the sandbox's PATH).
(cd "$state/bare-run" && python3 "$PROJECT_DIR/tests/bench/cpu.py" children "$state/results/bare-cpu-seconds" \
  "$state/bare" $((SUBMISSIONS * 2)) 2 input /usr/bin/python3 -S main.py) > "$state/results/bare-seconds"

mkdir -p "$PROJECT_DIR/build/bench"
labels=()
for clients in "${client_kinds[@]}"; do
  for jvms in "${modes[@]}"; do
    label=$clients
    [[ ${#modes[@]} -eq 1 ]] || label="$clients-$jvms"
    labels+=("$label")
    case $clients in
      polite) follow=(FOLLOW=poll POLL=polite) ;;
      impolite) follow=(FOLLOW=poll POLL=impolite UNKNOWN_POLLERS=30) ;;
      sse) follow=(FOLLOW=sse) ;;
      keyed) follow=(FOLLOW=poll POLL=polite API_KEY="$(create_key "$base" "$state" bench)") ;;
      *) echo "unknown client kind $clients (polite, keyed, impolite, sse)" >&2; exit 2 ;;
    esac
    if [[ $jvms == fresh ]]; then
      "$PROJECT_DIR/hack/services.sh" down "${BENCH_STACK[@]}" > /dev/null
      "$PROJECT_DIR/hack/services.sh" up "${BENCH_STACK[@]}" > /dev/null
    fi
    echo "== the scenario: $SCENARIO, $SUBMISSIONS submissions, $clients clients, $jvms JVMs"
    results="$state/results/$label"
    mkdir -p "$results"
    python3 "$PROJECT_DIR/tests/bench/cpu.py" snapshot "$results/cpu-before.json"
    date -u +%Y-%m-%dT%H:%M:%S.%6NZ > "$results/started-at"
    python3 "$PROJECT_DIR/tests/bench/report.py" outbox --api "$management" --out "$results/outbox-before.json"
    python3 "$PROJECT_DIR/tests/bench/report.py" counters --worker "http://127.0.0.1:$((api_port + 1))" \
      --consumer "http://127.0.0.1:$((api_port + 2))" --out "$results/counters-before.json"
    env "${follow[@]}" "${problem[@]}" SUBMISSIONS="$SUBMISSIONS" SCENARIO="$SCENARIO" BASE_URL="$base" SUMMARY_FILE="$results/burst.json" \
      python3 "$PROJECT_DIR/tests/bench/api_heap.py" "$management" "$results/api-heap-mb.json" \
      python3 "$PROJECT_DIR/tests/bench/peak_rss.py" "$results/k6-peak-rss-kb" \
      "${k6_run[@]}" "$PROJECT_DIR/tests/load/submissions.js" \
      || echo "(k6 reported failed thresholds; the report says which)"
    python3 "$PROJECT_DIR/tests/bench/cpu.py" snapshot "$results/cpu-after.json"
    # Read now: the database's counts are of this scenario's problem, the newest.
    python3 "$PROJECT_DIR/tests/bench/report.py" scenario --results "$state/results" --clients "$label" \
      --database "postgresql://judge@127.0.0.1:$pg_port/judge" --worker "http://127.0.0.1:$((api_port + 1))" \
      --consumer "http://127.0.0.1:$((api_port + 2))" --submissions "$SUBMISSIONS" --api "$management" --jvms "$jvms"
  done
done
python3 "$PROJECT_DIR/tests/bench/report.py" combine --results "$state/results" --clients "${labels[@]}" \
  --out "$PROJECT_DIR/build/bench/report.json"
