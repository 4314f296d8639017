"""One owner for each decision that the page makes in more than one place of its code: each test here
fails when a second owner comes back (a Python twin of what the early paint decides, a fact typed into
JavaScript, a copy of a word of the word table).

Where JavaScript must decide before Python runs, either the build writes the decision's data in from
its one Python owner, or the early paint decides and Python reads its answer from the page."""

from __future__ import annotations

import ast
import inspect
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from halfmoon import Place
from halfmoon.deal import DEAL_QUERY, LINE_QUERY
from halfmoon.i18n import DEFAULT_LANGUAGE, LANGUAGES
from halfmoon.saved import MAX_CHARS
from sitegen.pages import WORDS
from sitegen.skeleton import first_board
from support.fakes import make_app
from support.testdata import WON
from webapp.app.actions import Setting
from webapp.draw.view import RECORD_CAPS, build, record_places, snapshot
from webapp.text.word_table import TEXTS
from webapp.text.words import pick_language

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


def index() -> str:
    return (ROOT / "index.html").read_text(encoding="utf-8")


def early_paint_tag() -> dict[str, str]:
    """The attributes of index.html's early-paint script tag, as the build wrote them."""
    tags = _Tags()
    tags.feed(index())
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


# --- The early-paint record's caps: webapp/draw/view.py ---


def test_the_early_paint_is_told_its_caps_by_the_build_and_types_no_figure() -> None:
    caps = dict(cap.split(":") for cap in early_paint_tag()["data-caps"].split())
    assert {name: int(cap) for name, cap in caps.items()} == RECORD_CAPS
    figures = re.findall(r"\b\d+\b", code_of(ROOT / "static" / "early-paint.js"))
    assert set(figures) <= {"0"}, figures  # an index: no length, no count


def longest(values: object) -> int:
    return max((len(v) for v in values if v is not None), default=0)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_record_python_writes_stays_inside_the_caps(lang: str) -> None:
    """A whole won game, each setting that adds an attribute on, and the first deal's boards: every
    record, with the longest saved game a record can hold, fits the caps the early paint reads it with."""
    app = make_app(language=lang)
    for setting in (Setting.FOUR_COLOUR, Setting.LAYOUT_HELP):
        app.set_setting(setting, True)
    records = [json.dumps(first_board(lang) | {"game": ""})]
    for move in WON["moves"]:
        for place in move.split("+"):
            app.tap(Place(place))
            view = build(app)
            records.append(snapshot(view, record_places(app.game, view.lang), app.store.saved_game_text() or ""))
    for text in records:
        record = json.loads(text)
        assert len(text) - len(record["game"]) + MAX_CHARS <= RECORD_CAPS["record"]
        assert longest(record["info"].values()) <= RECORD_CAPS["info"]
        assert longest(record["root"].values()) <= RECORD_CAPS["root"]
        for part, cap in (("place", "place"), ("button", "button"), ("slots", "slot")):
            assert longest(v for p in record["places"] for v in p[part].values()) <= RECORD_CAPS[cap], part
    words = json.loads(re.findall(r'<script type="application/json"[^>]*>(.*?)</script>', index(), re.DOTALL)[0])
    assert longest(words["texts"][lang].values()) <= RECORD_CAPS["word"]


# --- The generated pages' words: the word table (webapp/text/) ---


def test_the_rules_and_examples_pages_repeat_no_word_of_the_word_table() -> None:
    """The pages keep only the words the game's page has not: a word of the word table typed again
    there would be a second owner, free to drift from the game's."""
    for lang, words in WORDS.items():
        assert set(words.values()) & set(TEXTS[lang].values()) == set(), lang


# --- The first visit, the introduction and the language: the early paint decides, Python reads ---


def users(name: str) -> set[str]:
    """The shell's modules that name ``name`` (imported, read or assigned)."""
    found = set()
    for path, tree in modules():
        for node in ast.walk(tree):
            if (
                (isinstance(node, ast.Name) and node.id == name)
                or (isinstance(node, ast.alias) and node.name == name)
                or (isinstance(node, ast.Attribute) and node.attr == name)
            ):
                found.add(path.as_posix())
    return found


BUILD_WRITES_IN = "sitegen/skeleton.py"
KEYS = "webapp/store/storage_keys.py"


def test_no_python_reads_the_keys_that_tell_a_first_visit() -> None:
    """The early paint decides whether this is a first visit and whether the introduction shows; the
    page reads its answers (``data-first-visit``, ``[data-intro]``). Python names the keys only to
    define them, to write the introduction's state and to write them into the script's tag."""
    assert users("FIRST_VISIT_KEYS") == {KEYS, BUILD_WRITES_IN}
    assert users("INTRO_KEY") == {KEYS, "webapp/store/intro_state.py", BUILD_WRITES_IN}
    intro_state = next(tree for path, tree in modules() if path.name == "intro_state.py")
    called = {getattr(call.func, "attr", getattr(call.func, "id", "")) for call in calls(intro_state)}
    assert called <= {"setItem", "suppress"}, called  # it writes the key, and never reads it


def test_no_python_reads_the_browser_s_languages() -> None:
    """The page's language for this browser is the early paint's (``data-browser-language``): Python
    never reads the browser's list, and its language rule takes that one answer."""
    assert users("languages") == set()
    assert list(inspect.signature(pick_language).parameters.values())[1].annotation == "str"


def test_the_early_paint_is_told_the_languages_by_the_build_and_types_none() -> None:
    tag = early_paint_tag()
    assert (tag["data-languages"].split(), tag["data-default-language"]) == (list(LANGUAGES), DEFAULT_LANGUAGE)
    typed = re.findall(rf"[\"'`]({'|'.join(LANGUAGES)})[\"'`]", code_of(ROOT / "static" / "early-paint.js"))
    assert typed == []
