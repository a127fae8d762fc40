# One node of hack/cluster/run.sh's cluster: its containerd (images imported from IMAGES_DIR, nothing
# pulled), its cgroup root and its kubelet. Sourced by run.sh, whose variables it reads: state,
# images, BIN, NODE_IP, POD_RANGE, POD_SUBNET, SERVICE_RANGE, NODE_ADDRESS, CLUSTER_DNS, RUN_ROOT,
# LIB_ROOT, KUBECONFIG, and its stop().
# shellcheck shell=bash disable=SC2154 # run.sh's variables

socket() { echo "$RUN_ROOT/$1/containerd/containerd.sock"; }

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

node_down() { # node: its kubelet, every pod's containers, then containerd, and its cgroups
  local node=$1 socket task
  stop "kubelet-$node"
  socket=$(socket "$node")
  if [[ -S "$socket" ]]; then
    for task in $("$BIN/ctr" -a "$socket" -n k8s.io tasks list -q 2>/dev/null); do
      "$BIN/ctr" -a "$socket" -n k8s.io tasks kill -s SIGKILL "$task" >/dev/null 2>&1
    done
    sleep 1
  fi
  stop "containerd-$node"
  pkill -9 -f "containerd-shim-runc-v2 .*-address $socket" 2>/dev/null
  cgroup_root "$node" down
}
