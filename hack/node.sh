#!/usr/bin/env bash
# A one-node Kubernetes cluster inside a sealed network namespace, for the pod tests: the control
# plane of hack/control-plane.sh (kube-apiserver, kube-controller-manager, KEDA) plus a scheduler,
# containerd with runc, a kubelet, kube-proxy and CoreDNS, and hack/infra.sh's RabbitMQ and
# PostgreSQL, all at the versions versions.env pins. Run it through hack/test-pods.sh, which makes the namespace
# (unshare --net) and builds and saves the images first; nothing here can pull or reach another host.
#
#   hack/node.sh STATE_DIR IMAGES_DIR COMMAND...   bring the node up, run COMMAND, take it all down
#
# The namespace holds only lo and the bridge judge0 (198.18.0.1/24, the pods' network): no default
# route, nothing forwarded out. Service addresses (10.0.0.0/24) are kube-proxy's: they lead to this
# namespace's pods and nowhere else. Names resolve through CoreDNS (cluster.local only, no upstream).
# The broker and database also listen on 198.18.0.1.
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
PG_PORT=${NODE_PG_PORT:-5437}
# containerd and the kubelet keep their state outside the clone (they mount there); one node at a time.
RUN_DIR=/run/judge-node
LIB_DIR=/var/lib/judge-node
SOCKET="$RUN_DIR/containerd/containerd.sock"
export KUBECONFIG="$state/cluster/kubeconfig"

if ip -o link show | grep -qv ': lo:' || ip route show default | grep -q .; then
  echo "node.sh must run inside its own network namespace (hack/test-pods.sh makes it)" >&2; exit 1
fi

