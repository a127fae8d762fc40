"""hack/tools-module.py: the one module most Go tools are built from. Each tool is required at the version
versions.env pins; Kubernetes' staging modules are held at the pinned release's versions (k8s.io/kubernetes
builds with no others); the replacements by version in the tools' own go.mod files are kept, local ones
(a tool's own tree) are not, and two tools replacing one module otherwise stop the build, by name."""

import importlib.util
import re
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("tools_module", PROJECT / "hack/tools-module.py")
tools_module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tools_module)

PINNED = tools_module.versions()


def replacement(old, new, old_version=None, new_version=None):
    return {
        "Old": {"Path": old, **({"Version": old_version} if old_version else {})},
        "New": {"Path": new, **({"Version": new_version} if new_version else {})},
    }


@pytest.fixture
def go_mods(monkeypatch):
    """Each tool's replace directives, as a test sets them (no Go module proxy needed)."""
    given = {}
    monkeypatch.setattr(tools_module, "replacements", lambda module, version: given.get(module, []))
    monkeypatch.setattr(tools_module, "go_version", lambda: "1.26.0")
    return given


def test_every_tool_is_required_at_its_pinned_version(go_mods):
    required = dict(re.findall(r"^\t(\S+) (\S+)$", tools_module.go_mod(["rabbitmq"]), re.M))
    assert required["k8s.io/kubernetes"] == PINNED["KUBERNETES_VERSION"]
    assert required["helm.sh/helm/v3"] == PINNED["HELM_VERSION"]
    assert required["github.com/coredns/coredns"] == PINNED["COREDNS_VERSION"]
    # Built apart (the module's docstring says why): their own go.mod files choose their libraries.
    assert "github.com/containerd/containerd/v2" not in required and "sigs.k8s.io/metrics-server" not in required
    assert required["github.com/kedacore/keda/v2"] == "v" + PINNED["KEDA_VERSION"]


def test_kubernetes_staging_modules_are_held_at_the_pinned_release(go_mods):
    go_mods["k8s.io/kubernetes"] = [replacement("k8s.io/client-go", "./staging/src/k8s.io/client-go")]
    release = "v0." + PINNED["KUBERNETES_VERSION"].removeprefix("v1.")  # v1.36.4 → v0.36.4
    assert "replace k8s.io/client-go => k8s.io/client-go " + release in tools_module.go_mod(["rabbitmq"]).splitlines()


def test_a_tools_replacements_by_version_are_kept_and_its_local_ones_are_not(go_mods):
    go_mods["github.com/helm-unittest/helm-unittest"] = [
        replacement("github.com/vmware-labs/yaml-jsonpath", "github.com/helm-unittest/yaml-jsonpath", "v0.3.2", "v0.4.0"),
        replacement("example.com/own", "./own"),
    ]
    lines = tools_module.go_mod(["rabbitmq"]).splitlines()
    assert "replace github.com/vmware-labs/yaml-jsonpath v0.3.2 => github.com/helm-unittest/yaml-jsonpath v0.4.0" in lines
    assert not [line for line in lines if "example.com/own" in line]


def test_two_tools_replacing_one_module_otherwise_stop_the_build_by_name(go_mods):
    go_mods["helm.sh/helm/v3"] = [replacement("example.com/lib", "example.com/fork", new_version="v1.0.0")]
    go_mods["github.com/coredns/coredns"] = [replacement("example.com/lib", "example.com/fork", new_version="v2.0.0")]
    with pytest.raises(SystemExit, match="github.com/coredns/coredns replaces example.com/lib otherwise"):
        tools_module.go_mod(["rabbitmq"])


def test_the_cache_key_changes_with_the_module_and_its_main_packages(go_mods, tmp_path, monkeypatch):
    before = tools_module.key(["rabbitmq"])
    assert tools_module.key(["rabbitmq", "cpu"]) != before
    mains = tmp_path / "mains"
    (mains / "coredns").mkdir(parents=True)
    (mains / "coredns/main.go").write_text("package main\n")
    monkeypatch.setattr(tools_module, "MAINS", mains)
    assert tools_module.key(["rabbitmq"]) != before
