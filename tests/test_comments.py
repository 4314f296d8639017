"""Comments and docstrings say why, in the present tense: the code's history lives in the commit
messages and its figures in BENCHMARKS.md, so neither is written into the code.

- No issue number anywhere in the code, the tests, the static files, index.html, the service worker,
  README.md or docs/architecture.md (the issue tracker is not in the repository).
- No measurement told as what it was or became: a figure of time or size, a factor, a percentage
  or a share (``QUANTITY``) in the same sentence as a word that narrates (``NARRATION``). Comments
  and docstrings are read in the code; the two documents are read whole. The rule's numbers, limits
  and the constants the code uses are stated in the present, so they pass (``PRESENT`` below).
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.repository import repository_files, text_of

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("halfmoon", "webapp", "sitegen", "startup", "static", "tools", "tests", "index.html", "service-worker.js")
DOCUMENTS = ("README.md", "docs/architecture.md")

ISSUE = re.compile(r"\bissues?[\s_#(-]*\d", re.IGNORECASE)
"""An issue cited by its number, in any of the forms of ``CITED`` below."""

_NUMBER = r"(?<![\w.])\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?"
QUANTITY = re.compile(
    _NUMBER + r"\s*(?:ms|s|seconds?|minutes?|[kKMG]i?B|bytes|%)(?!\w)"  # a time or a size
    r"|" + _NUMBER + r"\s*×(?!\s*\d)"  # a factor (not a window's width × height)
    r"|\b(?:a|one|two) (?:third|quarter|fifth|tenth)s?\b|\bhalf (?:of|the)\b"  # a share
)
"""A figure of time or size, a factor, a percentage or a share (``NARRATED`` below holds each)."""

NARRATION = re.compile(
    r"\b(?:was|were|became|fell|rose|dropped|grew|shrank|took|(?<!is )(?<!are )(?<!be )measured|used to|had been)\b"
    r"|->|→"
    r"|\bnow\b|\bhere\b|\bmachine\b|\bcores\b"
    r"|\b(?:than|as) before\b"
    r"|\bfrom (?:about )?\d[^.;]*?\bto (?:about )?\d",
    re.IGNORECASE,
)
"""A word that tells a figure as what it was or became, compares it with the code it replaced or
places it on the machine it was measured on."""

SENTENCE_END = re.compile(r"(?<=[.;!?])\s+")


# --- reading comments and docstrings ----------------------------------------------------------------


def joined(lines: list[tuple[int, str, bool]]) -> Iterator[tuple[int, str]]:
    """Line comments, each ``(line, text, alone on its line)``: those alone on consecutive lines as one
    comment, numbered by its first line; a comment after code on its own."""
    start, last = 0, -2
    parts: list[str] = []
    for number, text, alone in lines:
        if parts and not (alone and number == last + 1):
            yield start, " ".join(parts)
            parts = []
        if not alone:
            yield number, text
            continue
        if not parts:
            start = number
        parts.append(text)
        last = number
    if parts:
        yield start, " ".join(parts)


def python_comments(text: str) -> Iterator[tuple[int, str]]:
    """Every ``#`` comment and every string standing alone as a statement (docstrings, including
    the ones under a module's constants)."""
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    found = [(t.start[0], t.string[1:], not t.line[: t.start[1]].strip()) for t in tokens if t.type == tokenize.COMMENT]
    yield from joined(found)
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            yield node.lineno, node.value.value


BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
SLASH_COMMENT = re.compile(r"(?:^|(?<=\s))//(.*)$")
HASH_COMMENT = re.compile(r"^\s*#(.*)$")
PARAGRAPH = re.compile(r"(?:[^\n]*\S[^\n]*(?:\n|$))+")


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _blocks(pattern: re.Pattern[str], text: str) -> Iterator[tuple[int, str]]:
    for match in pattern.finditer(text):
        yield _line_of(text, match.start()), match.group()


def _lines(pattern: re.Pattern[str], text: str) -> Iterator[tuple[int, str]]:
    lines = enumerate(text.splitlines(), 1)
    found = [(n, m.group(1), not line[: m.start()].strip()) for n, line in lines if (m := pattern.search(line))]
    yield from joined(found)


