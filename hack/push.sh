#!/usr/bin/env bash
# Pushes every image the chart runs to one registry, under the names its image.registry gives them
# (charts/judge/templates/_helpers.tpl, judge.underRegistry): the three services' images and the image of
# every language make deploy enables (JUDGE_LANGUAGES: all, default or ids; else the kind values'), the
# official ones copied from their registries and this project's as make images built them. One value then
# moves the whole chart there (docs/kind.md, "On another cluster"):
#
#   make push REGISTRY=registry.example.com/judge
#   helm install judge charts/judge -n judge --create-namespace --set image.registry=registry.example.com/judge
#
#   hack/push.sh docker|podman REGISTRY
#
# JUDGE_PUSH_FROM: a prefix the local copies of the language images carry (localhost/stand-in/, where
# hack/stand-ins.sh made them on a machine without a registry); JUDGE_PUSH_OPTIONS: more flags for each
# push and pull (--tls-verify=false for a registry served over plain HTTP, with podman).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

usage="usage: push.sh docker|podman REGISTRY"
tool=${1:?$usage} registry=${2:?$usage}
registry=${registry%/}
case "$tool" in
  docker) run=(docker) ;;
  podman) run=(judge_podman) ;;
  *) echo "unknown tool: $tool (docker or podman)" >&2; exit 2 ;;
esac
read -ra options <<< "${JUDGE_PUSH_OPTIONS:-}"
# Listed first, so that a catalog that cannot be read stops the script before it pushes anything.
languages=$(judge_kind_languages)
enabled=()
[[ -z "$languages" ]] || mapfile -t enabled <<< "$languages"
language_images=$(judge_catalog_images "${enabled[@]}")

# As the chart reads a reference: one whose first part has a "." or ":", or is localhost, names its
# registry, and the chart runs it from there, not from REGISTRY.
names_a_registry() { local first=${1%%/*}; [[ "$1" == */* && ($first == *.* || $first == *:* || $first == localhost) ]]; }

have() { "${run[@]}" image inspect "$1" >/dev/null 2>&1; }

# What goes where, each local image checked (an official one pulled) before anything is pushed, so that a
# missing one stops the script with the registry untouched.
version=$(judge_version)
sources=() references=()
for target in api worker consumer; do
  image="$(judge_image "$target"):$version"
  have "$image" || { echo "No image $image here: make images builds it" >&2; exit 1; }
  sources+=("$image") references+=("$image")
done
for image in $language_images; do
  if names_a_registry "$image"; then
    echo "Left where it is: $image (the chart pulls it from its own registry)"
    continue
  fi
  local_copy="${JUDGE_PUSH_FROM:-}$image"
  if ! have "$local_copy"; then
    if [[ "$image" == "$JUDGE_LANGUAGE_IMAGES"/* ]]; then
      echo "No image $local_copy here: make images builds this project's language images" >&2
      exit 1
    fi
    "${run[@]}" pull "${options[@]}" "$local_copy"
  fi
  sources+=("$local_copy") references+=("$image")
done
for i in "${!sources[@]}"; do
  "${run[@]}" tag "${sources[$i]}" "$registry/${references[$i]}"
  "${run[@]}" push "${options[@]}" "$registry/${references[$i]}"
  echo "Pushed $registry/${references[$i]}"
done
echo "Every image the chart runs for $(echo "$languages" | paste -sd, -) is in $registry:"
echo "  helm install judge charts/judge -n judge --create-namespace --set image.registry=$registry"
