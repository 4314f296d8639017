"""The build's vendoring of the runtime (tools/build.py): PyScript's and Pyodide's files copied from
node_modules into ``static/vendor/``, of PyScript only the modules the page can load, Pyodide's standard
library cut to the modules the page imports. Pyodide's files are served as they are published."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tools.build_paths import PYODIDE_FILES, ROOT, STDLIB_MODULES, VENDOR

# PyScript's modules loaded on demand (``import("./name-HASH.js")``), by name: those of features
# the page uses (its TOML config; the error plugin, imported at every start), and those it never
# loads. A name in neither list (a new PyScript) stops the build: someone must decide.
PYSCRIPT_ON_DEMAND = {"toml", "error"}
PYSCRIPT_UNUSED = {
    *("codemirror", "codemirror_commands", "codemirror_lang-python", "codemirror_language"),
    *("codemirror_state", "codemirror_view", "py-editor", "py-terminal", "py-game", "donkey"),
    *("deprecations-manager", "pyodide_graph", "zip"),
}


def vendor() -> None:
    modules = ROOT / "node_modules"
    if not (modules / "pyodide").is_dir():
        sys.exit("build: node_modules is missing: run `npm ci` (or `make build`) first")
    shutil.rmtree(VENDOR, ignore_errors=True)
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(modules / "pyodide" / name, VENDOR / "pyodide" / name)
    stdlib = VENDOR / "pyodide" / "python_stdlib.zip"
    trim_stdlib(modules / "pyodide" / "python_stdlib.zip", stdlib)
    subprocess.run(["node", str(ROOT / "tools" / "minify_stdlib.mjs"), str(stdlib)], check=True)
    # The page loads no package, so its lock file lists none (the full one lists every package Pyodide has).
    lock = json.loads((modules / "pyodide" / "pyodide-lock.json").read_text())
    (VENDOR / "pyodide" / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))
    dist = modules / "@pyscript" / "core" / "dist"
    (VENDOR / "pyscript").mkdir()
    for name in pyscript_modules(dist):
        shutil.copy2(dist / name, VENDOR / "pyscript" / name)


def pyscript_modules(dist: Path) -> set[str]:
    """core.js and every module it imports, and of those it imports on demand, the ones named in
    PYSCRIPT_ON_DEMAND: the modules the page can load. A module left out that PyScript asked for
    would be a failed request, which every page test counts as an error."""
    found: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        text = (dist / name).read_text(encoding="utf-8")
        todo += re.findall(r'(?:\bfrom\s*|\bimport\s*)"\./([^"]+)"', text)
        for module in re.findall(r'\bimport\("\./([^"]+)"\)', text):
            feature = re.sub(r"-[\w-]{8}\.js$", "", module)  # the name without its content hash
            if feature in PYSCRIPT_ON_DEMAND:
                todo.append(module)
            elif feature not in PYSCRIPT_UNUSED:
                sys.exit(f"build: PyScript's {name} may load {module}: add {feature!r} to PYSCRIPT_ON_DEMAND/_UNUSED")
    return found


def trim_stdlib(source: Path, target: Path) -> None:
    """Pyodide's standard library with only the modules the page imports (data/stdlib-modules.txt,
    found by tools/trace_stdlib.py): about a quarter of the bytes of the whole."""
    wanted = {line for line in STDLIB_MODULES.read_text().split() if line and not line.startswith("#")}
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in full.infolist():
            module = info.filename.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            if info.filename.endswith(".py") and module in wanted:
                out.writestr(info, full.read(info))
