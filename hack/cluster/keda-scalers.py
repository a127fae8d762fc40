#!/usr/bin/env python3
"""Leaves in a copy of KEDA's module only the scalers of the given trigger types, for the test cluster's
build (hack/cluster/builders.sh, build_keda).

KEDA compiles every scaler it has into one package (pkg/scalers, one file a scaler) and one switch
(pkg/scaling/scalers_builder.go, between its TRIGGERS-START and TRIGGERS-END comments), so its operator
carries the clients of some seventy services: Elasticsearch's, Datadog's, Temporal's, the clouds' SDKs,
most of what a cold build of KEDA compiles. The chart's ScaledObjects use one trigger type; with only
its scaler (and CPU and memory, which cost nothing) the rest of KEDA is built as it is: the operator,
the metrics adapter and the webhooks, their scaling loop, caches and the RabbitMQ scaler, unchanged. A
ScaledObject of another type is refused by the operator ("no scaler found for type"), as upstream
refuses an unknown one. make kind-up installs KEDA's release images, which have every scaler.

    hack/cluster/keda-scalers.py <module copy> <trigger type>...
"""

import pathlib
import re
import sys

START, END = "// TRIGGERS-START", "// TRIGGERS-END"


def main(module, kept):
    builder = module / "pkg/scaling/scalers_builder.go"
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

    scalers = module / "pkg/scalers"
    needed = {
        path
        for path in scalers.glob("*_scaler.go")
        if any(re.search(rf"^func {name}\(", path.read_text(), re.MULTILINE) for name in constructors)
    }
    for path in scalers.glob("*_scaler*.go"):
        stem = path.name.removesuffix("_test.go").removesuffix(".go")
        if scalers / f"{stem}.go" not in needed:
            path.unlink()


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(pathlib.Path(sys.argv[1]), sys.argv[2:])
