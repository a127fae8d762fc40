#!/usr/bin/env bash
# make kind-up: the kind cluster of kind-config.yaml and the platform the judge chart needs, at the
# versions of versions.env. Needs Docker and internet. Idempotent: re-running upgrades in place.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$PROJECT_DIR/versions.env"
BIN="$PROJECT_DIR/bin"
helm() { "$BIN/helm" "$@"; }
kubectl() { "$BIN/kubectl" "$@"; }

# Before creating anything: what would stop the path later, each with what to do about it.
preflight() {
  local problems=()
  if ! docker info >/dev/null 2>&1; then
    problems+=("Docker does not answer ('docker info' fails): start it, or add your user to the docker group.")
  fi
  # kind's nodes are containers on this kernel, so the sandbox workers' nested user namespaces are
  # this kernel's. Ubuntu 23.10+ denies them to unconfined processes, which is what a kind node's
  # pods are; the workers' start-up trial then fails with "setting up uid map: Permission denied".
  if [[ "$(cat /proc/sys/kernel/apparmor_restrict_unprivileged_userns 2>/dev/null)" == 1 ]]; then
    problems+=("kernel.apparmor_restrict_unprivileged_userns=1: AppArmor denies the sandbox workers the user
    namespaces they run programs in. Allow them (for the whole machine):
      sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0
      echo kernel.apparmor_restrict_unprivileged_userns=0 | sudo tee /etc/sysctl.d/60-judge-userns.conf")
  fi
  if [[ "$(cat /proc/sys/user/max_user_namespaces 2>/dev/null)" == 0 ]]; then
    problems+=("user.max_user_namespaces=0: user namespaces are off. sudo sysctl -w user.max_user_namespaces=15000")
  fi
  if [[ "$(cat /proc/sys/kernel/unprivileged_userns_clone 2>/dev/null)" == 0 ]]; then
    problems+=("kernel.unprivileged_userns_clone=0: unprivileged user namespaces are off. sudo sysctl -w kernel.unprivileged_userns_clone=1")
  fi
  # Node images from 1.35 on run only on cgroup v2.
  if [[ "$(uname -s)" == Linux && "$(stat -fc %T /sys/fs/cgroup 2>/dev/null)" != cgroup2fs ]]; then
    problems+=("/sys/fs/cgroup is not cgroup v2: kind's Kubernetes ${KUBERNETES_VERSION} nodes need it (systemd.unified_cgroup_hierarchy=1).")
  fi
  # kind's known issues: a cluster's nodes run many inotify watchers (kubelet, containerd, the pods'
  # controllers), and the kernel's defaults are too small for three nodes ("too many open files").
  if [[ "$(uname -s)" == Linux ]]; then
    local instances watches
    instances=$(cat /proc/sys/fs/inotify/max_user_instances 2>/dev/null || echo 0)
    watches=$(cat /proc/sys/fs/inotify/max_user_watches 2>/dev/null || echo 0)
    if ((instances < 512 || watches < 524288)); then
      problems+=("inotify limits are low (max_user_instances=$instances, max_user_watches=$watches; kind's known issues ask for 512 and 524288):
      sudo sysctl -w fs.inotify.max_user_instances=512 fs.inotify.max_user_watches=524288")
    fi
    # hostUsers: false (the workers' user namespace) needs idmapped mounts of the kubelet's volumes.
    local kernel
    kernel=$(uname -r | cut -d- -f1)
    if [[ "$(printf '%s\n6.3\n' "$kernel" | sort -V | head -1)" != 6.3 ]]; then
      echo "warning: kernel $kernel is older than 6.3; the sandbox workers' user namespaces need idmapped mounts of their volumes, which older kernels lack for tmpfs" >&2
    fi
  fi
  # The ports kind-config.yaml maps to the host (the API's node port, Grafana for make grafana).
  local port
  for port in 8080 3000; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      problems+=("port $port on this host is taken (a running 'make local-up' holds 8080: 'make local-down'); kind maps it to the cluster.")
    fi
  done
  if ((${#problems[@]})); then
    printf 'make kind-up cannot go on:\n' >&2
    printf '  - %s\n' "${problems[@]}" >&2
    exit 1
  fi
}

if ! "$BIN/kind" get clusters 2>/dev/null | grep -qx judge; then
  preflight
  "$BIN/kind" create cluster --config "$PROJECT_DIR/kind-config.yaml" --image "$KIND_NODE_IMAGE" --wait 120s
fi
kubectl config use-context kind-judge >/dev/null

helm repo add prometheus-community https://prometheus-community.github.io/helm-charts --force-update >/dev/null
helm repo add grafana https://grafana.github.io/helm-charts --force-update >/dev/null
helm repo add metrics-server https://kubernetes-sigs.github.io/metrics-server/ --force-update >/dev/null
helm repo add jetstack https://charts.jetstack.io --force-update >/dev/null

echo "== kube-prometheus-stack $KUBE_PROMETHEUS_STACK_CHART_VERSION (first: the others' monitors need its CRDs)"
helm upgrade --install kube-prometheus-stack prometheus-community/kube-prometheus-stack \
  --version "$KUBE_PROMETHEUS_STACK_CHART_VERSION" -n monitoring --create-namespace \
  -f "$PROJECT_DIR/manifests/platform/kube-prometheus-stack-values.yaml" --wait --timeout 10m

echo "== metrics-server (chart $METRICS_SERVER_CHART_VERSION), for the API's CPU autoscaler"
helm upgrade --install metrics-server metrics-server/metrics-server --version "$METRICS_SERVER_CHART_VERSION" \
  -n kube-system -f "$PROJECT_DIR/manifests/platform/metrics-server-values.yaml" --wait

echo "== KEDA $KEDA_VERSION (its release manifest, which the pod tests install from the same source)"
kubectl apply --server-side -f "https://github.com/kedacore/keda/releases/download/v$KEDA_VERSION/keda-$KEDA_VERSION.yaml"
kubectl -n keda wait --for condition=Available deployment --all --timeout 5m
kubectl apply -f "$PROJECT_DIR/manifests/platform/keda-monitors.yaml"

echo "== CloudNativePG $CLOUDNATIVE_PG_VERSION (its release manifest, which the pod tests install from the same source)"
# As CloudNativePG's installation docs give it: the manifest committed on the release's branch.
kubectl apply --server-side -f "https://raw.githubusercontent.com/cloudnative-pg/cloudnative-pg/release-${CLOUDNATIVE_PG_VERSION%.*}/releases/cnpg-$CLOUDNATIVE_PG_VERSION.yaml"
kubectl -n cnpg-system rollout status deployment/cnpg-controller-manager --timeout 5m
kubectl apply -f "$PROJECT_DIR/manifests/platform/cloudnative-pg-monitors.yaml"

echo "== RabbitMQ cluster operator $RABBITMQ_CLUSTER_OPERATOR_VERSION"
kubectl apply -f "https://github.com/rabbitmq/cluster-operator/releases/download/v$RABBITMQ_CLUSTER_OPERATOR_VERSION/cluster-operator.yml"
kubectl -n rabbitmq-system rollout status deployment/rabbitmq-cluster-operator --timeout 5m

echo "== cert-manager $CERT_MANAGER_CHART_VERSION, for the messaging topology operator's webhooks"
helm upgrade --install cert-manager jetstack/cert-manager --version "$CERT_MANAGER_CHART_VERSION" \
  -n cert-manager --create-namespace --set crds.enabled=true --wait

echo "== RabbitMQ messaging topology operator $MESSAGING_TOPOLOGY_OPERATOR_VERSION, for the broker user of each component"
kubectl apply -f "https://github.com/rabbitmq/messaging-topology-operator/releases/download/v$MESSAGING_TOPOLOGY_OPERATOR_VERSION/messaging-topology-operator-with-certmanager.yaml"
kubectl -n rabbitmq-system rollout status deployment/messaging-topology-operator --timeout 5m
# Available is not yet answering: wait until its webhook admits a Permission (a dry run).
for _ in $(seq 60); do
  kubectl apply --dry-run=server -f "$PROJECT_DIR/manifests/platform/topology-webhook-probe.yaml" >/dev/null 2>&1 && break
  sleep 5
done
kubectl apply --dry-run=server -f "$PROJECT_DIR/manifests/platform/topology-webhook-probe.yaml" >/dev/null

echo "== k6-operator $K6_OPERATOR_VERSION (chart $K6_OPERATOR_CHART_VERSION)"
# As its docs install it: a release in "default" whose chart makes the namespace k6-operator-system.
helm upgrade --install k6-operator grafana/k6-operator --version "$K6_OPERATOR_CHART_VERSION" --wait

echo "Platform ready. Next: make images deploy"
