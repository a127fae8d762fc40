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

# What the tiers after the suites need and the suites do not is made beside them, below them: the Go
# tools (the chart's checks' helm, kubeconform, helm-unittest, helm-docs, kube-apiserver and etcd; the
# pod tier's Kubernetes node binaries, containerd, runc, CoreDNS, KEDA, k6, the k6-operator,
# metrics-server, CloudNativePG), the language images' stand-ins (the containers and pod tiers') and the
# pod tier's upstream images. Cold, they take more CPU than all the suites before the pod tier
# (docs/testing.md, "Time"); warm, nothing.
# Each runs in a session of its own (so that an early exit stops its builds too) whose autogroup is at
# nice 19, as SCHED_IDLE: a plain `nice -n 19` in a session of its own weighs as much as any session,
# the judge's sandboxes included, and took their CPU (sched(7), "autogroup"). Their output is shown if
# they fail.
mkdir -p "$PROJECT_DIR/build"
background=()
below_judging() { # log command...
  local log=$1; shift
  # shellcheck disable=SC2016 # expanded by the inner shell
  setsid bash -c 'echo 19 > /proc/self/autogroup 2>/dev/null || true; exec chrt --idle 0 nice -n 19 "$@"' \
    below-judging "$@" > "$log" 2>&1 &
  background+=("$!")
}
# A job the suites now wait for is theirs: its session's processes leave SCHED_IDLE and nice 19, so that
# it takes the CPU the other jobs below judging would (stand-ins waited ten minutes behind two Go lanes).
hurry() { # pid of a below_judging job (its session's leader)
  local process
  echo 0 > "/proc/$1/autogroup" 2>/dev/null || true
  for process in $(ps -o pid= -s "$1" 2>/dev/null); do
    chrt --other --pid 0 "$process" 2>/dev/null || true
    renice -n 0 -p "$process" >/dev/null 2>&1 || true
  done
}
await() { # pid log what
  hurry "$1"
  if ! wait "$1"; then
    cat "$2" >&2
    echo "$3 failed (above)" >&2
    exit 1
  fi
}
cleanup() { "$PROJECT_DIR/hack/infra.sh" down "$state" "$amqp_port" "$pg_port" || true; }
stop_background() { local pid; for pid in "${background[@]}"; do kill -- -"$pid" 2>/dev/null || true; done; }
trap 'stop_background; cleanup' EXIT
# Marks that one step is done, for the background jobs that wait on it (made.sh waits for a mark).
made="$PROJECT_DIR/build/made"
rm -rf "$made" && mkdir -p "$made"
await_made() { # mark pid log what: until the mark is there, or the job ended without it
  hurry "$2"
  while [[ ! -e "$made/$1" ]] && kill -0 "$2" 2>/dev/null; do sleep 1; done
  [[ -e "$made/$1" ]] || await "$2" "$3" "$4"
}
if [[ "$scope" == all ]]; then
  # Two lanes of Go builds, each one's downloads and single-threaded links beside the other's compiles,
  # both started before the Debian packages (they need only Go; runc its libseccomp and the pause image
  # podman, so those wait for the packages). The first lane builds the tools' one module
  # (hack/tools-module.py): the chart's checks' tools first, then the pod tier's (Kubernetes' node
  # binaries, CoreDNS, the operators, then containerd); the second the tools of graphs of their own (k6,
  # metrics-server), then the pod tier's upstream images (once the stand-ins they build on and the
  # operators are made).
  # shellcheck disable=SC2016 # expanded by the inner shell
  below_judging "$PROJECT_DIR/build/tools-kubernetes.log" bash -c 'set -e; tools=$1 made=$2
    "$tools" kubeconform helm-docs etcd helm helm-unittest kube-apiserver kubectl
    touch "$made/chart-tools"
    "$tools" kube-controller-manager kube-scheduler kubelet kube-proxy containerd coredns keda-operator keda-adapter \
      keda-webhooks k6-operator cloudnative-pg
    touch "$made/module-tools"
    until [[ -e "$made/deps" ]]; do sleep 1; done
    "$tools" runc pause' kubernetes-tools "$PROJECT_DIR/hack/tools.sh" "$made"
  kubernetes_tools=$!
  # shellcheck disable=SC2016 # expanded by the inner shell
  below_judging "$PROJECT_DIR/build/tools-operators.log" bash -c 'set -e; project=$1 made=$2 lane=$3
    "$project/hack/tools.sh" k6 metrics-server
    # (The first lane gone without making the operators: its own failure is the one to show.)
    until [[ -e "$made/stand-ins" && -e "$made/module-tools" ]]; do
      [[ -e "$made/module-tools" ]] || kill -0 "$lane" 2>/dev/null || exit 1
      sleep 1
    done
    "$project/hack/cluster/upstream-images.sh" "$project/build/pods/images"' operators "$PROJECT_DIR" "$made" "$kubernetes_tools"
  operators=$!
