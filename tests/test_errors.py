"""Errors by kind: text that cannot be read is a NotationError, a request the rules refuse a
RuleError; each carries a key and its values, and the words are made in the player's language."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest
from testdata import WON, play

from halfmoon import (
    Card,
    DealCode,
    Game,
    HalfMoonError,
    Move,
    NotationError,
    Place,
    RuleError,
    errors,
    i18n,
    load,
)

ERROR_CLASSES = [
    cls
    for _, cls in inspect.getmembers(errors, inspect.isclass)
    if issubclass(cls, HalfMoonError) and cls.__module__ == errors.__name__
]


def test_every_error_is_of_one_family() -> None:
    for cls in ERROR_CLASSES:
        if cls not in (HalfMoonError, NotationError, RuleError):
            assert issubclass(cls, NotationError) != issubclass(cls, RuleError), cls


def test_every_error_key_is_distinct_and_said_in_both_languages() -> None:
    keys = [cls.key for cls in ERROR_CLASSES]
    assert len(keys) == len(set(keys))
    for key in keys:
        for lang in i18n.LANGUAGES:
            assert key in i18n.TEXTS[lang], (key, lang)


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
