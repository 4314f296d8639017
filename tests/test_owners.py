"""One owner for each decision that the page makes in more than one place of its code: each test here
fails when a second owner comes back (a Python twin of what the early paint decides, a fact typed into
JavaScript, a copy of a word of the word table).

Where JavaScript must decide before Python runs, either the build writes the decision's data in from
its one Python owner, or the early paint decides and Python reads its answer from the page."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ("webapp", "sitegen")


def modules() -> Iterator[tuple[Path, ast.Module]]:
    """Every runtime and build module of the shell, parsed."""
    for folder in PYTHON:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT), ast.parse(path.read_text(encoding="utf-8"))


def calls(tree: ast.AST) -> Iterator[ast.Call]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.Call))


# --- The tap guards: App.tap answers what it refused ---


def test_no_module_taps_a_copy_of_the_game_to_learn_what_a_tap_refuses() -> None:
    """The App's answer to a tap is what it refused: nothing asks the engine the same question first
    on a copy of the game, behind guards of its own."""
    copied = [
        f"{path}:{call.lineno}"
        for path, tree in modules()
        for call in calls(tree)
        if isinstance(call.func, ast.Attribute)
        and call.func.attr == "tap"
        and isinstance(call.func.value, ast.Call)
        and isinstance(call.func.value.func, ast.Attribute)
        and call.func.value.func.attr == "copy"
    ]
    assert copied == []
