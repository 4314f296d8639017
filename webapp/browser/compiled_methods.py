"""The dataclasses' methods, compiled by the build rather than at every start.

A dataclass writes the source of the methods it adds (``__init__``, ``__repr__``, ``__eq__``, …) and
compiles it as its class is made: for the game's classes, the largest part of importing the game.
The build imports the page's modules under Pyodide's own Python, keeps each source their dataclasses
compile, compiles it as they do and puts both beside this module in the game's zip
(tools/method_code.py). ``install`` hands dataclasses an ``exec`` that runs that code for a source it
has and compiles any other source itself: the same source makes the same code, so every class is
made as it would be, only sooner. It relies on dataclasses compiling through a global ``exec`` (a
module's global comes before a builtin); the browser tests check that the page's classes have the
build's code."""

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
    get_data = getattr(__spec__.loader, "get_data", None)
    try:
        data = get_data(f"{__file__.rpartition('/')[0]}/{METHODS}") if get_data else None
    except OSError:
        return
    if data is not None:
        use(dict(marshal.loads(data)))


def use(compiled: Mapping[str, CodeType]) -> None:
    """Dataclasses made from now on run ``compiled``'s code for a source it has."""

    def run(source: str, globals: dict[str, Any], locals: dict[str, Any]) -> None:
        builtins.exec(compiled.get(source) or method_code(source), globals, locals)

    dataclasses.exec = run  # type: ignore[attr-defined]
