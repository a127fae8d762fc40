#!/usr/bin/env bash
# A real kube-apiserver (with etcd) on loopback, with the pinned operators' CRDs installed, so that
# rendered manifests can be dry-run against the real API machinery (defaulting, validation, CRD
# schemas, admission). No controllers, no kubelet: nothing is scheduled or run.
#
#   hack/cluster/apiserver.sh up|down STATE_DIR     (up prints nothing; the kubeconfig is STATE_DIR/kubeconfig)
#
# APISERVER_ADVERTISE_ADDRESS: the address it tells a node (hack/cluster/run.sh) about; needed where the
# machine has no default route, from which it would otherwise pick one.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"

action=${1:?usage: apiserver.sh up|down STATE_DIR}
state=$(mkdir -p "${2:?state dir}" && cd "$2" && pwd)
ETCD_PORT=${ETCD_PORT:-23790}
API_PORT=${API_PORT:-26443}
BIN="$PROJECT_DIR/bin"
kubectl() { "$BIN/kubectl" "$@"; }

down() {
  for name in kube-apiserver etcd; do stop_pidfile "$state/$name.pid"; done
}

if [[ "$action" == down ]]; then down; exit 0; fi

down
rm -rf "$state/etcd-data"
mkdir -p "$state/certs"
certs="$state/certs"
if [[ ! -f "$certs/front-proxy-client.crt" ]]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=judge-test-ca" \
    -keyout "$certs/ca.key" -out "$certs/ca.crt" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=kube-apiserver" -keyout "$certs/apiserver.key" -out "$certs/apiserver.csr" 2>/dev/null
  # Loopback, and for pods (hack/cluster/run.sh) the kubernetes Service's address and names and the node's.
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost,IP:10.0.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local%s\n' \
    "${APISERVER_ADVERTISE_ADDRESS:+,IP:$APISERVER_ADVERTISE_ADDRESS}" > "$certs/san.ext"
  openssl x509 -req -in "$certs/apiserver.csr" -CA "$certs/ca.crt" -CAkey "$certs/ca.key" -CAcreateserial \
    -days 2 -extfile "$certs/san.ext" -out "$certs/apiserver.crt" 2>/dev/null
  openssl genrsa -out "$certs/sa.key" 2048 2>/dev/null
  openssl rsa -in "$certs/sa.key" -pubout -out "$certs/sa.pub" 2>/dev/null
  # The aggregation layer's client identity, as kubeadm makes it: the apiserver proxies
  # external.metrics.k8s.io to KEDA's metrics adapter as front-proxy-client (hack/cluster/control-plane.sh).
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=front-proxy-ca" \
    -keyout "$certs/front-proxy-ca.key" -out "$certs/front-proxy-ca.crt" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=front-proxy-client" \
    -keyout "$certs/front-proxy-client.key" -out "$certs/front-proxy-client.csr" 2>/dev/null
  openssl x509 -req -in "$certs/front-proxy-client.csr" -CA "$certs/front-proxy-ca.crt" -CAkey "$certs/front-proxy-ca.key" \
    -CAcreateserial -days 2 -out "$certs/front-proxy-client.crt" 2>/dev/null
fi
token=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
echo "$token,admin,admin,system:masters" > "$state/tokens.csv"

"$BIN/etcd" --data-dir "$state/etcd-data" --listen-client-urls "http://127.0.0.1:$ETCD_PORT" \
  --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" --listen-peer-urls "http://127.0.0.1:$((ETCD_PORT + 1))" \
  > "$state/etcd.log" 2>&1 &
echo $! > "$state/etcd.pid"

# Loopback only, unless pods must reach it (APISERVER_ADVERTISE_ADDRESS, in hack/cluster/run.sh's sealed
# namespace, where nothing from outside can): then every address there, as on a node.
bind_address=127.0.0.1
[[ -z "${APISERVER_ADVERTISE_ADDRESS:-}" ]] || bind_address=0.0.0.0
"$BIN/kube-apiserver" --etcd-servers "http://127.0.0.1:$ETCD_PORT" --bind-address "$bind_address" \
  --secure-port "$API_PORT" --tls-cert-file "$certs/apiserver.crt" --tls-private-key-file "$certs/apiserver.key" \
  --client-ca-file "$certs/ca.crt" --token-auth-file "$state/tokens.csv" --authorization-mode RBAC \
  --service-account-issuer https://kubernetes.default.svc.cluster.local \
  --service-account-key-file "$certs/sa.pub" --service-account-signing-key-file "$certs/sa.key" \
  --service-cluster-ip-range 10.0.0.0/24 --allow-privileged=true \
  --requestheader-client-ca-file "$certs/front-proxy-ca.crt" --requestheader-allowed-names front-proxy-client \
  --requestheader-username-headers X-Remote-User --requestheader-group-headers X-Remote-Group \
  --requestheader-extra-headers-prefix X-Remote-Extra- \
  --proxy-client-cert-file "$certs/front-proxy-client.crt" --proxy-client-key-file "$certs/front-proxy-client.key" \
  ${APISERVER_ADVERTISE_ADDRESS:+--advertise-address "$APISERVER_ADVERTISE_ADDRESS" --kubelet-preferred-address-types InternalIP} \
  > "$state/kube-apiserver.log" 2>&1 &
echo $! > "$state/kube-apiserver.pid"

cat > "$state/kubeconfig" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
- name: local
  cluster: {server: "https://127.0.0.1:$API_PORT", certificate-authority: "$certs/ca.crt"}
users:
- name: admin
  user: {token: "$token"}
contexts:
- name: local
  context: {cluster: local, user: admin}
current-context: local
KUBECONFIG

export KUBECONFIG="$state/kubeconfig"
for _ in $(seq 1 120); do kubectl get --raw /readyz >/dev/null 2>&1 && break; sleep 0.5; done
kubectl get --raw /readyz >/dev/null || { echo "kube-apiserver did not become ready; see $state/kube-apiserver.log" >&2; exit 1; }

# The pinned operators' CRDs, as make kind-up installs them.
kubectl apply --server-side -f "$PROJECT_DIR/build/schemas-crds/definitions/" >/dev/null
kubectl wait --for condition=established --timeout=60s crd --all >/dev/null
