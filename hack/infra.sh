#!/usr/bin/env bash
# Starts or stops a private RabbitMQ node and PostgreSQL cluster on loopback, with all state under
# one folder, so that a development stack and a test stack can run side by side.
#
#   hack/infra.sh up|down|status STATE_DIR AMQP_PORT PG_PORT
#
# RabbitMQ's management API listens on AMQP_PORT+10000, its Prometheus endpoint on AMQP_PORT+10020,
# its Erlang distribution on AMQP_PORT+20000 (RabbitMQ's own convention).
# PostgreSQL gets a database and role "judge" (password "judge"), trust auth on loopback only; a second
# database (judge_training) and a RabbitMQ virtual host (judge-training) serve hack/services.sh's AOT training.
# INFRA_POD_ADDRESS: an address on a pod network's bridge (hack/cluster/run.sh) where both also listen for
# pods, which log in with a password: RabbitMQ user "judge" (password "judge"), PostgreSQL's "judge".
set -euo pipefail

action=${1:?usage: infra.sh up|down|status STATE_DIR AMQP_PORT PG_PORT}
state=$(mkdir -p "${2:?state dir}" && cd "$2" && pwd)
amqp_port=${3:?amqp port}
pg_port=${4:?postgres port}

node="judge-${amqp_port}@localhost"
rabbit_dir="$state/rabbitmq"
pg_dir="$state/postgres"
pg_bin=/usr/lib/postgresql/15/bin

