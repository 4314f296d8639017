"""The engine stays pure, typed and clean: standard library only, no browser import, ruff and mypy --strict."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = sorted((ROOT / "halfmoon").glob("*.py"))


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.name)
def test_the_engine_imports_the_standard_library_only(path: Path) -> None:
    outside = {n for n in imports(path) if n not in sys.stdlib_module_names and n != "halfmoon"}
    assert outside == set()
    assert not {"js", "pyscript", "pyodide"} & imports(path)


def tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=ROOT, check=False)


OWN_PYTHON = [*tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"], "tests"]
"""The project's own Python: the folders mypy checks, and the tests. Never the whole tree: pip's build/,
mutmut's mutants/ or a virtual environment hold copies and other people's code, and ruff leaves the
git-ignored ones alone only inside a git checkout."""


def test_the_project_s_python_is_all_in_its_own_folders() -> None:
    try:
        listed = subprocess.run(["git", "ls-files", "*.py"], capture_output=True, text=True, cwd=ROOT, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of the project's files")
    outside = [
        path
        for path in listed.stdout.splitlines()
        if not any(path == own or path.startswith(f"{own}/") for own in OWN_PYTHON)
    ]
    assert outside == [], "add the folder to [tool.mypy] files in pyproject.toml"


def test_ruff_is_clean() -> None:
    for args in (("ruff", "check"), ("ruff", "format", "--check")):
        done = tool(*args, *OWN_PYTHON)
        assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean() -> None:
    done = tool("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
