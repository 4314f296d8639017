"""The build's start (tools/build.py): the interpreter's start-up modules (startup/*.mjs, the
memory-snapshot warm start) copied beside Pyodide with the build key, the runtime's sizes and Python's
facts written in, and the early fetch (startup/early-fetch.js) with the list of files it downloads."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tomllib
from pathlib import Path

from halfmoon.i18n import DEFAULT_LANGUAGE
from tools.build_paths import BUILD, PYODIDE_FILES, PYSCRIPT_BYTECODE, ROOT, STDLIB_MODULES, VENDOR
from webapp.app.actions import Setting
from webapp.store import storage_keys

# The start-up modules (startup/), copied beside pyodide.mjs under these names.
STARTUP = {
    "pyodide-start.mjs": "half-moon-start.mjs",
    "start-snapshot.mjs": "half-moon-start-snapshot.mjs",
    "start-tasks.mjs": "half-moon-start-tasks.mjs",
    "start-progress.mjs": "half-moon-start-progress.mjs",
    "snapshot-worker.mjs": "half-moon-snapshot-worker.mjs",
}
BUILD_KEY_MARK = "@HALF_MOON_BUILD@"
SIZES_MARK = "@HALF_MOON_SIZES@"  # the raw sizes of the runtime's large files, for the progress bar
FACTS_MARK = "@HALF_MOON_FACTS@"  # Python's facts that the start-up module needs (keys, defaults)
MODULES_MARK = "@HALF_MOON_MODULES@"  # the page's modules a memory snapshot imports
# The one list of standard-library modules a start imports ahead of the game: a first visit's start
# imports it in groups of START_GROUP, a task each (startup/start-tasks.mjs), and the snapshot Worker
# imports it whole into the memory snapshot that later visits restore (startup/snapshot-worker.mjs).
START_IMPORTS_MARK = "@HALF_MOON_START_IMPORTS@"
PYSCRIPT_BYTECODE_MARK = "@HALF_MOON_PYSCRIPT_BYTECODE@"  # its URL from the start-up module
# What Pyodide's own start imports (tools/core_imports.mjs), but for what its start must import itself:
# its own packages need the JavaScript API its start sets up, and `_pyodide.jsbind` only
# `_pyodide_core`'s own import may import.
CORE_IMPORTS = ROOT / "data" / "core-imports.txt"
OWN_START = ("pyodide", "_pyodide_core", "_pyodide.jsbind")
# Then what the shell imports at every start beyond those (webapp/: `datetime` for the clock and the
# daily deal, `html` to escape the statistics' drawings): modules holding no JS object and no time.
# Each must be in data/stdlib-modules.txt (the build stops otherwise).
SHELL_STDLIB = ("datetime", "html")
START_GROUP = 3  # a task each: a larger group (ssl and asyncio's first modules together) is a long task
EARLY_FETCH_MARK = "@HALF_MOON_EARLY_FETCH@"  # the files the early fetch starts downloading
EARLY_FETCH = ROOT / "startup" / "early-fetch.js"


def startup() -> None:
    """The start-up modules beside Pyodide, with the key of the snapshots this build may restore."""
    pyodide = VENDOR / "pyodide"
    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    held = [pyodide / name for name in (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")]
    held += [BUILD / "app.zip", *(ROOT / "startup" / name for name in sorted(STARTUP))]
    digest = hashlib.sha256()
    for path in held:
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    key = f"pyodide-{version}-{digest.hexdigest()[:20]}"
    sizes = {name: (pyodide / name).stat().st_size for name in ("pyodide.asm.wasm", "python_stdlib.zip")}
    marks = {
        BUILD_KEY_MARK: key,
        SIZES_MARK: json.dumps(sizes),
        FACTS_MARK: json.dumps(start_facts()),
        MODULES_MARK: json.dumps(snapshot_modules()),
        START_IMPORTS_MARK: json.dumps(start_import_groups()),
        PYSCRIPT_BYTECODE_MARK: Path(os.path.relpath(PYSCRIPT_BYTECODE, pyodide)).as_posix(),
    }
    for source, target in STARTUP.items():
        text = _without_comments((ROOT / "startup" / source).read_text(encoding="utf-8"))
        for mark, value in marks.items():
            text = text.replace(mark, value)
        (pyodide / target).write_text(text, encoding="utf-8")


def early_fetch_files() -> list[str]:
    """What Pyodide and PyScript fetch() on a first visit, relative to the page: PyScript's config
    and the files it names, Pyodide's wasm, standard library and lock file."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    pyodide = VENDOR.relative_to(ROOT).as_posix() + "/pyodide"
    runtime = [f"./{pyodide}/{name}" for name in ("pyodide-lock.json", "python_stdlib.zip", "pyodide.asm.wasm")]
    return ["./pyscript.toml", *config["files"], *runtime]


def early_fetch() -> None:
    """startup/early-fetch.js into static/build/, with its list of files written in."""
    text = _without_comments(EARLY_FETCH.read_text(encoding="utf-8"))
    files = json.dumps(early_fetch_files(), separators=(",", ":"))
    (BUILD / "early-fetch.js").write_text(text.replace(EARLY_FETCH_MARK, files), encoding="utf-8")


def start_facts() -> dict[str, str | int]:
    """What the start-up module reads before Python runs, from the one Python owner of each."""
    return {
        "settingsKey": storage_keys.SETTINGS_KEY,
        "startingKey": storage_keys.STARTING_KEY,
        "failuresKey": storage_keys.FAILURES_KEY,
        "fastStartField": Setting.FAST_START.field,
        "defaultLanguage": DEFAULT_LANGUAGE,
        # CPython keeps the time as 64-bit nanoseconds (PyTime_t): the last moment it can hold, in ms.
        "lastMomentMs": (2**63 - 1) // 1_000_000,
    }


def snapshot_modules() -> list[str]:
    """The engine, and every module of the shell outside webapp/browser/ (which holds JS objects)."""
    shell = ROOT / "webapp"
    names = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in sorted(shell.rglob("*.py"))
        if "browser" not in path.relative_to(shell).parts and "__pycache__" not in path.parts
    ]
    return ["halfmoon", *names]


def start_import_groups() -> list[list[str]]:
    """The standard library a start imports ahead (START_IMPORTS_MARK), in groups, in import order."""
    core = [line for line in CORE_IMPORTS.read_text(encoding="utf-8").split() if line]
    shipped = {line for line in STDLIB_MODULES.read_text().split() if line and not line.startswith("#")}
    missing = [name for name in SHELL_STDLIB if name not in shipped]
    if missing:
        sys.exit(f"build: SHELL_STDLIB names modules the page does not ship: {', '.join(missing)}")
    names = [name for name in core if not name.startswith(OWN_START)]
    names += [name for name in SHELL_STDLIB if name not in names]
    return [names[i : i + START_GROUP] for i in range(0, len(names), START_GROUP)]


def _without_comments(text: str) -> str:
    """Our own start-up modules without comment lines, end-of-line comments and indentation: a
    third of the bytes, on every first visit. (Their source must keep " // " out of strings.)"""
    lines = (re.sub(r"\s+// .*$", "", line.strip()) for line in text.splitlines())
    return "".join(f"{line}\n" for line in lines if line and not line.startswith("//"))
