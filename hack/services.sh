#!/usr/bin/env bash
# Starts or stops the three services as background processes, configured for the infrastructure
# that hack/infra.sh started with the same ports.
#
#   hack/services.sh up|down STATE_DIR AMQP_PORT PG_PORT API_PORT
#
# The API's management port (Actuator, /internal) is API_PORT+3 (lib.sh management_port), the worker's
# Actuator port API_PORT+1, the consumer's API_PORT+2. Logs and PIDs go to STATE_DIR.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

action=${1:?usage: services.sh up|down STATE_DIR AMQP_PORT PG_PORT API_PORT}
state=$(mkdir -p "${2:?state dir}" && cd "$2" && pwd)
amqp_port=${3:?amqp port}
pg_port=${4:?postgres port}
api_port=${5:?api port}
management=$(management_port "$api_port")
token=$(test_data_token "$state")
# The catalog's default set (judge-languages.yml, by-default), whose toolchains hack/install-deps.sh
# installs; JUDGE_LANGUAGES=all for every language, or a comma-separated list of ids. The API and the
# worker are given the same.
languages=${JUDGE_LANGUAGES:-default}
[[ "$languages" != all ]] || languages=""
admin=$(admin_token "$state")

start() {
  local name=$1 port=$2 java_home built jar heap=512m
  # The API holds thousands of connections in a burst; the others hold little.
  [[ "$name" == api ]] && heap=1g
  java_home=$(judge_java_home)
  built=$(service_jar "$name")
  [[ -f "$built" ]] || { echo "$built is missing: run 'make build'" >&2; exit 1; }
  # A service runs from a copy of its jar: the next build rewrites target/ under a running JVM, which
  # then fails to load its classes (seen: a worker dying with NoClassDefFoundError, a burst left QUEUED).
  # Named as built (judge-api.jar...): tests/bench/cpu.py tells the services apart by it.
  jar="$state/jars/$(basename "$built")"
  if [[ -f "$state/$name.pid" ]] && running "$name"; then
    if cmp -s "$built" "$jar"; then
      echo "$name already running, its jar unchanged"; return
    fi
    echo "$name's jar was rebuilt: restarting it"
    stop "$name"
  fi
  mkdir -p "$state/logs" "$state/jars"
  cp "$built" "$jar.new" && mv -f "$jar.new" "$jar"
  # Each service gets only its own settings and secrets: the admin token only the API, no database to the worker.
  # The worker and consumer run C1 only, the API with C2 too, as the chart's javaOpts say and why.
  local own=() jit=(-XX:TieredStopAtLevel=1)
  case "$name" in
    api) own=(SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/judge" JUDGE_TESTDATA_WORKERTOKEN="$token"
              JUDGE_ENABLEDLANGUAGES="$languages"
              JUDGE_HTTP_MANAGEMENTPORT="$management"
              JUDGE_ACCESS_ANONYMOUS=true JUDGE_ACCESS_ADMINTOKEN="$admin") jit=() ;;
    worker) own=(JUDGE_SANDBOX_WORKDIR="$state/work" JUDGE_WORKER_INTERNALAPI_TOKEN="$token" JUDGE_ENABLEDLANGUAGES="$languages"
                 JUDGE_WORKER_INTERNALAPI_URL="http://127.0.0.1:$management"
                 JUDGE_WORKER_TESTLIBHEADER="$PROJECT_DIR/build/testlib/testlib.h") ;;
    consumer) own=(SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/judge") ;;
  esac
  # From the AOT cache (lib.sh aot_train), remade when the jar changes; JUDGE_AOT_CACHE=no starts without.
  local app launch=(-jar "$jar")
  app="$state/app/$(basename "$built" .jar)"
  if [[ "${JUDGE_AOT_CACHE:-yes}" == yes ]]; then
    if [[ ! -f "$app.aot" ]] || ! cmp -s "$jar" "$app.trained.jar"; then
      aot_train "$jar" "$app" "$heap" "$state/logs/$name-training.log" "${own[@]}" \
        || { echo "$name's AOT training run failed: $state/logs/$name-training.log" >&2; exit 1; }
      cp "$jar" "$app.trained.jar"
    fi
    launch=(-XX:AOTCache="$app.aot" -jar "$app/$(basename "$jar")")
  fi
  env SERVER_PORT="$port" SPRING_RABBITMQ_PORT="$amqp_port" "${own[@]}" \
    setsid nohup "$java_home/bin/java" "-Xmx$heap" "${jit[@]}" -XX:+ExitOnOutOfMemoryError "${launch[@]}" \
      > "$state/logs/$name.log" 2>&1 < /dev/null &
  echo $! > "$state/$name.pid"
  echo "Started $name (pid $!, port $port, log $state/logs/$name.log)"
}

running() { kill -0 "$(cat "$state/$1.pid")" 2>/dev/null; }

stop() {
  local name=$1 pid
  [[ -f "$state/$name.pid" ]] || return 0
  pid=$(cat "$state/$name.pid")
  if kill -0 "$pid" 2>/dev/null; then
    echo "Stopping $name"
    kill -TERM "$pid"
    # The worker drains in-flight judgements (judge.worker.drain-timeout) before it exits.
    for _ in $(seq 1 180); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$state/$name.pid"
}

case "$action" in
  up)
    start api "$api_port"
    start worker $((api_port + 1))
    start consumer $((api_port + 2))
    await_ready api "$management" "$state/logs/api.log" running api
    await_ready worker $((api_port + 1)) "$state/logs/worker.log" running worker
    await_ready consumer $((api_port + 2)) "$state/logs/consumer.log" running consumer
    echo "API ready on http://127.0.0.1:$api_port (anonymous calls allowed; the admin token is in $state/admin-token)" ;;
  down)
    stop api; stop worker; stop consumer ;;
  *) echo "unknown action: $action" >&2; exit 2 ;;
esac
