"""hack/kubernetes-schemas.py: kubeconform's Kubernetes schemas are made from the part of the OpenAPI
document the manifests' kinds need. A stand-alone schema inlines every definition it refers to, so the
part must hold each kind's definition and everything it refers to, however deep; anything else is
work the converter need not do."""

import json
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
SCRIPT = PROJECT / "hack/kubernetes-schemas.py"


def ref(name):
    return {"$ref": f"#/definitions/{name}"}


def kind(group, version, name, **properties):
    return {"x-kubernetes-group-version-kind": [{"group": group, "version": version, "kind": name}], "properties": properties}


DOCUMENT = {
    "swagger": "2.0",
    "paths": {"/api/v1/pods": {}},
    "definitions": {
        "io.k8s.api.apps.v1.Deployment": kind("apps", "v1", "Deployment", spec=ref("io.k8s.api.apps.v1.DeploymentSpec")),
        "io.k8s.api.apps.v1.DeploymentSpec": {"properties": {"template": ref("io.k8s.api.core.v1.PodTemplateSpec")}},
        "io.k8s.api.core.v1.PodTemplateSpec": {"properties": {"spec": {"items": ref("io.k8s.api.core.v1.Container")}}},
        "io.k8s.api.core.v1.Container": {"properties": {"name": {"type": "string"}}},
        "io.k8s.api.core.v1.Service": kind("", "v1", "Service", spec=ref("io.k8s.api.core.v1.ServiceSpec")),
        "io.k8s.api.core.v1.ServiceSpec": {},
        "io.k8s.api.batch.v1.Job": kind("batch", "v1", "Job", spec=ref("io.k8s.api.core.v1.PodTemplateSpec")),
    },
}


def run(*arguments):
    return subprocess.run([sys.executable, SCRIPT, *map(str, arguments)], capture_output=True, text=True, check=True).stdout


def test_the_kinds_of_the_manifests_are_read_from_every_document(tmp_path):
    manifest = tmp_path / "manifest.yaml"
    manifest.write_text("apiVersion: apps/v1\nkind: Deployment\n---\napiVersion: v1\nkind: Service\n---\n# empty\n")
    assert run("kinds", manifest).split("\n") == ["apps/v1 Deployment", "v1 Service", ""]


def test_a_kind_keeps_every_definition_it_refers_to_however_deep_and_nothing_else(tmp_path):
    swagger, pruned, kinds = tmp_path / "swagger.json", tmp_path / "pruned.json", tmp_path / "kinds"
    swagger.write_text(json.dumps(DOCUMENT))
    # A CRD's kind (not in the document) is left to the CRD schemas.
    kinds.write_text("apps/v1 Deployment\nkeda.sh/v1alpha1 ScaledObject\n")
    run("prune", swagger, pruned, kinds)
    kept = json.loads(pruned.read_text())
    assert sorted(kept["definitions"]) == [
        "io.k8s.api.apps.v1.Deployment",
        "io.k8s.api.apps.v1.DeploymentSpec",
        "io.k8s.api.core.v1.Container",
        "io.k8s.api.core.v1.PodTemplateSpec",
    ]
    assert kept["definitions"]["io.k8s.api.apps.v1.Deployment"] == DOCUMENT["definitions"]["io.k8s.api.apps.v1.Deployment"]
    assert kept["swagger"] == "2.0" and kept["paths"] == {}


def test_the_core_group_is_named_by_its_version_alone(tmp_path):
    swagger, pruned, kinds = tmp_path / "swagger.json", tmp_path / "pruned.json", tmp_path / "kinds"
    swagger.write_text(json.dumps(DOCUMENT))
    kinds.write_text("v1 Service\n")
    run("prune", swagger, pruned, kinds)
    assert sorted(json.loads(pruned.read_text())["definitions"]) == [
        "io.k8s.api.core.v1.Service",
        "io.k8s.api.core.v1.ServiceSpec",
    ]
