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

# A service's own settings and secrets, for the stack whose API listens on API_PORT: the real one, or
# the training one beside it (its own database and sandboxes' folder): the admin token only the API, no
# database to the worker. Sets the arrays own (environment) and jit (service_jit).
settings() { # name api-port real|training
  local name=$1 port=$2 database=judge work="$state/work"
  [[ $3 == real ]] || database=judge_training work="$state/training/work"
  own=()
  read -ra jit <<< "$(service_jit "$name")"
  case "$name" in
    api) own=(SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/$database" JUDGE_TESTDATA_WORKERTOKEN="$token"
              JUDGE_ENABLEDLANGUAGES="$languages"
              JUDGE_HTTP_MANAGEMENTPORT="$(management_port "$port")"
              JUDGE_ACCESS_ANONYMOUS=true JUDGE_ACCESS_ADMINTOKEN="$admin") ;;
    worker) own=(JUDGE_SANDBOX_WORKDIR="$work" JUDGE_WORKER_INTERNALAPI_TOKEN="$token" JUDGE_ENABLEDLANGUAGES="$languages"
                 JUDGE_WORKER_INTERNALAPI_URL="http://127.0.0.1:$(management_port "$port")"
                 JUDGE_WORKER_TESTLIBHEADER="$PROJECT_DIR/build/testlib/testlib.h") ;;
    consumer) own=(SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/$database") ;;
  esac
}

heap() { [[ "$1" == api ]] && echo 1g || echo 512m; } # the API holds thousands of connections in a burst

# Where a service runs from: extracted (the AOT cache works only there), with its cache beside it.
app_dir() { echo "$state/app/$(basename "$(service_jar "$1")" .jar)"; }

# Whether a service's AOT cache was trained on the jar built now.
cache_current() { [[ -f "$(app_dir "$1").aot" ]] && cmp -s "$(service_jar "$1")" "$(app_dir "$1").trained.jar"; }

# JDK 25's AOT caches (JEP 483, 514, 515), trained on the work rather than on start-up alone: the three
# services run once more on ports of their own (API_PORT+10 on), against a database (judge_training) and
# a RabbitMQ virtual host (judge-training) that hack/infra.sh keeps for this, so that nothing of the
# training reaches the real stack; tests/bench/train.py sends them a burst of submissions (accepted,
# polled, followed as events, judged, recorded); then they are stopped, and each service whose cache was
# stale writes it as it exits: the classes it loaded and linked and its methods' profiles. Those whose
# cache was current serve the training from it. JUDGE_AOT_TRAINING=start trains on start-up alone (a
# run that stops once its context is refreshed: quicker, a smaller gain); JUDGE_AOT_TRAINING_SUBMISSIONS
# sizes the burst (600; the tests, which check that the training runs rather than what it gains, send fewer).
train() { # stale service names...
  local name port=$((api_port + 10)) training="$state/training" java launch own jit
  java="$(judge_java_home)/bin/java"
  mkdir -p "$training" "$state/logs"
  # What an interrupted training left running would hold the training's ports.
  for name in api worker consumer; do stop_pidfile "$training/$name.pid"; done
  for name in "$@"; do stop "$name"; done
  if [[ "${JUDGE_AOT_TRAINING:-work}" == start ]]; then
    for name in "$@"; do
      settings "$name" "$port" training
      aot_train "$(service_jar "$name")" "$(app_dir "$name")" "$(heap "$name")" "$state/logs/$name-training.log" "${own[@]}" \
        || { echo "$name's AOT training run failed: $state/logs/$name-training.log" >&2; exit 1; }
      cp "$(service_jar "$name")" "$(app_dir "$name").trained.jar"
    done
    return
  fi
  for name in "$@"; do
    rm -rf "$(app_dir "$name")" "$(app_dir "$name").aot"
    "$java" -Djarmode=tools -jar "$(service_jar "$name")" extract --destination "$(app_dir "$name")" > /dev/null
  done
  echo "Training the AOT caches of $* on a burst of submissions (once per build; logs in $state/logs/*-training.log)"
  local offset=0
  for name in api worker consumer; do
    settings "$name" "$port" training
    launch=(-XX:AOTCache="$(app_dir "$name").aot")
    [[ " $* " == *" $name "* ]] && launch=(-XX:AOTCacheOutput="$(app_dir "$name").aot")
    env "${WITHOUT_SCRIPT_SETTINGS[@]}" SERVER_PORT=$((port + offset)) SPRING_RABBITMQ_PORT="$amqp_port" SPRING_RABBITMQ_VIRTUALHOST=judge-training "${own[@]}" \
      setsid nohup "$java" "-Xmx$(heap "$name")" "${jit[@]}" "${launch[@]}" \
        -jar "$(app_dir "$name")/$(basename "$(service_jar "$name")")" > "$state/logs/$name-training.log" 2>&1 < /dev/null &
    echo $! > "$training/$name.pid"
    offset=$((offset + 1))
  done
  local failed=0
  await_ready api "$(management_port "$port")" "$state/logs/api-training.log" kill -0 "$(cat "$training/api.pid")" \
    && await_ready worker $((port + 1)) "$state/logs/worker-training.log" kill -0 "$(cat "$training/worker.pid")" \
    && await_ready consumer $((port + 2)) "$state/logs/consumer-training.log" kill -0 "$(cat "$training/consumer.pid")" \
    && (cd "$PROJECT_DIR/tests" && python3 -m bench.train --base-url "http://127.0.0.1:$port" \
      --submissions "${JUDGE_AOT_TRAINING_SUBMISSIONS:-600}") || failed=1
  # Stopped as the real services are (the worker drains; each cache is written as its JVM exits).
  for name in api worker consumer; do stop_pidfile "$training/$name.pid" 120; done
  for name in "$@"; do
    if [[ $failed -eq 1 || ! -f "$(app_dir "$name").aot" ]]; then
      echo "$name's AOT training failed: $state/logs/$name-training.log" >&2; exit 1
    fi
    cp "$(service_jar "$name")" "$(app_dir "$name").trained.jar"
  done
}

start() {
  local name=$1 port=$2 java_home built jar
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
  local own jit launch=(-jar "$jar")
  settings "$name" "$api_port" real
  # From the AOT cache trained on this jar (train); JUDGE_AOT_CACHE=no starts without.
  [[ "${JUDGE_AOT_CACHE:-yes}" != yes ]] || launch=(-XX:AOTCache="$(app_dir "$name").aot" -jar "$(app_dir "$name")/$(basename "$built")")
  env "${WITHOUT_SCRIPT_SETTINGS[@]}" SERVER_PORT="$port" SPRING_RABBITMQ_PORT="$amqp_port" "${own[@]}" \
    setsid nohup "$java_home/bin/java" "-Xmx$(heap "$name")" "${jit[@]}" -XX:+ExitOnOutOfMemoryError "${launch[@]}" \
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
    if [[ "${JUDGE_AOT_CACHE:-yes}" == yes ]]; then
      stale=()
      for name in api worker consumer; do cache_current "$name" || stale+=("$name"); done
      [[ ${#stale[@]} -eq 0 ]] || train "${stale[@]}"
    fi
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
