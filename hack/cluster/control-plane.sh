#!/usr/bin/env bash
# A Kubernetes control plane without nodes, on loopback: etcd and kube-apiserver (hack/cluster/apiserver.sh),
# kube-controller-manager with the controllers autoscaling needs (HPA, Deployment, ReplicaSet), and
# KEDA's operator and metrics adapter registered as the external metrics API, at the versions
# versions.env pins for make kind-up. No kubelet and no scheduler: pods are created but never run
# (tests/autoscaling keeps them Pending, so that the queue holds exactly what each test puts there).
#
#   hack/cluster/control-plane.sh up|down STATE_DIR    (the kubeconfig is STATE_DIR/kubeconfig)
#
# HPA_SYNC_PERIOD (default 15s, the kube-controller-manager default) sets how often the HPA controller
# looks at metrics. CONTROLLERS picks kube-controller-manager's controllers (see below). KEDA=none
# leaves KEDA out, for a cluster with nodes that runs it in pods as kind does (hack/cluster/run.sh).
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

action=${1:?usage: control-plane.sh up|down STATE_DIR}
state=$(mkdir -p "${2:?state dir}" && cd "$2" && pwd)
BIN="$PROJECT_DIR/bin"
KEDA_METRICS_PORT=${KEDA_METRICS_PORT:-28080}
KEDA_PROBE_PORT=${KEDA_PROBE_PORT:-28081}
KEDA_GRPC_PORT=${KEDA_GRPC_PORT:-29666}
ADAPTER_PORT=${ADAPTER_PORT:-26444}
# The adapter's own metrics (its --port, 8080 on every address by default, where a user's
# kubectl port-forward of the API goes in the pod tests).
ADAPTER_METRICS_PORT=${ADAPTER_METRICS_PORT:-28082}
HPA_SYNC_PERIOD=${HPA_SYNC_PERIOD:-15s}
# Ports of its own, so that make verify-chart (hack/cluster/apiserver.sh's defaults) can run alongside.
export ETCD_PORT=${ETCD_PORT:-23890} API_PORT=${API_PORT:-26543}
kubectl() { "$BIN/kubectl" --kubeconfig "$state/kubeconfig" "$@"; }

stop() { stop_pidfile "$state/$1.pid"; }

down() {
  for name in keda-adapter keda-operator kube-controller-manager; do stop "$name"; done
  "$PROJECT_DIR/hack/cluster/apiserver.sh" down "$state"
}

if [[ "$action" == down ]]; then down; exit 0; fi
down

"$PROJECT_DIR/hack/cluster/apiserver.sh" up "$state"
certs="$state/certs"

# KEDA's gRPC link (operator → adapter) and the adapter's serving certificate: one cert for loopback,
# signed by the test CA. The operator's --ca-dir must hold only CAs.
keda_certs="$certs/keda" keda_cas="$certs/keda-ca"
if [[ ! -f "$keda_certs/tls.crt" ]]; then
  mkdir -p "$keda_certs" "$keda_cas"
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$keda_certs/tls.key" -out "$keda_certs/tls.csr" 2>/dev/null
  openssl x509 -req -in "$keda_certs/tls.csr" -CA "$certs/ca.crt" -CAkey "$certs/ca.key" -CAcreateserial \
    -days 2 -extfile "$certs/san.ext" -out "$keda_certs/tls.crt" 2>/dev/null
  cp "$certs/ca.crt" "$keda_certs/ca.crt"
  cp "$certs/ca.crt" "$keda_cas/ca.crt"
fi

