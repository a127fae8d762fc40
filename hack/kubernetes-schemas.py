#!/usr/bin/env python3
"""The part of Kubernetes' OpenAPI document that kubeconform needs for the given manifests (hack/schemas.sh).

openapi2jsonschema makes a stand-alone schema for every one of the document's ~770 definitions, each with
every reference inlined: 106 s of CPU on a quiet machine (3 min 22 s in a cold make test), most of it on kinds
that nothing here renders. A stand-alone schema
depends only on its definition and those it refers to, so a document holding just the kinds the manifests
use, and what they refer to, gives the same schemas for those kinds (hack/schemas.sh keeps them apart by
that list). Kinds the document does not have are left to the CRD schemas; a misspelt built-in kind finds
no schema at all, and kubeconform fails on it as before.

    hack/kubernetes-schemas.py kinds MANIFEST...       the built-in kinds the manifests use, "apiVersion kind" a line
    hack/kubernetes-schemas.py prune SWAGGER OUT KINDS  the document with those kinds' definitions only
"""

import json
import re
import sys

import yaml


def kinds_in(paths):
    found = set()
    for path in paths:
        with open(path) as file:
            for document in yaml.safe_load_all(file):
                if isinstance(document, dict) and "kind" in document and "apiVersion" in document:
                    found.add(f"{document['apiVersion']} {document['kind']}")
    return sorted(found)


def group_version_kinds(definition):
    for gvk in definition.get("x-kubernetes-group-version-kind", []):
        group_version = f"{gvk['group']}/{gvk['version']}" if gvk["group"] else gvk["version"]
        yield f"{group_version} {gvk['kind']}"


def prune(swagger, wanted):
    definitions = swagger["definitions"]
    kept = {name for name, definition in definitions.items() if wanted & set(group_version_kinds(definition))}
    pending = list(kept)
    while pending:
        text = json.dumps(definitions[pending.pop()])
        for name in re.findall(r'"#/definitions/([^"]+)"', text):
            if name not in kept:
                kept.add(name)
                pending.append(name)
    return {**swagger, "paths": {}, "definitions": {name: definitions[name] for name in sorted(kept)}}


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "kinds":
        print(*kinds_in(arguments[1:]), sep="\n")
    elif len(arguments) == 4 and arguments[0] == "prune":
        with open(arguments[1]) as file:
            swagger = json.load(file)
        with open(arguments[3]) as file:
            wanted = {line.strip() for line in file if line.strip()}
        with open(arguments[2], "w") as file:
            json.dump(prune(swagger, wanted), file)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