# Erlang writes a crash dump into the working folder unless told where: the node's own log folder.
rabbitmqctl() { HOME="$rabbit_dir" ERL_CRASH_DUMP="$rabbit_dir/log/erl_crash.dump" /usr/lib/rabbitmq/bin/rabbitmqctl -n "$node" "$@"; }
as_postgres() { if [[ $(id -un) == postgres ]]; then "$@"; elif [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }

rabbit_up() {
  if [[ -f "$rabbit_dir/pid" ]] && kill -0 "$(cat "$rabbit_dir/pid")" 2>/dev/null; then
    echo "RabbitMQ already running on $amqp_port"; rabbit_training_vhost; return
  fi
  mkdir -p "$rabbit_dir"/{mnesia,log}
  if [[ ! -f "$rabbit_dir/.erlang.cookie" ]]; then
    head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' > "$rabbit_dir/.erlang.cookie"
    chmod 400 "$rabbit_dir/.erlang.cookie"
  fi
  # With pods beside it (hack/cluster/run.sh), KEDA's operator reads queue depth and Prometheus scrapes the
  # broker from a pod: every address of that sealed namespace.
  local http_ip=127.0.0.1
  [[ -z "${INFRA_POD_ADDRESS:-}" ]] || http_ip=0.0.0.0
  cat > "$rabbit_dir/rabbitmq.conf" <<CONF
listeners.tcp.1 = 127.0.0.1:$amqp_port
${INFRA_POD_ADDRESS:+listeners.tcp.2 = $INFRA_POD_ADDRESS:$amqp_port}
management.tcp.ip = $http_ip
management.tcp.port = $((amqp_port + 10000))
prometheus.tcp.ip = $http_ip
prometheus.tcp.port = $((amqp_port + 10020))
# The management API's statistics interval: what KEDA's http mode sees lags by up to this. The
# chart sets it on the cluster (rabbitmq.statisticsIntervalMs); tests/autoscaling passes that value.
collect_statistics_interval = ${RABBITMQ_STATISTICS_INTERVAL_MS:-5000}
# Flow control thresholds sized for a development machine, not a dedicated broker.
vm_memory_high_watermark.relative = 0.4
disk_free_limit.absolute = 500MB
CONF
  echo '[rabbitmq_management,rabbitmq_prometheus].' > "$rabbit_dir/enabled_plugins"
  echo "Starting RabbitMQ node $node on 127.0.0.1:$amqp_port"
  HOME="$rabbit_dir" ERL_CRASH_DUMP="$rabbit_dir/log/erl_crash.dump" \
  RABBITMQ_NODENAME="$node" \
  RABBITMQ_DIST_PORT=$((amqp_port + 20000)) \
  RABBITMQ_MNESIA_BASE="$rabbit_dir/mnesia" \
  RABBITMQ_LOG_BASE="$rabbit_dir/log" \
  RABBITMQ_PID_FILE="$rabbit_dir/pid" \
  RABBITMQ_CONFIG_FILE="$rabbit_dir/rabbitmq.conf" \
  RABBITMQ_ENABLED_PLUGINS_FILE="$rabbit_dir/enabled_plugins" \
    setsid nohup /usr/lib/rabbitmq/bin/rabbitmq-server > "$rabbit_dir/log/stdout.log" 2>&1 < /dev/null &
  for _ in $(seq 1 60); do [[ -f "$rabbit_dir/pid" ]] && break; sleep 0.5; done
  rabbitmqctl wait --timeout 60 "$rabbit_dir/pid" >/dev/null
  rabbitmqctl await_startup >/dev/null
  rabbit_training_vhost
  if [[ -n "${INFRA_POD_ADDRESS:-}" ]]; then
    # guest may connect from loopback only; pods get a user as the RabbitMQ operator makes one.
    rabbitmqctl list_users --quiet | grep -q '^judge\b' || rabbitmqctl add_user judge judge >/dev/null
    rabbitmqctl set_user_tags judge administrator >/dev/null
    rabbitmqctl set_permissions judge '.*' '.*' '.*' >/dev/null
  fi
  echo "RabbitMQ up (management http://127.0.0.1:$((amqp_port + 10000)), guest/guest)"
}

# Where hack/services.sh trains the services' AOT caches, apart from the real stack's queues.
rabbit_training_vhost() {
  rabbitmqctl list_vhosts --quiet | grep -qx judge-training || rabbitmqctl add_vhost judge-training >/dev/null
  rabbitmqctl set_permissions -p judge-training guest '.*' '.*' '.*' >/dev/null
}

rabbit_down() {
  [[ -f "$rabbit_dir/pid" ]] || return 0
  local pid; pid=$(cat "$rabbit_dir/pid")
  if kill -0 "$pid" 2>/dev/null; then
    echo "Stopping RabbitMQ node $node"
    rabbitmqctl stop "$rabbit_dir/pid" >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  fi
  rm -f "$rabbit_dir/pid"
}

pg_up() {
  if [[ ! -f "$pg_dir/data/PG_VERSION" ]]; then
    mkdir -p "$pg_dir"
    chown postgres "$pg_dir" 2>/dev/null || true
    as_postgres "$pg_bin/initdb" -D "$pg_dir/data" --auth=trust --username=postgres --encoding=UTF8 >/dev/null
  fi
  if as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" status >/dev/null 2>&1; then
    echo "PostgreSQL already running on $pg_port"; pg_databases; return
  fi
  local addresses=127.0.0.1
  if [[ -n "${INFRA_POD_ADDRESS:-}" ]]; then
    addresses+=",$INFRA_POD_ADDRESS"
    # samenet: the networks this machine is on, i.e. the pods' bridge in the sealed namespace.
    grep -q "^host all all samenet" "$pg_dir/data/pg_hba.conf" \
      || echo "host all all samenet scram-sha-256" >> "$pg_dir/data/pg_hba.conf"
  fi
  echo "Starting PostgreSQL on $addresses:$pg_port"
  as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/postgres.log" -w -t 60 \
    -o "-p $pg_port -c listen_addresses=$addresses -k $pg_dir -c max_connections=300" start >/dev/null
  pg_databases
  echo "PostgreSQL up (jdbc:postgresql://127.0.0.1:$pg_port/judge, judge/judge)"
}

# The role and database "judge", and the one hack/services.sh trains the services' AOT caches on.
pg_databases() {
  as_postgres "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -v ON_ERROR_STOP=1 -q <<'SQL'
select 'create role judge login password ''judge'''
 where not exists (select from pg_roles where rolname = 'judge') \gexec
select 'create database judge owner judge'
 where not exists (select from pg_database where datname = 'judge') \gexec
select 'create database judge_training owner judge'
 where not exists (select from pg_database where datname = 'judge_training') \gexec
SQL
}

pg_down() {
  [[ -f "$pg_dir/data/PG_VERSION" ]] || return 0
  if as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" status >/dev/null 2>&1; then
    echo "Stopping PostgreSQL on $pg_port"
    as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null
  fi
}

case "$action" in
  up) pg_up; rabbit_up ;;
  down) rabbit_down; pg_down ;;
  rabbit-up) rabbit_up ;;
  rabbit-down) rabbit_down ;;
  pg-up) pg_up ;;
  pg-down) pg_down ;;
  status)
    as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" status || true
    rabbitmqctl status >/dev/null 2>&1 && echo "RabbitMQ $node running" || echo "RabbitMQ $node not running" ;;
  *) echo "unknown action: $action" >&2; exit 2 ;;
esac
