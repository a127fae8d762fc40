#!/usr/bin/env python3
"""The one module most pinned Go tools are built from (hack/tools.sh, build_module_tools): the Kubernetes
binaries, helm and helm-unittest, CoreDNS, and the test cluster's operators (KEDA's operator,
metrics adapter and webhooks, the k6-operator's controller, CloudNativePG's manager).

Built each from its own go.mod, these tools (and containerd, metrics-server, k6, etcd) compiled Kubernetes'
client libraries at five versions (0.33 to 0.37), gRPC at seven, golang.org/x/net at seven, and so on: the
separate graphs of these tools and containerd's held ~234 MB of Go source (`go list -deps`, summed), one
graph of them 137 MB. One module that requires them all at the versions versions.env pins lets Go's
minimum version selection give each library one version, the newest any of them requires, and Go's build
cache compile it once (docs/testing.md, "Time", has the measurement). Kubernetes' libraries are held at the
pinned Kubernetes' own (its staging modules at v0.36.4 for v1.36.4): k8s.io/kubernetes is built only with
those, and a tool that asks for newer ones (helm 3.22 for 0.37) builds with them unchanged.

Each tool's own code is its pinned source, unchanged but for KEDA's scalers (below); the replace directives
of the tools' own go.mod files that point a module at another version are kept, since a dependency's replace
directives do not apply in another module's build. CoreDNS's main package is hack/tools-module/coredns.

Built apart, each from its own graph: containerd (the runtime the pod tier proves; it would share little
here, and the tier has not yet passed with it built in this module), metrics-server (with these newer
libraries its metrics API answered nothing in the pod tier), k6, etcd (its server 3.5 against the 3.6 client
libraries Kubernetes requires), runc (cgo), kubeconform and helm-docs (they share little).

KEDA compiles every scaler it has into one package (pkg/scalers, one file a scaler) and one switch
(pkg/scaling/scalers_builder.go, between its TRIGGERS-START and TRIGGERS-END comments), so its binaries
carry the clients of some seventy services: Elasticsearch's, Datadog's, Temporal's, the clouds' SDKs,
most of what a build of KEDA compiles (942 s of CPU; with the three scalers below, 427 s). Only the
scalers of the given trigger types are kept; the rest of KEDA is built as it is, and a ScaledObject of
another type is refused by the operator ("no scaler found for type"), as upstream refuses an unknown
one. make kind-up installs KEDA's release images, which have every scaler.

    hack/tools-module.py key <trigger type>...              a key of the module's content, for the cache
    hack/tools-module.py prepare <dir> <trigger type>...    the module in <dir>, KEDA's copy trimmed
"""

import hashlib
import json
import pathlib
import re
import shutil
import subprocess
import sys

PROJECT = pathlib.Path(__file__).resolve().parents[1]
MAINS = PROJECT / "hack/tools-module"
START, END = "// TRIGGERS-START", "// TRIGGERS-END"
KEDA = "github.com/kedacore/keda/v2"
KUBERNETES = "k8s.io/kubernetes"


def versions():
    pairs = (line.split("=", 1) for line in (PROJECT / "versions.env").read_text().splitlines() if re.match(r"[A-Z0-9_]+=", line))
    return {key: value for key, value in pairs}


def required():
    pinned = versions()
    return [
        (KUBERNETES, pinned["KUBERNETES_VERSION"]),
        ("helm.sh/helm/v3", pinned["HELM_VERSION"]),
        ("github.com/helm-unittest/helm-unittest", pinned["HELM_UNITTEST_VERSION"]),
        ("github.com/coredns/coredns", pinned["COREDNS_VERSION"]),
        (KEDA, "v" + pinned["KEDA_VERSION"]),
        ("github.com/cloudnative-pg/cloudnative-pg", "v" + pinned["CLOUDNATIVE_PG_VERSION"]),
        ("github.com/grafana/k6-operator", "v" + pinned["K6_OPERATOR_VERSION"]),
    ]


def module_dir(module, version):
    found = subprocess.run(["go", "mod", "download", "-json", f"{module}@{version}"], capture_output=True, text=True, check=True)
    return pathlib.Path(json.loads(found.stdout)["Dir"])


