#!/usr/bin/env bash
# make lint (and the first step of make test): the shell scripts with shellcheck, following what they
# source; the Python of tests/ with ruff (ruff.toml), its format and its lint (make fmt fixes these);
# the docs (tests/docs); no script of hack/ over 300 lines without a reason.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

cd "$PROJECT_DIR"
shellcheck -x -P SCRIPTDIR hack/*.sh hack/*/*.sh .ci/run
python3 -m ruff format --check tests
python3 -m ruff check tests
# The docs as a reader meets them: the README a front door, every page indexed, links that lead somewhere.
python3 -m pytest -q -p no:cacheprovider tests/docs tests/scripts
# The kind path (make kind-up, images, deploy) runs on macOS too: none of GNU's own forms in its scripts
# (BSD sed's -i takes a suffix and has no \s; macOS has shasum, not sha256sum; lib.sh's sha256_of is both).
kind_path=(hack/lib.sh hack/tools.sh hack/kind-up.sh hack/images.sh hack/push.sh hack/testlib.sh)
if grep -nE 'sed( -[A-Za-z]+)* -i|sha256sum|sed .*\\s' "${kind_path[@]}" | grep -v '# portable'; then
  echo "GNU-only forms on the kind path above: macOS runs these scripts too" >&2
  exit 1
fi
# Scripts a reader can hold in mind: one over 300 lines says why in its header ("# Long: ...").
for script in hack/*.sh hack/*/*.sh; do
  if (($(wc -l < "$script") > 300)) && ! head -n 30 "$script" | grep -q '^# Long: '; then
    echo "$script has over 300 lines and no '# Long: ' reason in its header: split it by job" >&2
    exit 1
  fi
done
echo "Lint: clean"
