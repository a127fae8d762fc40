# The test cluster's tools that hack/tools.sh does not build from its one module (hack/tools-module.py):
# built by hack/tools.sh (which sources this and has the build helpers it uses: link, go_install,
# module_copy, module_dir): etcd, containerd, runc, the pause image, and for the upstream images the pod tiers run
# (hack/cluster/upstream-images.sh) k6, metrics-server, the RabbitMQ operators, cert-manager, the
# Prometheus Operator, Prometheus and kube-state-metrics. Each is built as its own Makefile or
# Dockerfile builds it, from the Go module proxy, at the version versions.env pins.
# shellcheck shell=bash disable=SC2154 # hack/tools.sh's variables: CACHE, BIN, GO_BUILD_FLAGS, STRIP and versions.env's

cert_manager_tools=()  # built together, in one go build

cluster_tool() { # tool: built now, or queued for its set (cluster_tools_build)
  local tool=$1 replacements
  case "$tool" in
    containerd) build_containerd ;;
    runc) build_runc ;;
    pause) build_pause ;;
    etcd) build_etcd ;;
    k6) go_install k6 "$K6_VERSION" go.k6.io/k6 ;;
    registry) go_install registry "$GO_CONTAINERREGISTRY_VERSION" github.com/google/go-containerregistry/cmd/registry ;;
    rabbitmq-cluster-operator) build_rabbitmq_operator "$tool" github.com/rabbitmq/cluster-operator/v2 \
      "v$RABBITMQ_CLUSTER_OPERATOR_VERSION" . ;;
    messaging-topology-operator)
      read -ra replacements <<< "${MESSAGING_TOPOLOGY_OPERATOR_REPLACE_REFUSED:-}"
      build_rabbitmq_operator "$tool" github.com/rabbitmq/messaging-topology-operator \
        "v$MESSAGING_TOPOLOGY_OPERATOR_VERSION" ./cmd "${replacements[@]}" ;;
    cert-manager-controller|cert-manager-webhook|cert-manager-cainjector|cert-manager-startupapicheck) cert_manager_tools+=("$tool") ;;
    prometheus-operator) build_prometheus_operator ;;
    prometheus) build_prometheus ;;
    kube-state-metrics) build_kube_state_metrics ;;
    # Its own module graph (hack/tools-module.py says why). Static, for its image FROM scratch, as its
    # Makefile builds it (whose PKG is k8s.io/client-go/pkg: the version it prints is client-go's variable).
    metrics-server) go_install metrics-server "$METRICS_SERVER_VERSION" sigs.k8s.io/metrics-server/cmd/metrics-server \
      "-X k8s.io/client-go/pkg/version.gitVersion=$METRICS_SERVER_VERSION" ;;
    *) echo "unknown tool: $tool" >&2; exit 2 ;;
  esac
}

