#!/usr/bin/env bash
# The test command of the README (make test): starts a private RabbitMQ and PostgreSQL on ports of their
# own (so a running `make local-up` is not disturbed), runs the Maven tests, the end-to-end tests
# and the container tests (the images built and run with their pods' settings) against them, and
# stops them again whatever happens; then the pod tests (hack/cluster/test-pods.sh), which bring their own.
#
#   hack/test.sh [all|it|e2e]   it: the Maven tests alone (make test-it); e2e: the end-to-end tests alone
#                               (make test-e2e); both with the private broker and database, in minutes
set -euo pipefail
source "$(dirname "$0")/lib.sh"

scope=${1:-all}
case "$scope" in all|it|e2e) ;; *) echo "usage: hack/test.sh [all|it|e2e]" >&2; exit 2 ;; esac

state="$PROJECT_DIR/build/test"
amqp_port=${TEST_AMQP_PORT:-5673}
pg_port=${TEST_PG_PORT:-5433}

if [[ "$scope" == all ]]; then
  echo "== Lint: shell scripts and the tests' Python"
  "$PROJECT_DIR/hack/lint.sh"
fi

# What the tiers after the suites need and the suites do not is made beside them, below them: the Go
# tools (the chart's checks' helm, kubeconform, helm-unittest, helm-docs, kube-apiserver and etcd; the
# pod tier's Kubernetes node binaries, containerd, runc, KEDA, k6, metrics-server, CloudNativePG) and
# the language images' stand-ins (the containers and pod tiers'). Cold, they take tens of minutes of
# CPU and downloads that the Maven and end-to-end suites leave idle; warm, nothing. Each runs in a
# session of its own (so that an early exit stops its builds too) whose autogroup is at nice 19, as
# SCHED_IDLE: a plain `nice -n 19` in a session of its own weighs as much as any session, the judge's
# sandboxes included, and took their CPU (sched(7), "autogroup"). Their output is shown if they fail.
mkdir -p "$PROJECT_DIR/build"
background=()
below_judging() { # log command...
  local log=$1; shift
  # shellcheck disable=SC2016 # expanded by the inner shell
  setsid bash -c 'echo 19 > /proc/self/autogroup 2>/dev/null || true; exec chrt --idle 0 nice -n 19 "$@"' \
    below-judging "$@" > "$log" 2>&1 &
  background+=("$!")
}
await() { # pid log what
  if ! wait "$1"; then
    cat "$2" >&2
    echo "$3 failed (above)" >&2
    exit 1
  fi
}
cleanup() { "$PROJECT_DIR/hack/infra.sh" down "$state" "$amqp_port" "$pg_port" || true; }
stop_background() { local pid; for pid in "${background[@]}"; do kill -- -"$pid" 2>/dev/null || true; done; }
trap 'stop_background; cleanup' EXIT
# The chart's checks' tools are made first (with the other Kubernetes binaries: one build of the module),
# then the pod tier's; a file says when the first are, so that the chart's checks and the containers
# tier go on while the pod tier's build below them.
tools_log="$PROJECT_DIR/build/tools.log" stand_ins_log="$PROJECT_DIR/build/stand-ins.log"
chart_tools_made="$PROJECT_DIR/build/chart-tools.made"
rm -f "$chart_tools_made"
await_made() { # file pid log what: until the file is there, or the job ended without it
  while [[ ! -e "$1" ]] && kill -0 "$2" 2>/dev/null; do sleep 1; done
  [[ -e "$1" ]] || await "$2" "$3" "$4"
}
if [[ "$scope" == all ]]; then
  # shellcheck disable=SC2016 # expanded by the inner shell
  below_judging "$tools_log" bash -c '"$1" helm kubeconform helm-unittest helm-docs kube-apiserver kubectl etcd \
      kube-controller-manager kube-scheduler kubelet kube-proxy && touch "$2" \
    && "$1" coredns containerd runc pause keda-operator keda-adapter keda-webhooks k6 k6-operator metrics-server cloudnative-pg' \
    tools "$PROJECT_DIR/hack/tools.sh" "$chart_tools_made"
  tools=$!
  below_judging "$stand_ins_log" "$PROJECT_DIR/hack/stand-ins.sh" languages
  stand_ins=$!
fi

# A fresh database and broker every run: tests must not depend on what an earlier run left.
"$PROJECT_DIR/hack/infra.sh" down "$state" "$amqp_port" "$pg_port" >/dev/null 2>&1 || true
rm -rf "$state"
"$PROJECT_DIR/hack/infra.sh" up "$state" "$amqp_port" "$pg_port"

export JAVA_HOME; JAVA_HOME=$(judge_java_home)
export SPRING_RABBITMQ_PORT=$amqp_port
export SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/judge"

# testlib's stock checkers for StockTestlibIT, where GitHub or TESTLIB_SOURCE has them (else it is skipped).
"$PROJECT_DIR/hack/testlib.sh"

if [[ "$scope" != e2e ]]; then
  echo "== Maven: unit and integration tests"
  (cd "$SERVICES_DIR" && ./mvnw -B -ntp verify)
else
  (cd "$SERVICES_DIR" && ./mvnw -B -ntp -q package -DskipTests)
fi
[[ "$scope" == it ]] && exit 0

echo "== End to end: the three services as processes"
export JUDGE_TEST_STATE="$state" JUDGE_TEST_AMQP_PORT=$amqp_port JUDGE_TEST_PG_PORT=$pg_port
python3 -m pytest "$PROJECT_DIR/tests/e2e" -v -p no:cacheprovider
[[ "$scope" == e2e ]] && exit 0

await_made "$chart_tools_made" "$tools" "$tools_log" "Building the Go tools"
echo "== Chart and manifests, offline"
"$PROJECT_DIR/hack/verify-chart.sh"

await "$stand_ins" "$stand_ins_log" "Making the language images' stand-ins"
echo "== Images: built from services/Dockerfile, run as containers with their pods' settings"
"$PROJECT_DIR/hack/images.sh" podman
python3 -m pytest "$PROJECT_DIR/tests/containers" -v -p no:cacheprovider

# KEDA's and the HPA's timing step by step (tests/autoscaling) is make test-cluster's: it takes ~9
# minutes that a cold run on the slowest machine cannot spare, and the pod tier scales real pods.
cleanup
await "$tools" "$tools_log" "Building the Go tools"
echo "== Pods: the chart on a real kubelet and containerd, in a sealed network namespace"
"$PROJECT_DIR/hack/cluster/test-pods.sh"
