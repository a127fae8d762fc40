#!/usr/bin/env bash
# make test-autoscaling (and make test-cluster): the chart's worker autoscaling on a real
# control plane. Starts a private RabbitMQ and PostgreSQL (hack/infra.sh, with the chart's
# statistics interval), kube-apiserver + kube-controller-manager + KEDA (hack/cluster/control-plane.sh),
# then runs tests/autoscaling, which applies the chart's objects; no pod runs (the closed loop with
# real worker pods is in tests/pods). Writes build/autoscaling/report.json.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

state="$PROJECT_DIR/build/autoscaling"
amqp_port=${AUTOSCALING_AMQP_PORT:-5675}
pg_port=${AUTOSCALING_PG_PORT:-5435}

"$PROJECT_DIR/hack/tools.sh" helm kubectl kube-apiserver kube-controller-manager etcd keda-operator keda-adapter
"$PROJECT_DIR/hack/schemas.sh"
export JAVA_HOME; JAVA_HOME=$(judge_java_home)
if ! ls "$SERVICES_DIR"/api/target/judge-api.jar "$SERVICES_DIR"/worker/target/judge-worker.jar "$SERVICES_DIR"/consumer/target/judge-result-consumer.jar >/dev/null 2>&1; then
  (cd "$SERVICES_DIR" && ./mvnw -B -ntp -q package -DskipTests)
fi

cleanup() {
  "$PROJECT_DIR/hack/cluster/control-plane.sh" down "$state/cluster" || true
  "$PROJECT_DIR/hack/infra.sh" down "$state" "$amqp_port" "$pg_port" || true
}
trap cleanup EXIT
cleanup >/dev/null 2>&1
rm -rf "$state"

# The broker refreshes queue statistics as the chart configures the cluster's.
RABBITMQ_STATISTICS_INTERVAL_MS=$(python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["rabbitmq"]["statisticsIntervalMs"])' \
  "$PROJECT_DIR/charts/judge/values.yaml")
export RABBITMQ_STATISTICS_INTERVAL_MS
"$PROJECT_DIR/hack/infra.sh" up "$state" "$amqp_port" "$pg_port"
echo "== Control plane: kube-apiserver, kube-controller-manager, KEDA (logs in $state/cluster)"
"$PROJECT_DIR/hack/cluster/control-plane.sh" up "$state/cluster"

echo "== Autoscaling: the chart's ScaledObject on a real queue"
export JUDGE_AUTOSCALING_STATE="$state" JUDGE_TEST_AMQP_PORT=$amqp_port JUDGE_TEST_PG_PORT=$pg_port
python3 -m pytest "$PROJECT_DIR/tests/autoscaling" -v -s -p no:cacheprovider "$@"
echo "Report: $state/report.json"
