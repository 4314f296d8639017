"""The paths the build's steps share (tools/build.py and its build_*.py modules)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "static" / "build"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB_MODULES = ROOT / "data" / "stdlib-modules.txt"
PYSCRIPT_BYTECODE = BUILD / "pyscript.zip"
PYC_BYTES = ROOT / "tools" / "pyc_bytes.py"  # how both compile steps write bytecode
PACKAGES = ("halfmoon", "webapp")
