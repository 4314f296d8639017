"""The build's generated parts: the precache list, the site's references, the Pages workflow."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from build import SITE_FILES, precache_manifest, site_files  # noqa: E402


def test_every_file_of_the_site_is_precached_with_its_revision() -> None:
    listed = dict(precache_manifest()["files"])  # type: ignore[arg-type]
    on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / "static").rglob("*") if p.is_file()}
    assert on_disk - {"static/build/precache-manifest.js"} <= listed.keys()
    assert {"./", *SITE_FILES} <= listed.keys()
    assert listed["./"] == listed["index.html"]


def test_a_changed_file_changes_its_revision_and_the_version(tmp_path: Path) -> None:
    for name in SITE_FILES:
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / "static").mkdir()
    shutil.copy2(ROOT / "static" / "app.css", tmp_path / "static" / "app.css")
    before = precache_manifest(tmp_path)
    with (tmp_path / "static" / "app.css").open("a") as css:
        css.write("/* changed */")
    after = precache_manifest(tmp_path)
    changed = {u for (u, r), (_, s) in zip(before["files"], after["files"], strict=True) if r != s}  # type: ignore[arg-type]
    assert changed == {"static/app.css"} and before["version"] != after["version"]


def test_every_local_reference_of_the_page_exists() -> None:
    page = (ROOT / "index.html").read_text() + (ROOT / "manifest.webmanifest").read_text()
    page += (ROOT / "pyscript.toml").read_text() + (ROOT / "service-worker.js").read_text()
    refs = set(re.findall(r'(?:href|src|"?interpreter"?)\s*[=:]\s*"([^"]+)"', page))
    refs |= set(re.findall(r'importScripts\("([^"]+)"\)', page))
    refs |= set(re.findall(r'"(\./static/[^"]+)"', page))
    assert refs and all(not r.startswith(("http:", "https:", "//", "/")) for r in refs), "URLs must be relative"
    missing = [r for r in refs if not (ROOT / r).exists()]
    assert missing == []
    assert set(site_files()) >= {r.removeprefix("./") for r in refs if "precache-manifest" not in r}


def test_github_pages_needs_nojekyll() -> None:
    assert (ROOT / ".nojekyll").exists()


def test_the_pages_workflow_is_valid() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-workflows",
            str(ROOT / ".github" / "workflows" / "pages.yml"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
