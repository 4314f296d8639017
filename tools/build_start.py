"""The build's start (tools/build.py): the worker's interpreter module and its modules (startup/)
copied beside Pyodide, the page's start modules into static/build/, each with the build key, the
runtime's sizes, the worker's config and Python's facts written in, and the early fetch
(startup/early-fetch.js)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from halfmoon.i18n import DEFAULT_LANGUAGE, LANGUAGES
from tools.build_paths import BUILD, PYODIDE_FILES, PYSCRIPT_BYTECODE, ROOT, STDLIB_MODULES, VENDOR
from webapp.app.actions import Setting
from webapp.store import storage_keys
from webapp.text.words import text

# The worker's modules (startup/), copied beside pyodide.mjs under these names (PyScript takes
# Pyodide's folder from the interpreter module's address).
BESIDE_PYODIDE = {
    "worker-start.mjs": "half-moon-start.mjs",
    "pyodide-private.mjs": "half-moon-pyodide-private.mjs",
    "snapshot-worker.mjs": "half-moon-snapshot-worker.mjs",
}
# The page's start modules, copied into static/build/ under their own names.
ON_PAGE = ("page-start.mjs", "start-snapshot.mjs", "start-progress.mjs")
PYSCRIPT_CONFIG = ROOT / "pyscript.toml"
# The worker's entry (static/worker.py) and PyScript's core module, relative to the site.
WORKER_ENTRY = "./static/worker.py"
PYSCRIPT_CORE = "./static/vendor/pyscript/core.js"
HASH_HEADER = "x-half-moon-sha256"  # the stored snapshot's hash, beside its bytes
PAGE_FACTS_MARK = "@HALF_MOON_PAGE_FACTS@"
WORKER_FACTS_MARK = "@HALF_MOON_WORKER_FACTS@"
WORKER_CONFIG_MARK = "@HALF_MOON_WORKER_CONFIG@"
MODULES_MARK = "@HALF_MOON_MODULES@"  # what a memory snapshot imports
# What the shell imports at every start beyond Pyodide's own start (webapp/: `datetime` for the clock
# and the daily deal, `html` to escape the statistics' drawings): modules holding no JS object and no
# time, imported into the snapshot. Each must be in data/stdlib-modules.txt (the build stops otherwise).
SHELL_STDLIB = ("datetime", "html")
FAILED_WORD = "start-failed"  # the words a start that failed says (webapp/text/)


def pyscript_config() -> dict[str, Any]:
    return tomllib.loads(PYSCRIPT_CONFIG.read_text(encoding="utf-8"))


def worker_config() -> dict[str, Any]:
    """The worker's PyScript config: pyscript.toml but the page's own keys (the interpreter, which
    page-start.mjs passes as the worker's `version`, and the plugins, the page's <py-config>)."""
    return {key: value for key, value in pyscript_config().items() if key not in ("interpreter", "plugins")}


def interpreter_url() -> str:
    """The worker's interpreter module, relative to the site (pyscript.toml's `interpreter`)."""
    return str(pyscript_config()["interpreter"])


def build_key() -> str:
    """Pyodide's version and a hash of every file that goes into a snapshot."""
    pyodide = VENDOR / "pyodide"
    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    held = [pyodide / name for name in (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")]
    held += [BUILD / "app.zip", *(ROOT / "startup" / name for name in sorted((*BESIDE_PYODIDE, *ON_PAGE)))]
    digest = hashlib.sha256()
    for path in held:
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"pyodide-{version}-{digest.hexdigest()[:20]}"


def startup() -> None:
    """The start's modules beside Pyodide and in static/build/, with the key of the snapshots this
    build may restore and the facts they need written in."""
    pyodide = VENDOR / "pyodide"
    key = build_key()
    marks = {
        PAGE_FACTS_MARK: json.dumps(page_facts(key)),
        WORKER_FACTS_MARK: json.dumps(worker_facts(key)),
        WORKER_CONFIG_MARK: json.dumps(worker_config()),
        MODULES_MARK: json.dumps(snapshot_modules()),
    }
    for stale in pyodide.glob("half-moon-*.mjs"):  # a renamed or deleted module must not stay served
        if stale.name not in BESIDE_PYODIDE.values():
            stale.unlink()
    targets = {source: pyodide / target for source, target in BESIDE_PYODIDE.items()}
    targets |= {source: BUILD / source for source in ON_PAGE}
    for source, target in targets.items():
        content = _without_comments((ROOT / "startup" / source).read_text(encoding="utf-8"))
        for mark, value in marks.items():
            content = content.replace(mark, value)
        target.write_text(content, encoding="utf-8")


def early_fetch() -> None:
    """startup/early-fetch.js into static/build/."""
    content = _without_comments((ROOT / "startup" / "early-fetch.js").read_text(encoding="utf-8"))
    (BUILD / "early-fetch.js").write_text(content, encoding="utf-8")


def page_facts(key: str) -> dict[str, object]:
    """What the page's start reads before Python runs, from the one Python owner of each."""
    return {
        "build": key,
        "settingsKey": storage_keys.SETTINGS_KEY,
        "startingKey": storage_keys.STARTING_KEY,
        "failuresKey": storage_keys.FAILURES_KEY,
        "fastStartField": Setting.FAST_START.field,
        "defaultLanguage": DEFAULT_LANGUAGE,
        "hashHeader": HASH_HEADER,
        "failed": {language: text(FAILED_WORD, language) for language in LANGUAGES},
        "core": PYSCRIPT_CORE,
        "entry": WORKER_ENTRY,
        "interpreter": interpreter_url(),
        "snapshotWorker": f"./{VENDOR.relative_to(ROOT).as_posix()}/pyodide/{BESIDE_PYODIDE['snapshot-worker.mjs']}",
    }


def worker_facts(key: str) -> dict[str, object]:
    """What the worker's interpreter module reads: the build key, the runtime's sizes, the limits."""
    pyodide = VENDOR / "pyodide"
    return {
        "build": key,
        "sizes": {name: (pyodide / name).stat().st_size for name in ("pyodide.asm.wasm", "python_stdlib.zip")},
        "hashHeader": HASH_HEADER,
        # CPython keeps the time as 64-bit nanoseconds (PyTime_t): the last moment it can hold, in ms.
        "lastMomentMs": (2**63 - 1) // 1_000_000,
        "pyscriptBytecode": Path(os.path.relpath(PYSCRIPT_BYTECODE, pyodide)).as_posix(),
    }


def snapshot_modules() -> list[str]:
    """The shell's own standard library, the engine, and every module of the shell outside
    webapp/browser/ (which holds JS objects): what a snapshot imports."""
    shipped = {line for line in STDLIB_MODULES.read_text().split() if line and not line.startswith("#")}
    missing = [name for name in SHELL_STDLIB if name not in shipped]
    if missing:
        sys.exit(f"build: SHELL_STDLIB names modules the page does not ship: {', '.join(missing)}")
    shell = ROOT / "webapp"
    names = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in sorted(shell.rglob("*.py"))
        if "browser" not in path.relative_to(shell).parts and "__pycache__" not in path.parts
    ]
    return [*SHELL_STDLIB, "halfmoon", *names]


def _without_comments(content: str) -> str:
    """Our own start-up modules without comment lines, end-of-line comments and indentation: a
    third of the bytes, on every first visit. (Their source must keep " // " out of strings.)"""
    lines = (re.sub(r"\s+// .*$", "", line.strip()) for line in content.splitlines())
    return "".join(f"{line}\n" for line in lines if line and not line.startswith("//"))