cluster_tools_build() {
  ((${#cert_manager_tools[@]} == 0)) || build_cert_manager "${cert_manager_tools[@]}"
}

build_containerd() { # containerd, its runc shim and ctr; go install refuses the module (exclude directives)
  local version=$CONTAINERD_VERSION
  if [[ ! -x "$CACHE/containerd-$version/containerd" ]]; then
    echo "Building containerd $version (~1 minute cold)"
    local src; src=$(module_copy github.com/containerd/containerd/v2 "$version")
    rm -rf "$CACHE/containerd-$version"; mkdir -p "$CACHE/containerd-$version"
    (cd "$src" && GOFLAGS="-mod=mod -buildvcs=false" go build "${GO_BUILD_FLAGS[@]}" -tags urfave_cli_no_docs \
      -ldflags "$STRIP -X github.com/containerd/containerd/v2/version.Version=$version" \
      -o "$CACHE/containerd-$version/" ./cmd/containerd ./cmd/containerd-shim-runc-v2 ./cmd/ctr)
    rm -rf "$src"
  fi
  for tool in containerd containerd-shim-runc-v2 ctr; do ln -sfn "$CACHE/containerd-$version/$tool" "$BIN/$tool"; done
}

build_runc() { # with seccomp (cgo, libseccomp-dev), and new enough to give pods user namespaces (idmap mounts)
  local version=$RUNC_VERSION
  if [[ ! -x "$CACHE/runc-$version" ]]; then
    echo "Building runc $version"
    local gobin; gobin=$(mktemp -d)
    GOBIN="$gobin" CGO_ENABLED=1 go install "${GO_BUILD_FLAGS[@]}" -tags "seccomp urfave_cli_no_docs" \
      -ldflags "$STRIP -X main.version=${version#v}" "github.com/opencontainers/runc@$version"
    mv "$gobin/runc" "$CACHE/runc-$version"
    rm -rf "$gobin"
  fi
  link runc "$version"
}

build_pause() { # the pod sandbox's process, from Kubernetes' own pause.c, as an image tarball
  local version=$KUBERNETES_VERSION tarball="$CACHE/pause-${PAUSE_IMAGE##*:}-$KUBERNETES_VERSION.tar"
  if [[ ! -f "$tarball" ]]; then
    echo "Building the pause image from k8s.io/kubernetes@$version"
    local dir src; dir=$(module_dir "k8s.io/kubernetes@$version")
    src=$(mktemp -d)
    gcc -Os -Wall -Werror -static -DVERSION="${PAUSE_IMAGE##*:}" -o "$src/pause" "$dir/build/pause/linux/pause.c"
    printf 'FROM scratch\nCOPY pause /pause\nUSER 65535:65535\nENTRYPOINT ["/pause"]\n' > "$src/Containerfile"
    judge_podman build --quiet --isolation chroot -t "$PAUSE_IMAGE" "$src" >/dev/null
    judge_podman save --format docker-archive -o "$tarball.tmp" "$PAUSE_IMAGE" && mv "$tarball.tmp" "$tarball"
    rm -rf "$src"
  fi
  ln -sfn "$tarball" "$BIN/pause.tar"
}

build_main() { # tool version module: a tool whose main package is the Go program on stdin, built against MODULE@VERSION
  local tool=$1 version=$2 module=$3
  if [[ ! -x "$CACHE/$tool-$version" ]]; then
    echo "Building $tool $version"
    local src; src=$(mktemp -d)
    cat > "$src/main.go"
    (cd "$src" && go mod init "$tool-local" >/dev/null 2>&1 && go get "$module@$version" >/dev/null 2>&1 \
      && go mod tidy >/dev/null 2>&1 && go build "${GO_BUILD_FLAGS[@]}" -ldflags "$STRIP" -o "$CACHE/$tool-$version" .)
    rm -rf "$src"
  else
    cat > /dev/null
  fi
  link "$tool" "$version"
}

# In a module copy, each dependency versions.env moves ("module=module@version", space-separated): the
# version its go.mod requires is one the Go module proxy refuses.
replace_refused() { # dir replacements...
  local dir=$1 replacement
  for replacement in "${@:2}"; do (cd "$dir" && go mod edit -replace "$replacement"); done
}

# The RabbitMQ cluster operator and messaging topology operator, each as its Dockerfile builds its
# manager (static, timetzdata), from a copy of its module.
build_rabbitmq_operator() { # tool module version package [replacement...]
  local tool=$1 module=$2 version=$3 package=$4
  if [[ ! -x "$CACHE/$tool-$version" ]]; then
    echo "Building $tool $version"
    local src; src=$(module_copy "$module" "$version")
    replace_refused "$src" "${@:5}"
    (cd "$src" && GOFLAGS="-mod=mod -buildvcs=false" go build "${GO_BUILD_FLAGS[@]}" -tags timetzdata \
      -ldflags "$STRIP" -o "$CACHE/$tool-$version" "$package")
    rm -rf "$src"
  fi
  link "$tool" "$version"
}

# cert-manager's controller, webhook, cainjector and startupapicheck. Their main packages are modules
# of their own under cmd/ (replacing the main module with ../../), which the Go module proxy does not
# serve; the main module it does. So: the main module from the proxy, and cmd/ from the release's tag
# in cert-manager's git (CERT_MANAGER_GIT: its URL, or a local clone on a machine without GitHub) put
# back in its place, built as cert-manager's Makefile builds them. The version is the one the tests
# run (versions.env says why it is not make kind-up's).
build_cert_manager() { # tools...
  local version=$CERT_MANAGER_TESTED_VERSION missing=() tool
  for tool in "$@"; do [[ -x "$CACHE/$tool-$version" ]] || missing+=("$tool"); done
  if ((${#missing[@]})); then
    local git=${CERT_MANAGER_GIT:-https://github.com/cert-manager/cert-manager} ref=$version
    echo "Building ${missing[*]} $version (cmd/ from $git at $ref)"
    local src; src=$(module_copy github.com/cert-manager/cert-manager "$version")
    if [[ -d "$git" ]]; then
      git --git-dir "$(git -C "$git" rev-parse --absolute-git-dir)" archive "$ref" cmd | tar -x -C "$src"
    else
      local clone; clone=$(mktemp -d)
      git clone --quiet --depth 1 --branch "$ref" "$git" "$clone"
      cp -r "$clone/cmd" "$src/"
      rm -rf "$clone"
    fi
    for tool in "${missing[@]}"; do
      (cd "$src/cmd/${tool#cert-manager-}" && GOFLAGS="-mod=mod -buildvcs=false" go build "${GO_BUILD_FLAGS[@]}" -ldflags \
        "$STRIP -X github.com/cert-manager/cert-manager/pkg/util.AppVersion=$version" -o "$CACHE/$tool-$version" .)
    done
    rm -rf "$src"
  fi
  for tool in "$@"; do link "$tool" "$version"; done
}

build_prometheus_operator() { # the operator and its config reloader, from one copy of the module, as its Makefile builds them
  local version=v$PROMETHEUS_OPERATOR_VERSION missing=() tool
  for tool in prometheus-operator prometheus-config-reloader; do [[ -x "$CACHE/$tool-$version" ]] || missing+=("$tool"); done
  if ((${#missing[@]})); then
    echo "Building ${missing[*]} $version"
    local src nested; src=$(module_copy github.com/prometheus-operator/prometheus-operator "$version")
    # go.mod replaces its API and client modules with ./pkg/..., which the module's zip leaves out
    # (they are modules of their own): put their copies, at the same version, where it looks.
    for nested in pkg/apis/monitoring pkg/client; do
      mkdir -p "$src/$nested"
      cp -r "$(module_dir "github.com/prometheus-operator/prometheus-operator/$nested@$version")/." "$src/$nested/"
    done
    (
      cd "$src" && chmod -R u+w . && mkdir out
      GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" go build "${GO_BUILD_FLAGS[@]}" \
        -ldflags "$STRIP -X github.com/prometheus/common/version.Version=${version#v}" -o out/ ./cmd/operator ./cmd/prometheus-config-reloader
      mv out/operator "$CACHE/prometheus-operator-$version"
      mv out/prometheus-config-reloader "$CACHE/prometheus-config-reloader-$version"
    )
    rm -rf "$src"
  fi
  for tool in prometheus-operator prometheus-config-reloader; do link "$tool" "$version"; done
}

build_prometheus() { # Prometheus and promtool, with the one service discovery the operator's configurations use
  local version=$PROMETHEUS_VERSION
  if [[ ! -x "$CACHE/prometheus-$version/prometheus" ]]; then
    echo "Building prometheus $version"
    local src; src=$(module_copy github.com/prometheus/prometheus "$PROMETHEUS_MODULE_VERSION")
    # plugins/plugins.go is generated from plugins.yml, which Prometheus lets builders trim; every
    # scrape configuration the operator writes uses kubernetes_sd_configs only. No builtinassets tag:
    # no web UI, the HTTP API is whole.
    printf 'package plugins\n\nimport _ "github.com/prometheus/prometheus/discovery/kubernetes" // Register kubernetes plugin.\n' \
      > "$src/plugins/plugins.go"
    rm -rf "$CACHE/prometheus-$version"; mkdir -p "$CACHE/prometheus-$version"
    (cd "$src" && GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" go build "${GO_BUILD_FLAGS[@]}" \
      -ldflags "$STRIP -X github.com/prometheus/common/version.Version=${version#v}" \
      -o "$CACHE/prometheus-$version/" ./cmd/prometheus ./cmd/promtool)
    rm -rf "$src"
  fi
  for tool in prometheus promtool; do ln -sfn "$CACHE/prometheus-$version/$tool" "$BIN/$tool"; done
}

build_kube_state_metrics() { # static, as its Makefile's build-local; go install refuses it (the proxy withholds its version list)
  local version=$KUBE_STATE_METRICS_VERSION
  if [[ ! -x "$CACHE/kube-state-metrics-$version" ]]; then
    echo "Building kube-state-metrics $version"
    local src; src=$(module_copy k8s.io/kube-state-metrics/v2 "$version")
    (cd "$src" && GOFLAGS="-mod=mod -buildvcs=false" go build "${GO_BUILD_FLAGS[@]}" \
      -ldflags "$STRIP -X github.com/prometheus/common/version.Version=$version" -o "$CACHE/kube-state-metrics-$version" .)
    rm -rf "$src"
  fi
  link kube-state-metrics "$version"
}

build_etcd() {
  build_main etcd "$ETCD_VERSION" go.etcd.io/etcd/server/v3 <<'GO'
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() { etcdmain.Main(os.Args) }
GO
}
