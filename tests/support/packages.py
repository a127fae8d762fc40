"""Polygon packages for the tests that import them: tests/polygon/sum-of-two and sum-function (in
Polygon's format, written for this project), zipped with changes, and imported through the API."""

import io
import json
import urllib.error
import urllib.request
import zipfile

from support.processes import PROJECT

PACKAGE = PROJECT / "tests/polygon/sum-of-two"
GRADER_PACKAGE = PROJECT / "tests/polygon/sum-function"


def zipped(folder, change=None, links=None):
    """The folder as a zip, changed; links: entries that are symbolic links, by path to their targets."""
    files = {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}
    if change:
        change(files)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        for name, content in files.items():
            package.writestr(name, content)
        for name, target in (links or {}).items():
            link = zipfile.ZipInfo(name)
            link.create_system = 3  # Unix: its mode is read
            link.external_attr = 0o120777 << 16
            package.writestr(link, target)
    return buffer.getvalue()


def import_package(api, body, query=""):
    request = urllib.request.Request(
        api.base_url + "/api/problems/import" + query,
        data=body,
        method="POST",
        headers={**api.headers, "Content-Type": "application/zip"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def without_generated_tests_and_answers(files):
    for name in ["tests/01.a", "tests/02", "tests/02.a", "tests/03", "tests/03.a", "tests/04", "tests/04.a"]:
        del files[name]
