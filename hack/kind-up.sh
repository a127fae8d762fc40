#!/usr/bin/env bash
# make kind-up: the kind cluster of kind-config.yaml and the platform the judge chart needs, at the
# versions of versions.env. Needs Docker and internet. Idempotent: re-running upgrades in place.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$PROJECT_DIR/versions.env"
BIN="$PROJECT_DIR/bin"
helm() { "$BIN/helm" "$@"; }
kubectl() { "$BIN/kubectl" "$@"; }

if ! "$BIN/kind" get clusters 2>/dev/null | grep -qx judge; then
  "$BIN/kind" create cluster --config "$PROJECT_DIR/kind-config.yaml" --image "$KIND_NODE_IMAGE" --wait 120s
fi
kubectl config use-context kind-judge >/dev/null

helm repo add prometheus-community https://prometheus-community.github.io/helm-charts --force-update >/dev/null
helm repo add kedacore https://kedacore.github.io/charts --force-update >/dev/null
helm repo add cnpg https://cloudnative-pg.github.io/charts --force-update >/dev/null

echo "== kube-prometheus-stack $KUBE_PROMETHEUS_STACK_CHART_VERSION (first: the others' monitors need its CRDs)"
helm upgrade --install kube-prometheus-stack prometheus-community/kube-prometheus-stack \
  --version "$KUBE_PROMETHEUS_STACK_CHART_VERSION" -n monitoring --create-namespace \
  -f "$PROJECT_DIR/manifests/platform/kube-prometheus-stack-values.yaml" --wait --timeout 10m

echo "== KEDA $KEDA_VERSION"
helm upgrade --install keda kedacore/keda --version "$KEDA_CHART_VERSION" -n keda --create-namespace \
  -f "$PROJECT_DIR/manifests/platform/keda-values.yaml" --wait

echo "== CloudNativePG $CLOUDNATIVE_PG_VERSION"
helm upgrade --install cnpg cnpg/cloudnative-pg --version "$CLOUDNATIVE_PG_CHART_VERSION" -n cnpg-system --create-namespace \
  -f "$PROJECT_DIR/manifests/platform/cloudnative-pg-values.yaml" --wait

echo "== RabbitMQ cluster operator $RABBITMQ_CLUSTER_OPERATOR_VERSION"
kubectl apply -f "https://github.com/rabbitmq/cluster-operator/releases/download/v$RABBITMQ_CLUSTER_OPERATOR_VERSION/cluster-operator.yml"
kubectl -n rabbitmq-system rollout status deployment/rabbitmq-cluster-operator --timeout 5m

echo "== k6-operator $K6_OPERATOR_VERSION"
kubectl apply --server-side -f "https://github.com/grafana/k6-operator/releases/download/v$K6_OPERATOR_VERSION/bundle.yaml"
kubectl -n k6-operator-system rollout status deployment/k6-operator-controller-manager --timeout 5m

echo "Platform ready. Next: make images deploy"
