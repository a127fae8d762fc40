#!/usr/bin/env bash
# A two-node Kubernetes cluster inside a sealed network namespace, for the pod tests: the control
# plane of hack/control-plane.sh (kube-apiserver, kube-controller-manager) plus a scheduler;
# two nodes, judge-worker and judge-worker2 (kind's names for kind-config.yaml's two workers), each
# with its own containerd, runc state, kubelet, address, pod address range and cgroup root; one
# kube-proxy and CoreDNS; and hack/infra.sh's RabbitMQ (the database is CloudNativePG's, in pods,
# installed by the tests as make kind-up installs it); all at the versions
# versions.env pins. Run it through hack/test-pods.sh, which makes the namespace (unshare --net) and
# builds and saves the images first; nothing here can pull or reach another host.
#
#   hack/node.sh STATE_DIR IMAGES_DIR COMMAND...   bring the nodes up, run COMMAND, take it all down
#
# The namespace holds only lo and the bridge judge0 (198.18.0.0/24, the pods' network, where the
# nodes are 198.18.0.1 and .2): no default route, nothing forwarded out. Service addresses
# (10.0.0.0/24) are kube-proxy's: they lead to this namespace's pods and nowhere else. Names resolve
# through CoreDNS (cluster.local only, no upstream). The broker listens on 198.18.0.1.
# The nodes share the namespace, so one kube-proxy's rules serve both (kind runs one on each node).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$PROJECT_DIR/versions.env"

state=$(mkdir -p "${1:?usage: node.sh STATE_DIR IMAGES_DIR COMMAND...}" && cd "$1" && pwd)
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
socket() { echo "$RUN_ROOT/$1/containerd/containerd.sock"; }
export KUBECONFIG="$state/cluster/kubeconfig"

if ip -o link show | grep -qv ': lo:' || ip route show default | grep -q .; then
  echo "node.sh must run inside its own network namespace (hack/test-pods.sh makes it)" >&2; exit 1
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

containerd_up() { # node
  local node=$1 run lib conf socket first last
  run="$RUN_ROOT/$node" lib="$LIB_ROOT/$node" conf="$state/$node" socket=$(socket "$node")
  read -r first last <<< "${POD_RANGE[$node]}"
  mkdir -p "$conf/containerd/certs.d/_default" "$conf/cni" "$run" "$lib"
  # Any pull dies on loopback: images must come from IMAGES_DIR.
  echo 'server = "http://127.0.0.1:9"' > "$conf/containerd/certs.d/_default/hosts.toml"
  cat > "$conf/containerd/config.toml" <<TOML
version = 3
root = "$lib/containerd"
state = "$run/containerd"
[grpc]
  address = "$socket"
[plugins.'io.containerd.cri.v1.images']
  snapshotter = 'overlayfs'
  [plugins.'io.containerd.cri.v1.images'.pinned_images]
    sandbox = '$PAUSE_IMAGE'
  [plugins.'io.containerd.cri.v1.images'.registry]
    config_path = '$conf/containerd/certs.d'
[plugins.'io.containerd.cri.v1.runtime']
  # This VM refuses a negative oom_score_adj, which runc would otherwise set for every pod.
  restrict_oom_score_adj = true
  [plugins.'io.containerd.cri.v1.runtime'.containerd]
    default_runtime_name = 'runc'
    [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc]
      runtime_type = 'io.containerd.runc.v2'
      [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc.options]
        BinaryName = '$BIN/runc'
        Root = '$run/runc'
        SystemdCgroup = false
  [plugins.'io.containerd.cri.v1.runtime'.cni]
    bin_dirs = ['/usr/lib/cni']
    conf_dir = '$conf/cni'
    max_conf_num = 1
[plugins.'io.containerd.grpc.v1.cri']
  stream_server_address = '127.0.0.1'
[plugins.'io.containerd.nri.v1.nri']
  disable = true
TOML
  # A bridge without a gateway or masquerading: pods reach the bridge's subnet, and Services through
# the node (kube-proxy), and nothing else.
  cat > "$conf/cni/10-judge.conflist" <<JSON
{"cniVersion": "1.0.0", "name": "judge-pods",
 "plugins": [{"type": "bridge", "bridge": "judge0", "isGateway": false, "isDefaultGateway": false,
              "ipMasq": false, "hairpinMode": false,
              "ipam": {"type": "host-local", "routes": [{"dst": "$SERVICE_RANGE", "gw": "$NODE_ADDRESS"}], "dataDir": "$run/cni-ipam",
                       "ranges": [[{"subnet": "$POD_SUBNET", "rangeStart": "$first", "rangeEnd": "$last"}]]}}]}
JSON
  PATH="$BIN:$PATH" "$BIN/containerd" --config "$conf/containerd/config.toml" > "$state/containerd-$node.log" 2>&1 &
  echo $! > "$state/containerd-$node.pid"
  for _ in $(seq 1 60); do "$BIN/ctr" -a "$socket" version >/dev/null 2>&1 && break; sleep 0.5; done
  # The containers of earlier runs (their pods are gone with the kubelet's state) and the images no
  # longer imported: without this their snapshots stay, several GB a run.
  local stale
  stale=$("$BIN/ctr" -a "$socket" -n k8s.io containers ls -q)
  # shellcheck disable=SC2086 # one word each
  [[ -z "$stale" ]] || "$BIN/ctr" -a "$socket" -n k8s.io containers rm $stale >/dev/null 2>&1 || true
  stale=$("$BIN/ctr" -a "$socket" -n k8s.io images ls -q)
  # shellcheck disable=SC2086
  [[ -z "$stale" ]] || "$BIN/ctr" -a "$socket" -n k8s.io images rm $stale >/dev/null 2>&1 || true
  local tarball
  for tarball in "$BIN/pause.tar" "$images"/*.tar; do
    "$BIN/ctr" -a "$socket" -n k8s.io images import --platform linux/amd64 "$tarball" >/dev/null
  done
  "$BIN/ctr" -a "$socket" -n k8s.io images label "$PAUSE_IMAGE" io.cri-containerd.pinned=pinned >/dev/null
}

# A cgroup of the node's own in every v1 hierarchy, for its kubelet's pods: two kubelets under one
# root would each take the other's pods for orphans.
cgroup_root() { # node up|down
  local hierarchy
  for hierarchy in /sys/fs/cgroup/*/; do
    [[ "$hierarchy" != */unified/ ]] || continue
    if [[ $2 == up ]]; then
      mkdir -p "$hierarchy$1"
      # A new cpuset has no CPUs or memory nodes until given its parent's.
      [[ ! -f "$hierarchy/cpuset.cpus" ]] || { cat "$hierarchy/cpuset.cpus" > "$hierarchy$1/cpuset.cpus"
                                              cat "$hierarchy/cpuset.mems" > "$hierarchy$1/cpuset.mems"; }
    else
      [[ ! -d "$hierarchy$1" ]] || find "$hierarchy$1" -depth -type d -exec rmdir {} + 2>/dev/null
    fi
  done
}