# CONTROLLERS: by default only those autoscaling needs, plus the one that creates each namespace's
# `default` ServiceAccount (the ReplicaSet's pods are admitted against it); a cluster with nodes
# (hack/cluster/run.sh) runs them all ('*'). --secure-port=0: nothing scrapes it.
"$BIN/kube-controller-manager" --kubeconfig "$state/kubeconfig" --leader-elect=false --secure-port=0 \
  --controllers="${CONTROLLERS:-horizontalpodautoscaling,deployment,replicaset,serviceaccount}" \
  --root-ca-file "$certs/ca.crt" --service-account-private-key-file "$certs/sa.key" \
  --horizontal-pod-autoscaler-sync-period="$HPA_SYNC_PERIOD" \
  > "$state/kube-controller-manager.log" 2>&1 &
echo $! > "$state/kube-controller-manager.pid"

if [[ "${KEDA:-processes}" == none ]]; then exit 0; fi
kubectl create namespace keda --dry-run=client -o yaml | kubectl apply -f - >/dev/null

# Out of cluster, as KEDA's own docs run it for development (make run): env says where it "lives".
KUBECONFIG="$state/kubeconfig" WATCH_NAMESPACE="" KEDA_CLUSTER_OBJECT_NAMESPACE=keda POD_NAMESPACE=keda \
  "$BIN/keda-operator" --leader-elect=false --enable-cert-rotation=false \
  --metrics-bind-address="127.0.0.1:$KEDA_METRICS_PORT" --health-probe-bind-address="127.0.0.1:$KEDA_PROBE_PORT" \
  --metrics-service-bind-address="127.0.0.1:$KEDA_GRPC_PORT" --cert-dir="$keda_certs" --ca-dir="$keda_cas" \
  > "$state/keda-operator.log" 2>&1 &
echo $! > "$state/keda-operator.pid"

admin=(--kubeconfig "$state/kubeconfig" --lister-kubeconfig "$state/kubeconfig"
       --authentication-kubeconfig "$state/kubeconfig" --authorization-kubeconfig "$state/kubeconfig")
WATCH_NAMESPACE="" POD_NAMESPACE=keda KEDA_CLUSTER_OBJECT_NAMESPACE=keda \
  "$BIN/keda-adapter" "${admin[@]}" --secure-port="$ADAPTER_PORT" --bind-address=127.0.0.1 \
  --cert-dir="$keda_certs" --tls-cert-file="$keda_certs/tls.crt" --tls-private-key-file="$keda_certs/tls.key" \
  --metrics-service-address="127.0.0.1:$KEDA_GRPC_PORT" --port="$ADAPTER_METRICS_PORT" \
  > "$state/keda-adapter.log" 2>&1 &
echo $! > "$state/keda-adapter.pid"

# What KEDA's chart installs to put the adapter behind the apiserver; the Service is an ExternalName
# to loopback, since there is no Service networking.
kubectl apply -f - >/dev/null <<YAML
apiVersion: v1
kind: Service
metadata: {name: keda-operator-metrics-apiserver, namespace: keda}
spec:
  type: ExternalName
  externalName: localhost
  ports: [{name: https, port: $ADAPTER_PORT, targetPort: $ADAPTER_PORT}]
---
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata: {name: v1beta1.external.metrics.k8s.io}
spec:
  service: {name: keda-operator-metrics-apiserver, namespace: keda, port: $ADAPTER_PORT}
  group: external.metrics.k8s.io
  version: v1beta1
  insecureSkipTLSVerify: true
  groupPriorityMinimum: 100
  versionPriority: 100
YAML

for _ in $(seq 1 120); do
  if kubectl get --raw /apis/external.metrics.k8s.io/v1beta1 >/dev/null 2>&1 \
     && curl -fsS "http://127.0.0.1:$KEDA_PROBE_PORT/readyz" >/dev/null 2>&1; then
    exit 0
  fi
  for name in kube-controller-manager keda-operator keda-adapter; do
    kill -0 "$(cat "$state/$name.pid")" 2>/dev/null || { echo "$name exited; see $state/$name.log" >&2; exit 1; }
  done
  sleep 0.5
done
echo "the external metrics API did not come up; see $state/keda-*.log" >&2
exit 1
