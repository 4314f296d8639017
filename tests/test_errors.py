"""Errors by kind: text that cannot be read is a NotationError, a request the rules refuse a
RuleError; each carries a key and its values, and the words are made in the player's language.
Every exception class of halfmoon/ and webapp/ is found by walking their modules and checked."""

from __future__ import annotations

import ast
import builtins
import importlib
import io
from collections.abc import Callable
from pathlib import Path

import pytest

from halfmoon import (
    Card,
    DealCode,
    Game,
    HalfMoonError,
    Move,
    NotationError,
    Place,
    RuleError,
    cli,
    errors,
    i18n,
    load,
)
from support.testdata import WON, play

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = [name for name in ("halfmoon", "webapp") if (ROOT / name).is_dir()]
"""The engine and the page's shell (mutation testing copies the engine alone: there, only ``halfmoon``)."""
BROWSER_ONLY = {"js", "pyodide", "pyscript"}
"""What only the page has: a module that imports one of them is read here, not imported."""
FAMILIES_BASE = "halfmoon.errors.HalfMoonError"
"""The base of the two families, itself of neither."""
PROGRAMMING_ERRORS = (TypeError, ValueError)
"""A mistake in the calling code, never the player's input: nothing the page puts into words for a player."""
COMMAND_LINE_SIGNALS = {
    "halfmoon.cli.UsageError": ["deal"],  # argparse's own words, printed by ``main``
    "halfmoon.cli._Stop": ["replay", "HM1-N-AAAAAAB", "P1+P2"],  # a worded stop, printed by ``main``
}
"""The two exceptions of halfmoon/cli.py carry finished words and are of neither family: they are signals
that never leave ``cli.main`` (checked below), each with arguments that raise it."""


def module_names() -> list[str]:
    """Every module of the packages, found by walking their folders (the page's modules too)."""
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def module_path(module: str) -> Path:
    path = ROOT.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def page_only(error: ModuleNotFoundError) -> bool:
    return (error.name or "").split(".")[0] in BROWSER_ONLY


