"""`make images` builds this project's images of the languages make deploy enables (the kind values'
languages.enabled, or JUDGE_LANGUAGES's), not all of the catalog's: it built and loaded every one
(~5.5 GB into every node) where the kind values enable one of them. Docker is a stand-in here that
records each call and knows no image, so the script stops after its builds, before it writes the tags."""

import os
import re
import subprocess
from pathlib import Path

import yaml

PROJECT = Path(__file__).resolve().parents[2]
CATALOG = yaml.safe_load((PROJECT / "services/contracts/src/main/resources/judge-languages.yml").read_text())["judge"][
    "languages"
]
KIND_VALUES = yaml.safe_load((PROJECT / "manifests/judge-kind-values.yaml").read_text())


def project_images(languages):
    return sorted({CATALOG[id_]["image"] for id_ in languages if CATALOG[id_]["image"].startswith("judge-languages/")})


def language_builds(tmp_path, **settings):
    """The language images `hack/images.sh docker` builds (by their -t), with a docker that records its calls."""
    fake = tmp_path / "bin"
    fake.mkdir()
    calls = tmp_path / "docker-calls"
    docker = fake / "docker"
    docker.write_text(f'#!/bin/sh\necho "$@" >> {calls}\n[ "$1" != image ]\n')
    docker.chmod(0o755)
    env = {key: value for key, value in os.environ.items() if key != "JUDGE_LANGUAGES"}
    env.update(settings, PATH=f"{fake}:{os.environ['PATH']}")
    subprocess.run([PROJECT / "hack/images.sh", "docker"], env=env, capture_output=True, text=True, timeout=120)
    return sorted(
        match
        for line in calls.read_text().splitlines()
        if line.startswith("build ")
        for match in re.findall(r"-t (judge-languages/\S+)", line)
    )


def test_make_images_builds_the_project_images_of_the_languages_the_kind_values_enable(tmp_path):
    expected = project_images(KIND_VALUES["languages"]["enabled"])

    assert expected, "the kind values enable none of this project's language images: the test would prove nothing"
    assert language_builds(tmp_path) == expected


def test_judge_languages_all_builds_every_project_image(tmp_path):
    assert language_builds(tmp_path, JUDGE_LANGUAGES="all") == project_images(CATALOG)


def test_a_language_the_catalog_does_not_have_stops_it_naming_that_language():
    read = subprocess.run(
        ["bash", "-c", f"set -euo pipefail; source {PROJECT / 'hack/lib.sh'}; judge_language_images c nosuch"],
        capture_output=True,
        text=True,
    )
    assert read.returncode != 0 and "nosuch" in read.stderr, read.stdout + read.stderr
