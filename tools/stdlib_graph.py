"""The standard-library modules the page's own code can import, from its static import graph.

    python -m tools.stdlib_graph      # prints them

A traced play session (tools/trace_stdlib.py) only sees the code paths it walks; an import in an
error branch or inside a function it never calls would be missing from the trimmed runtime and
raise ImportError in a player's browser. The standard library's ``modulefinder`` reads every
``import`` statement of the page's entry module and of every module zipped for the page (also the
ones inside functions), and follows them through the standard library as far as importing a module runs them.

``modulefinder`` runs on this machine's CPython and its standard library, while the page runs
Pyodide's (a newer Python): the names found are kept only where Pyodide's standard library has
them, and the trace adds what the newer standard library imports besides (and PyScript's needs).
"""

from __future__ import annotations

import inspect
import modulefinder
import sys
import zipfile
from pathlib import Path
from types import CodeType
from typing import Any

from tools.build_bytecode import NOT_IN_PAGE
from tools.build_paths import PACKAGES, ROOT

PYODIDE_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
ENTRY = ROOT / "webapp" / "browser" / "main.py"
# Imported at module level but never in the page: under `if __name__ == "__main__"` (heapq's
# doctest, which would bring unittest, pdb and argparse) or `if sys.platform == "win32"`.
NEVER_RUN = ("doctest", "asyncio.windows_events", "asyncio.windows_utils", "asyncio.proactor_events")


def page_modules() -> list[Path]:
    """The entry module and every module zipped for the page."""
    files = [p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py")) if "__pycache__" not in p.parts]
    return [ENTRY, *(p for p in files if p.relative_to(ROOT).as_posix() not in NOT_IN_PAGE and p != ENTRY)]


def pyodide_stdlib_names(archive: Path = PYODIDE_STDLIB) -> set[str]:
    """Module names in Pyodide's standard library: ``json/decoder.py`` → ``json.decoder``."""
    with zipfile.ZipFile(archive) as stdlib:
        names = [n for n in stdlib.namelist() if n.endswith(".py")]
    return {n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in names}


class PageImports(modulefinder.ModuleFinder):
    """Every import of the page's own modules, also inside functions; of a standard-library
    module only the imports that run when it is imported (module and class level). Its
    functions' imports run only when called, which the page's own code decides: following them
    too would ship half the standard library (unittest, email, multiprocessing…) for nothing."""

    def scan_code(self, co: CodeType, m: Any) -> None:  # m: a modulefinder.Module
        if m.__name__.split(".")[0] not in ("__main__", *PACKAGES):
            co = co.replace(co_consts=tuple(None if _is_function(c) else c for c in co.co_consts))
        super().scan_code(co, m)


def _is_function(const: object) -> bool:
    """A function's body, not a class body (which runs where the class is defined)."""
    return isinstance(const, CodeType) and bool(const.co_flags & inspect.CO_OPTIMIZED)


def imported_stdlib(scripts: list[Path] | None = None, available: set[str] | None = None) -> set[str]:
    """Every standard-library module reachable by import from ``scripts`` (default: the page's
    modules), named as in Pyodide's standard library; the page's own packages left out."""
    finder = PageImports(path=[str(ROOT), *sys.path], excludes=list(NEVER_RUN))
    for script in scripts or page_modules():
        name = script.relative_to(ROOT).with_suffix("").parts if script.is_relative_to(ROOT) else ()
        if name and name[0] in PACKAGES:  # imported as what it is, so that relative imports resolve
            finder.import_hook(".".join(name).removesuffix(".__init__"))
        else:
            finder.run_script(str(script))
    names = available if available is not None else pyodide_stdlib_names()
    own = {"__main__", *PACKAGES}
    return {m for m in finder.modules if m.split(".")[0] not in own and m in names}


if __name__ == "__main__":
    print("\n".join(sorted(imported_stdlib())))
