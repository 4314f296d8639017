"""The build's bytecode (tools/build.py): PyScript's own Python package into
``static/build/pyscript.zip`` and the engine and the shell into ``static/build/app.zip``, compiled by
Pyodide's own Python (tools/compile_pyc.mjs, run in Node), with the methods the game's dataclasses
write (tools/compile_methods.mjs), so that the page compiles nothing at start."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from tools.build_paths import BUILD, PACKAGES, PYSCRIPT_BYTECODE, ROOT, VENDOR
from webapp.browser import compiled_methods

# Modules the page never imports: the command line.
NOT_IN_PAGE = {"halfmoon/cli.py", "halfmoon/__main__.py"}
METHODS_ENTRY = f"{compiled_methods.__name__.rpartition('.')[0].replace('.', '/')}/{compiled_methods.METHODS}"
"""The dataclasses' compiled methods in the game's zip: beside the module that reads them."""
# Zip entries get a fixed date so that an unchanged tree builds a byte-identical zip.
EPOCH = (2026, 1, 1, 0, 0, 0)


UTF8_NAMES = 0x800  # a zip entry's name flagged UTF-8: Python's zipfile reads it without importing cp437
PYSCRIPT_PACKAGE = "{pyscript:"  # where PyScript's core module holds its Python package's sources


def pyscript_sources(core: str) -> dict[str, str]:
    """The Python package PyScript's core module writes into the interpreter's file system at every
    start, and then imports (``{"pyscript/context.py": source, ...}``): the text of a JSON object there."""
    if core.count(PYSCRIPT_PACKAGE) != 1:
        sys.exit("build: PyScript's core module does not hold its Python package as tools/build.py reads it")
    tree, _ = json.JSONDecoder().raw_decode('{"pyscript":' + core.split(PYSCRIPT_PACKAGE, 1)[1])

    def files(node: dict[str, object], folder: str) -> dict[str, str]:
        found: dict[str, str] = {}
        for name, value in node.items():
            found.update({f"{folder}{name}": value} if isinstance(value, str) else files(value, f"{folder}{name}/"))  # type: ignore[arg-type]
        return found

    return files(tree, "")


def pyscript_bytecode() -> None:
    """PyScript's Python package as bytecode, for the start-up module to put beside the sources
    PyScript writes, so that its import compiles nothing (compiling makes it the start's longest
    task), compiled from the vendored core's own text at optimize level 0, as PyScript's interpreter
    runs. Checked pycs (PEP 552): beside sources of another PyScript (a stale cache), Python compiles
    those instead."""
    core = next((VENDOR / "pyscript").glob("core-*.js")).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as temp:
        source, compiled = Path(temp, "source"), Path(temp, "compiled")
        for name, text in pyscript_sources(core).items():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_text(text, encoding="utf-8")
        compile_pyc = [str(ROOT / "tools" / "compile_pyc.mjs"), str(compiled), "pyscript"]
        subprocess.run(["node", *compile_pyc, "--from", str(source), "--optimize", "0", "--checked"], check=True)
        with zipfile.ZipFile(PYSCRIPT_BYTECODE, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(compiled.rglob("*.pyc")):
                _write(archive, path.relative_to(compiled).as_posix(), path.read_bytes())


def app_zip() -> None:
    with tempfile.TemporaryDirectory() as temp:
        pyc = Path(temp)
        subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(pyc), *PACKAGES], check=True)
        # Bytecode only, beside where each source would be (``halfmoon/game.pyc``): Python imports
        # such sourceless modules as they are, and the zip stays small.
        compiled = [(p.relative_to(pyc), p) for p in sorted(pyc.rglob("*.pyc"))]
        files = [(Path(_source_of(name) + "c"), path) for name, path in compiled if _source_of(name) not in NOT_IN_PAGE]
        with zipfile.ZipFile(BUILD / "app.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for name, path in files:
                _write(archive, name.as_posix(), path.read_bytes())
        # The dataclasses' methods, compiled from the zip's own modules as the page imports them.
        methods = pyc / compiled_methods.METHODS
        subprocess.run(
            ["node", str(ROOT / "tools" / "compile_methods.mjs"), BUILD / "app.zip", methods, *PACKAGES], check=True
        )
        with zipfile.ZipFile(BUILD / "app.zip", "a", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            _write(archive, METHODS_ENTRY, methods.read_bytes())


def _write(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.flag_bits |= UTF8_NAMES
    archive.writestr(info, data)


def _source_of(name: Path) -> str:
    """halfmoon/__pycache__/cli.cpython-314.pyc → halfmoon/cli.py"""
    if name.suffix == ".pyc":
        return f"{name.parent.parent.as_posix()}/{name.name.split('.')[0]}.py"
    return name.as_posix()
