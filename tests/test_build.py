"""The build's generated parts: the precache list, the site's references, the Pages workflow, the
vendored runtime's one patch, PyScript's package as bytecode."""

from __future__ import annotations

import _imp
import hashlib
import json
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

from sitegen.manifest import manifest
from tools.build import (
    PYSCRIPT_BYTECODE,
    RECEIPT_STEP,
    SITE_FILES,
    export_site,
    precache_manifest,
    pyscript_sources,
    receipt_in_steps,
    site_files,
)
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent


def test_every_file_of_the_site_is_precached_with_its_revision() -> None:
    listed = dict(precache_manifest()["files"])  # type: ignore[arg-type]
    on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / "static").rglob("*") if p.is_file()}
    screenshots = {shot["src"] for shot in manifest()["screenshots"]}  # type: ignore[attr-defined]
    assert on_disk - {"static/build/precache-manifest.js"} - screenshots <= listed.keys()
    assert screenshots and not screenshots & listed.keys(), "only an install dialog shows the screenshots"
    assert {"./", *SITE_FILES} - {"index.html"} <= listed.keys()
    assert "index.html" not in listed, "the page is downloaded once, as ./"


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
    refs = {ref for listed in refs for ref in listed.split()}  # a list of URLs (the early fetch's modules)
    assert refs and all(not r.startswith(("http:", "https:", "//", "/")) for r in refs), "URLs must be relative"
    fragments = {r for r in refs if r.startswith("#")}  # an element of the page (rel=expect's)
    refs -= fragments
    missing = [r for r in refs if not (ROOT / r).exists()]
    missing += [r for r in fragments if f'id="{r[1:]}"' not in page]
    assert missing == []
    assert set(site_files()) >= {r.removeprefix("./") for r in refs if "precache-manifest" not in r}


def test_the_published_site_serves_every_precached_file_as_its_revision_says(tmp_path: Path) -> None:
    """The site as GitHub Pages gets it (build.py --site), served under a sub-path: every file the
    service worker's generated list names is there, with the bytes its revision was made from (a
    stale list would make the worker fail to install, or cache old files under new names)."""
    site = tmp_path / "site"
    export_site(site)
    generated = (site / "static" / "build" / "precache-manifest.js").read_text(encoding="utf-8")
    listed = json.loads(generated[generated.index("{") : generated.rindex("}") + 1])
    assert listed == precache_manifest(site) == precache_manifest()
    server = make_server(0, "/half-moon/", site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/half-moon/"
    try:
        for url, revision in listed["files"]:
            with urllib.request.urlopen(base + url) as response:
                assert response.status == 200, url
                assert hashlib.sha256(response.read()).hexdigest()[:16] == revision, url
    finally:
        server.shutdown()
        server.server_close()
    # Without .nojekyll, Pages' Jekyll drops every file or folder whose name starts with _ or .
    hidden = [u for u, _ in listed["files"] if any(p.startswith(("_", ".")) for p in u.split("/") if p != ".")]
    assert (site / ".nojekyll").is_file() or hidden == [], hidden


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


def test_the_games_zip_is_imported_where_pyscript_writes_it() -> None:
    """One path, three readers: pyscript.toml writes the zip whole; the page's entry and the snapshot
    Worker put that path on sys.path (a restored package finds its later submodules there)."""
    files = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["files"]
    target = files["./static/build/app.zip"]
    assert not target.endswith("*"), "written whole, not unpacked"
    name = target.removeprefix("./")
    entry = re.search(r'<script type="py"[^>]*>(.*?)</script>', (ROOT / "index.html").read_text()).group(1)  # type: ignore[union-attr]
    on_path = rf'sys\.path\.insert\(0, "{re.escape(name)}"\)'
    assert re.match(rf"import sys; {on_path};", entry)
    worker = (ROOT / "startup" / "snapshot-worker.mjs").read_text(encoding="utf-8")
    assert f'FS.writeFile("{name}"' in worker and re.search(on_path, worker)


def test_the_served_runtime_receives_its_instance_in_four_tasks() -> None:
    """Emscripten's receipt of the wasm instance awaits the start-up module's hook three
    times (the page's copy is the pinned Pyodide's with that patch and nothing else), and a Pyodide
    whose receipt reads otherwise stops the build instead of losing the split."""
    pinned = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    served = (ROOT / "static" / "vendor" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert served == receipt_in_steps(pinned) and served.replace(RECEIPT_STEP, "") != pinned
    assert served.count(RECEIPT_STEP) == 3 and "async function receiveInstance(" in served
    assert (
        served.replace(RECEIPT_STEP, "").replace("async function receiveInstance(", "function receiveInstance(")
        == pinned
    )
    with pytest.raises(SystemExit):
        receipt_in_steps(pinned.replace("LDSO.init();loadDylibs();", "loadDylibs();LDSO.init();"))


def test_pyscript_s_bytecode_is_its_package_as_the_vendored_core_writes_it() -> None:
    """One checked pyc (PEP 552: used only beside the source whose hash it carries) for each file
    PyScript's core module writes, carrying that file's hash; a core module that holds its package
    otherwise stops the build."""
    core = next((ROOT / "static" / "vendor" / "pyscript").glob("core-*.js")).read_text(encoding="utf-8")
    sources = pyscript_sources(core)
    assert {"pyscript/__init__.py", "pyscript/context.py"} <= sources.keys()
    assert "from pyscript.context import" in sources["pyscript/__init__.py"]
    with zipfile.ZipFile(PYSCRIPT_BYTECODE) as archive:
        pycs = {name: archive.read(name) for name in archive.namelist()}
    expected = {re.sub(r"(\w+)\.py$", r"__pycache__/\1", name) for name in sources}
    assert {re.sub(r"\.cpython-3\d+\.pyc$", "", name) for name in pycs} == expected
    for name, source in sources.items():
        pyc = pycs[next(n for n in pycs if n.startswith(re.sub(r"(\w+)\.py$", r"__pycache__/\1.", name)))]
        key = int.from_bytes(pyc[:4], "little")  # the magic number of the Python that compiled it
        assert pyc[4:8] == (3).to_bytes(4, "little") and pyc[8:16] == _imp.source_hash(key, source.encode())
    with pytest.raises(SystemExit):
        pyscript_sources(core.replace("{pyscript:", "{other:"))
