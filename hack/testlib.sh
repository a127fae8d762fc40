#!/usr/bin/env bash
# testlib (MikeMirzayanov/testlib) at versions.env's TESTLIB_COMMIT into build/testlib: testlib.h and
# the stock checkers and interactor that StockTestlibIT runs unchanged. Never committed.
#   TESTLIB_SOURCE=<a clone, a bare git directory, or a folder holding those files>  (offline machines)
#   otherwise downloaded from GitHub at that commit.
# testlib.h must match TESTLIB_SHA256. Where neither source works, it says so and leaves build/testlib
# empty: StockTestlibIT is then skipped, and the judge's own testlib-protocol cases still run.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$PROJECT_DIR/versions.env"

files=(testlib.h checkers/wcmp.cpp checkers/lcmp.cpp checkers/ncmp.cpp checkers/rcmp4.cpp checkers/yesno.cpp
       checkers/pointscmp.cpp interactors/interactor-a-plus-b.cpp)
out="$PROJECT_DIR/build/testlib"
partial="$out.partial"
have_all() { for path in "${files[@]}"; do [[ -f "$out/$path" ]] || return 1; done; }
if have_all && [[ "$(sha256_of "$out/testlib.h")" == "$TESTLIB_SHA256" ]]; then
  exit 0  # already fetched at the pinned commit
fi
rm -rf "$partial"
mkdir -p "$partial/checkers" "$partial/interactors"

fetch() {  # fetch <path>: one file into $partial
  local path=$1 source=${TESTLIB_SOURCE:-}
  if [[ -n "$source" && -f "$source/$path" ]]; then
    cp "$source/$path" "$partial/$path"
  elif [[ -n "$source" ]] && git --git-dir="$source" cat-file -e "$TESTLIB_COMMIT:$path" 2>/dev/null; then
    git --git-dir="$source" show "$TESTLIB_COMMIT:$path" > "$partial/$path"
  elif [[ -n "$source" ]] && git --git-dir="$source/.git" cat-file -e "$TESTLIB_COMMIT:$path" 2>/dev/null; then
    git --git-dir="$source/.git" show "$TESTLIB_COMMIT:$path" > "$partial/$path"
  else
    curl -fsSL --max-time 20 -o "$partial/$path" \
      "https://raw.githubusercontent.com/MikeMirzayanov/testlib/$TESTLIB_COMMIT/$path"
  fi
}

for path in "${files[@]}"; do
  if ! fetch "$path" 2>/dev/null; then
    echo "testlib: $path not found (TESTLIB_SOURCE=${TESTLIB_SOURCE:-unset}, GitHub unreachable?);" \
      "the tests of stock testlib programs are skipped" >&2
    rm -rf "$partial" "$out"
    exit 0
  fi
done
if [[ "$(sha256_of "$partial/testlib.h")" != "$TESTLIB_SHA256" ]]; then
  echo "testlib: testlib.h does not match TESTLIB_SHA256 of commit $TESTLIB_COMMIT" >&2
  rm -rf "$partial"
  exit 1
fi
rm -rf "$out"
mv "$partial" "$out"
echo "testlib $TESTLIB_COMMIT in $out"
