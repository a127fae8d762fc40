#!/usr/bin/env bash
# The README's test command (make test): starts a private RabbitMQ and PostgreSQL on ports of their
# own (so a running `make local-up` is not disturbed), runs the Maven tests, the end-to-end tests
# and the container tests (the images built and run with their pods' settings) against them, and
# stops them again whatever happens; then the pod tests (hack/test-pods.sh), which bring their own.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

state="$PROJECT_DIR/build/test"
amqp_port=${TEST_AMQP_PORT:-5673}
pg_port=${TEST_PG_PORT:-5433}

cleanup() { "$PROJECT_DIR/hack/infra.sh" down "$state" "$amqp_port" "$pg_port" || true; }
trap cleanup EXIT

# A fresh database and broker every run: tests must not depend on what an earlier run left.
"$PROJECT_DIR/hack/infra.sh" down "$state" "$amqp_port" "$pg_port" >/dev/null 2>&1 || true
rm -rf "$state"
"$PROJECT_DIR/hack/infra.sh" up "$state" "$amqp_port" "$pg_port"

export JAVA_HOME; JAVA_HOME=$(judge_java_home)
export SPRING_RABBITMQ_PORT=$amqp_port
export SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/judge"

echo "== Maven: unit and integration tests"
(cd "$SERVICES_DIR" && ./mvnw -B -ntp verify)

echo "== Chart and manifests, offline"
"$PROJECT_DIR/hack/verify-chart.sh"

echo "== End to end: the three services as processes"
export JUDGE_TEST_STATE="$state" JUDGE_TEST_AMQP_PORT=$amqp_port JUDGE_TEST_PG_PORT=$pg_port
python3 -m pytest "$PROJECT_DIR/tests/e2e" -v -p no:cacheprovider

echo "== Images: built from services/Dockerfile, run as containers with their pods' settings"
"$PROJECT_DIR/hack/images.sh" podman
python3 -m pytest "$PROJECT_DIR/tests/containers" -v -p no:cacheprovider

# KEDA's and the HPA's timing step by step (tests/autoscaling) is make test-cluster's: it takes ~9
# minutes that a cold run on the slowest machine cannot spare, and the pod tier scales real pods.
cleanup
echo "== Pods: the chart on a real kubelet and containerd, in a sealed network namespace"
"$PROJECT_DIR/hack/test-pods.sh"
