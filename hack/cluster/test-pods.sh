#!/usr/bin/env bash
# make test-pods (and the last part of make test): the chart as users install it, its pods run by a
# real kubelet and containerd (hack/cluster/run.sh) in a network namespace of their own, then tests/pods.
# Builds what it needs first, outside that namespace: the pinned Kubernetes, containerd, runc and
# KEDA binaries (hack/tools.sh, cached; KEDA's for its images), the three images (hack/images.sh podman) and the upstream
# ones (hack/cluster/upstream-images.sh), saved for import.
# The kernel settings the kubelet changes at start are put back afterwards.
#
#   [JUDGE_LANGUAGES=all|default|c,cpp,...] hack/cluster/test-pods.sh [--monitoring | --rabbitmq-operators] [pytest args...]
#   hack/cluster/test-pods.sh --our-images    only build and save the three images and the language images
#   JUDGE_IMAGES_BUILT=1 ...                  the three images are built already (make test): save them as they are
#
# --monitoring (make test-monitoring) runs the tests marked monitoring instead of the others: the
# Prometheus Operator, Prometheus and kube-state-metrics in the cluster, reading the chart's monitors,
# alerts and dashboard; their images are built for it.
# --rabbitmq-operators (make test-rabbitmq-operators) runs the tests marked rabbitmq_operators or
# any_broker on the chart's RabbitmqCluster, users and permissions as the RabbitMQ cluster and
# messaging topology operators (with cert-manager) make them; their images and the broker's are
# built for it.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_DIR/versions.env"

state="$PROJECT_DIR/build/pods"
images="$state/images"
selection=(-m "not monitoring and not rabbitmq_operators") image_sets=() our_images_only=false
case "${1:-}" in
  --our-images) our_images_only=true ;;
  --monitoring)
    shift
    selection=(-m monitoring) image_sets=(monitoring)
    state="$PROJECT_DIR/build/monitoring" ;;
  --rabbitmq-operators)
    shift
    selection=(-m "rabbitmq_operators or any_broker") image_sets=(rabbitmq-operators)
    state="$PROJECT_DIR/build/rabbitmq-operators"
    export JUDGE_PODS_BROKER=operators ;;
esac

# Our images first: they need no tool, so make test saves them (--our-images) while the tools still build.
# make test has just built them for the containers tier and says so (JUDGE_IMAGES_BUILT): podman's cached
# builds of the three would take ~20 s again, for each of its two calls.
[[ -n "${JUDGE_IMAGES_BUILT:-}" ]] || "$PROJECT_DIR/hack/images.sh" podman
mkdir -p "$images"
version=$(judge_version)
# Each image also under a second tag, the release a helm upgrade moves to (tests/pods/test_upgrade.py):
# the same content, so that the upgrade replaces every pod as a new release does.
export JUDGE_UPGRADE_TAG="$version-upgrade"
for component in api worker consumer; do
  image="localhost/$(judge_image "$component"):$version"
  id=$(judge_podman image inspect --format '{{.Id}}' "$image")
  if [[ "$(cat "$images/$component.id" 2>/dev/null)" != "$id" ]]; then
    rm -f "$images/$component.tar"
    judge_podman tag "$image" "${image%:*}:$JUDGE_UPGRADE_TAG"
    judge_podman save --format docker-archive -o "$images/$component.tar" "$image" "${image%:*}:$JUDGE_UPGRADE_TAG"
    echo "$id" > "$images/$component.id"
  fi
done

# The language images the worker pods mount (the stand-ins of those tests/pods/values.yaml enables, or
# JUDGE_LANGUAGES's: all, default or ids, given to the release as one more values file), in one archive.
if [[ -n "${JUDGE_LANGUAGES:-}" ]]; then
  mapfile -t enabled < <(judge_selected_languages "$JUDGE_LANGUAGES")
  if [[ " ${enabled[*]} " != *" python "* ]]; then
    echo "JUDGE_LANGUAGES=$JUDGE_LANGUAGES leaves out python, in which the pod tier's tests submit their programs" >&2
    exit 2
  fi
else
  mapfile -t enabled < <(python3 -c 'import sys, yaml; print(*yaml.safe_load(open(sys.argv[1]))["languages"]["enabled"], sep="\n")' \
    "$PROJECT_DIR/tests/pods/values.yaml")
fi
language_stand_ins=$("$PROJECT_DIR/hack/stand-ins.sh" languages "${enabled[@]}")  # "<id> <image>" a line
if [[ -n "${JUDGE_LANGUAGES:-}" ]]; then
  export JUDGE_PODS_LANGUAGE_VALUES="$state/languages-values.yaml"
  python3 -c 'import sys, yaml