fi

# The machine's packages (make deps), while the Go tools build.
"$PROJECT_DIR/hack/install-deps.sh"
touch "$made/deps"

if [[ "$scope" == all ]]; then
  # shellcheck disable=SC2016 # expanded by the inner shell
  below_judging "$PROJECT_DIR/build/stand-ins.log" bash -c '"$1" languages && touch "$2/stand-ins"' \
    stand-ins "$PROJECT_DIR/hack/stand-ins.sh" "$made"
  stand_ins=$!
  echo "== Lint: shell scripts and the tests' Python"
  "$PROJECT_DIR/hack/lint.sh"
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
  # The judge cases as an unprivileged pod runs them (rlimits, no cgroup) are judged once, by the
  # containers tier below, through the worker's image with its pod's settings (JudgeCasesWithRlimitsOnlyIT).
  maven_options=()
  [[ "$scope" != all ]] || maven_options=(-Djudge.cases.rlimits-only=in-containers)
  (cd "$SERVICES_DIR" && ./mvnw -B -ntp verify "${maven_options[@]}")
else
  (cd "$SERVICES_DIR" && ./mvnw -B -ntp -q package -Dmaven.test.skip=true)
fi
[[ "$scope" == it ]] && exit 0

echo "== End to end: the three services as processes"
export JUDGE_TEST_STATE="$state" JUDGE_TEST_AMQP_PORT=$amqp_port JUDGE_TEST_PG_PORT=$pg_port
python3 -m pytest "$PROJECT_DIR/tests/e2e" -v -p no:cacheprovider --durations=10
[[ "$scope" == e2e ]] && exit 0

# The chart's checks first: the containers tier reads the chart as they render it (build/verify-chart).
await_made chart-tools "$kubernetes_tools" "$PROJECT_DIR/build/tools-kubernetes.log" "Building the Kubernetes tools"
echo "== Chart and manifests, offline"
"$PROJECT_DIR/hack/verify-chart.sh"

await "$stand_ins" "$PROJECT_DIR/build/stand-ins.log" "Making the language images' stand-ins"
echo "== Images: built from services/Dockerfile, run as containers with their pods' settings"
"$PROJECT_DIR/hack/images.sh" podman
python3 -m pytest "$PROJECT_DIR/tests/containers" -v -p no:cacheprovider --durations=10

# KEDA's and the HPA's timing step by step (tests/autoscaling) is make test-cluster's: it takes ~9
# minutes that a cold run on the slowest machine cannot spare, and the pod tier scales real pods.
cleanup
# The pod tier's archives of our images (built above), while the tools may still build.
JUDGE_IMAGES_BUILT=1 "$PROJECT_DIR/hack/cluster/test-pods.sh" --our-images

await "$kubernetes_tools" "$PROJECT_DIR/build/tools-kubernetes.log" "Building the Kubernetes tools"
await "$operators" "$PROJECT_DIR/build/tools-operators.log" "Building the operators and their images"
grep -h '^tools.sh: ' "$PROJECT_DIR"/build/tools-*.log || true
echo "== Pods: the chart on a real kubelet and containerd, in a sealed network namespace"
JUDGE_IMAGES_BUILT=1 "$PROJECT_DIR/hack/cluster/test-pods.sh"
