"""The chart as hack/verify-chart.sh renders it (into JUDGE_RENDER_DIR) or as a test renders it
(render, helm_template: the pinned Kubernetes and the platform's APIs, as verify-chart.sh gives them),
and upstream sources at pinned versions, for the tests that read them."""

import json
import os
import pathlib
import subprocess

import yaml

from support.processes import PROJECT, VERSIONS

RENDER_DIR = pathlib.Path(os.environ.get("JUDGE_RENDER_DIR", PROJECT / "build" / "verify-chart"))
CHART = PROJECT / "charts/judge"
# The operators' APIs make kind-up installs, which the chart asks for before it renders their objects.
PLATFORM_APIS = [
    line for line in (PROJECT / "manifests/platform/api-versions.txt").read_text().splitlines() if line and line[0] != "#"
]


def helm_template(*args, release="judge", namespace="judge", kube_version=None, apis=PLATFORM_APIS):
    """`helm template` of the chart (args: values, --set, --show-only...) on a cluster of the pinned
    Kubernetes (or kube_version) that serves the platform's APIs (or apis): the finished process."""
    command = [str(PROJECT / "bin/helm"), "template", release, str(CHART), "-n", namespace]
    command += ["--kube-version", kube_version or VERSIONS["KUBERNETES_VERSION"]]
    command += [argument for api in apis for argument in ("--api-versions", api)]
    return subprocess.run(command + list(args), capture_output=True, text=True)


def render(*args, **options):
    """The objects helm_template renders; fails with helm's message if it refuses."""
    rendered = helm_template(*args, **options)
    assert rendered.returncode == 0, rendered.stderr
    return [doc for doc in yaml.safe_load_all(rendered.stdout) if doc]


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
