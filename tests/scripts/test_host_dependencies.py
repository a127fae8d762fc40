"""The scripts behind make local-up and make images need PyYAML to read the language catalog. Where it
is missing they stop and name it; `make images` once printed a traceback, built no language image
and exited 0 (a failing substitution in a for loop's list does not trip set -e)."""

import os
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]


def without_pyyaml(tmp_path):
    """A PATH whose python3 has no PyYAML (a virtual environment of the same Python, no packages), and
    whose docker records that it was called."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    assert subprocess.run([venv / "bin/python3", "-c", "import yaml"], capture_output=True).returncode != 0
    fake = tmp_path / "bin"
    fake.mkdir()
    docker = fake / "docker"
    docker.write_text(f'#!/bin/sh\necho "$@" >> {tmp_path / "docker-calls"}\n')
    docker.chmod(0o755)
    return {**os.environ, "PATH": f"{venv / 'bin'}:{fake}:{os.environ['PATH']}"}


def test_make_images_stops_naming_pyyaml_before_building_anything(tmp_path):
    images = subprocess.run(
        [PROJECT / "hack/images.sh", "docker"], env=without_pyyaml(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert images.returncode != 0, images.stdout
    assert "PyYAML is missing" in images.stderr, images.stderr
    assert not (tmp_path / "docker-calls").exists(), (tmp_path / "docker-calls").read_text()


def test_the_catalog_readers_name_pyyaml(tmp_path):
    for function in ("judge_language_images", "judge_selected_languages all", "service_jit api"):
        read = subprocess.run(
            ["bash", "-c", f"set -euo pipefail; source {PROJECT / 'hack/lib.sh'}; {function}"],
            env=without_pyyaml(tmp_path / function.split()[0]),
            capture_output=True,
            text=True,
        )
        assert read.returncode != 0 and "PyYAML is missing" in read.stderr, (function, read.stdout, read.stderr)