def imported_names(tree: ast.Module, module: str) -> dict[str, object]:
    """The names a module that cannot be imported here imports, as objects (None: only the page has it)."""
    namespace: dict[str, object] = dict(vars(builtins))
    package = module.rpartition(".")[0].split(".")

    def fetch(name: str, attribute: str | None = None) -> object:
        try:
            imported = importlib.import_module(name)
            if attribute is None:
                return imported
            if hasattr(imported, attribute):
                return getattr(imported, attribute)
            return importlib.import_module(f"{name}.{attribute}")
        except ModuleNotFoundError as error:
            if not page_only(error):
                raise
            return None

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            parent = package[: len(package) - node.level + 1] if node.level else []
            source = ".".join([*parent, *filter(None, [node.module])])
            for alias in node.names:
                namespace[alias.asname or alias.name] = fetch(source, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.name if alias.asname else alias.name.split(".")[0]  # import a.b binds a
                namespace[alias.asname or bound] = fetch(bound)
    return namespace


def resolve(node: ast.expr, namespace: dict[str, object]) -> object:
    if isinstance(node, ast.Name):
        return namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        return getattr(resolve(node.value, namespace), node.attr, None)
    return None


def defined_exceptions() -> dict[str, tuple[type[BaseException], ...]]:
    """Every exception class defined in the packages, at any depth (in a function too), by module and name:
    the class itself where it can be imported, else the exception classes it derives from."""
    found: dict[str, tuple[type[BaseException], ...]] = {}
    for module in module_names():
        tree = ast.parse(module_path(module).read_text(encoding="utf-8"))
        try:
            if module.endswith(".__main__"):  # importing it runs the program
                raise ModuleNotFoundError(name=module)
            namespace = vars(importlib.import_module(module))
        except ModuleNotFoundError as error:
            if error.name != module and not page_only(error):
                raise
            namespace = imported_names(tree, module)
        local: dict[str, tuple[type, ...]] = {}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            real = namespace.get(node.name)
            if isinstance(real, type) and real.__module__ == module and real.__qualname__ == node.name:
                kinds: tuple[type, ...] = (real,)
            else:  # defined in a function, or in a module of the page alone
                resolved = (resolve(base, namespace) for base in node.bases)
                kinds = tuple(base for base in resolved if isinstance(base, type))
                kinds += tuple(k for base in node.bases if isinstance(base, ast.Name) for k in local.get(base.id, ()))
            local[node.name] = kinds
            exceptions = tuple(k for k in kinds if issubclass(k, BaseException))
            if exceptions:
                found[f"{module}.{node.name}"] = exceptions
    return found


EXCEPTIONS = defined_exceptions()
ERROR_CLASSES = [kinds[0] for kinds in EXCEPTIONS.values() if len(kinds) == 1 and issubclass(kinds[0], HalfMoonError)]


def family(kinds: tuple[type[BaseException], ...]) -> str:
    notation = any(issubclass(k, NotationError) for k in kinds)
    rule = any(issubclass(k, RuleError) for k in kinds)
    if notation and rule:
        return "both"
    if notation or rule:
        return "notation" if notation else "rule"
    if any(issubclass(k, HalfMoonError) for k in kinds):
        return "neither"
    return "programming" if any(issubclass(k, PROGRAMMING_ERRORS) for k in kinds) else "other"


def test_the_walk_finds_the_exceptions_of_every_module() -> None:
    names = module_names()
    assert {"halfmoon.errors", "halfmoon.cli", "halfmoon.saved"} <= set(names)
    assert {"halfmoon.errors.CardTextError", "halfmoon.errors.LineMoveError"} <= EXCEPTIONS.keys()
    assert COMMAND_LINE_SIGNALS.keys() <= EXCEPTIONS.keys()
    if "webapp" in PACKAGES:
        assert {"webapp.browser.page", "webapp.browser.main", "webapp.stats.stored"} <= set(names)
        assert {
            "webapp.stats.record_errors.StatsFormatError",
            "webapp.stats.record.StatsEventError",
        } <= EXCEPTIONS.keys()


def test_every_error_is_of_one_family_or_a_programming_error() -> None:
    """Input that cannot be read is a NotationError, a request the rules refuse a RuleError
    (docs/engine.md "Errors"), in halfmoon/ and webapp/ alike; anything else raised is a programming error."""
    kinds = {name: family(bases) for name, bases in EXCEPTIONS.items() if name not in COMMAND_LINE_SIGNALS}
    stray = {name: kind for name, kind in kinds.items() if kind not in ("notation", "rule", "programming")}
    assert stray == {FAMILIES_BASE: "neither"}
    assert (kinds["halfmoon.errors.NotationError"], kinds["halfmoon.errors.RuleError"]) == ("notation", "rule")


@pytest.mark.parametrize("name", sorted(COMMAND_LINE_SIGNALS))
def test_the_command_line_s_own_signals_never_leave_it(name: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(COMMAND_LINE_SIGNALS[name], out=out, err=err) == cli.BAD_INPUT  # caught: not raised
    assert err.getvalue().count("\n") == 1  # one line on stderr (docs/engine.md)


def test_every_error_key_is_distinct_and_said_in_both_languages() -> None:
    """The words of the engine's errors are in halfmoon/i18n.py, those of the statistics record's in the
    page's word table (webapp/text/, keys ``error-…``); webapp/text/words.py says each through its table."""
    tables = [i18n.TEXTS]
    if "webapp" in PACKAGES:
        page = importlib.import_module("webapp.text.word_table").TEXTS
        tables.append(
            {
                lang: {k.removeprefix("error-"): v for k, v in page[lang].items() if k.startswith("error-")}
                for lang in page
            }
        )
    keys = [cls.key for cls in ERROR_CLASSES]
    assert len(keys) == len(set(keys))
    assert ("stats-format" in keys) == ("webapp" in PACKAGES)
    for key in keys:
        for lang in i18n.LANGUAGES:
            assert sum(key in table[lang] for table in tables) == 1, (key, lang)


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (lambda: Card.parse("1H"), errors.CardTextError),
        (lambda: Card.parse("AX"), errors.CardTextError),
        (lambda: Card.parse("AHH"), errors.CardTextError),
        (lambda: Card(0, Card.parse("AH").suit), errors.CardTextError),
        (lambda: Card(14, Card.parse("AH").suit), errors.CardTextError),
        (lambda: Place.parse("P13"), errors.PlaceTextError),
        (lambda: Place.parse("R0"), errors.PlaceTextError),
        (lambda: Move.parse("P1"), errors.MoveTextError),
        (lambda: DealCode.parse(""), errors.EmptyCodeError),
        (lambda: DealCode(26**7), errors.DealNumberError),
        (lambda: DealCode(-1), errors.DealNumberError),
        (lambda: Game.from_layout([], []), errors.LayoutError),
        (lambda: load("{"), errors.ForeignRecordError),
    ],
)
def test_parsers_raise_notation_errors(action: Callable[[], object], error: type[NotationError]) -> None:
    with pytest.raises(error) as raised:
        action()
    assert isinstance(raised.value, NotationError) and not isinstance(raised.value, RuleError)
    assert isinstance(raised.value, ValueError)  # still a ValueError for callers that catch that


