"""The modules a first start imports ahead, in short tasks (issue 22): data/core-imports.txt must be
what Pyodide's own start imports, in its order, so that a new Pyodide that imports more or other
modules fails here (tools/core_imports.mjs writes the file anew: README "Fast start")."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_list_is_what_pyodides_start_imports() -> None:
    run = subprocess.run(["node", "tools/core_imports.mjs"], cwd=ROOT, capture_output=True, text=True, check=True)
    listed = (ROOT / "data" / "core-imports.txt").read_text(encoding="utf-8").split()
    assert run.stdout.split() == listed, "run `node tools/core_imports.mjs > data/core-imports.txt`"
