#!/usr/bin/env bash
# The images of upstream projects that the pod tests run and no registry can give this machine,
# built from the pinned sources (hack/tools.sh) and tagged with the exact names the user's manifests
# and upstream charts use, so those run unchanged. Each is saved as an archive for containerd to
# import (hack/cluster/run.sh), and saved again only when its image changes.
#
#   hack/cluster/upstream-images.sh OUT_DIR [monitoring] [rabbitmq-operators]
#
#   docker.io/grafana/k6:<K6_RUNNER_IMAGE's tag>     the TestRun's runner and initializer
#   <K6_STARTER_IMAGE>                               the TestRun's starter
#   ghcr.io/grafana/k6-operator:controller-v<K6_OPERATOR_VERSION>   the k6-operator chart's controller
#   registry.k8s.io/metrics-server/metrics-server:<METRICS_SERVER_VERSION>   the metrics-server chart's
#   ghcr.io/kedacore/keda{,-metrics-apiserver,-admission-webhooks}:<KEDA_VERSION>   KEDA's release manifest's
#   ghcr.io/cloudnative-pg/cloudnative-pg:<CLOUDNATIVE_PG_VERSION>   CloudNativePG's release manifest's
#   <CLOUDNATIVE_PG_POSTGRES_IMAGE>                  its PostgreSQL: Debian's, with the official image's layout
#
# and with `monitoring` (make test-cluster), what kube-prometheus-stack runs with its operator:
#   quay.io/prometheus-operator/prometheus-operator:v<PROMETHEUS_OPERATOR_VERSION>   and its prometheus-config-reloader
#   quay.io/prometheus/prometheus:<PROMETHEUS_VERSION>
#   registry.k8s.io/kube-state-metrics/kube-state-metrics:<KUBE_STATE_METRICS_VERSION>
#
# and with `rabbitmq-operators` (make test-rabbitmq-operators), what the RabbitMQ operators' release
# manifests and cert-manager's chart run, and the broker itself:
#   docker.io/rabbitmqoperator/cluster-operator:<RABBITMQ_CLUSTER_OPERATOR_VERSION>
#   ghcr.io/rabbitmq/messaging-topology-operator:<MESSAGING_TOPOLOGY_OPERATOR_VERSION>
#   quay.io/jetstack/cert-manager-{controller,webhook,cainjector,startupapicheck}:<CERT_MANAGER_TESTED_VERSION>
#   <RABBITMQ_SERVER_IMAGE>                          Debian's RabbitMQ, with the official image's layout
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_DIR/versions.env"

out=$(mkdir -p "${1:?usage: upstream-images.sh OUT_DIR [monitoring] [rabbitmq-operators]}" && cd "$1" && pwd)
monitoring=false rabbitmq_operators=false
for set in "${@:2}"; do
  case "$set" in
    monitoring) monitoring=true ;;
    rabbitmq-operators) rabbitmq_operators=true ;;
    *) echo "unknown image set: $set" >&2; exit 2 ;;
  esac
done
recipes="$PROJECT_DIR/hack/cluster/upstream-images"
"$PROJECT_DIR/hack/tools.sh" k6 k6-operator metrics-server keda-operator keda-adapter keda-webhooks cloudnative-pg
read -ra stand_ins <<< "$("$PROJECT_DIR/hack/stand-ins.sh")"

build() { # archive-name image containerfile [binary [build-arg...]]
  local name=$1 image=$2 containerfile=$3 binary=${4:-} context id
  local build_args=("${@:5}")
  context=$(mktemp -d)
  [[ -z "$binary" ]] || cp "$(readlink -f "$PROJECT_DIR/bin/$binary")" "$context/$binary"
  # shellcheck disable=SC2086 # the ulimit flags are words
  judge_podman build --quiet --pull=never --isolation chroot "${JUDGE_PODMAN_ULIMITS[@]}" "${stand_ins[@]}" \
    "${build_args[@]/#/--build-arg=}" -f "$recipes/$containerfile" -t "$image" "$context" >/dev/null
  rm -rf "$context"
  id=$(judge_podman image inspect --format '{{.Id}}' "$image")
  if [[ "$(cat "$out/$name.id" 2>/dev/null)" != "$id" ]]; then
    rm -f "$out/$name.tar"
    judge_podman save --quiet --format docker-archive -o "$out/$name.tar" "$image"
    echo "$id" > "$out/$name.id"
  fi
  echo "Image $image ($out/$name.tar)"
}

