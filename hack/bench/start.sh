#!/usr/bin/env bash
# make bench-start: how long each service takes to start, from its JVM's launch to Spring's "Started"
# ("process running for"), without and with its AOT cache (what hack/services.sh and the images run),
# alternating, ROUNDS (5) times each, one service at a time, against a private RabbitMQ and
# PostgreSQL. Prints one line per start and the medians; writes build/bench/start.json.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

ROUNDS=${ROUNDS:-5}
state="$PROJECT_DIR/build/bench-start"
amqp_port=5675 pg_port=5435 port=18500
java="$(judge_java_home)/bin/java"

"$PROJECT_DIR/hack/install-deps.sh"
(cd "$SERVICES_DIR" && JAVA_HOME=$(judge_java_home) ./mvnw -q -B -ntp package -DskipTests)
cleanup() {
  if [[ -n "${pid:-}" ]]; then kill "$pid" 2>/dev/null || true; fi
  "$PROJECT_DIR/hack/infra.sh" down "$state" "$amqp_port" "$pg_port" >/dev/null 2>&1 || true
}
trap cleanup EXIT
"$PROJECT_DIR/hack/infra.sh" down "$state" "$amqp_port" "$pg_port" >/dev/null 2>&1 || true
rm -rf "$state" && mkdir -p "$state/work" "$PROJECT_DIR/build/bench"
"$PROJECT_DIR/hack/infra.sh" up "$state" "$amqp_port" "$pg_port" >/dev/null

settings=(SPRING_RABBITMQ_PORT="$amqp_port" SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/judge"
  SERVER_PORT="$port" JUDGE_HTTP_MANAGEMENTPORT=$((port + 3)) JUDGE_SANDBOX_WORKDIR="$state/work"
  JUDGE_TESTDATA_WORKERTOKEN=bench JUDGE_WORKER_INTERNALAPI_TOKEN=bench JUDGE_ACCESS_ADMINTOKEN=bench)

# Seconds from the launch to "Started", as the JVM counts them.
started_in() {
  local log=$1
  env "${settings[@]}" "$java" -Xmx512m "${@:2}" > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 1200); do
    grep -q "Started [A-Za-z]*Application in" "$log" && break
    kill -0 "$pid" 2>/dev/null || { echo "it exited: $log" >&2; exit 1; }
    sleep 0.05
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
  grep -o "process running for [0-9.]*" "$log" | grep -o "[0-9.]*$"
}

results="{}"
for name in api worker consumer; do
  jar="$state/$name.jar" app="$state/$name"
  cp "$(service_jar "$name")" "$jar"
  aot_train "$jar" "$app" 512m "$state/$name-training.log" "${settings[@]}" # as hack/services.sh does
  plain=() cached=()
  for round in $(seq "$ROUNDS"); do
    plain+=("$(started_in "$state/$name-plain-$round.log" -jar "$jar")")
    cached+=("$(started_in "$state/$name-aot-$round.log" -XX:AOTCache="$app.aot" -jar "$app/$name.jar")")
    echo "$name round $round: ${plain[-1]} s without the AOT cache, ${cached[-1]} s with it"
  done
  results=$(python3 - "$name" "$results" "${plain[*]}" "${cached[*]}" <<'EOF'
import json, statistics, sys
name, results, plain, cached = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3].split(), sys.argv[4].split()
plain, cached = [float(s) for s in plain], [float(s) for s in cached]
results[name] = {"without_s": plain, "with_s": cached, "median_without_s": statistics.median(plain),
                 "median_with_s": statistics.median(cached),
                 "ratio": round(statistics.median(cached) / statistics.median(plain), 2)}
print(json.dumps(results))
EOF
)
done
echo "$results" > "$PROJECT_DIR/build/bench/start.json"
python3 - "$PROJECT_DIR/build/bench/start.json" <<'EOF'
import json, sys
for name, r in json.load(open(sys.argv[1])).items():
    print(f"{name}: median {r['median_without_s']} s without the AOT cache, {r['median_with_s']} s with it ({r['ratio']}x)")
EOF