images = dict(line.split() for line in sys.stdin)
print(yaml.safe_dump({"languages": {"enabled": sorted(images), "images": images}}))' <<< "$language_stand_ins" > "$JUDGE_PODS_LANGUAGE_VALUES"
fi
mapfile -t language_images < <(awk '{print $2}' <<< "$language_stand_ins" | sort -u)
ids=$(judge_podman image inspect --format '{{.Id}}' "${language_images[@]}")
if [[ "$(cat "$images/languages.id" 2>/dev/null)" != "$ids" ]]; then
  rm -f "$images/languages.tar"
  judge_podman save --multi-image-archive --format docker-archive -o "$images/languages.tar" "${language_images[@]}"
  echo "$ids" > "$images/languages.id"
fi
[[ "$our_images_only" == false ]] || exit 0

"$PROJECT_DIR/hack/tools.sh" helm kubectl kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy coredns etcd \
  containerd runc pause
"$PROJECT_DIR/hack/schemas.sh"

# The upstream images the user's manifests name (the k6-operator's controller, the TestRun's runner
# and starter), built from their pinned sources; the operator's chart from its Go module, as pinned.
"$PROJECT_DIR/hack/cluster/upstream-images.sh" "$images" "${image_sets[@]}"
K6_OPERATOR_CHART="$(module_dir "github.com/grafana/k6-operator@v$K6_OPERATOR_VERSION")/charts/k6-operator"
METRICS_SERVER_CHART="$(module_dir "sigs.k8s.io/metrics-server@$METRICS_SERVER_VERSION")/charts/metrics-server"
# KEDA's release manifest is this kustomization, rendered with the release's image tags.
KEDA_CONFIG="$(module_dir "github.com/kedacore/keda/v2@v$KEDA_VERSION")/config/default"
# CloudNativePG's release manifest, as its docs apply it, from the pinned module.
CLOUDNATIVE_PG_MANIFEST="$(module_dir "github.com/cloudnative-pg/cloudnative-pg@v$CLOUDNATIVE_PG_VERSION")/releases/cnpg-$CLOUDNATIVE_PG_VERSION.yaml"
export K6_OPERATOR_CHART METRICS_SERVER_CHART KEDA_CONFIG CLOUDNATIVE_PG_MANIFEST
if [[ " ${image_sets[*]} " == *" rabbitmq-operators "* ]]; then
  # The operators' release manifests are these kustomizations, rendered with the releases' image tags;
  # cert-manager's chart is in its module.
  RABBITMQ_CLUSTER_OPERATOR_CONFIG="$(module_dir "github.com/rabbitmq/cluster-operator/v2@v$RABBITMQ_CLUSTER_OPERATOR_VERSION")/config/installation"
  MESSAGING_TOPOLOGY_OPERATOR_CONFIG="$(module_dir "github.com/rabbitmq/messaging-topology-operator@v$MESSAGING_TOPOLOGY_OPERATOR_VERSION")/config/installation"
  CERT_MANAGER_CHART="$(module_dir "github.com/cert-manager/cert-manager@$CERT_MANAGER_TESTED_VERSION")/deploy/charts/cert-manager"
  export RABBITMQ_CLUSTER_OPERATOR_CONFIG MESSAGING_TOPOLOGY_OPERATOR_CONFIG CERT_MANAGER_CHART
fi
if [[ " ${image_sets[*]} " == *" monitoring "* ]]; then
  # The operator's own example manifests, and kube-state-metrics' (examples/standard).
  PROMETHEUS_OPERATOR_MODULE="$(module_dir "github.com/prometheus-operator/prometheus-operator@v$PROMETHEUS_OPERATOR_VERSION")"
  KUBE_STATE_METRICS_MODULE="$(module_dir "k8s.io/kube-state-metrics/v2@$KUBE_STATE_METRICS_VERSION")"
  export PROMETHEUS_OPERATOR_MODULE KUBE_STATE_METRICS_MODULE
fi

# kubelet's setupKernelTunables rewrites these for the whole machine, not only the namespace.
tunables=(vm.overcommit_memory vm.panic_on_oom kernel.panic kernel.panic_on_oops kernel.keys.root_maxkeys kernel.keys.root_maxbytes)
saved=()
for key in "${tunables[@]}"; do saved+=("$key=$(sysctl -n "$key")"); done
restore() { sysctl -q -w "${saved[@]}" || true; }
trap restore EXIT

rm -rf "${state:?}/cluster" "$state/rabbitmq" "$state/volumes" "$state/logs" "$state"/*.log
unshare --net -- "$PROJECT_DIR/hack/cluster/run.sh" "$state" "$images" \
  python3 -m pytest "$PROJECT_DIR/tests/pods" -v -s -p no:cacheprovider --durations=15 "${selection[@]}" "$@"