def comments(path: Path, text: str) -> Iterator[tuple[int, str]]:
    """The comments and docstrings of a file, by its kind; a document (Markdown) is prose throughout,
    read a paragraph at a time."""
    suffix = path.suffix
    if suffix == ".py":
        yield from python_comments(text)
    elif suffix in (".js", ".mjs"):
        yield from _blocks(BLOCK_COMMENT, text)
        yield from _lines(SLASH_COMMENT, text)
    elif suffix == ".css":
        yield from _blocks(BLOCK_COMMENT, text)
    elif suffix == ".html":
        yield from _blocks(HTML_COMMENT, text)
    elif suffix == ".txt":
        yield from _lines(HASH_COMMENT, text)
    elif suffix == ".md":
        yield from _blocks(PARAGRAPH, text)


def narrated(text: str) -> list[str]:
    """The sentences of ``text`` that tell a measured figure as what it was or became."""
    sentences = SENTENCE_END.split(" ".join(text.split()))
    return [s for s in sentences if QUANTITY.search(s) and NARRATION.search(s)]


# --- what the scans find ----------------------------------------------------------------------------


def issue_numbers(paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        text = text_of(path)
        for match in ISSUE.finditer(text or ""):
            found.append(f"{path.relative_to(ROOT)}:{_line_of(text or '', match.start())}: {match.group()}")
    return found


def narrated_measurements(paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        text = text_of(path)
        for line, comment in comments(path, text or "") if text else ():
            found += [f"{path.relative_to(ROOT)}:{line}: {sentence}" for sentence in narrated(comment)]
    return found


def test_no_issue_number_in_the_code_the_tests_or_the_static_files() -> None:
    assert issue_numbers(repository_files(*SCANNED)) == []


def test_no_comment_or_docstring_narrates_a_measurement() -> None:
    assert narrated_measurements(repository_files(*SCANNED)) == []


def test_the_readme_and_the_architecture_cite_no_issue_and_narrate_no_measurement() -> None:
    paths = repository_files(*DOCUMENTS)
    assert issue_numbers(paths) == []
    assert narrated_measurements(paths) == []


# --- the patterns, on what they are for -------------------------------------------------------------

# Spelled in pieces so that this file does not contain what it looks for.
_ISSUE = "issue"
CITED = (
    f"({_ISSUE} 25)",
    f"{_ISSUE.title()} 12: the keyboard",
    f"the {_ISSUE}-22 start",
    f"{_ISSUE}s 12 and 23",
    f"the layout {_ISSUE} (23)",
)
EXAMPLES = json.loads((ROOT / "tests" / "data" / "figure-examples.json").read_text(encoding="utf-8"))
NARRATED = EXAMPLES["narrated"]
PRESENT = EXAMPLES["present"]


@pytest.mark.parametrize("text", CITED)
def test_an_issue_number_is_found_in_each_of_its_forms(text: str) -> None:
    assert ISSUE.search(text)


@pytest.mark.parametrize("text", NARRATED)
def test_a_narrated_measurement_is_found(text: str) -> None:
    assert narrated(text) != []


@pytest.mark.parametrize("text", PRESENT)
def test_a_figure_stated_in_the_present_is_not_narration(text: str) -> None:
    assert narrated(text) == [] and not ISSUE.search(text)


@pytest.mark.parametrize(
    ("name", "text", "comment"),
    [
        ("a.py", 'X = 1  # a note\n"""A docstring."""\n\ndef f():\n    """Inner."""\n', "Inner."),
        ("a.py", "# one\n# two\nx = 1\n", " one  two"),
        ("a.py", "x = 1  # after code\ny = 2  # alone, as each comment after code\n", " after code"),
        ("a.js", 'const u = "https://x"; // a note\n/* a block */\n', " a note"),
        ("a.mjs", "// first\n// second\nf();\n", " first  second"),
        ("a.css", ".a { color: red; } /* why */\n", "/* why */"),
        ("a.html", "<p>text</p><!-- why -->\n", "<!-- why -->"),
        ("a.txt", "# why\nname\n", " why"),
        ("README.md", "Prose, a line.\n\nMore.\n", "Prose, a line.\n"),
    ],
)
def test_comments_are_read_from_each_kind_of_file(name: str, text: str, comment: str) -> None:
    found = [c for _, c in comments(Path(name), text)]
    assert comment in found
    assert "https://x" not in " ".join(found)
