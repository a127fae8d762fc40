"""The make targets the README and the docs tell a reader to run exist, and `make help` lists each. What
they do is run by the suites: `JUDGE_LANGUAGES=all make local-up` and `make local-down` in
tests/e2e/test_local_up.py, `make test` by CI, `make load-test` and `helm test` in tests/pods."""

import re
import subprocess
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
DOCUMENTS = [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("*.md"))]
# `make target`, `VAR=value make target`, and make at the start of a line in a code block.
MAKE = re.compile(r"(?:`|^)(?:[A-Z_]+=\S+ )*make (?:-C \S+ )?([a-z][a-z0-9-]*)", re.M)


def help_targets():
    shown = subprocess.run(["make", "-C", str(PROJECT), "help"], capture_output=True, text=True, check=True).stdout
    return set(re.findall(r"^\s+(?:\x1b\[36m)?([a-z][a-z0-9-]*)", shown, re.M))


def test_make_help_lists_the_targets():
    targets = help_targets()
    assert {"help", "local-up", "local-down", "test", "kind-up", "images", "deploy", "load-test"} <= targets, targets


def test_every_documented_make_target_exists():
    targets = help_targets()
    unknown = {}
    for document in DOCUMENTS:
        for target in MAKE.findall(document.read_text()):
            if target not in targets:
                unknown.setdefault(target, []).append(str(document.relative_to(PROJECT)))
    assert not unknown, f"documented but not in make help: {unknown}"


def test_the_finder_reads_the_readmes_forms():
    assert MAKE.findall("`JUDGE_LANGUAGES=all make local-up` offers") == ["local-up"]
    assert MAKE.findall("make kind-up       # kind cluster") == ["kind-up"]
