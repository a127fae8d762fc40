#!/usr/bin/env python3
"""The module the test cluster's operators are built from (hack/cluster/builders.sh, build_operators):
KEDA's operator, metrics adapter and webhooks, the k6-operator's controller and CloudNativePG's manager.

One module requires the three at the versions versions.env pins. Go's minimum version selection then
gives every library they share one version, the newest any of them requires (Kubernetes' at v0.36.4,
controller-runtime at v0.24.1), and each is compiled once: most of what each of them compiles is what
they share (docs/testing.md, "Time"). Their own code is their pinned source, unchanged but for KEDA's
scalers (below); KEDA's replacements of modules by versions are kept, since a dependency's own replace
directives do not apply in another module's build. metrics-server stays apart: built with these
newer Kubernetes libraries, its metrics API went unavailable in the pod tier.

KEDA compiles every scaler it has into one package (pkg/scalers, one file a scaler) and one switch
(pkg/scaling/scalers_builder.go, between its TRIGGERS-START and TRIGGERS-END comments), so its binaries
carry the clients of some seventy services: Elasticsearch's, Datadog's, Temporal's, the clouds' SDKs,
most of what a build of KEDA compiles (942 s of CPU; with the three scalers below, 427 s). Only the
scalers of the given trigger types are kept; the rest of KEDA is built as it is, and a ScaledObject of
another type is refused by the operator ("no scaler found for type"), as upstream refuses an unknown
one. make kind-up installs KEDA's release images, which have every scaler.

    hack/cluster/operators-module.py go.mod <trigger type>...          the module's go.mod, to key the cache
    hack/cluster/operators-module.py prepare <dir> <trigger type>...   the module in <dir>, KEDA's copy trimmed
"""

import json
import pathlib
import re
import shutil
import subprocess
import sys

PROJECT = pathlib.Path(__file__).resolve().parents[2]
START, END = "// TRIGGERS-START", "// TRIGGERS-END"


def versions():
    pairs = (line.split("=", 1) for line in (PROJECT / "versions.env").read_text().splitlines() if re.match(r"[A-Z0-9_]+=", line))
    return {key: value for key, value in pairs}


def module_dir(module, version):
    found = subprocess.run(["go", "mod", "download", "-json", f"{module}@{version}"], capture_output=True, text=True, check=True)
    return pathlib.Path(json.loads(found.stdout)["Dir"])


def go_mod(kept):
    pinned = versions()
    keda = ("github.com/kedacore/keda/v2", "v" + pinned["KEDA_VERSION"])
    required = [
        keda,
        ("github.com/cloudnative-pg/cloudnative-pg", "v" + pinned["CLOUDNATIVE_PG_VERSION"]),
        ("github.com/grafana/k6-operator", "v" + pinned["K6_OPERATOR_VERSION"]),
    ]
    keda_replaces = re.findall(r"^replace \S+ \S+ => [^.\s]\S* v\S+$", (module_dir(*keda) / "go.mod").read_text(), re.M)
    go = subprocess.run(["go", "env", "GOVERSION"], capture_output=True, text=True, check=True).stdout.strip()
    return "\n".join(
        [
            "module judge-test-operators",
            "",
            f"go {go.removeprefix('go')}",
            "",
            "require (",
            *(f"\t{module} {version}" for module, version in required),
            ")",
            "",
            f"// KEDA with the scalers of {' '.join(kept)} only.",
            f"replace {keda[0]} => ./keda",
            *keda_replaces,
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


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "go.mod":
        print(go_mod(arguments[1:]), end="")
    elif len(arguments) >= 3 and arguments[0] == "prepare":
        target, kept = pathlib.Path(arguments[1]), arguments[2:]
        keda = target / "keda"
        shutil.copytree(module_dir("github.com/kedacore/keda/v2", "v" + versions()["KEDA_VERSION"]), keda)
        for path in [keda, *keda.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)
        keep_scalers(keda, kept)
        (target / "go.mod").write_text(go_mod(kept))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
