#!/usr/bin/env bash
# Builds the pinned tools (versions.env) from the Go module proxy, once per version, into a cache
# outside the clone (~/.cache/judge/bin), and links them into bin/. Most are built from one module
# (hack/tools-module.py), so that the libraries they share compile once.
#
#   hack/tools.sh [tool...]      the chart's and the user's: helm kubeconform helm-unittest helm-docs
#                                kubectl kind; the Kubernetes binaries kube-apiserver
#                                kube-controller-manager kubelet kube-scheduler kube-proxy; and the test
#                                cluster's (the builders of those not in the module are in
#                                hack/cluster/builders.sh): etcd coredns
#                                containerd runc pause keda-operator keda-adapter keda-webhooks k6
#                                k6-operator metrics-server cloudnative-pg rabbitmq-cluster-operator
#                                messaging-topology-operator cert-manager-{controller,webhook,cainjector,
#                                startupapicheck} prometheus-operator prometheus kube-state-metrics
#                                (none: what make test needs)
#
# kind, helm and kubectl, which `make kind-up` needs on a user's machine, are first downloaded from
# their release pages where versions.env has a checksum for the platform, and built only when that
# is not possible (no checksum for the platform, or no network, as on the CI machine).
#
# Cold, the module takes ~8 minutes of both cores; cached tools take nothing.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$PROJECT_DIR/versions.env"

CACHE=${JUDGE_TOOLS_CACHE:-$HOME/.cache/judge/bin}
BIN="$PROJECT_DIR/bin"
mkdir -p "$CACHE" "$BIN"
export GOFLAGS="-buildvcs=false" GOTOOLCHAIN=local
# Every tool is built the same way where it can be (static, -trimpath, no symbol tables or DWARF, as
# the projects' own release builds are): Go's build cache keys a package by its flags, so the standard
# library and the dependencies two tools share at one version are compiled once, not once per flag set,
# and the links skip the DWARF that nothing here reads. runc alone needs cgo (libseccomp).
export CGO_ENABLED=0
# The compiler collects its garbage a quarter as often: a tenth less CPU (k8s.io/client-go/kubernetes
# from an empty build cache, 2 cores: 130 s of CPU at Go's default, 117 s at 400, 125 s with it off),
# for ~1 GB more at its peak, which the machines it builds on have.
export GOGC=400
# The compiler writes no DWARF either (-dwarf=false, as go run and go test do): the links' -w would drop
# it, and writing it costs every package's compilation ~6% of its CPU (std and k8s.io/client-go/kubernetes
# from an empty build cache: 76.9 → 71.3 s and 142.6 → 133.5 s). Stack traces come from the symbol table
# Go keeps anyway, so the binaries behave alike.
GO_BUILD_FLAGS=(-trimpath -gcflags=all=-dwarf=false)
STRIP="-s -w"

link() { ln -sfn "$CACHE/$1-$2" "$BIN/$1"; }

# The standard library first, one build at a time: make test's two lanes start together, and two go
# builds compile alike what neither yet finds in the build cache (about a minute of CPU, twice).
if command -v go >/dev/null && command -v flock >/dev/null; then
  flock "$CACHE/.standard-library.lock" go build "${GO_BUILD_FLAGS[@]}" std
fi

os=$(uname -s | tr '[:upper:]' '[:lower:]')
case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) arch=$(uname -m) ;; esac

