#!/usr/bin/env bash
# A two-node Kubernetes cluster inside a sealed network namespace, around one command, for the pod
# tests: the control plane of hack/cluster/control-plane.sh (kube-apiserver, kube-controller-manager)
# plus a scheduler; two nodes, judge-worker and judge-worker2 (kind's names for kind-config.yaml's two
# workers), each with its own containerd, runc state, kubelet, address, pod address range and cgroup
# root (hack/cluster/node.sh); one kube-proxy and CoreDNS; and hack/infra.sh's RabbitMQ (the database
# is CloudNativePG's, in pods, installed by the tests as make kind-up installs it); all at the versions
# versions.env pins. Run it through hack/cluster/test-pods.sh, which makes the namespace (unshare
# --net) and builds and saves the images first; nothing here can pull or reach another host.
#
#   hack/cluster/run.sh STATE_DIR IMAGES_DIR COMMAND...   bring the nodes up, run COMMAND, take it all down
#
# The namespace holds only lo and the bridge judge0 (198.18.0.0/24, the pods' network, where the
# nodes are 198.18.0.1 and .2): no default route, nothing forwarded out. Service addresses
# (10.0.0.0/24) are kube-proxy's: they lead to this namespace's pods and nowhere else. Names resolve
# through CoreDNS (cluster.local only, no upstream). The broker listens on 198.18.0.1.
# The nodes share the namespace, so one kube-proxy's rules serve both (kind runs one on each node).
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_DIR/versions.env"

state=$(mkdir -p "${1:?usage: run.sh STATE_DIR IMAGES_DIR COMMAND...}" && cd "$1" && pwd)
images=${2:?images dir}
shift 2
BIN="$PROJECT_DIR/bin"
NODE_ADDRESS=198.18.0.1
POD_SUBNET=198.18.0.0/24
SERVICE_RANGE=10.0.0.0/24
CLUSTER_DNS=10.0.0.10
AMQP_PORT=${NODE_AMQP_PORT:-5677}
PG_PORT=5437  # hack/infra.sh's argument; no PostgreSQL is started here
# Each node: name, address, and the part of the pod subnet its pods get addresses from.
NODES=(judge-worker judge-worker2)
declare -A NODE_IP=([judge-worker]=198.18.0.1 [judge-worker2]=198.18.0.2)
declare -A POD_RANGE=([judge-worker]="198.18.0.10 198.18.0.129" [judge-worker2]="198.18.0.130 198.18.0.250")
# containerd and the kubelets keep their state outside the clone (they mount there): one cluster at a time.
RUN_ROOT=/run/judge-node
LIB_ROOT=/var/lib/judge-node
# One node's containerd and kubelet: containerd_up, kubelet_up, node_down, socket.
source "$(dirname "$0")/node.sh"
stop() { stop_pidfile "$state/$1.pid" 10; }
export KUBECONFIG="$state/cluster/kubeconfig"

if ip -o link show | grep -qv ': lo:' || ip route show default | grep -q .; then
  echo "run.sh must run inside its own network namespace (hack/cluster/test-pods.sh makes it)" >&2; exit 1
fi

network() {
  ip link set lo up
  ip link add judge0 type bridge
  local node
  for node in "${NODES[@]}"; do ip addr add "${NODE_IP[$node]}/24" dev judge0; done
  ip link set judge0 up
  # Service addresses go to the bridge, where kube-proxy's rules send them to a pod (or to this
  # namespace's own address, for the host-network pods); nothing is routed out.
  ip route add "$SERVICE_RANGE" dev judge0 src "$NODE_ADDRESS"
  # A Service's packets are routed by this namespace (the pods' route to the Service range goes
  # through 198.18.0.1), from the bridge back onto it once kube-proxy has picked a pod; the FORWARD
  # rules above let only that through.
  sysctl -qw net.ipv4.ip_forward=1
  # A pod's answer to a pod that reached it through a Service crosses the bridge without being
  # routed: bridged traffic must pass netfilter for kube-proxy's translation to be undone on it, as
  # on kind's nodes (br_netfilter).
  sysctl -qw net.bridge.bridge-nf-call-iptables=1
  iptables -I FORWARD -i judge0 -j DROP
  iptables -I FORWARD -o judge0 -j DROP
  # Pods reach one another across the bridge, as on any pod network (helm test's pod calls the API's).
  iptables -I FORWARD -i judge0 -o judge0 -j ACCEPT
  ip6tables -I FORWARD -j DROP 2>/dev/null || true
}

