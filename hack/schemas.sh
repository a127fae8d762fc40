#!/usr/bin/env bash
# JSON schemas for kubeconform, made once per pinned version and cached in ~/.cache/judge/schemas:
#  - CRDs: the pinned operators' CRDs (from their Go modules), converted by kubeconform's script;
#  - Kubernetes, when manifests are given: the built-in kinds they use, from the pinned version's OpenAPI
#    document (the k8s.io/kubernetes module) converted by openapi2jsonschema (PyPI) the way kubeconform's
#    own schema repository is made, but from the part of the document those kinds need
#    (hack/kubernetes-schemas.py says why: 4 s of CPU for the chart's kinds, 106 s for every kind).
# kubeconform's -schema-location templates are in hack/verify-chart.sh.
#
#   hack/schemas.sh [MANIFEST...]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$PROJECT_DIR/versions.env"

ROOT=${JUDGE_SCHEMAS_CACHE:-$HOME/.cache/judge/schemas}
K8S="$ROOT/kubernetes"
CRDS="$ROOT/crds-keda$KEDA_VERSION-rmq$RABBITMQ_CLUSTER_OPERATOR_VERSION-mto$MESSAGING_TOPOLOGY_OPERATOR_VERSION-cnpg$CLOUDNATIVE_PG_VERSION-prom$PROMETHEUS_OPERATOR_VERSION-k6$K6_OPERATOR_VERSION"
VENV="$ROOT/venv-openapi2jsonschema-$OPENAPI2JSONSCHEMA_VERSION"
export GOFLAGS="-buildvcs=false" GOTOOLCHAIN=local

if [[ ! -x "$VENV/bin/openapi2jsonschema" ]]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet 'pyyaml==6.0.2' 'jsonref<0.3' 'click<8' 'colorama<0.5'
  "$VENV/bin/pip" install --quiet --no-deps "openapi2jsonschema==$OPENAPI2JSONSCHEMA_VERSION"
fi

# The built-in kinds' schemas, for the kinds the manifests use and those made before ($kube_dir/.kinds):
# remade, for all of them, only when a kind is new.
kube_dir="$K8S/${KUBERNETES_VERSION}-standalone-strict"
if (($#)); then
  kinds=$(mktemp)
  { cat "$kube_dir/.kinds" 2>/dev/null || true; python3 "$PROJECT_DIR/hack/kubernetes-schemas.py" kinds "$@"; } | sort -u > "$kinds"
  if ! cmp -s "$kinds" "$kube_dir/.kinds"; then
    echo "Making Kubernetes $KUBERNETES_VERSION schemas for the $(wc -l < "$kinds") kinds of the manifests" >&2
    swagger="$(module_dir "k8s.io/kubernetes@$KUBERNETES_VERSION")/api/openapi-spec/swagger.json"
    rm -rf "$kube_dir" && mkdir -p "$kube_dir"
    python3 "$PROJECT_DIR/hack/kubernetes-schemas.py" prune "$swagger" "$kube_dir/.swagger.json" "$kinds"
    # It resolves its own $refs against the working folder, so it must run inside the output folder.
    (cd "$kube_dir" && "$VENV/bin/openapi2jsonschema" --expanded --kubernetes --stand-alone --strict -o . \
      "file://$kube_dir/.swagger.json" >/dev/null 2>&1)
    rm -f "$kube_dir/.swagger.json"
    [[ -f "$kube_dir/_definitions.json" ]] || { echo "openapi2jsonschema made no usable schemas in $kube_dir" >&2; exit 1; }
    mv "$kinds" "$kube_dir/.kinds"
  fi
  rm -f "$kinds"
fi

if [[ ! -f "$CRDS/.done" ]]; then
  echo "Making CRD schemas of the pinned operators (once)" >&2
  mkdir -p "$CRDS"
  script="$(module_dir "github.com/yannh/kubeconform@$KUBECONFORM_VERSION")/scripts/openapi2jsonschema.py"
  crd_files=(
    "$(module_dir "github.com/kedacore/keda/v2@v$KEDA_VERSION")"/config/crd/bases/*.yaml
    "$(module_dir "github.com/rabbitmq/cluster-operator/v2@v$RABBITMQ_CLUSTER_OPERATOR_VERSION")"/config/crd/bases/*.yaml
    "$(module_dir "github.com/rabbitmq/messaging-topology-operator@v$MESSAGING_TOPOLOGY_OPERATOR_VERSION")"/config/crd/bases/rabbitmq.com_{users,permissions}.yaml
    "$(module_dir "github.com/cloudnative-pg/cloudnative-pg@v$CLOUDNATIVE_PG_VERSION")"/config/crd/bases/*.yaml
    "$(module_dir "github.com/grafana/k6-operator@v$K6_OPERATOR_VERSION")"/config/crd/bases/*.yaml
    "$(module_dir "github.com/prometheus-operator/prometheus-operator@v$PROMETHEUS_OPERATOR_VERSION")"/example/prometheus-operator-crd/*.yaml
  )
  (cd "$CRDS" && FILENAME_FORMAT='{kind}-{fullgroup}-{version}' "$VENV/bin/python" "$script" "${crd_files[@]}" >/dev/null)
  # The CRDs themselves, for the kube-apiserver that the chart is dry-run against.
  mkdir -p "$CRDS/definitions"
  cp "${crd_files[@]}" "$CRDS/definitions/"
  touch "$CRDS/.done"
fi

mkdir -p "$PROJECT_DIR/build"
ln -sfn "$K8S" "$PROJECT_DIR/build/schemas-kubernetes"
ln -sfn "$CRDS" "$PROJECT_DIR/build/schemas-crds"