def replacements(module, version):
    """A module's replace directives, from its go.mod as Go parses it."""
    go_mod = module_dir(module, version) / "go.mod"
    parsed = subprocess.run(["go", "mod", "edit", "-json", str(go_mod)], capture_output=True, text=True, check=True)
    return json.loads(parsed.stdout).get("Replace") or []


def replace_directives():
    """Kubernetes' staging modules at its release's versions, and each tool's replacements by versions."""
    kubernetes_version = dict(required())[KUBERNETES]
    staging_version = "v0." + kubernetes_version.removeprefix("v1.")
    chosen = {}
    for module, version in required():
        for replace in replacements(module, version):
            old, new = replace["Old"], replace["New"]
            if module == KUBERNETES and new["Path"].startswith("./staging/"):
                chosen[old["Path"]] = f"{old['Path']} => {old['Path']} {staging_version}"
            elif "Version" in new:  # a replacement by a local path is the tool's own tree: not ours to copy
                source = f"{old['Path']} {old['Version']}" if "Version" in old else old["Path"]
                directive = f"{source} => {new['Path']} {new['Version']}"
                if chosen.setdefault(source, directive) != directive:
                    sys.exit(f"{module} replaces {source} otherwise than another tool does: {chosen[source]} / {directive}")
    return [f"replace {directive}" for _, directive in sorted(chosen.items())]


def go_version():
    return subprocess.run(["go", "env", "GOVERSION"], capture_output=True, text=True, check=True).stdout.strip().removeprefix("go")


def go_mod(kept):
    return "\n".join(
        [
            "module judge-tools",
            "",
            f"go {go_version()}",
            "",
            "require (",
            *(f"\t{module} {version}" for module, version in required()),
            ")",
            "",
            f"// KEDA with the scalers of {' '.join(kept)} only.",
            f"replace {KEDA} => ./keda",
            *replace_directives(),
            "",
        ]
    )


def keep_scalers(keda, kept):
    builder = keda / "pkg/scaling/scalers_builder.go"
    source = builder.read_text()
    if START not in source or END not in source:
        sys.exit(f"{builder}: no {START} … {END} switch; this KEDA version builds its scalers otherwise")
    head, rest = source.split(START, 1)
    switch, tail = rest.split(END, 1)
    # Each case is its line and its one return line; the default stays.
    lines, kept_lines, constructors, found = switch.split("\n"), [], set(), set()
    index = 0
    while index < len(lines):
        case = re.match(r'\s*case "([^"]+)":\s*$', lines[index])
        if case:
            body = lines[index + 1]
            if case.group(1) in kept:
                found.add(case.group(1))
                kept_lines += [lines[index], body]
                constructors.update(re.findall(r"scalers\.(New\w+)\(", body))
            index += 2
            continue
        if not lines[index].strip().startswith("// TODO"):
            kept_lines.append(lines[index])
        index += 1
    if found != set(kept):
        sys.exit(f"{builder}: no case for {sorted(set(kept) - found)}")
    builder.write_text(head + START + "\n".join(kept_lines) + END + tail)

    scalers = keda / "pkg/scalers"
    needed = {
        path
        for path in scalers.glob("*_scaler.go")
        if any(re.search(rf"^func {name}\(", path.read_text(), re.M) for name in constructors)
    }
    for path in scalers.glob("*_scaler*.go"):
        if scalers / (path.name.removesuffix("_test.go").removesuffix(".go") + ".go") not in needed:
            path.unlink()


def key(kept):
    digest = hashlib.sha256(go_mod(kept).encode())
    for path in sorted(MAINS.rglob("*.go")):
        digest.update(str(path.relative_to(MAINS)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def prepare(target, kept):
    keda = target / "keda"
    shutil.copytree(module_dir(KEDA, dict(required())[KEDA]), keda)
    for path in [keda, *keda.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o200)
    keep_scalers(keda, kept)
    shutil.copytree(MAINS, target, dirs_exist_ok=True)
    (target / "go.mod").write_text(go_mod(kept))


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "key":
        print(key(arguments[1:]))
    elif len(arguments) >= 3 and arguments[0] == "prepare":
        prepare(pathlib.Path(arguments[1]), arguments[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
