"""services/language-images/download.sh, which the language images' recipes and hack/install-deps.sh use:
a line that names a Debian architecture is for that machine alone (TypeScript's native compiler is one
npm package per architecture), and a machine with none of a path's architectures is told so by name
before anything is downloaded, where the image once failed at `tsc --version` with "exec format error"."""

import hashlib
import io
import subprocess
import tarfile
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
LANGUAGE_IMAGES = PROJECT / "services/language-images"
DOWNLOAD = LANGUAGE_IMAGES / "download.sh"


def npm_package(folder, name, content):
    """An npm .tgz with one file, package/<name>; its path and sha256."""
    data = io.BytesIO()
    with tarfile.open(fileobj=data, mode="w:gz") as archive:
        member = tarfile.TarInfo(f"package/{name}")
        member.size = len(content)
        archive.addfile(member, io.BytesIO(content))
    path = folder / f"{name}-{hashlib.sha256(content).hexdigest()[:8]}.tgz"
    path.write_bytes(data.getvalue())
    return path, hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def packages(tmp_path):
    """A list with the compiler once per architecture and a declarations package for every machine."""
    amd64, amd64_sum = npm_package(tmp_path, "tsc", b"amd64 compiler")
    arm64, arm64_sum = npm_package(tmp_path, "tsc", b"arm64 compiler")
    types, types_sum = npm_package(tmp_path, "index.d.ts", b"declarations")
    listing = tmp_path / "language.downloads"
    listing.write_text(
        f"# the compiler, per architecture\n"
        f"{amd64_sum} file://{amd64} compiler amd64\n"
        f"{arm64_sum} file://{arm64} compiler arm64\n"
        f"{types_sum} file://{types} node_modules/@types/node\n"
    )
    return listing


def download(listing, dest, arch):
    return subprocess.run(
        ["sh", str(DOWNLOAD), str(listing), str(dest)],
        env={"PATH": "/usr/bin:/bin", "DOWNLOAD_ARCH": arch},
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("arch", ["amd64", "arm64"])
def test_a_machine_gets_the_compiler_of_its_architecture_and_what_every_machine_gets(packages, tmp_path, arch):
    dest = tmp_path / "dest"

    ran = download(packages, dest, arch)

    assert ran.returncode == 0, ran.stderr
    assert (dest / "compiler/tsc").read_bytes() == f"{arch} compiler".encode()
    assert (dest / "node_modules/@types/node/index.d.ts").read_bytes() == b"declarations"


def test_a_machine_with_none_of_a_paths_architectures_is_told_which_before_any_download(packages, tmp_path):
    dest = tmp_path / "dest"

    ran = download(packages, dest, "riscv64")

    assert ran.returncode != 0
    assert "compiler" in ran.stderr and "riscv64" in ran.stderr and "amd64 arm64" in ran.stderr, ran.stderr
    assert not dest.exists()


def test_every_architecture_specific_download_is_there_for_both_architectures_the_project_builds_for():
    for listing in LANGUAGE_IMAGES.glob("*.downloads"):
        by_path = {}
        for line in listing.read_text().splitlines():
            fields = line.split()
            if line.startswith("#") or len(fields) < 4:
                continue
            by_path.setdefault(fields[2], set()).add(fields[3])
        for path, architectures in by_path.items():
            assert architectures == {"amd64", "arm64"}, f"{listing.name}: {path} is there for {sorted(architectures)}"
