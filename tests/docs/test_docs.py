"""The documentation as a reader meets it: the README a front door, every page indexed, every
relative link leading somewhere, no page citing what a reader cannot look up."""

import re
import subprocess
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
DOCS = PROJECT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
MARKDOWN = [PROJECT / "README.md", *PAGES, PROJECT / "charts/judge/README.md"]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page):
    """GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens."""
    ids = set()
    for heading in re.findall(r"^#+ (.+)$", page.read_text(), flags=re.M):
        ids.add(re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-"))
    return ids


def test_the_readme_is_a_front_door():
    lines = (PROJECT / "README.md").read_text().splitlines()
    assert len(lines) <= 150, len(lines)


def test_the_docs_index_lists_every_page():
    index = (DOCS / "README.md").read_text()
    missing = [page.name for page in PAGES if page.name != "README.md" and f"]({page.name})" not in index]
    assert not missing, missing


@pytest.mark.parametrize("page", MARKDOWN, ids=lambda page: str(page.relative_to(PROJECT)))
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page):
    broken = []
    for target in LINK.findall(page.read_text()):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(target)
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(target)
    assert not broken, broken


@pytest.mark.parametrize("page", [p for p in MARKDOWN if p.name != "changelog.md"], ids=lambda p: p.name)
def test_no_page_cites_an_issue_number(page):
    cited = re.findall(r"\bissues? #?\d+", page.read_text(), flags=re.I)
    assert not cited, cited


@pytest.mark.parametrize("page", [p for p in MARKDOWN if p.name != "changelog.md"], ids=lambda p: p.name)
def test_no_page_but_the_changelog_dates_its_figures_by_commit(page):
    """Figures say what holds now and how to make them again (command, machine); which commit a run
    was at is history, which git keeps."""
    cited = re.findall(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b", page.read_text())
    assert not cited, cited


# A comment's pointer to a section: (README, "Quick start") or (docs/pods.md, "The closed loop").
POINTER = re.compile(r'\b(README|docs/[a-z-]+\.md)\b,? "([A-Z0-9`][^"\n]{1,100})"')


def pointers(text):
    return POINTER.findall(text)


def test_every_pointer_in_code_to_a_docs_section_names_one_that_exists():
    tracked = subprocess.run(["git", "ls-files"], cwd=PROJECT, capture_output=True, text=True, check=True).stdout
    stale = []
    for name in tracked.split():
        if name.startswith(("docs/", "tests/docs/")) or name == "README.md" or name.endswith((".png", ".jar", ".zip")):
            continue
        try:
            text = (PROJECT / name).read_text()
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        for document, section in pointers(text):
            page = PROJECT / ("README.md" if document == "README" else document)
            headings = (
                {heading.strip() for heading in re.findall(r"^#+ (.+)$", page.read_text(), flags=re.M)}
                if page.exists()
                else set()
            )
            if section not in headings:
                stale.append(f'{name}: {document}, "{section}"')
    assert not stale, stale


def test_the_pointer_finder_reads_the_forms_comments_use():
    assert pointers('# What differs (README, "Images"): the host') == [("README", "Images")]
    assert pointers('(docs/benchmarks.md, "Start-up (`make bench-start`)")') == [
        ("docs/benchmarks.md", "Start-up (`make bench-start`)")
    ]
