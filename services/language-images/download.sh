#!/bin/sh
# Downloads what a language image takes from a package registry (Maven Central, npm, PyPI) rather than
# from Debian: each line of LIST is "<sha256> <url> <path>", and the file is checked against its sha256
# before it is put at DEST/<path>: a .jar as it is, an npm .tgz or a Python wheel (.whl) unpacked there. Used by the image
# recipes (on kind and here alike) and by hack/install-deps.sh for the same toolchains on the host.
# A file already in place with its sha256 is kept (the host's install is then idempotent).
#
#   download.sh LIST DEST
set -eu
list=$1 dest=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v -e '^#' -e '^$' "$list" | while read -r sha256 url path; do
  case $path in /* | *..*) echo "Not a path under $dest: $path" >&2; exit 1 ;; esac
  [ -e "$dest/$path.sha256" ] && [ "$(cat "$dest/$path.sha256")" = "$sha256" ] && continue
  curl --fail --silent --show-error --location --retry 3 --output "$work/file" "$url"
  echo "$sha256  $work/file" | sha256sum --check --quiet
  mkdir -p "$(dirname "$dest/$path")"
  rm -rf "${dest:?}/$path"
  case $url in
    *.tgz) mkdir -p "$dest/$path" && tar -xzf "$work/file" --strip-components=1 --no-same-owner -C "$dest/$path" ;;
    *.whl) mkdir -p "$dest/$path" && unzip -q "$work/file" -d "$dest/$path" ;;
    *) cp "$work/file" "$dest/$path" ;;
  esac
  chmod -R a+rX "$dest/$path"
  echo "$sha256" > "$dest/$path.sha256"
done
