"""make push (hack/push.sh): every image the chart runs, pushed to one registry, and the chart moved to it by
image.registry alone. A registry on a loopback port (go-containerregistry's, serving the OCI distribution
API) takes the push from podman; the chart rendered with image.registry then names only images that the
registry holds whole (each manifest, its config and every layer), the services' and the languages' alike,
official and this project's own."""

import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from support.chart import render
from support.processes import PROJECT

# An official image and one of this project's own (the smallest of each).
LANGUAGES = ["python", "checktestdata"]
ACCEPT = ", ".join(
    [
        "application/vnd.oci.image.manifest.v1+json",
        "application/vnd.oci.image.index.v1+json",
        "application/vnd.docker.distribution.manifest.v2+json",
        "application/vnd.docker.distribution.manifest.list.v2+json",
    ]
)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(url, method="GET"):
    request = urllib.request.Request(url, method=method, headers={"Accept": ACCEPT})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


@pytest.fixture(scope="module")
def registry():
    subprocess.run([str(PROJECT / "hack/tools.sh"), "registry"], check=True, capture_output=True)
    port = free_port()
    server = subprocess.Popen([str(PROJECT / "bin/registry"), "-port", str(port)], stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert call(f"http://localhost:{port}/v2/")[0] == 200
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, "the registry did not answer in 30 s"
                time.sleep(0.2)
        yield f"localhost:{port}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def references(docs):
    """Every image a rendered object runs: its containers' and its image volumes'."""
    found = set()
    for doc in docs:
        spec = doc.get("spec", {})
        pod = spec.get("template", {}).get("spec", spec) if doc["kind"] != "Pod" else spec
        for container in pod.get("containers", []) + pod.get("initContainers", []):
            found.add(container["image"])
        for volume in pod.get("volumes", []):
            if "image" in volume:
                found.add(volume["image"]["reference"])
    return found


def held_whole(host, reference):
    """The registry serves the reference's manifest, its config and every layer."""
    name, tag = reference.removeprefix(host + "/").rsplit(":", 1)
    status, body = call(f"http://{host}/v2/{name}/manifests/{tag}")
    manifest = json.loads(body)
    blobs = [manifest["config"], *manifest["layers"]]
    return status == 200 and all(call(f"http://{host}/v2/{name}/blobs/{blob['digest']}", "HEAD")[0] == 200 for blob in blobs)


def test_one_registry_value_runs_every_image_of_the_chart_from_the_registry_make_push_filled(registry):
    target = f"{registry}/judge"
    pushed = subprocess.run(
        [str(PROJECT / "hack/push.sh"), "podman", target],
        env=dict(
            os.environ,
            JUDGE_LANGUAGES=",".join(LANGUAGES),
            JUDGE_PUSH_FROM="localhost/stand-in/",  # where hack/stand-ins.sh made the language images
            JUDGE_PUSH_OPTIONS="--tls-verify=false",
        ),
        capture_output=True,
        text=True,
    )
    assert pushed.returncode == 0, pushed.stderr
    try:
        docs = render("--set", f"image.registry={target}", "--set", "languages.enabled={" + ",".join(LANGUAGES) + "}")
        run = references(docs)
        assert len(run) == 3 + 2, run  # the services' and the languages' (helm test's client runs in python's)
        assert {reference for reference in run if not reference.startswith(target + "/")} == set()
        assert [reference for reference in sorted(run) if not held_whole(registry, reference)] == []
    finally:
        # The registry's names were tags in podman's store too: not left behind. That name alone (untag
        # with no name would take every name the image has, the ones the other tiers use too).
        for line in pushed.stdout.splitlines():
            if line.startswith("Pushed "):
                name = line.removeprefix("Pushed ")
                subprocess.run(["podman", "untag", name, name], capture_output=True)


def test_a_project_image_never_built_is_named_and_nothing_is_pushed(registry):
    """push.sh stops before it pushes anything when one of this project's language images is missing."""
    pushed = subprocess.run(
        [str(PROJECT / "hack/push.sh"), "podman", f"{registry}/missing"],
        env=dict(
            os.environ,
            JUDGE_LANGUAGES="checktestdata",
            JUDGE_PUSH_FROM="localhost/nowhere/",
            JUDGE_PUSH_OPTIONS="--tls-verify=false",
        ),
        capture_output=True,
        text=True,
    )
    assert pushed.returncode != 0
    assert "No image localhost/nowhere/judge-languages/checktestdata:" in pushed.stderr
    catalog = json.loads(call(f"http://{registry}/v2/_catalog")[1])["repositories"]
    assert [name for name in catalog if name.startswith("missing/")] == []
