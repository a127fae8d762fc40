# Shared by the benchmarks (hack/bench/): hack/lib.sh, and the private stack they run against.
# shellcheck shell=bash
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

# The benchmarks' private stack (make bench, bench-capacity): RabbitMQ, PostgreSQL and the three
# services built afresh, on ports of their own, in a fresh STATE_DIR (results/ made in it); stopped,
# and the sysctls it raised restored, when the calling script exits.
bench_stack_up() { # state-dir amqp-port pg-port api-port
  BENCH_STACK=("$@")
  "$PROJECT_DIR/hack/install-deps.sh"
  "$PROJECT_DIR/hack/tools.sh" k6
  (cd "$SERVICES_DIR" && ./mvnw -q -B -ntp package -DskipTests)
  # 10,000 client and 10,000 server sockets, each process within its own open-file limit; a listen
  # backlog that holds the burst while Jetty accepts (capped by somaxconn).
  ulimit -n 20000
  BENCH_SAVED_SYSCTLS=$(sysctl -n net.core.somaxconn net.ipv4.tcp_max_syn_backlog | tr '\n' ' ')
  trap bench_stack_down EXIT
  sysctl -q -w net.core.somaxconn=16384 net.ipv4.tcp_max_syn_backlog=16384 || echo "(could not raise somaxconn)"
  bench_stack_stop
  rm -rf "$1" && mkdir -p "$1/results"
  "$PROJECT_DIR/hack/infra.sh" up "$1" "$2" "$3"
  "$PROJECT_DIR/hack/services.sh" up "$@"
}

bench_stack_stop() {
  "$PROJECT_DIR/hack/services.sh" down "${BENCH_STACK[@]}" >/dev/null 2>&1 || true
  "$PROJECT_DIR/hack/infra.sh" down "${BENCH_STACK[@]:0:3}" >/dev/null 2>&1 || true
}

bench_stack_down() {
  local somaxconn backlog
  bench_stack_stop
  read -r somaxconn backlog <<< "$BENCH_SAVED_SYSCTLS"
  sysctl -q -w net.core.somaxconn="$somaxconn" net.ipv4.tcp_max_syn_backlog="$backlog" || true
}