kubelet_up() { # node index
  local node=$1 index=$2
  cgroup_root "$node" up
  cat > "$state/$node/kubelet.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
containerRuntimeEndpoint: unix://$(socket "$node")
cgroupDriver: cgroupfs
cgroupRoot: /$node
# This machine's cgroups are v1, which kubelets from 1.35 on refuse unless told otherwise (kind's
# nodes, on cgroup v2, need no such line).
failCgroupV1: false
failSwapOn: false
address: ${NODE_IP[$node]}
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: $((10248 + 100 * index))
podLogsDir: $LIB_ROOT/$node/pod-logs
# The sealed namespace is the only way in; a real node authenticates the apiserver.
authentication: {anonymous: {enabled: true}, webhook: {enabled: false}}
authorization: {mode: AlwaysAllow}
# CoreDNS, through the kube-dns Service: pods get it as their nameserver, and nothing else.
resolvConf: ""
clusterDNS: [$CLUSTER_DNS]
clusterDomain: cluster.local
# No image garbage collection: the imported images are all there is.
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard: {memory.available: "100Mi", nodefs.available: "2%", nodefs.inodesFree: "2%", imagefs.available: "2%", imagefs.inodesFree: "2%"}
shutdownGracePeriod: 0s
rotateCertificates: false
podPidsLimit: 4096
YAML
  # The label kind-config.yaml gives the nodes for sandboxes (manifests/judge-kind-values.yaml selects it).
  # --containerd: its cAdvisor finds the containers' pods and names in this node's containerd, not at
  # /run/containerd/containerd.sock (without it, container_* series carry no pod or container).
  "$BIN/kubelet" --config "$state/$node/kubelet.yaml" --kubeconfig "$KUBECONFIG" --hostname-override "$node" \
    --node-ip "${NODE_IP[$node]}" --node-labels judge.dev/sandbox=true --root-dir "$LIB_ROOT/$node/kubelet" --v 2 \
    --containerd "$(socket "$node")" \
    > "$state/kubelet-$node.log" 2>&1 &
  echo $! > "$state/kubelet-$node.pid"
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

stop() { stop_pidfile "$state/$1.pid" 10; }

down() {
  set +e
  stop coredns
  stop kube-proxy
  stop kube-scheduler
  local node socket
  for node in "${NODES[@]}"; do
    stop "kubelet-$node"
    # Every pod's containers, then containerd.
    socket=$(socket "$node")
    if [[ -S "$socket" ]]; then
      for task in $("$BIN/ctr" -a "$socket" -n k8s.io tasks list -q 2>/dev/null); do
        "$BIN/ctr" -a "$socket" -n k8s.io tasks kill -s SIGKILL "$task" >/dev/null 2>&1
      done
      sleep 1
    fi
    stop "containerd-$node"
    pkill -9 -f "containerd-shim-runc-v2 .*-address $socket" 2>/dev/null
  done
  # What they left mounted, and the nodes' cgroups.
  grep -o " ${LIB_ROOT}[^ ]*\| ${RUN_ROOT}[^ ]*" /proc/self/mountinfo | sort -r | while read -r mount; do
    umount -l "$mount" 2>/dev/null
  done
  for node in "${NODES[@]}"; do cgroup_root "$node" down; done
  "$PROJECT_DIR/hack/control-plane.sh" down "$state/cluster"
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
  "$PROJECT_DIR/hack/control-plane.sh" up "$state/cluster"
# The k6-operator's chart installs its own CRDs (tests/pods/test_load_test.py installs it as make
# kind-up does), and Helm will not adopt the copies hack/apiserver.sh put there for dry runs.
"$BIN/kubectl" get crd -o name | grep '\.k6\.io$' | xargs "$BIN/kubectl" delete --wait >/dev/null
index=0
for node in "${NODES[@]}"; do
  echo "== $node: containerd $CONTAINERD_VERSION, runc $RUNC_VERSION, images from $images; kubelet $KUBERNETES_VERSION"
  containerd_up "$node"
  kubelet_up "$node" "$index"
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
