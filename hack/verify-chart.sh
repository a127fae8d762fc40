#!/usr/bin/env bash
# make verify-chart (part of make test): everything about the Kubernetes deployment that can be
# checked without a cluster, against the versions pinned in versions.env.
#   1. helm lint, with each values file;
#   2. helm-unittest (charts/judge/tests/*_test.yaml);
#   3. kubeconform, strict, on the chart rendered with default and non-default values and on the
#      Kubernetes manifests under manifests/, with the Kubernetes and operator CRD schemas;
#   4. a server-side dry run of the same against a real kube-apiserver holding the operators' CRDs;
#   5. the names that tie objects together (tests/chart, pytest);
#   6. the chart's README is what helm-docs makes of values.yaml now;
# and shows that 3 and 4 reject a broken manifest.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$PROJECT_DIR/versions.env"

"$PROJECT_DIR/hack/tools.sh" helm kubeconform helm-unittest helm-docs kube-apiserver kubectl etcd

BIN="$PROJECT_DIR/bin"
kubectl() { "$BIN/kubectl" "$@"; }
CHART="$PROJECT_DIR/charts/judge"
OUT="$PROJECT_DIR/build/verify-chart"
export HELM_PLUGINS="$BIN/helm-plugins"
rm -rf "$OUT" && mkdir -p "$OUT"
CRD_APIS=()
while read -r api; do CRD_APIS+=(--api-versions "$api"); done < <(grep -v '^#' "$PROJECT_DIR/manifests/platform/api-versions.txt")
values_files=("$CHART"/tests/values/*.yaml "$PROJECT_DIR/manifests/judge-kind-values.yaml")

echo "== helm lint"
# Lint cannot be told which APIs a cluster serves, and rendering stops at the first object whose
# operator is missing; so it lints the values that need no operator. The operators' objects are
# rendered, validated and dry-run below.
"$BIN/helm" lint "$CHART" --strict --kube-version "$KUBERNETES_VERSION" -f "$CHART/tests/values/everything-off.yaml"

echo "== helm-unittest"
"$BIN/helm" unittest "$CHART"

echo "== render"
render() { "$BIN/helm" template judge "$CHART" -n judge --kube-version "$KUBERNETES_VERSION" "${CRD_APIS[@]}" "$@"; }
render > "$OUT/default.yaml"
for values in "${values_files[@]}"; do
  render -f "$values" > "$OUT/$(basename "$values" .yaml).yaml"
done
manifests=()
while IFS= read -r file; do manifests+=("$file"); done < <(grep -rl '^apiVersion:' "$PROJECT_DIR/manifests" --include '*.yaml' || true)
ls "$OUT"
# The schemas of the kinds these use (the built-in ones; the pinned operators' CRDs).
"$PROJECT_DIR/hack/schemas.sh" "$OUT"/*.yaml "${manifests[@]}"

kubeconform() {
  "$BIN/kubeconform" -strict -summary -kubernetes-version "${KUBERNETES_VERSION#v}" \
    -schema-location "$PROJECT_DIR/build/schemas-kubernetes/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json" \
    -schema-location "$PROJECT_DIR/build/schemas-crds/{{ .ResourceKind }}-{{ .Group }}-{{ .ResourceAPIVersion }}.json" "$@"
}

# A copy of the default render with one mistake a reviewer could miss: a misspelt field in the
# worker's container, which Kubernetes would otherwise drop silently.
mkdir -p "$OUT/broken"
python3 - "$OUT/default.yaml" "$OUT/broken/worker-typo.yaml" <<'PY'
import sys
text = open(sys.argv[1]).read()
marker = "        - name: worker\n"
assert marker in text, "no worker container in the render"
open(sys.argv[2], "w").write(text.replace(marker, marker + "          imagePullPolicyy: Always\n", 1))
PY

echo "== kubeconform (Kubernetes $KUBERNETES_VERSION, operator CRDs)"
kubeconform "$OUT"/*.yaml "${manifests[@]}"
if kubeconform "$OUT/broken/worker-typo.yaml" >/dev/null 2>&1; then
  echo "kubeconform accepted a broken manifest: the check is not checking" >&2; exit 1
fi
echo "a broken manifest is rejected, as it should be"

echo "== server-side dry run on a real kube-apiserver $KUBERNETES_VERSION"
APISERVER_STATE="$PROJECT_DIR/build/apiserver"
trap '"$PROJECT_DIR/hack/cluster/apiserver.sh" down "$APISERVER_STATE"' EXIT
"$PROJECT_DIR/hack/cluster/apiserver.sh" up "$APISERVER_STATE"
export KUBECONFIG="$APISERVER_STATE/kubeconfig"
kubectl create namespace judge >/dev/null
# manifests/platform's monitors of KEDA and CloudNativePG live in the operators' namespaces.
kubectl create namespace keda >/dev/null
kubectl create namespace cnpg-system >/dev/null
# No controller-manager runs to create it; pods are admitted only with one.
kubectl -n judge create serviceaccount default >/dev/null
for file in "$OUT"/*.yaml "${manifests[@]}"; do
  # The renders and the TestRun go where make deploy and make load-test put them; the platform's
  # manifests name their own namespace.
  namespace=(-n judge)
  [[ "$file" != "$PROJECT_DIR/manifests/platform/"* ]] || namespace=()
  kubectl apply "${namespace[@]}" --server-side --dry-run=server -f "$file" >/dev/null
  echo "accepted: $(basename "$file")"
done
"$BIN/helm" install judge "$CHART" -n judge --dry-run=server >/dev/null
echo "accepted: helm install --dry-run=server (capabilities read from the server)"
if kubectl apply -n judge --server-side --dry-run=server -f "$OUT/broken/worker-typo.yaml" >/dev/null 2>&1; then
  echo "kube-apiserver accepted a broken manifest: the check is not checking" >&2; exit 1
fi
echo "a broken manifest is rejected, as it should be"

echo "== wiring"
export JUDGE_RENDER_DIR="$OUT"
python3 -m pytest "$PROJECT_DIR/tests/chart" -q -p no:cacheprovider

echo "== chart README (helm-docs)"
# The values table comes from values.yaml's "# --" comments: a value added or changed without its
# README is caught here; make fmt rewrites the README.
if ! diff -u "$CHART/README.md" <("$BIN/helm-docs" --chart-search-root "$PROJECT_DIR/charts" --dry-run --skip-version-footer 2>/dev/null); then
  echo "charts/judge/README.md is not what helm-docs makes of values.yaml: run make fmt" >&2
  exit 1
fi