# Short names are Docker Hub's, as the kubelet reads them.
build k6 "docker.io/$K6_RUNNER_IMAGE" k6.Containerfile k6
build k6-operator-starter "$K6_STARTER_IMAGE" k6-operator-starter.Containerfile
build k6-operator-controller "ghcr.io/grafana/k6-operator:controller-v$K6_OPERATOR_VERSION" \
  k6-operator-controller.Containerfile k6-operator
build metrics-server "registry.k8s.io/metrics-server/metrics-server:$METRICS_SERVER_VERSION" \
  metrics-server.Containerfile metrics-server
# KEDA's, with each binary where its manifests' command runs it.
keda_image() { # name binary target
  build "$1" "ghcr.io/kedacore/$1:$KEDA_VERSION" keda.Containerfile "$2" "BINARY=$2" "TARGET=$3"
}
keda_image keda keda-operator keda
keda_image keda-metrics-apiserver keda-adapter keda-adapter
keda_image keda-admission-webhooks keda-webhooks keda-admission-webhooks
build cloudnative-pg "ghcr.io/cloudnative-pg/cloudnative-pg:$CLOUDNATIVE_PG_VERSION" cloudnative-pg.Containerfile cloudnative-pg
build postgresql "$CLOUDNATIVE_PG_POSTGRES_IMAGE" postgresql.Containerfile

if $monitoring; then
  "$PROJECT_DIR/hack/tools.sh" prometheus-operator prometheus kube-state-metrics
  operator=quay.io/prometheus-operator
  build prometheus-operator "$operator/prometheus-operator:v$PROMETHEUS_OPERATOR_VERSION" \
    prometheus-operator.Containerfile prometheus-operator
  build prometheus-config-reloader "$operator/prometheus-config-reloader:v$PROMETHEUS_OPERATOR_VERSION" \
    prometheus-config-reloader.Containerfile prometheus-config-reloader
  build prometheus "quay.io/prometheus/prometheus:$PROMETHEUS_VERSION" prometheus.Containerfile prometheus
  build kube-state-metrics "registry.k8s.io/kube-state-metrics/kube-state-metrics:$KUBE_STATE_METRICS_VERSION" \
    kube-state-metrics.Containerfile kube-state-metrics
fi

if $rabbitmq_operators; then
  cert_manager_tools=(cert-manager-controller cert-manager-webhook cert-manager-cainjector cert-manager-startupapicheck)
  "$PROJECT_DIR/hack/tools.sh" rabbitmq-cluster-operator messaging-topology-operator "${cert_manager_tools[@]}"
  build rabbitmq-cluster-operator "docker.io/rabbitmqoperator/cluster-operator:$RABBITMQ_CLUSTER_OPERATOR_VERSION" \
    rabbitmq-operator.Containerfile rabbitmq-cluster-operator BINARY=rabbitmq-cluster-operator UID=1000
  build messaging-topology-operator "ghcr.io/rabbitmq/messaging-topology-operator:$MESSAGING_TOPOLOGY_OPERATOR_VERSION" \
    rabbitmq-operator.Containerfile messaging-topology-operator BINARY=messaging-topology-operator UID=1001
  for tool in "${cert_manager_tools[@]}"; do
    build "$tool" "quay.io/jetstack/$tool:$CERT_MANAGER_TESTED_VERSION" cert-manager.Containerfile "$tool" "BINARY=$tool"
  done
  build rabbitmq "$RABBITMQ_SERVER_IMAGE" rabbitmq.Containerfile
fi
