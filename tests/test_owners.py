"""One owner for each decision that the page makes in more than one place of its code: each test here
fails when a second owner comes back (a Python twin of what the early paint decides, a fact typed into
JavaScript, a copy of a word of the word table).

Where JavaScript must decide before Python runs, either the build writes the decision's data in from
its one Python owner, or the early paint decides and Python reads its answer from the page."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from halfmoon.deal import DEAL_QUERY, LINE_QUERY

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ("webapp", "sitegen")


def modules(folders: tuple[str, ...] = PYTHON) -> Iterator[tuple[Path, ast.Module]]:
    """Every module of ``folders`` (by default the shell's runtime and build modules), parsed."""
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT), ast.parse(path.read_text(encoding="utf-8"))


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: dict[str, dict[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "script" and "src" in found:
            self.scripts[found["src"].rsplit("/", 1)[-1]] = found


def early_paint_tag() -> dict[str, str]:
    """The attributes of index.html's early-paint script tag, as the build wrote them."""
    tags = _Tags()
    tags.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return tags.scripts["early-paint.js"]


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


# --- The query names: halfmoon/deal.py ---

SCRIPTS = [*sorted((ROOT / "static").glob("*.js")), *sorted((ROOT / "startup").glob("*.*js"))]
SCRIPTS.append(ROOT / "service-worker.js")
"""The hand-written JavaScript."""


def code_of(script: Path) -> str:
    """A script's code without its comments (which may name what they do not decide)."""
    text = script.read_text(encoding="utf-8")
    return re.sub(r"/\*.*?\*/|(?<![:\\\"'])//[^\n]*", "", text, flags=re.DOTALL)


def strings(tree: ast.AST) -> Iterator[ast.Constant]:
    """The string constants of the code, docstrings left out, f-strings' literal parts included."""
    docstrings = {
        id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


QUERY_NAMES = (DEAL_QUERY, LINE_QUERY)


def test_the_query_names_are_typed_once_in_the_engine() -> None:
    """``deal`` and ``line`` as a link's names: written by halfmoon/deal.py alone; the shell builds and
    reads links through it, and the early paint is told them by the build."""
    names = "|".join(QUERY_NAMES)
    typed = [
        f"{path}:{node.lineno}: {node.value!r}"
        for path, tree in modules(("halfmoon", *PYTHON))
        for node in strings(tree)
        if re.search(rf"[?&]({names})=", node.value)
    ]
    read = [
        f"{path}:{call.lineno}"
        for path, tree in modules(("halfmoon", *PYTHON))
        for call in calls(tree)
        if any(isinstance(a, ast.Constant) and a.value in QUERY_NAMES for a in call.args)
        and getattr(call.func, "id", getattr(call.func, "attr", "")) == "query_value"
    ]
    assert typed == read == []
    in_scripts = [s.name for s in SCRIPTS if re.search(rf"[\"'`?&]({names})[\"'`=]", code_of(s))]
    assert in_scripts == []


def test_the_early_paint_is_told_the_query_names_by_the_build() -> None:
    tag = early_paint_tag()
    assert (tag["data-deal-query"], tag["data-line-query"]) == QUERY_NAMES
