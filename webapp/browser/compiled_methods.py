"""The dataclasses' methods, compiled by the build rather than at every start.

A dataclass writes the source of the methods it adds (``__init__``, ``__repr__``, ``__eq__``, …) and
compiles it as its class is made, at every start of the page, for the game's classes too. The build
imports the page's modules under Pyodide's own Python, keeps each source their dataclasses compile,
compiles it as they do and puts both beside this module in the game's zip (tools/method_code.py).
``install`` hands dataclasses an ``exec`` that runs the build's code for a source the build compiled
and compiles any other source itself: the same source makes the same code but for its columns, so
every class is made as it would be, only sooner. It relies on dataclasses compiling through a global
``exec`` (a module's global comes before a builtin): tests/test_build.py reads that in the pinned
Pyodide's dataclasses, and the browser tests check that the page's classes have the build's code."""

from __future__ import annotations

import builtins
import dataclasses
import marshal
from collections.abc import Mapping
from types import CodeType
from typing import Any

METHODS = "compiled-methods.marshal"
"""The file beside this module in the game's zip: ``[(source, code), …]``, marshalled."""


def method_code(source: str) -> CodeType:
    """``source`` compiled as dataclasses compiles it: its ``exec`` of a text, in a module with no
    ``__future__`` import."""
    return compile(source, "<string>", "exec", dont_inherit=True)


def install() -> None:
    """Dataclasses made from now on run the build's code for their methods; without the build's file
    (a checkout, the tests' CPython), nothing changes."""
    loader: Any = __spec__.loader  # the zip's importer, or a file's loader: each has ``get_data``
    try:
        data = loader.get_data(f"{__file__.rpartition('/')[0]}/{METHODS}")
    except OSError:
        return
    use(dict(marshal.loads(data)))


def use(compiled: Mapping[str, CodeType]) -> None:
    """Dataclasses made from now on run ``compiled``'s code for a source it has."""

    def run(source: str, globals: dict[str, Any], locals: dict[str, Any]) -> None:
        builtins.exec(compiled.get(source) or method_code(source), globals, locals)

    dataclasses.exec = run  # type: ignore[attr-defined]
