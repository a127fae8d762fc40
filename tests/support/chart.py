"""The chart as hack/verify-chart.sh renders it (into JUDGE_RENDER_DIR), and upstream sources at pinned
versions, for the tests that read them."""

import json
import os
import pathlib
import subprocess

import yaml

from support.processes import PROJECT

RENDER_DIR = pathlib.Path(os.environ.get("JUDGE_RENDER_DIR", PROJECT / "build" / "verify-chart"))


def module_source(module, version):
    """Where the Go module proxy's copy of module@version is (downloaded first if need be), as hack/lib.sh's module_dir."""
    out = subprocess.run(
        ["go", "mod", "download", "-json", f"{module}@{version}"],
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, GOFLAGS="-buildvcs=false"),
    ).stdout
    return pathlib.Path(json.loads(out)["Dir"])


def documents(render="default"):
    """The objects of one render: default.yaml, or one per values file (tests/values/*.yaml, the kind values)."""
    return [doc for doc in yaml.safe_load_all((RENDER_DIR / f"{render}.yaml").read_text()) if doc]


def of_kind(docs, kind):
    return [doc for doc in docs if doc["kind"] == kind]


def one(docs, kind):
    found = of_kind(docs, kind)
    assert len(found) == 1, f"expected one {kind}, found {len(found)}"
    return found[0]
