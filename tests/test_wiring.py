"""How the tests and the tools find their code: through pytest's ``pythonpath`` (pyproject.toml) and
``python -m tools.NAME`` from the repository's root, never by editing ``sys.path``; what both use lives
in support/, which imports neither, and no tool imports a test."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WIRED = ("tests", "tools", "support")
TEST_MODULES = {path.stem for path in (ROOT / "tests").rglob("*.py")}
PATH_EDITS = {"insert", "append", "extend", "remove", "pop", "clear", "__setitem__", "__delitem__"}


def sources(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def is_sys_path(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "path" and ast.unparse(node.value) == "sys"


def path_edits(tree: ast.AST) -> Iterator[int]:
    """The lines that change ``sys.path``: a call of one of its changing methods, an assignment to it
    or to a slice of it, a deletion from it, or its list imported by name (to be changed unseen)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in PATH_EDITS:
            edited = is_sys_path(node.func.value)
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
            targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
            edited = any(is_sys_path(t) or (isinstance(t, ast.Subscript) and is_sys_path(t.value)) for t in targets)
        elif isinstance(node, ast.ImportFrom):
            edited = node.module == "sys" and any(alias.name == "path" for alias in node.names)
        else:
            continue
        if edited:
            yield node.lineno


def top_imports(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """The first name of every absolute import, with its line."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.lineno, node.module.split(".")[0]


def parsed(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@pytest.mark.parametrize("path", sources(*WIRED), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_test_or_tool_edits_sys_path(path: Path) -> None:
    assert list(path_edits(parsed(path))) == [], f"{path.relative_to(ROOT)} edits sys.path"


@pytest.mark.parametrize("path", sources("tools", "support"), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_tool_and_nothing_shared_imports_a_test(path: Path) -> None:
    forbidden = {"tests"} | TEST_MODULES | ({"tools"} if path.is_relative_to(ROOT / "support") else set())
    found = [(line, name) for line, name in top_imports(parsed(path)) if name in forbidden]
    assert found == [], f"{path.relative_to(ROOT)} imports {found}: what a tool and a test share goes to support/"


def test_the_checks_see_the_edits_and_imports_they_forbid() -> None:
    """The two checks above catch each form they name (so that an empty answer means something)."""
    # Spaced before each subscript and method, which changes nothing in the syntax tree, so that the
    # plain-text search for these edits (git grep) finds none in this file either.
    edits = "\n".join(
        [
            "import sys",
            "sys.path .insert(0, 'tools')",
            "sys.path .append('tests')",
            "sys.path [:0] = ['x']",
            "sys.path = ['x']",
            "sys.path += ['x']",
            "from sys import path",
            "print(sys.path [1:], 'sys.path .insert(0, x)')",  # a read and a string: no edit
        ]
    )
    assert sorted(path_edits(ast.parse(edits))) == [2, 3, 4, 5, 6, 7]
    imports = "import pageobject\nfrom test_layout import SWEEP\nfrom tests.browser import x\nfrom . import y"
    assert [name for _, name in top_imports(ast.parse(imports))] == ["pageobject", "test_layout", "tests"]


def test_pytest_finds_the_shared_code_on_its_pythonpath() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert [(ROOT / entry).resolve() for entry in options["pythonpath"]] == [ROOT]
    assert all((ROOT / package / "__init__.py").is_file() for package in ("tools", "support"))