# A release binary, checked against the checksum versions.env pins for this platform, kept apart from the
# tools built here. Fails (without output) when there is none or the download does not work; the caller
# then builds the tool.
released() { echo "$CACHE/released/$1-$2"; }
link_released() { ln -sfn "$(released "$1" "$2")" "$BIN/$1"; }
download() { # tool version url [path-in-tarball]
  local tool=$1 version=$2 url=$3 member=${4:-} sum_var
  sum_var="$(echo "${tool}_SHA256_${os}_${arch}" | tr '[:lower:]-' '[:upper:]_')"
  local sum=${!sum_var:-}
  [[ -n "$sum" ]] || return 1
  local tmp; tmp=$(mktemp -d)
  if curl -fsSL --connect-timeout 10 --retry 2 -o "$tmp/download" "$url" 2>/dev/null; then
    if [[ "$(sha256_of "$tmp/download")" != "$sum" ]]; then
      echo "$url does not match its checksum in versions.env ($sum_var): refusing it" >&2
      rm -rf "$tmp"; exit 1
    fi
    if [[ -n "$member" ]]; then tar -xzf "$tmp/download" -C "$tmp" "$member"; mv "$tmp/$member" "$tmp/download"; fi
    mkdir -p "$CACHE/released" && chmod +x "$tmp/download" && mv "$tmp/download" "$(released "$tool" "$version")"
    rm -rf "$tmp"
    echo "Downloaded $tool $version ($os/$arch, checksum verified)"
    return 0
  fi
  rm -rf "$tmp"
  return 1
}

# Says early, and plainly, when the local Go cannot build a module (GOTOOLCHAIN=local: no toolchain
# downloads, so that builds work offline).
require_go() { # module version
  local mod needed have
  if ! command -v go >/dev/null; then
    echo "Building $1 $2 needs Go, and there is none on PATH. Install Go (https://go.dev/dl/), or run" >&2
    echo "this where $os/$arch release downloads work (versions.env pins linux/amd64 and linux/arm64)." >&2
    exit 1
  fi
  mod=$(go mod download -json "$1@$2" | python3 -c 'import json,sys; print(json.load(sys.stdin)["GoMod"])')
  needed=$(sed -n 's/^go \([0-9.]*\).*/\1/p' "$mod")
  have=$(go env GOVERSION | sed 's/^go//')
  if [[ "$(printf '%s\n%s\n' "$needed" "$have" | sort -V | head -1)" != "$needed" ]]; then
    echo "Building $1 $2 needs Go $needed or newer; this Go is $have. Install a newer Go (https://go.dev/dl/)." >&2
    exit 1
  fi
}

# A module's source, writable, for builds `go install` refuses (replace directives, workspaces).
module_copy() {
  local module=$1 version=$2 dir
  dir=$(module_dir "$module@$version")
  local copy; copy=$(mktemp -d)
  cp -r "$dir/." "$copy/"
  chmod -R u+w "$copy"
  echo "$copy"
}

