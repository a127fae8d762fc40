#!/usr/bin/env bash
# make bench-capacity: the highest submission rate this machine holds, and the knee past it. On a
# private stack (as make bench), after the same warm-up, tests/load/submissions.js's rate scenario
# (k6 constant-arrival-rate, polite pollers) runs at each of RATES (submissions per second, default
# "20 40 60 80 100") for DURATION (300s), the backlog drained between steps; a step holds with no
# failed request, p99 accept under 1 s and a backlog (submissions stored, not yet judged) that does not
# grow. It stops at the first step that does not hold: the knee. tests/bench/capacity.py judges each
# step; the report is build/bench/capacity.json.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

RATES=${RATES:-20 40 60 80 100}
DURATION=${DURATION:-300s}
state="$PROJECT_DIR/build/bench-capacity"
amqp_port=5676 pg_port=5436 api_port=18350
export JAVA_HOME; JAVA_HOME=$(judge_java_home)

bench_stack_up "$state" "$amqp_port" "$pg_port" "$api_port"
base="http://127.0.0.1:$api_port"

echo "== warm-up (not counted): 1000 submissions"
SUBMISSIONS=1000 SCENARIO=burst BASE_URL=$base SUMMARY_FILE="$state/results/warmup.json" \
  "$PROJECT_DIR/bin/k6" run --quiet --no-usage-report "$PROJECT_DIR/tests/load/submissions.js" >/dev/null

mkdir -p "$PROJECT_DIR/build/bench"
# shellcheck disable=SC2086 # RATES is a list
python3 "$PROJECT_DIR/tests/bench/capacity.py" --k6 "$PROJECT_DIR/bin/k6" \
  --script "$PROJECT_DIR/tests/load/submissions.js" --base-url "$base" --duration "$DURATION" \
  --database "postgresql://judge@127.0.0.1:$pg_port/judge" --results "$state/results" \
  --out "$PROJECT_DIR/build/bench/capacity.json" --rates $RATES
