"""The scripts' own settings never reach a service as a property. Spring's relaxed binding reads any
JUDGE_ environment variable as a judge.* property, so `JUDGE_LANGUAGES=all make local-up` once bound
"all" to judge.languages (the catalog) and the consumer could not start. Every JUDGE_ name that the
scripts or suites read from the environment, and do not set for a service, is one of the settings that
hack/script-settings lists and every service start removes."""

import re
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
LISTED = {
    line.strip()
    for line in (PROJECT / "hack/script-settings").read_text().splitlines()
    if line.strip() and not line.startswith("#")
}
SHELL = [*PROJECT.glob("hack/**/*.sh"), PROJECT / ".ci/run", PROJECT / "Makefile"]
PYTHON = [path for path in PROJECT.glob("tests/**/*.py") if path != Path(__file__).resolve()]
# Read from the environment: a shell expansion with a default, a test, an alternative or an error, or
# os.environ in Python.
SHELL_READ = re.compile(r"\$\{(JUDGE_[A-Z0-9_]+)(?::?[-?+=])")
PYTHON_READ = re.compile(r"environ(?:\.get\(|\[)\s*[\"'](JUDGE_[A-Z0-9_]+)[\"']")


def reads():
    names = {}
    for path in SHELL:
        for name in SHELL_READ.findall(path.read_text()):
            names.setdefault(name, set()).add(str(path.relative_to(PROJECT)))
    for path in PYTHON:
        for name in PYTHON_READ.findall(path.read_text()):
            names.setdefault(name, set()).add(str(path.relative_to(PROJECT)))
    return names


def test_every_setting_the_scripts_read_is_kept_from_the_services():
    unlisted = {name: sorted(where) for name, where in reads().items() if name not in LISTED}
    assert not unlisted, f"add these to hack/script-settings (Spring would bind them as judge.* properties): {unlisted}"


def test_every_listed_setting_is_read_somewhere():
    texts = "\n".join(path.read_text() for path in [*SHELL, *PYTHON])
    stale = sorted(name for name in LISTED if name not in texts)
    assert not stale, f"hack/script-settings lists settings nothing reads: {stale}"


def test_the_finder_sees_the_reads_it_guards():
    # The two forms JUDGE_LANGUAGES is read in (hack/services.sh, tests/e2e/conftest.py's JUDGE_TEST_*).
    assert SHELL_READ.findall("languages=${JUDGE_LANGUAGES:-default}") == ["JUDGE_LANGUAGES"]
    assert PYTHON_READ.findall('os.environ.get("JUDGE_TEST_STATE", x)') == ["JUDGE_TEST_STATE"]
    assert "JUDGE_LANGUAGES" in reads()
