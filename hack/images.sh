#!/usr/bin/env bash
# Builds the three images from services/Dockerfile (context services/), tagged with the chart's
# appVersion.
#
#   hack/images.sh docker    with Docker, from the official base images (make images, for kind)
#   hack/images.sh podman    with podman, from local stand-ins of the base images, for machines
#                            without a registry (make container-images; hack/stand-ins.sh)
#   hack/images.sh kind      load the images Docker built into the kind cluster
#
# The three targets share the build stage, so Maven downloads and compiles once; a second run
# reuses every layer whose inputs did not change.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

tool=${1:?usage: images.sh docker|podman|kind}
version=$(judge_version)

case "$tool" in
  kind)
    for target in api worker consumer; do
      "$PROJECT_DIR/bin/kind" load docker-image "$(judge_image "$target"):$version" --name judge
    done
    exit ;;
  docker) build=(docker build) ;;
  podman)
    read -ra stand_ins <<< "$("$PROJECT_DIR/hack/stand-ins.sh")"
    # shellcheck disable=SC2206 # the ulimit flags are words
    build=(judge_podman build --pull=never --isolation chroot $JUDGE_PODMAN_ULIMITS "${stand_ins[@]}") ;;
  *) echo "unknown tool: $tool (docker, podman or kind)" >&2; exit 2 ;;
esac

for target in api worker consumer; do
  image=$(judge_image "$target"):$version
  echo "== $image"
  started=$SECONDS
  "${build[@]}" --target "$target" -t "$image" "$SERVICES_DIR"
  echo "Built $image in $((SECONDS - started)) s"
done
