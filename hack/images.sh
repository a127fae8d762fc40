#!/usr/bin/env bash
# Builds the three images from services/Dockerfile (context services/), tagged with the chart's
# appVersion; with Docker, also this project's images of the languages make deploy enables
# (services/language-images/; manifests/judge-kind-values.yaml's languages.enabled, or JUDGE_LANGUAGES:
# all, default or ids), which `kind` loads into the nodes that run workers alone.
#
#   hack/images.sh docker    with Docker, from the official base images (make images, for kind)
#   hack/images.sh podman    with podman, from local stand-ins of the base images, for machines
#                            without a registry (make container-images; hack/stand-ins.sh)
#   hack/images.sh kind      load the images Docker built into the kind cluster
#
# Docker builds are also tagged <appVersion>-<12 digits of the image ID>, and build/image-tags.yaml
# gives those tags to the chart (make deploy): a rebuilt image gets a new tag, so `make images
# deploy` rolls exactly the pods whose image changed (with IfNotPresent, a reused tag never would).
#
# The three targets share the build stage, so Maven downloads and compiles once; a second run
# reuses every layer whose inputs did not change.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

tool=${1:?usage: images.sh docker|podman|kind}
version=$(judge_version)
# Listed first, so that a catalog that cannot be read stops the script before it builds anything (a
# failing substitution in a for loop's list would not).
languages=$(judge_kind_languages)
enabled=()
[[ -z "$languages" ]] || mapfile -t enabled <<< "$languages"
language_images=$(judge_language_images "${enabled[@]}")

content_tag() { # component: its image's tag by content; fails where Docker has no such image
  local id
  id=$(docker image inspect -f '{{.Id}}' "$(judge_image "$1"):$version") || return
  id=${id#sha256:}
  echo "$version-${id:0:12}"
}

case "$tool" in
  kind)
    # The worker's image and the language images into the nodes that run workers (kind-config.yaml
    # labels them, the kind values select them), the API's and the consumer's into every node.
    sandbox_nodes=$("$PROJECT_DIR/bin/kubectl" --context kind-judge get nodes -l judge.dev/sandbox=true \
      -o jsonpath='{range .items[*]}{.metadata.name}{","}{end}')
    sandbox_nodes=${sandbox_nodes%,}
    if [[ -z "$sandbox_nodes" ]]; then
      echo "No node of the kind cluster judge is labelled judge.dev/sandbox=true (kind-config.yaml): make kind-up first" >&2
      exit 1
    fi
    for target in api worker consumer; do
      nodes=()
      [[ "$target" != worker ]] || nodes=(--nodes "$sandbox_nodes")
      "$PROJECT_DIR/bin/kind" load docker-image "$(judge_image "$target"):$(content_tag "$target")" --name judge "${nodes[@]}"
    done
    for image in $language_images; do
      "$PROJECT_DIR/bin/kind" load docker-image "$image" --name judge --nodes "$sandbox_nodes"
    done
    exit ;;
  docker)
    build=(docker build)
    # Provenance and SBOM attestations (on by default in current Docker) make `kind load` fail with
    # Docker's containerd image store: "ctr: content digest ...: not found" (kind issue #3795).
    if docker buildx version >/dev/null 2>&1; then build+=(--provenance=false --sbom=false); fi ;;
  podman)
    read -ra stand_ins <<< "$("$PROJECT_DIR/hack/stand-ins.sh")"
    # shellcheck disable=SC2206 # the ulimit flags are words
    # The build stage's Maven runs on this machine's Maven repository (mounted, never in a layer): what the
    # Maven tests downloaded is not downloaded again (docs/images.md, "Build times").
    mkdir -p "$HOME/.m2"
    build=(judge_podman build --pull=never --isolation chroot "${JUDGE_PODMAN_ULIMITS[@]}" "${stand_ins[@]}"
      --volume "$HOME/.m2:/root/.m2") ;;
  *) echo "unknown tool: $tool (docker, podman or kind)" >&2; exit 2 ;;
esac

# testlib.h into the build context for the worker image (services/testlib/README.md); hack/testlib.sh
# has tried GitHub and TESTLIB_SOURCE, so the build does not download it again.
source "$PROJECT_DIR/versions.env"
"$PROJECT_DIR/hack/testlib.sh"
rm -f "$SERVICES_DIR/testlib/testlib.h"
if [[ -f "$PROJECT_DIR/build/testlib/testlib.h" ]]; then
  cp "$PROJECT_DIR/build/testlib/testlib.h" "$SERVICES_DIR/testlib/testlib.h"
fi
build+=(--build-arg TESTLIB_COMMIT="$TESTLIB_COMMIT" --build-arg TESTLIB_SHA256="$TESTLIB_SHA256" --build-arg TESTLIB_DOWNLOAD=no)

for target in api worker consumer; do
  image=$(judge_image "$target"):$version
  echo "== $image"
  started=$SECONDS
  "${build[@]}" --target "$target" -t "$image" "$SERVICES_DIR"
  echo "Built $image in $((SECONDS - started)) s"
done

if [[ "$tool" == docker ]]; then
  # This project's own language images (no upstream image carries those toolchains), from the
  # official Debian image; podman's are made by hack/stand-ins.sh languages, on its stand-in.
  for image in $language_images; do
    name=${image#"$JUDGE_LANGUAGE_IMAGES/"} && name=${name%%:*}
    echo "== $image"
    "${build[@]}" -t "$image" -f "$SERVICES_DIR/language-images/$name.Containerfile" "$SERVICES_DIR/language-images"
  done
  # Each image tagged by content first, then the file written whole: make deploy reads it.
  tags=()
  for target in api worker consumer; do
    tag=$(content_tag "$target")
    docker tag "$(judge_image "$target"):$version" "$(judge_image "$target"):$tag"
    tags+=("$target: {image: {tag: \"$tag\"}}")
  done
  mkdir -p "$PROJECT_DIR/build"
  {
    echo "# Written by hack/images.sh docker: the tags of the images it built last (make deploy reads it)."
    printf '%s\n' "${tags[@]}"
  } > "$PROJECT_DIR/build/image-tags.yaml"
  cat "$PROJECT_DIR/build/image-tags.yaml"
fi