network() {
  ip link set lo up
  ip link add judge0 type bridge
  ip addr add "$NODE_ADDRESS/24" dev judge0
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

containerd_up() {
  mkdir -p "$state/containerd/certs.d/_default" "$state/cni" "$RUN_DIR" "$LIB_DIR"
  # Any pull dies on loopback: images must come from IMAGES_DIR.
  echo 'server = "http://127.0.0.1:9"' > "$state/containerd/certs.d/_default/hosts.toml"
  cat > "$state/containerd/config.toml" <<TOML
version = 3
root = "$LIB_DIR/containerd"
state = "$RUN_DIR/containerd"
[grpc]
  address = "$SOCKET"
[plugins.'io.containerd.cri.v1.images']
  snapshotter = 'overlayfs'
  [plugins.'io.containerd.cri.v1.images'.pinned_images]
    sandbox = '$PAUSE_IMAGE'
  [plugins.'io.containerd.cri.v1.images'.registry]
    config_path = '$state/containerd/certs.d'
[plugins.'io.containerd.cri.v1.runtime']
  # This VM refuses a negative oom_score_adj, which runc would otherwise set for every pod.
  restrict_oom_score_adj = true
  [plugins.'io.containerd.cri.v1.runtime'.containerd]
    default_runtime_name = 'runc'
    [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc]
      runtime_type = 'io.containerd.runc.v2'
      [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc.options]
        BinaryName = '$BIN/runc'
        SystemdCgroup = false
  [plugins.'io.containerd.cri.v1.runtime'.cni]
    bin_dirs = ['/usr/lib/cni']
    conf_dir = '$state/cni'
    max_conf_num = 1
[plugins.'io.containerd.grpc.v1.cri']
  stream_server_address = '127.0.0.1'
[plugins.'io.containerd.nri.v1.nri']
  disable = true
TOML
  # A bridge without a gateway or masquerading: pods reach the bridge's subnet, and Services through
# the node (kube-proxy), and nothing else.
  cat > "$state/cni/10-judge.conflist" <<JSON
{"cniVersion": "1.0.0", "name": "judge-pods",
 "plugins": [{"type": "bridge", "bridge": "judge0", "isGateway": false, "isDefaultGateway": false,
              "ipMasq": false, "hairpinMode": false,
              "ipam": {"type": "host-local", "routes": [{"dst": "$SERVICE_RANGE", "gw": "$NODE_ADDRESS"}], "dataDir": "$RUN_DIR/cni-ipam",
                       "ranges": [[{"subnet": "$POD_SUBNET", "rangeStart": "198.18.0.10", "rangeEnd": "198.18.0.250"}]]}}]}
JSON
  PATH="$BIN:$PATH" "$BIN/containerd" --config "$state/containerd/config.toml" > "$state/containerd.log" 2>&1 &
  echo $! > "$state/containerd.pid"
  for _ in $(seq 1 60); do "$BIN/ctr" -a "$SOCKET" version >/dev/null 2>&1 && break; sleep 0.5; done
  local tarball
  for tarball in "$BIN/pause.tar" "$images"/*.tar; do
    "$BIN/ctr" -a "$SOCKET" -n k8s.io images import --platform linux/amd64 "$tarball" >/dev/null
  done
  "$BIN/ctr" -a "$SOCKET" -n k8s.io images label "$PAUSE_IMAGE" io.cri-containerd.pinned=pinned >/dev/null
}

kubelet_up() {
  cat > "$state/kubelet.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
containerRuntimeEndpoint: unix://$SOCKET
cgroupDriver: cgroupfs
# This machine's cgroups are v1, which kubelets from 1.35 on refuse unless told otherwise (kind's
# nodes, on cgroup v2, need no such line).
failCgroupV1: false
failSwapOn: false
address: $NODE_ADDRESS
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: 10248
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
  "$BIN/kubelet" --config "$state/kubelet.yaml" --kubeconfig "$KUBECONFIG" --hostname-override judge-node \
    --node-ip "$NODE_ADDRESS" --root-dir "$LIB_DIR/kubelet" --v 2 > "$state/kubelet.log" 2>&1 &
  echo $! > "$state/kubelet.pid"
  "$BIN/kube-scheduler" --kubeconfig "$KUBECONFIG" --leader-elect=false --secure-port 0 \
    > "$state/kube-scheduler.log" 2>&1 &
  echo $! > "$state/kube-scheduler.pid"
  for _ in $(seq 1 240); do
    [[ $("$BIN/kubectl" get node judge-node -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null) == True ]] && return
    kill -0 "$(cat "$state/kubelet.pid")" 2>/dev/null || break
    sleep 0.5
  done
  echo "the node did not become ready; the kubelet's log:" >&2; tail -n 30 "$state/kubelet.log" >&2; return 1
}

# kube-proxy (iptables, as kind's nodes) and CoreDNS as the cluster's DNS: a process on the node
# behind the kube-dns Service (kind runs it as a pod), answering cluster.local only.
services_up() {
  "$BIN/kube-proxy" --kubeconfig "$KUBECONFIG" --hostname-override judge-node --proxy-mode iptables \
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
  labels: {kubernetes.io/service-name: kube-dns, endpointslice.kubernetes.io/managed-by: judge-node}
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
  stop kubelet
  # Every pod's containers, then containerd; then what they left mounted.
  if [[ -S "$SOCKET" ]]; then
    for task in $("$BIN/ctr" -a "$SOCKET" -n k8s.io tasks list -q 2>/dev/null); do
      "$BIN/ctr" -a "$SOCKET" -n k8s.io tasks kill -s SIGKILL "$task" >/dev/null 2>&1
    done
    sleep 1
  fi
  stop containerd
  pkill -9 -f "containerd-shim-runc-v2 .*-address $SOCKET" 2>/dev/null
  grep -o " $LIB_DIR[^ ]*\| $RUN_DIR[^ ]*" /proc/self/mountinfo | sort -r | while read -r mount; do
    umount -l "$mount" 2>/dev/null
  done
  "$PROJECT_DIR/hack/control-plane.sh" down "$state/cluster"
  "$PROJECT_DIR/hack/infra.sh" down "$state" "$AMQP_PORT" "$PG_PORT"
  rm -rf "$RUN_DIR"
}
trap down EXIT

network
RABBITMQ_STATISTICS_INTERVAL_MS=$(python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["rabbitmq"]["statisticsIntervalMs"])' \
  "$PROJECT_DIR/charts/judge/values.yaml")
export RABBITMQ_STATISTICS_INTERVAL_MS INFRA_POD_ADDRESS=$NODE_ADDRESS
"$PROJECT_DIR/hack/infra.sh" up "$state" "$AMQP_PORT" "$PG_PORT"
echo "== Control plane (logs in $state/cluster)"
# nodelifecycle lifts the not-ready taint a kubelet registers its node with, once the node is Ready;
# endpointslice gives each Service its ready pods, which kube-proxy routes to.
APISERVER_ADVERTISE_ADDRESS=$NODE_ADDRESS NODE_CONTROLLERS=nodelifecycle,endpointslice \
  "$PROJECT_DIR/hack/control-plane.sh" up "$state/cluster"
echo "== containerd $CONTAINERD_VERSION, runc $RUNC_VERSION, images from $images"
containerd_up
echo "== kubelet and kube-scheduler $KUBERNETES_VERSION"
kubelet_up
echo "== kube-proxy $KUBERNETES_VERSION and CoreDNS $COREDNS_VERSION"
services_up
echo "== Node judge-node ready"
export NODE_ADDRESS NODE_AMQP_PORT=$AMQP_PORT NODE_PG_PORT=$PG_PORT NODE_STATE=$state NODE_SOCKET=$SOCKET
"$@"
