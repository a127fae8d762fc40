"""The language images as the catalog runs them: what a compilation in one of them does."""

import re
import subprocess

import yaml

from support.processes import PROJECT
from support.programs import SUM

CATALOG = yaml.safe_load((PROJECT / "services/contracts/src/main/resources/judge-languages.yml").read_text())
# podman run as hack/lib.sh runs it: its runtime flags and the ulimits this machine allows.
PODMAN_RUN = ["bash", "-c", f'source {PROJECT}/hack/lib.sh && judge_podman run "${{JUDGE_PODMAN_ULIMITS[@]}}" "$@"', "podman-run"]


def stand_in(language):
    made = subprocess.run([PROJECT / "hack/stand-ins.sh", "languages", language], check=True, capture_output=True, text=True)
    [(_, image)] = [line.split() for line in made.stdout.splitlines()]
    return image


def test_a_go_compilation_compiles_the_program_alone_the_standard_library_comes_built_in_the_image():
    """Go builds what a program imports of its standard library in the build's cache, a judged compilation's
    empty /tmp: 10 s of CPU each time, unless the image carries it built and the catalog's environment
    lets go build take it (installgoroot). `go build -n` lists what it would compile."""
    go = CATALOG["judge"]["languages"]["go"]
    environment = [f"--env={name}={value}" for name, value in go["environment"].items()]
    compile_command = " ".join(go["compile"]).replace("go build", "go build -n", 1)
    script = f"cd /tmp && cat > {go['source-file']} && {compile_command}"

    built = subprocess.run(
        [*PODMAN_RUN, "--rm", "-i", "--network=none", "--read-only", "--tmpfs=/tmp", *environment,
         stand_in("go"), "sh", "-c", script],
        input=SUM["go"], capture_output=True, text=True, timeout=120,
    )  # fmt: skip

    assert built.returncode == 0, built.stderr
    assert re.findall(r"/compile -o \S+ .* -p (\S+) ", built.stderr) == ["main"]