nodes_ready() {
  "$BIN/kube-scheduler" --kubeconfig "$KUBECONFIG" --leader-elect=false --secure-port 0 \
    > "$state/kube-scheduler.log" 2>&1 &
  echo $! > "$state/kube-scheduler.pid"
  local node
  for node in "${NODES[@]}"; do
    for _ in $(seq 1 240); do
      [[ $("$BIN/kubectl" get node "$node" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null) == True ]] && continue 2
      kill -0 "$(cat "$state/kubelet-$node.pid")" 2>/dev/null || break
      sleep 0.5
    done
    echo "$node did not become ready; its kubelet's log:" >&2; tail -n 30 "$state/kubelet-$node.log" >&2; return 1
  done
}

# kube-proxy (iptables, as kind's nodes) and CoreDNS as the cluster's DNS: a process on the node
# behind the kube-dns Service (kind runs it as a pod), answering cluster.local only.
services_up() {
  "$BIN/kube-proxy" --kubeconfig "$KUBECONFIG" --hostname-override "${NODES[0]}" --proxy-mode iptables \
    --cluster-cidr "$POD_SUBNET" --metrics-bind-address 127.0.0.1:10249 --healthz-bind-address 127.0.0.1:10256 \
    --conntrack-max-per-core 0 --conntrack-tcp-timeout-established 0 --conntrack-tcp-timeout-close-wait 0 \
    > "$state/kube-proxy.log" 2>&1 &
  echo $! > "$state/kube-proxy.pid"
  cat > "$state/Corefile" <<COREFILE
.:53 {
    bind $NODE_ADDRESS
    errors
    health 127.0.0.1:8180
    ready 127.0.0.1:8181
    kubernetes cluster.local in-addr.arpa ip6.arpa {
        kubeconfig $KUBECONFIG
        pods insecure
        fallthrough in-addr.arpa ip6.arpa
    }
    cache 30
}
COREFILE
  "$BIN/coredns" -conf "$state/Corefile" > "$state/coredns.log" 2>&1 &
  echo $! > "$state/coredns.pid"
  "$BIN/kubectl" apply -f - >/dev/null <<YAML
apiVersion: v1
kind: Service
metadata: {name: kube-dns, namespace: kube-system, labels: {k8s-app: kube-dns}}
spec:
  clusterIP: $CLUSTER_DNS
  ports: [{name: dns, port: 53, protocol: UDP}, {name: dns-tcp, port: 53, protocol: TCP}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: kube-dns-node
  namespace: kube-system
  labels: {kubernetes.io/service-name: kube-dns, endpointslice.kubernetes.io/managed-by: judge-node-sh}
addressType: IPv4
endpoints: [{addresses: ["$NODE_ADDRESS"], conditions: {ready: true}}]
ports: [{name: dns, port: 53, protocol: UDP}, {name: dns-tcp, port: 53, protocol: TCP}]
YAML
  for _ in $(seq 1 120); do
    curl -sf http://127.0.0.1:8181/ready >/dev/null && curl -sf http://127.0.0.1:10256/healthz >/dev/null && return
    sleep 0.5
  done
  echo "kube-proxy or CoreDNS not ready; their logs:" >&2; tail -n 20 "$state/kube-proxy.log" "$state/coredns.log" >&2; return 1
}

down() {
  set +e
  stop coredns
  stop kube-proxy
  stop kube-scheduler
  local node
  for node in "${NODES[@]}"; do node_down "$node"; done
  # What they left mounted.
  grep -o " ${LIB_ROOT}[^ ]*\| ${RUN_ROOT}[^ ]*" /proc/self/mountinfo | sort -r | while read -r mount; do
    umount -l "$mount" 2>/dev/null
  done
  "$PROJECT_DIR/hack/cluster/control-plane.sh" down "$state/cluster"
  "$PROJECT_DIR/hack/infra.sh" rabbit-down "$state" "$AMQP_PORT" "$PG_PORT"
  # The broker's port mapper outlives it, and would keep this namespace alive.
  epmd -kill >/dev/null 2>&1
  rm -rf "$RUN_ROOT"
}
trap down EXIT

network
RABBITMQ_STATISTICS_INTERVAL_MS=$(python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["rabbitmq"]["statisticsIntervalMs"])' \
  "$PROJECT_DIR/charts/judge/values.yaml")
export RABBITMQ_STATISTICS_INTERVAL_MS INFRA_POD_ADDRESS=$NODE_ADDRESS
"$PROJECT_DIR/hack/infra.sh" rabbit-up "$state" "$AMQP_PORT" "$PG_PORT"
echo "== Control plane (logs in $state/cluster)"
# Every controller a cluster runs by default: among them node lifecycle (the not-ready taint a
# kubelet registers its node with), EndpointSlices (which kube-proxy routes to), Jobs (the
# k6-operator's), the disruption budgets a drain respects, and each namespace's kube-root-ca.crt.
# KEDA runs in pods, installed by the tests as make kind-up installs it.
APISERVER_ADVERTISE_ADDRESS=$NODE_ADDRESS CONTROLLERS='*' KEDA=none \
  "$PROJECT_DIR/hack/cluster/control-plane.sh" up "$state/cluster"
# The k6-operator's chart installs its own CRDs (tests/pods/test_load_test.py installs it as make
# kind-up does), and Helm will not adopt the copies hack/cluster/apiserver.sh put there for dry runs.
"$BIN/kubectl" get crd -o name | grep '\.k6\.io$' | xargs "$BIN/kubectl" delete --wait >/dev/null
# Every node's containerd at once: each imports all the images, a minute of unpacking layers.
importing=()
for node in "${NODES[@]}"; do
  echo "== $node: containerd $CONTAINERD_VERSION, runc $RUNC_VERSION, images from $images; kubelet $KUBERNETES_VERSION"
  containerd_up "$node" &
  importing+=("$!")
done
for pid in "${importing[@]}"; do wait "$pid" || { echo "a node's containerd did not start (above)" >&2; exit 1; }; done
# The kubelets one at a time, each until it has made its device plugins' registration socket: every
# kubelet makes it at one path whatever its --root-dir (the device manager's constant), removing what is
# there first and then listening, so two starting together can collide ("bind: address already in use",
# the kubelet exits: a pod tier's start on 7 Dec).
device_plugins=/var/lib/kubelet/device-plugins/kubelet.sock
index=0
for node in "${NODES[@]}"; do
  started=$(date +%s)
  kubelet_up "$node" "$index"
  for _ in $(seq 1 120); do
    [[ -S $device_plugins && $(stat -c %Y "$device_plugins") -ge $started ]] && break
    kill -0 "$(cat "$state/kubelet-$node.pid")" 2>/dev/null || break
    sleep 0.5
  done
  index=$((index + 1))
done
nodes_ready
echo "== kube-proxy $KUBERNETES_VERSION and CoreDNS $COREDNS_VERSION"
services_up
echo "== Nodes ${NODES[*]} ready"
# The container runtimes' sockets by node (node=socket ...), for tests that act on a pod's containers.
NODE_SOCKETS=$(for node in "${NODES[@]}"; do printf '%s=%s ' "$node" "$(socket "$node")"; done)
export NODE_ADDRESS NODE_AMQP_PORT=$AMQP_PORT NODE_STATE=$state NODE_SOCKETS
"$@"
