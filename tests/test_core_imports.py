"""The modules a first start imports ahead, in short tasks: data/core-imports.txt must be
what Pyodide's own start imports, in its order, so that a new Pyodide that imports more or other
modules fails here (tools/core_imports.mjs writes the file anew: docs/start.md "Fast start")."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from tools.build import SHELL_STDLIB

ROOT = Path(__file__).resolve().parent.parent


def test_the_list_is_what_pyodides_start_imports() -> None:
    run = subprocess.run(["node", "tools/core_imports.mjs"], cwd=ROOT, capture_output=True, text=True, check=True)
    listed = (ROOT / "data" / "core-imports.txt").read_text(encoding="utf-8").split()
    assert run.stdout.split() == listed, "run `node tools/core_imports.mjs > data/core-imports.txt`"


def test_the_snapshot_imports_the_list_the_first_start_imports_ahead() -> None:
    """One list, two readers: what a first visit imports in short tasks is what the memory snapshot
    of every later visit holds, Pyodide's start and the shell's modules alike."""
    built = ROOT / "static" / "vendor" / "pyodide"
    lists = [
        json.loads(re.search(r"START_IMPORTS = JSON\.parse\('(.*?)'\)", (built / name).read_text()).group(1))  # type: ignore[union-attr]
        for name in ("half-moon-start-tasks.mjs", "half-moon-snapshot-worker.mjs")
    ]
    assert lists[0] == lists[1]
    imported = {name for group in lists[0] for name in group}
    core = (ROOT / "data" / "core-imports.txt").read_text(encoding="utf-8").split()
    assert set(SHELL_STDLIB) <= imported, "the shell's own standard library, imported at every start"
    assert [name for name in core if name in imported] == [n for group in lists[0] for n in group if n in core]
    assert {name for name in core if not name.startswith(("pyodide", "_pyodide_core", "_pyodide.jsbind"))} <= imported
