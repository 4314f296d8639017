"""The bytecode the page ships (tools/pyc_bytes.py): every instruction keeps its line, no column is
kept, the pyc imports as an unchecked hash-based pyc of its source, and without docstrings a dataclass
keeps its own or else its name. Run under this CPython (the line-table format is the same since 3.11);
the build runs it under Pyodide's."""

from __future__ import annotations

import importlib.util
import marshal
import traceback
import types
from typing import Any

import pytest

from tools.pyc_bytes import lines_only, pyc

SOURCE = b'''\
def outer(x):
    """A docstring."""
    values = [
        x + 1,
        x * 2,
    ]
    def inner(y):
        if y:
            return 1 / (y - y)
        return 0
    return inner(values[0]) + sum(v for v in values)
''' + b"\n".join(b"total = %d" % n for n in range(300))  # far lines: multi-byte line deltas


def every_code(code: types.CodeType) -> list[types.CodeType]:
    nested = [c for c in code.co_consts if isinstance(c, types.CodeType)]
    return [code, *(inner for c in nested for inner in every_code(c))]


def test_every_instruction_keeps_its_line_and_loses_its_columns() -> None:
    original = compile(SOURCE, "sample.py", "exec", dont_inherit=True)
    for before, after in zip(every_code(original), every_code(lines_only(original)), strict=True):
        assert [p[0] for p in after.co_positions()] == [p[0] for p in before.co_positions()]
        assert all(p[2:] == (None, None) for p in after.co_positions())
        assert len(after.co_linetable) < len(before.co_linetable)


def test_a_traceback_names_the_failing_line() -> None:
    namespace: dict[str, object] = {}
    exec(lines_only(compile(SOURCE, "sample.py", "exec", dont_inherit=True)), namespace)
    with pytest.raises(ZeroDivisionError) as raised:
        namespace["outer"](1)  # type: ignore[operator]
    frames = traceback.extract_tb(raised.tb)
    assert [(f.name, f.lineno) for f in frames[-2:]] == [("outer", 11), ("inner", 9)]
    assert "^" not in "".join(traceback.format_list(frames[-2:])), "no columns: no carets"


def test_the_pyc_is_an_unchecked_hash_pyc_of_its_source_optimized_as_asked() -> None:
    data = pyc(SOURCE, "sample.py", 2)
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(data[4:8], "little") == 0b01, "hash-based, source never checked (PEP 552)"
    assert data[8:16] == importlib.util.source_hash(SOURCE)
    namespace: dict[str, object] = {}
    exec(marshal.loads(data[16:]), namespace)
    assert namespace["outer"].__doc__ is None  # type: ignore[attr-defined]
    assert namespace["total"] == 299


def test_without_docstrings_a_dataclass_keeps_its_own_or_else_its_name_and_nothing_else_keeps_one() -> None:
    source = b'''\
from dataclasses import dataclass
import dataclasses

@dataclasses.dataclass(frozen=True)
class Point:
    """A point
       on the board."""
    x: int

def factory():
    @dataclass
    class Inner:
        """Made inside a function."""
        y: int
    return Inner

@dataclass
class Plain:
    y: int

class Other:
    """Gone."""

def f():
    """Gone too."""
'''
    namespace: dict[str, Any] = {}
    exec(marshal.loads(pyc(source, "sample.py", 2)[16:]), namespace)
    assert namespace["Point"].__doc__ == "A point\non the board."
    assert namespace["factory"]().__doc__ == "Made inside a function."
    assert namespace["Plain"].__doc__ == "Plain", "not made from its signature: its name"
    assert namespace["Plain"](3).y == 3
    assert namespace["Other"].__doc__ is None
    assert namespace["f"].__doc__ is None
