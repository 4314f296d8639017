"""Build step: vendor the pinned runtime, zip the Python for the page, refresh generated HTML.

    python tools/build.py [--check]

- copies PyScript (``@pyscript/core``) and Pyodide (``pyodide``) from node_modules into the
  git-ignored ``static/vendor/`` (installed by ``npm ci`` at the versions package-lock.json pins);
- zips the engine ``halfmoon`` and the browser shell ``webapp`` into ``static/build/app.zip``,
  which pyscript.json unpacks into Pyodide's file system, with their bytecode compiled by
  Pyodide's own Python (tools/compile_pyc.mjs, run in Node), so the page compiles nothing at start;
- rewrites the generated board skeleton in index.html from the engine's layout code.
With ``--check`` it changes nothing and fails when index.html is stale.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from webapp.skeleton import refresh_index  # noqa: E402

VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "static" / "build"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PACKAGES = ("halfmoon", "webapp")
# Zip entries get a fixed date so that an unchanged tree builds a byte-identical zip.
EPOCH = (2026, 1, 1, 0, 0, 0)


def vendor() -> None:
    modules = ROOT / "node_modules"
    if not (modules / "pyodide").is_dir():
        sys.exit("build: node_modules is missing: run `npm ci` (or `make build`) first")
    shutil.rmtree(VENDOR, ignore_errors=True)
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(modules / "pyodide" / name, VENDOR / "pyodide" / name)
    shutil.copytree(
        modules / "@pyscript" / "core" / "dist",
        VENDOR / "pyscript",
        ignore=shutil.ignore_patterns("*.map", "service-worker.js"),
    )


def app_zip() -> None:
    pyc = BUILD / "pyc"
    shutil.rmtree(pyc, ignore_errors=True)
    subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(pyc), *PACKAGES], check=True)
    files = [(p.relative_to(ROOT), p) for package in PACKAGES for p in sorted((ROOT / package).glob("*.py"))]
    files += [(p.relative_to(pyc), p) for p in sorted(pyc.rglob("*.pyc"))]
    with zipfile.ZipFile(BUILD / "app.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, path in files:
            info = zipfile.ZipInfo(name.as_posix(), date_time=EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the static site's generated parts.")
    parser.add_argument("--check", action="store_true", help="fail if index.html is stale; write nothing")
    args = parser.parse_args()
    changed = refresh_index(ROOT / "index.html", write=not args.check)
    if args.check:
        sys.exit("build: index.html is stale: run `make build`" if changed else 0)
    vendor()
    app_zip()
    print("build: static/vendor and static/build/app.zip are ready" + (", index.html refreshed" if changed else ""))


if __name__ == "__main__":
    main()
