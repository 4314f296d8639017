"""Build step: vendor the pinned runtime, zip the Python for the page, refresh generated HTML.

    python -m tools.build [--check]

- copies PyScript (``@pyscript/core``) and Pyodide (``pyodide``) from node_modules into the
  git-ignored ``static/vendor/`` (installed by ``npm ci`` at the versions package-lock.json pins),
  of PyScript only the modules the page can load (not its editor, terminals, MicroPython, package
  graph or zip reader: a megabyte that every first visit's service worker would precache),
  with Pyodide's standard library cut to the modules the page imports (data/stdlib-modules.txt,
  found by tools/trace_stdlib.py) and compiled to bytecode by tools/minify_stdlib.mjs, and a lock file
  that lists no package (the page loads none);
- compiles PyScript's own Python package, as its core module holds it, into
  ``static/build/pyscript.zip`` (checked pycs the start-up module puts beside PyScript's sources);
- zips the engine ``halfmoon`` and the browser shell ``webapp`` into ``static/build/app.zip``,
  which pyscript.toml writes whole into Pyodide's file system (imported through zipimport), as
  bytecode only (no sources) compiled by Pyodide's own Python (tools/compile_pyc.mjs, run in
  Node), with the methods its dataclasses write compiled too (tools/compile_methods.mjs), so the
  page compiles nothing at start;
- copies the start (startup/*.mjs): the worker's interpreter module and the snapshot's modules beside
  Pyodide, the page's start modules into ``static/build/``, with the build key written in (Pyodide's
  version and a hash of every file a snapshot holds, so that a snapshot of another build is never
  restored), the worker's config from pyscript.toml, the runtime's sizes (the first visit's progress
  bar) and Python's facts;
- writes the early fetch (startup/early-fetch.js, the first script of index.html) into
  ``static/build/early-fetch.js``, and the page's runtime tags into index.html (sitegen/runtime.py);
- renders the icons (tools/icons.py) into ``static/build/icons/``;
- writes the service worker's precache list, ``static/build/precache-manifest.js``: every file
  the site needs, each with a revision hash of its contents, never kept by hand;
- rewrites the generated board skeleton in index.html from the engine's layout code, and the
  Rules and Examples pages (``rules-fi.html`` …) from sitegen/pages.py.
With ``--check`` it changes nothing and fails when a generated page is stale.

This script runs the steps; each job lives in a module beside it: the vendoring (build_vendor.py), the
bytecode (build_bytecode.py), the start-up modules and the early fetch (build_start.py), the precache
list, the manifest and the exported site (build_site.py), the paths they share (build_paths.py).

The slow steps (vendoring, compiling PyScript's and the app's bytecode, the icons) run only when one of their
inputs changed since they last ran (a hash of each step's inputs in ``.build-stamps.json``) or an
output is missing, so a build with nothing changed takes about a second; ``--force`` runs them all.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import sys
from collections.abc import Callable
from pathlib import Path

from sitegen.pages import write_pages
from sitegen.runtime import refresh_runtime
from sitegen.skeleton import refresh_css, refresh_index
from tools.build_bytecode import app_zip, pyscript_bytecode, pyscript_sources
from tools.build_paths import BUILD, PACKAGES, PYC_BYTES, PYODIDE_FILES, PYSCRIPT_BYTECODE, ROOT, STDLIB_MODULES, VENDOR
from tools.build_site import (
    SITE_FILES,
    export_site,
    precache_manifest,
    refresh_manifest,
    site_files,
    write_precache_manifest,
)
from tools.build_start import SHELL_STDLIB, early_fetch, snapshot_modules, startup
from tools.build_vendor import vendor
from tools.icons import SIZES, render

# What other tools and the tests import from the build, wherever its step lives.
__all__ = [
    "PYSCRIPT_BYTECODE",
    "SHELL_STDLIB",
    "SITE_FILES",
    "export_site",
    "precache_manifest",
    "pyscript_sources",
    "site_files",
    "snapshot_modules",
    "write_precache_manifest",
]
STAMPS = ROOT / ".build-stamps.json"  # each slow step's input hash when it last ran (git-ignored)
BUILD_SCRIPTS = [Path(__file__).resolve(), ROOT / "tools" / "build_paths.py"]


def icons() -> None:
    (BUILD / "icons").mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in SIZES.items():
        render(size, maskable).save(BUILD / "icons" / name, optimize=True)


def _digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _python_files(package: str) -> list[Path]:
    return [path for path in (ROOT / package).rglob("*.py") if "__pycache__" not in path.parts]


def slow_steps() -> dict[str, tuple[Callable[[], None], list[Path], list[Path]]]:
    """Each slow step with the files it reads (beside these scripts and its own) and the files it writes."""
    lock = ROOT / "package-lock.json"
    vendored = [VENDOR / "pyodide" / name for name in (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")]
    return {
        "vendor": (vendor, [lock, STDLIB_MODULES, ROOT / "tools" / "minify_stdlib.mjs", PYC_BYTES], vendored),
        "pyscript_bytecode": (
            pyscript_bytecode,
            [lock, ROOT / "tools" / "compile_pyc.mjs", PYC_BYTES, *vendored, *(VENDOR / "pyscript").glob("core-*.js")],
            [PYSCRIPT_BYTECODE],
        ),
        "app_zip": (
            app_zip,
            [
                lock,
                *(ROOT / "tools" / name for name in ("compile_pyc.mjs", "compile_methods.mjs", "method_code.py")),
                PYC_BYTES,
                *(p for pkg in PACKAGES for p in _python_files(pkg)),
            ],
            [BUILD / "app.zip"],
        ),
        "icons": (icons, [ROOT / "tools" / "icons.py"], [BUILD / "icons" / name for name in SIZES]),
    }


def run_slow_steps(force: bool) -> list[str]:
    """The slow steps whose inputs changed (or whose output is missing), run; their names."""
    stamps = json.loads(STAMPS.read_text()) if STAMPS.exists() else {}
    ran = []
    for name, (step, inputs, outputs) in slow_steps().items():
        key = _digest([*BUILD_SCRIPTS, Path(inspect.getfile(step)), *inputs])
        if force or stamps.get(name) != key or not all(path.exists() for path in outputs):
            stamps.pop(name, None)  # a step that fails half-way must run again next time
            STAMPS.write_text(json.dumps(stamps, indent=1))
            step()
            stamps[name] = key
            STAMPS.write_text(json.dumps(stamps, indent=1))
            ran.append(name)
    return ran


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the static site's generated parts.")
    parser.add_argument("--check", action="store_true", help="fail if a generated file is stale; write nothing")
    parser.add_argument("--force", action="store_true", help="run every step, even those whose inputs did not change")
    parser.add_argument("--site", type=Path, help="also copy the finished static site into this folder")
    args = parser.parse_args()
    stale = write_pages(ROOT, write=not args.check)
    if refresh_index(ROOT / "index.html", write=not args.check):
        stale.append("index.html")
    if refresh_runtime(ROOT / "index.html", write=not args.check):
        stale.append("index.html (runtime)")
    if refresh_css(ROOT / "static" / "app.css", write=not args.check):
        stale.append("static/app.css")
    if refresh_manifest(ROOT / "manifest.webmanifest", write=not args.check):
        stale.append("manifest.webmanifest")
    if args.check:
        sys.exit(f"build: stale: {', '.join(stale)}: run `make build`" if stale else 0)
    BUILD.mkdir(parents=True, exist_ok=True)
    ran = run_slow_steps(args.force)
    startup()
    early_fetch()
    write_precache_manifest()
    done = f"ran {', '.join(ran)}" if ran else "nothing slow to redo"
    refreshed = f"; refreshed {', '.join(stale)}" if stale else ""
    print(f"build: static/vendor and static/build are ready ({done}){refreshed}")
    if args.site:
        export_site(args.site)
        print(f"build: the site is in {args.site}")


if __name__ == "__main__":
    main()
