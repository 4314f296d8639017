"""Bytecode as the page ships it, for Pyodide's own Python (run by tools/compile_pyc.mjs and
tools/minify_stdlib.mjs in Node, never by the page): an unchecked-hash pyc, and a line table with the
lines alone.

The page ships no Python source, so a traceback can name a line but never draw the columns' carets
(those need the source text): the columns are a large part of the bytecode's bytes, and go.

Without docstrings (optimize 2) a dataclass still has one, its own or else its name: a dataclass
without one makes one from ``inspect.signature`` of its class as it is created, a cost at every start
for a text nobody reads."""

import ast
import importlib.util
import marshal
import types

NO_COLUMNS, NO_LOCATION = 13, 15  # CPython's location entry kinds (InternalDocs/code_objects.md)
MAX_RUN = 8  # code units one entry may cover
UNCHECKED_HASH = (1).to_bytes(4, "little")  # a hash-based pyc whose source is never checked (PEP 552)
CHECKED_HASH = (3).to_bytes(4, "little")  # one whose source's hash Python compares before using it


def pyc(source: bytes, filename: str, optimize: int, checked: bool = False) -> bytes:
    """``source`` compiled as ``filename`` (the name a traceback shows), its lines only; ``checked``:
    used only beside the very source it was compiled from (else Python compiles that source)."""
    tree = _dataclass_docs_kept(ast.parse(source, filename)) if optimize >= 2 else source
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=optimize)
    flags = CHECKED_HASH if checked else UNCHECKED_HASH
    header = importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(source)
    return header + marshal.dumps(lines_only(code))


def _dataclass_docs_kept(tree: ast.Module) -> ast.Module:
    """Each dataclass's docstring, or else its name, as an assignment to ``__doc__`` in its place:
    optimize 2 strips docstrings, not assignments."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(map(_makes_dataclass, node.decorator_list)):
            doc = ast.Assign([ast.Name("__doc__", ast.Store())], ast.Constant(ast.get_docstring(node) or node.name))
            replaced = 1 if ast.get_docstring(node, clean=False) is not None else 0
            node.body[:replaced] = [ast.fix_missing_locations(ast.copy_location(doc, node.body[0]))]
    return tree


def _makes_dataclass(decorator: ast.expr) -> bool:
    """Whether ``decorator`` is ``dataclass`` or ``….dataclass``, called or not: by name, so an alias
    is missed (and its class makes its docstring as it is created)."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
    return name == "dataclass"


def lines_only(code: types.CodeType) -> types.CodeType:
    """``code`` and every code object in it with a line table of 'no columns' entries."""
    table, previous, lines = bytearray(), code.co_firstlineno, [p[0] for p in code.co_positions()]
    start = 0
    while start < len(lines):
        line, end = lines[start], start + 1
        while end < len(lines) and end - start < MAX_RUN and lines[end] == line:
            end += 1
        if line is None:
            table.append(0x80 | NO_LOCATION << 3 | end - start - 1)
        else:
            table.append(0x80 | NO_COLUMNS << 3 | end - start - 1)
            table += _signed_varint(line - previous)
            previous = line
        start = end
    consts = tuple(lines_only(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def _signed_varint(value: int) -> bytes:
    value = -value << 1 | 1 if value < 0 else value << 1
    out = bytearray()
    while value >= 64:
        out.append(value & 63 | 64)
        value >>= 6
    out.append(value)
    return bytes(out)
