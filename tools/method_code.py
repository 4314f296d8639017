"""The dataclasses' methods of the page's modules, compiled at build time (read by
webapp/browser/compiled_methods.py). Run inside Pyodide's own Python by tools/compile_methods.mjs,
never by the page: the sources are the very texts its dataclasses write, and the code is its
bytecode, with lines and no columns as the game's own (tools/pyc_bytes.py).

Every module ``START`` imports must therefore import there, outside a page: nothing at import time
reaches a page-only object (the shell's modules reach the browser only through the ports
webapp/browser/start.py makes)."""

from __future__ import annotations

import dataclasses
import importlib
import marshal
from collections.abc import Iterable
from typing import Any

from tools.pyc_bytes import lines_only
from webapp.browser.compiled_methods import method_code

START = "webapp.browser.start"
"""The module whose import brings in every module of the game the page's worker makes a class of."""


def recorded(modules: Iterable[str], packages: Iterable[str]) -> dict[str, None]:
    """The sources dataclasses compile while ``modules`` are imported, for classes of ``packages``,
    in order."""
    sources: dict[str, None] = {}
    ours, before = tuple(packages), vars(dataclasses).get("exec")

    def keep(source: str, globals: dict[str, Any], locals: dict[str, Any]) -> None:
        if str(globals.get("__name__", "")).partition(".")[0] in ours:
            sources[source] = None
        exec(method_code(source), globals, locals)

    dataclasses.exec = keep  # type: ignore[attr-defined]
    try:
        for name in modules:
            importlib.import_module(name)
    finally:
        if before is None:
            del dataclasses.exec  # type: ignore[attr-defined]
        else:
            dataclasses.exec = before  # type: ignore[attr-defined]
    return sources


def compiled_methods(modules: Iterable[str], packages: Iterable[str]) -> bytes:
    """What webapp/browser/compiled_methods.py reads: each source and its code, marshalled."""
    return marshal.dumps([(source, lines_only(method_code(source))) for source in recorded(modules, packages)])