def test_rule_refusals_raise_rule_errors(r9: Game) -> None:
    refusals: list[tuple[Callable[[], object], type[RuleError]]] = [
        (lambda: r9.remove("P1+P2"), errors.NotElevenError),
        (lambda: r9.remove("P3+P5"), errors.NotATrioError),
        (lambda: r9.undo(), errors.NothingToUndoError),
        (lambda: r9.redo(), errors.NothingToRedoError),
    ]
    for action, error in refusals:
        with pytest.raises(error) as raised:
            action()
        assert isinstance(raised.value, RuleError) and not isinstance(raised.value, NotationError)
    r9.remove("R1+R8")
    with pytest.raises(errors.EmptyPlaceError):
        r9.remove("R1+P2")
    won = play(WON["code"], WON["moves"])
    with pytest.raises(errors.GameOverError) as over:
        won.remove("P1+P2")
    assert isinstance(over.value, errors.IllegalMoveError)


def test_an_error_carries_a_key_and_values_not_words() -> None:
    error = errors.CodeLengthError("HM1-N-AB", length=2)
    assert error.key == "code-length" and error.params == {"text": "HM1-N-AB", "length": 2}
    assert str(error) == "code-length (text='HM1-N-AB', length=2)"
    assert str(errors.NothingToUndoError()) == "nothing-to-undo"
    assert errors.NothingToUndoError().params == {}


def test_error_text_puts_the_values_into_words() -> None:
    error = errors.CodeLengthError("HM1-N-AB", length=2)
    assert i18n.error_text(error, "en") == i18n.text("code-length", "en", length=2)
    long = errors.CodeShapeError("X" * 6000)
    assert len(i18n.error_text(long, "fi")) < 200
    with pytest.raises(errors.HalfMoonError) as kind:  # every echoed value is cut, not only the text
        DealCode.from_text("HM1-" + "Z" * 1900 + "-AAAAAAA")
    assert len(i18n.error_text(kind.value, "en")) < 200
    reason = errors.SaveMoveError(3, "P1+P2", errors.NotElevenError())
    assert i18n.error_text(reason, "fi").endswith(i18n.text("sum-not-11", "fi"))
    foreign = errors.ForeignRecordError("too-deep")
    assert i18n.text("reason-too-deep", "en") in i18n.error_text(foreign, "en")