go_install() { # tool version package [ldflags]
  local tool=$1 version=$2 package=$3 ldflags=${4:-}
  if [[ ! -x "$CACHE/$tool-$version" ]]; then
    echo "Building $tool $version (once; cached in $CACHE)"
    local gobin; gobin=$(mktemp -d)
    GOBIN="$gobin" go install "${GO_BUILD_FLAGS[@]}" -ldflags "$STRIP $ldflags" "$package@$version"
    mv "$gobin/$(basename "${package%%/v[0-9]*}")" "$CACHE/$tool-$version" 2>/dev/null || mv "$gobin"/* "$CACHE/$tool-$version"
    rm -rf "$gobin"
  fi
  link "$tool" "$version"
}

# The test cluster's KEDA has the scalers of these trigger types only (hack/tools-module.py says
# why): the chart's (tests/chart holds its ScaledObjects to them), and CPU and memory, which cost nothing.
KEDA_TEST_TRIGGER_TYPES="rabbitmq cpu memory"

# The Kubernetes binaries, helm, helm-unittest, CoreDNS and the test cluster's operators: from
# one module (hack/tools-module.py says why), each linked as its own Makefile links it. Static, for the
# upstream images FROM scratch.
build_module_tools() { # tools...
  local key dir missing=() tool src out
  # shellcheck disable=SC2086 # a list of words
  key=$(python3 "$PROJECT_DIR/hack/tools-module.py" key $KEDA_TEST_TRIGGER_TYPES)
  dir="$CACHE/tools-$key"
  for tool in "$@"; do [[ -x "$dir/$tool" ]] || missing+=("$tool"); done
  if ((${#missing[@]})); then
    local minor; minor=$(echo "$KUBERNETES_VERSION" | cut -d. -f2)
    local kubernetes="-X k8s.io/component-base/version.gitVersion=$KUBERNETES_VERSION -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$minor"
    local keda="-X github.com/kedacore/keda/v2/version.Version=v$KEDA_VERSION"
    declare -A package=(
      [kube-apiserver]=k8s.io/kubernetes/cmd/kube-apiserver [kube-controller-manager]=k8s.io/kubernetes/cmd/kube-controller-manager
      [kubelet]=k8s.io/kubernetes/cmd/kubelet [kube-scheduler]=k8s.io/kubernetes/cmd/kube-scheduler
      [kube-proxy]=k8s.io/kubernetes/cmd/kube-proxy [kubectl]=k8s.io/kubernetes/cmd/kubectl
      [helm]=helm.sh/helm/v3/cmd/helm [helm-unittest]=github.com/helm-unittest/helm-unittest/cmd/helm-unittest
      [coredns]=./coredns
      [keda-operator]=github.com/kedacore/keda/v2/cmd/operator [keda-adapter]=github.com/kedacore/keda/v2/cmd/adapter
      [keda-webhooks]=github.com/kedacore/keda/v2/cmd/webhooks [k6-operator]=github.com/grafana/k6-operator/cmd
      [cloudnative-pg]=github.com/cloudnative-pg/cloudnative-pg/cmd/manager)
    # Each tool's link flags, as its Makefile sets them: helm its version, and the Kubernetes version it
    # assumes when no cluster says otherwise (its client-go's minor: the pinned Kubernetes').
    declare -A ldflags=(
      [kube-apiserver]=$kubernetes [kube-controller-manager]=$kubernetes [kubelet]=$kubernetes
      [kube-scheduler]=$kubernetes [kube-proxy]=$kubernetes [kubectl]=$kubernetes
      [helm]="-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=$minor -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=$minor"
      [keda-operator]=$keda [keda-adapter]=$keda [keda-webhooks]=$keda
      [cloudnative-pg]="-X github.com/cloudnative-pg/cloudnative-pg/pkg/versions.buildVersion=$CLOUDNATIVE_PG_VERSION")
    for tool in "${missing[@]}"; do
      [[ -n "${package[$tool]:-}" ]] || { echo "not a tool of hack/tools-module.py: $tool" >&2; exit 2; }
    done
    echo "Building ${missing[*]} from one module (KEDA with the scalers of $KEDA_TEST_TRIGGER_TYPES only)"
    src=$(mktemp -d) out=$(mktemp -d)
    # shellcheck disable=SC2086
    python3 "$PROJECT_DIR/hack/tools-module.py" prepare "$src" $KEDA_TEST_TRIGGER_TYPES
    mkdir -p "$dir"
    # One go build for the tools of one set of link flags, in the order asked (the chart's tools first):
    # what they share compiles once, in parallel, and their links run side by side.
    local remaining=("${missing[@]}") members packages rest flags
    while ((${#remaining[@]})); do
      flags=${ldflags[${remaining[0]}]:-} members=() packages=() rest=()
      for tool in "${remaining[@]}"; do
        if [[ "${ldflags[$tool]:-}" == "$flags" ]]; then members+=("$tool") packages+=("${package[$tool]}"); else rest+=("$tool"); fi
      done
      (cd "$src" && GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" go build "${GO_BUILD_FLAGS[@]}" \
        -ldflags "$STRIP $flags" -o "$out/" "${packages[@]}")
      for tool in "${members[@]}"; do mv "$out/$(basename "${package[$tool]}")" "$dir/$tool"; done
      remaining=("${rest[@]}")
    done
    rm -rf "$src" "$out"
  fi
  for tool in "$@"; do ln -sfn "$dir/$tool" "$BIN/$tool"; done
}

# helm-unittest as the helm plugin its release installs: the binary plugin.yaml names for this platform.
link_helm_unittest() {
  local plugin="$CACHE/helm-unittest-$HELM_UNITTEST_VERSION-plugin"
  if [[ ! -e "$plugin/plugin.yaml" ]]; then
    rm -rf "$plugin"; mkdir -p "$plugin"
    cp "$(module_dir "github.com/helm-unittest/helm-unittest@$HELM_UNITTEST_VERSION")/plugin.yaml" "$plugin/"
  fi
  ln -sfn "$(readlink "$BIN/helm-unittest")" "$plugin/untt-${os/darwin/macos}-$arch"
  # A private plugin folder under bin/, so that nothing outside the clone is touched.
  export HELM_PLUGINS="$BIN/helm-plugins"
  mkdir -p "$HELM_PLUGINS"
  ln -sfn "$plugin" "$HELM_PLUGINS/unittest"
}

source "$PROJECT_DIR/hack/cluster/builders.sh"

tools=("$@")
((${#tools[@]})) || tools=(helm kubeconform helm-unittest helm-docs kube-apiserver kubectl kube-controller-manager kubelet
  kube-scheduler kube-proxy coredns etcd keda-operator keda-adapter keda-webhooks containerd runc pause)
module_tools=()  # built together at the end, from one module (build_module_tools)
# Each build's time and CPU, for docs/testing.md's account of a cold run (cached tools take none).
children_cpu() { # sets CPU to the CPU seconds (user + sys) of this shell's finished children so far
  local times; times=$(mktemp)
  times > "$times"  # in this shell: a subshell's children (as in $(...)) are not this shell's
  CPU=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); cpu += t[1] * 60 + t[2] } } END { printf "%.0f", cpu }' "$times")
  rm -f "$times"
}
timed() { # what command...: runs it in this shell, and says what it took when it built anything
  local started=$SECONDS before
  children_cpu; before=$CPU
  "${@:2}"
  children_cpu
  if ((SECONDS - started >= 2)); then echo "tools.sh: $1 took $((SECONDS - started)) s, $((CPU - before)) s of CPU"; fi
}
for tool in "${tools[@]}"; do
  case "$tool" in
    # Downloaded where versions.env has the release's checksum for this platform (make kind-up on a
    # user's machine), else built with the others.
    helm)
      if [[ -x "$(released helm "$HELM_VERSION")" ]] || download helm "$HELM_VERSION" \
        "https://get.helm.sh/helm-$HELM_VERSION-$os-$arch.tar.gz" "$os-$arch/helm"; then link_released helm "$HELM_VERSION"
      else require_go helm.sh/helm/v3 "$HELM_VERSION"; module_tools+=(helm); fi ;;
    kubectl)
      if [[ -x "$(released kubectl "$KUBERNETES_VERSION")" ]] || download kubectl "$KUBERNETES_VERSION" \
        "https://dl.k8s.io/release/$KUBERNETES_VERSION/bin/$os/$arch/kubectl"; then link_released kubectl "$KUBERNETES_VERSION"
      else require_go k8s.io/kubernetes "$KUBERNETES_VERSION"; module_tools+=(kubectl); fi ;;
    kind)
      if [[ -x "$(released kind "$KIND_VERSION")" ]] || download kind "$KIND_VERSION" \
        "https://github.com/kubernetes-sigs/kind/releases/download/$KIND_VERSION/kind-$os-$arch"; then link_released kind "$KIND_VERSION"
      else require_go sigs.k8s.io/kind "$KIND_VERSION"; go_install kind "$KIND_VERSION" sigs.k8s.io/kind; fi ;;
    kubeconform) timed kubeconform go_install kubeconform "$KUBECONFORM_VERSION" github.com/yannh/kubeconform/cmd/kubeconform ;;
    helm-docs) timed helm-docs go_install helm-docs "$HELM_DOCS_VERSION" github.com/norwoodj/helm-docs/cmd/helm-docs ;;
    kube-apiserver|kube-controller-manager|kubelet|kube-scheduler|kube-proxy|helm-unittest|coredns|keda-operator|keda-adapter|\
      keda-webhooks|cloudnative-pg|k6-operator) module_tools+=("$tool") ;;
    *) timed "$tool" cluster_tool "$tool" ;;  # hack/cluster/builders.sh
  esac
done
((${#module_tools[@]} == 0)) || timed "${module_tools[*]}" build_module_tools "${module_tools[@]}"
[[ " ${module_tools[*]} " != *" helm-unittest "* ]] || link_helm_unittest
timed cert-manager cluster_tools_build
