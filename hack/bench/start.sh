#!/usr/bin/env bash
# make bench-start: how long each service takes to start, from its JVM's launch to Spring's "Started"
# ("process running for"), and the CPU its JVM used meanwhile, without and with its AOT cache trained on
# start-up (as the images train it), and with the cache make bench's last run trained on the work (with
# that run's jars) when there is one, alternating, ROUNDS (5) times each, one service at a time, against
# a private RabbitMQ and PostgreSQL. Each starts as its pod does: the chart's JIT (service_jit) and the
# worker's one-language self-check (its image's JUDGE_WORKER_SELFCHECKLANGUAGES).
# Prints one line per start and the medians; writes build/bench/start.json.
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
  JUDGE_TESTDATA_WORKERTOKEN=bench JUDGE_WORKER_INTERNALAPI_TOKEN=bench JUDGE_ACCESS_ADMINTOKEN=bench
  JUDGE_WORKER_SELFCHECKLANGUAGES=python) # as the worker image sets it (services/Dockerfile)

# "<seconds> <cpu seconds>": from the launch to "Started" as the JVM counts them, and the CPU its JVM used.
started_in() {
  local log=$1 name=$2 jit
  read -ra jit <<< "$(service_jit "$name")"
  env "${WITHOUT_SCRIPT_SETTINGS[@]}" "${settings[@]}" "$java" -Xmx512m "${jit[@]}" "${@:3}" > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 1200); do
    grep -q "Started [A-Za-z]*Application in" "$log" && break
    kill -0 "$pid" 2>/dev/null || { echo "it exited: $log" >&2; exit 1; }
    sleep 0.05
  done
  local cpu
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$pid/stat")
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
  if grep -q "\[aot\]" "$log"; then echo "the JVM refused its AOT cache: $log" >&2; exit 1; fi
  echo "$(grep -o "process running for [0-9.]*" "$log" | grep -o "[0-9.]*$") $cpu"
}

for name in api worker consumer; do
  jar="$state/$name.jar" app="$state/$name"
  cp "$(service_jar "$name")" "$jar"
  aot_train "$jar" "$app" 512m "$state/$name-training.log" "${settings[@]}" # as the images do
  # make bench's cache, trained on a burst, from its last run (with the jar it was trained on: a build
  # rewrites the jar, and the JVM refuses a cache whose jar changed).
  worked="$PROJECT_DIR/build/bench/app/$(basename "$(service_jar "$name")" .jar)"
  [[ -f "$worked.aot" ]] || worked=
  for round in $(seq "$ROUNDS"); do
    read -r plain plain_cpu <<< "$(started_in "$state/$name-plain-$round.log" "$name" -jar "$jar")"
    read -r cached cached_cpu <<< "$(started_in "$state/$name-aot-$round.log" "$name" -XX:AOTCache="$app.aot" -jar "$app/$name.jar")"
    line="$name round $round: $plain s ($plain_cpu s of CPU) without the AOT cache, $cached s ($cached_cpu) with it"
    echo "$name without $plain $plain_cpu" >> "$state/starts"
    echo "$name start-up $cached $cached_cpu" >> "$state/starts"
    if [[ -n "$worked" ]]; then
      read -r work work_cpu <<< "$(started_in "$state/$name-work-$round.log" "$name" -XX:AOTCache="$worked.aot" \
        -jar "$worked/$(basename "$(service_jar "$name")")")"
      line+=", $work s ($work_cpu) with the one trained on the work"
      echo "$name work $work $work_cpu" >> "$state/starts"
    fi
    echo "$line"
  done
done
python3 - "$state/starts" "$PROJECT_DIR/build/bench/start.json" <<'EOF'
import collections, json, statistics, sys
runs = collections.defaultdict(lambda: collections.defaultdict(lambda: {"seconds": [], "cpu_seconds": []}))
for line in open(sys.argv[1]):
    name, cache, seconds, cpu = line.split()
    runs[name][cache]["seconds"].append(float(seconds))
    runs[name][cache]["cpu_seconds"].append(float(cpu))
labels = {"without": "without the AOT cache", "start-up": "trained on start-up", "work": "trained on the work"}
results = {}
for name, caches in runs.items():
    results[name] = {cache: dict(r, median_s=round(statistics.median(r["seconds"]), 2),
                          median_cpu_s=round(statistics.median(r["cpu_seconds"]), 2))
                     for cache, r in caches.items()}
    without = results[name]["without"]["median_s"]
    print(f"{name}: median " + ", ".join(
        f"{r['median_s']} s ({r['median_cpu_s']} s of CPU, {r['median_s'] / without:.2f}x) {labels[cache]}"
        for cache, r in results[name].items()))
json.dump(results, open(sys.argv[2], "w"), indent=1)
EOF
