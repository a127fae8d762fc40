#!/usr/bin/env bash
# Installs what running and testing the judge needs on a Debian bookworm machine: RabbitMQ and
# PostgreSQL servers, bubblewrap for the sandbox, the toolchains the judge runs, and what builds and
# runs the images without Docker (podman, buildah, mmdebstrap, debuerreotype), what a node for the
# pod tests needs (libseccomp for runc, the CNI plugins, iptables), PyYAML for the scripts; Temurin 25 is expected
# at $JAVA_HOME (see README). Idempotent: installs only what is missing.
set -euo pipefail

packages=(rabbitmq-server postgresql-15 bubblewrap curl ca-certificates procps
  # The catalog's toolchains for the judge on the host (judge-languages.yml; elsewhere each is an image):
  python3 gcc g++ gfortran gdc gnat nodejs perl php8.2-cli pypy3 ruby rustc-web erlang-base elixir
  r-base-core ghc lua5.4 fp-compiler ocaml-nox nim swi-prolog-nox racket guile-3.0 tcl8.6 gawk gnucobol3 mono-mcs sbcl
  podman buildah runc uidmap fuse-overlayfs slirp4netns mmdebstrap debuerreotype
  libseccomp-dev containernetworking-plugins iptables iproute2 shellcheck unzip)
sudo=""; [[ $(id -u) -eq 0 ]] || sudo="sudo"
missing=()
# npm fetches the Node.js stand-in image's binary; some nodejs packages bring it, Debian's does not.
command -v npm >/dev/null || missing+=(npm)
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
# The toolchains the catalog takes from Maven Central, the npm registry and PyPI rather than from Debian
# (Kotlin, Scala, Clojure, TypeScript, Checktestdata), where their images have them: /usr/local/lib/<name>.
language_images="$(dirname "$0")/../services/language-images"
for list in "$language_images"/*.downloads; do
  $sudo sh "$language_images/download.sh" "$list" "/usr/local/lib/$(basename "$list" .downloads)"
done
# Go's standard library built into the toolchain's pkg/ as the judge builds (no cgo), as the catalog's Go
# image has it (services/language-images/go.Containerfile): a judged compilation then compiles only the
# program. Go itself is the machine's (the tools are built with it too); without one, Go is not judged here.
if command -v go >/dev/null; then
  $sudo env "PATH=$PATH" GODEBUG=installgoroot=all CGO_ENABLED=0 GOTOOLCHAIN=local go install std
fi
# PyYAML, with which the scripts read the language catalog and the chart's values (hack/lib.sh), at the
# version tests/requirements.txt pins: Debian's package for Debian's python3, else pip's.
if ! python3 -c 'import yaml' 2>/dev/null; then
  if [[ "$(command -v python3)" == /usr/bin/python3 ]]; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends python3-yaml
  else
    python3 -m pip install --quiet "$(grep '^PyYAML==' "$(dirname "$0")/../tests/requirements.txt")"
  fi
fi
# The Debian package starts a system RabbitMQ on 5672; the project runs its own nodes.
if command -v systemctl >/dev/null && systemctl is-active --quiet rabbitmq-server 2>/dev/null; then
  systemctl stop rabbitmq-server || true
fi
# Subordinate ids for podman's --userns=auto (a user namespace per container, as hostUsers: false).
for file in /etc/subuid /etc/subgid; do
  grep -q '^containers:' "$file" 2>/dev/null || echo "containers:200000:1000000" | $sudo tee -a "$file" >/dev/null
done
