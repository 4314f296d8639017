"""The build's generated parts: the precache list, the site's references, the Pages workflow, the
start's modules and the worker's config, Pyodide's private parts the start uses, PyScript's package as
bytecode."""

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
    SITE_FILES,
    export_site,
    precache_manifest,
    pyscript_sources,
    site_files,
)
from tools.build_start import BESIDE_PYODIDE, interpreter_url, worker_config
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent


def test_every_file_of_the_site_is_precached_with_its_revision() -> None:
    listed = {url.split("?")[0]: revision for url, revision in precache_manifest()["files"]}  # type: ignore[attr-defined]
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
    precached = {url.split("?")[0] for url in site_files()}
    assert precached >= {r.removeprefix("./") for r in refs if "precache-manifest" not in r}


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
    """One path, three readers: pyscript.toml writes the zip whole; the worker's entry and the snapshot
    Worker put that path on sys.path (a restored package finds its later submodules there)."""
    files = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["files"]
    target = files["./static/build/app.zip"]
    assert not target.endswith("*"), "written whole, not unpacked"
    name = target.removeprefix("./")
    on_path = rf"""sys\.path\.insert\(0, ["']{re.escape(name)}["']\)"""
    assert re.search(on_path, (ROOT / "static" / "worker.py").read_text(encoding="utf-8"))
    worker = (ROOT / "startup" / "snapshot-worker.mjs").read_text(encoding="utf-8")
    assert f'FS.writeFile("{name}"' in worker and re.search(on_path, worker)


def test_the_worker_gets_its_config_as_an_object_and_its_interpreter_beside_pyodide() -> None:
    """The page's start passes PyScript's worker its config as an object (a URL would reach the
    worker as a bare string) without the page's own keys, and names as its `version` the
    interpreter module the build copied beside pyodide.mjs (PyScript takes Pyodide's folder from it)."""
    built = (ROOT / "static" / "build" / "page-start.mjs").read_text(encoding="utf-8")
    config = json.loads(re.search(r"const CONFIG = JSON\.parse\('(.*?)'\)", built).group(1))  # type: ignore[union-attr]
    assert config == worker_config() and config["files"] and "plugins" not in config
    interpreter = ROOT / interpreter_url()
    assert interpreter.parent == ROOT / "static" / "vendor" / "pyodide" / "" and interpreter.is_file()
    assert interpreter.name == BESIDE_PYODIDE["worker-start.mjs"]
    assert "document" not in interpreter.read_text() and "localStorage" not in interpreter.read_text()
    assert "@HALF_MOON_" not in interpreter.read_text() + built, "every fact written in"


def test_a_first_visit_downloads_the_interpreter_module_once() -> None:
    """The worker asks for its interpreter module with the start's query: the precache holds it under
    a first visit's address (found in the HTTP cache), and the service worker answers every query from it."""
    urls = site_files()
    interpreter = interpreter_url().removeprefix("./")
    assert f"{interpreter}?restore=0" in urls and interpreter not in urls
    assert "ignoreSearch: true" in (ROOT / "service-worker.js").read_text(encoding="utf-8")


def test_the_policy_lets_pyscript_start_its_worker_from_a_blob() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert "worker-src 'self' blob:" in re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)[1]  # type: ignore[index]


def test_the_page_starts_python_only_in_the_worker() -> None:
    """No Python on the page: no <script type="py">; the page's configs only name the plugins (core
    fetches every plugin's module without them)."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<script type="py"' not in page and 'type="mpy"' not in page
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["plugins"]
    for tag in ("py-config", "mpy-config"):
        found = re.search(rf"<{tag} hidden>(.*?)</{tag}>", page)
        assert found and json.loads(found[1]) == {"plugins": plugins}, tag


def test_the_served_pyodide_is_the_pinned_one() -> None:
    """Pyodide's files are served as published: no patch."""
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        served = (ROOT / "static" / "vendor" / "pyodide" / name).read_bytes()
        assert served == (ROOT / "node_modules" / "pyodide" / name).read_bytes(), name


# Pyodide's private parts the start uses (startup/pyodide-private.mjs), each with the vendored text
# that shows it still means what the start takes it for: a release that renames one fails here.
PRIVATE = {
    "_loadSnapshot": ("pyodide.mjs", "if(!e._loadSnapshot)return;let n=await e._loadSnapshot"),
    "_makeSnapshot": ("pyodide.asm.mjs", "if(!API.config._makeSnapshot)throw"),
    "makeMemorySnapshot": ("pyodide.asm.mjs", "static makeMemorySnapshot("),
    "_api.config": ("pyodide.asm.mjs", "e._api=API"),
}


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_each_private_part_of_pyodide_the_start_uses_is_in_the_pinned_pyodide(name: str) -> None:
    file, text = PRIVATE[name]
    assert text in (ROOT / "node_modules" / "pyodide" / file).read_text(encoding="utf-8"), f"{name}: docs/start.md"


def test_pyodide_s_config_is_the_options_the_start_passes() -> None:
    """`_api.config` is loadPyodide's options: where a restored interpreter lets go of the snapshot."""
    loader = (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    assert re.search(r"\{config:e,runtimeEnv:", loader) and "API.config.jsglobals" in (
        ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs"
    ).read_text(encoding="utf-8")


def test_only_one_module_names_pyodide_s_private_parts() -> None:
    names = ("_loadSnapshot", "_makeSnapshot", "makeMemorySnapshot", "_api")
    naming = sorted(p.name for p in (ROOT / "startup").iterdir() if any(n in p.read_text() for n in names))
    assert naming == ["pyodide-private.mjs"]


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


def test_the_pinned_python_s_dataclasses_compile_their_methods_through_a_global_exec() -> None:
    """What webapp/browser/compiled_methods.py replaces: one call of the name ``exec``, which a
    module global given to dataclasses shadows, in a module with no ``__future__`` import (the
    flags a compile of its text inherits). Read as text: the tests' CPython may be older."""
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as stdlib:
        code = [line.partition("#")[0] for line in stdlib.read("dataclasses.py").decode().splitlines()]
    calls = [line for line in code if re.search(r"\bexec\(", line)]
    bound = [line for line in code if re.search(r"\bexec\s*=|\bimport\b.*\bexec\b|\bdef exec\b", line)]
    futures = [line for line in code if "__future__" in line]
    assert len(calls) == 1 and bound == [] and futures == [], ("docs/upgrade.md", calls, bound, futures)
