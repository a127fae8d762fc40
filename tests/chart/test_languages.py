"""The chart's language images are the catalog's: the catalog (services/contracts/.../judge-languages.yml)
defines a language once, and the chart repeats its image to mount it, so they are held equal here."""

import re

import yaml

from support.chart import of_kind, render
from support.processes import PROJECT

CATALOG = yaml.safe_load((PROJECT / "services/contracts/src/main/resources/judge-languages.yml").read_text())
VALUES = yaml.safe_load((PROJECT / "charts/judge/values.yaml").read_text())


def test_the_chart_mounts_each_catalog_language_from_the_catalogs_image():
    catalog = {language: entry["image"] for language, entry in CATALOG["judge"]["languages"].items()}
    assert VALUES["languages"]["images"] == catalog


def test_the_pod_tier_mounts_the_stand_in_of_each_catalog_image_it_enables():
    pods = yaml.safe_load((PROJECT / "tests/pods/values.yaml").read_text())["languages"]
    assert sorted(pods["images"]) == sorted(pods["enabled"])
    assert pods["images"] == {
        language: "localhost/stand-in/" + VALUES["languages"]["images"][language] for language in pods["enabled"]
    }


def test_every_language_has_an_image_recipe_and_judge_cases():
    """An official image has a stand-in recipe; this project's own (judge-languages/<name>) its recipe. A
    language of input validators alone (checktestdata) judges no submission: ProblemPreparerIT runs its scripts."""
    for language, entry in CATALOG["judge"]["languages"].items():
        repository = entry["image"].split(":")[0]
        if repository.startswith("judge-languages/"):
            recipe = PROJECT / f"services/language-images/{repository.split('/')[1]}.Containerfile"
        else:
            recipe = PROJECT / f"hack/stand-ins/languages/{repository.split('/')[-1]}.Containerfile"
        assert recipe.is_file(), language
        if not entry.get("input-validators-only"):
            assert (PROJECT / f"services/worker/src/test/resources/judge-cases/accepted-{language}").is_dir(), language


def test_the_worker_finds_each_image_where_the_chart_mounts_it():
    """The worker looks for a language's image at /languages/<the reference, [^A-Za-z0-9._-] made _>
    (Language.imageFolder, with its own unit test); the chart mounts each image there, once."""
    [worker] = [d for d in of_kind(render(), "Deployment") if d["metadata"]["name"].endswith("-worker")]
    mounts = {m["mountPath"] for m in worker["spec"]["template"]["spec"]["containers"][0]["volumeMounts"]}
    images = set(VALUES["languages"]["images"].values())
    assert {m for m in mounts if m.startswith("/languages/")} == {
        "/languages/" + re.sub(r"[^A-Za-z0-9._-]", "_", image) for image in images
    }


def test_the_kind_quick_start_enables_the_catalogs_default_set():
    """manifests/judge-kind-values.yaml repeats the catalog's by-default languages (a laptop's nodes pull
    only their images); held equal here."""
    kind = yaml.safe_load((PROJECT / "manifests/judge-kind-values.yaml").read_text())["languages"]["enabled"]
    by_default = [language for language, entry in CATALOG["judge"]["languages"].items() if entry.get("by-default")]
    assert sorted(kind) == sorted(by_default)


def test_a_language_image_builds_on_the_catalogs_image_or_on_the_official_one_of_its_version():
    """This project's recipes that build on another language's image (Kotlin on Java's, TypeScript on
    JavaScript's) repeat that image's reference as an ARG default, held equal to the catalog's here; one
    that builds on its own toolchain's official image (Go's on golang) names the version its tag gives,
    and that image has a stand-in recipe."""
    catalog_images = {entry["image"] for entry in CATALOG["judge"]["languages"].values()}
    own_tags = {
        image.split(":")[0].removeprefix("judge-languages/"): image.split(":")[1]
        for image in catalog_images
        if image.startswith("judge-languages/")
    }
    bases = [
        (recipe.stem, image)
        for recipe in (PROJECT / "services/language-images").glob("*.Containerfile")
        for name, image in re.findall(r"^ARG ([A-Z_]+)=([^/]\S*)$", recipe.read_text(), re.MULTILINE)
        if name != "DEBIAN"
    ]
    assert {recipe for recipe, _ in bases} >= {"kotlin", "typescript", "go"}
    official = [(recipe, image) for recipe, image in bases if image not in catalog_images]
    assert [recipe for recipe, _ in official] == ["go"]
    for recipe, image in official:
        repository, tag = image.split(":")
        assert (PROJECT / f"hack/stand-ins/languages/{repository}.Containerfile").is_file(), image
        assert tag.startswith(own_tags[recipe] + "-"), (recipe, image)
