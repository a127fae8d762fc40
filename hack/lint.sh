#!/usr/bin/env bash
# make lint (and the first step of make test): the shell scripts with shellcheck, following what they
# source; the Python of tests/ with ruff (ruff.toml), its format and its lint (make fmt fixes these);
# the docs (tests/docs).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

cd "$PROJECT_DIR"
shellcheck -x -P SCRIPTDIR hack/*.sh .ci/run
python3 -m ruff format --check tests
python3 -m ruff check tests
# The docs as a reader meets them: the README a front door, every page indexed, links that lead somewhere.
python3 -m pytest -q -p no:cacheprovider tests/docs
echo "Lint: clean"
