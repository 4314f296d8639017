"""Every way input or a request can be refused, as specific exception types, in two families.

As python-chess keeps ``InvalidMoveError`` apart from ``IllegalMoveError``:

- ``NotationError``: text (or a record) that cannot be read: a malformed card, place, move,
  deal code, saved game or JSON record. Nothing about the game was asked yet.
- ``RuleError``: a well-formed request that the rules refuse: an illegal removal (R2), undo
  with nothing to undo (R7.1), redo with nothing to redo (R7.5).

An error carries a ``key`` and ``params`` and no words: the words are chosen in the player's
language when they are shown (``halfmoon.i18n.error_text``). ``str(error)`` is the key and the
parameters, for logs and tracebacks.
"""

from __future__ import annotations

from typing import Any

ECHO_CHARS = 40
"""Echoed input (a code, a move, a version) is cut to this many characters wherever it is kept or
shown, so that a 6 000-character code never becomes a 6 000-character message."""


class HalfMoonError(ValueError):
    """Base of every error the engine raises on bad input or a refused request."""

    key = "error"

    def __init__(self, **params: Any) -> None:
        self.params = params
        details = ", ".join(f"{name}={value!r}" for name, value in params.items())
        super().__init__(f"{self.key} ({details})" if details else self.key)


# Text that cannot be read


class NotationError(HalfMoonError):
    """Text or a record that cannot be read as what it should be."""

    key = "notation"


class CardTextError(NotationError):
    key = "card-text"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class PlaceTextError(NotationError):
    key = "place-text"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class MoveTextError(NotationError):
    """Not a move: not two or three places (deal notation of ``Move``), or a place named twice."""

    key = "move-text"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class MovePlaceError(MoveTextError):
    """A move naming something that is not a place (``P13``, a look-alike letter): ``place`` says which."""

    key = "move-place"

    def __init__(self, text: str, place: str) -> None:
        NotationError.__init__(self, text=text, place=place)


class MoveRepeatError(MoveTextError):
    """A move naming one place twice (``P4+P4``): a card is removed once."""

    key = "move-repeat"

    def __init__(self, text: str, place: str) -> None:
        NotationError.__init__(self, text=text, place=place)


class LayoutError(NotationError):
    """An explicit layout (``Game.from_layout``) that two decks cannot make (R1.1, R1.2)."""

    key = "layout"

    def __init__(self, reason: str) -> None:
        super().__init__(reason=reason)


class RecordTextError(NotationError):
    """A stored or uploaded record that is not JSON we may parse: too long, too deep, not text."""

    key = "record-text"


# Deal codes (deal-codes.md "Form" and "Daily deals", R7.3)


class DealCodeError(NotationError):
    """A deal code that cannot be read. Subclasses say which part is wrong."""

    key = "code"

    def __init__(self, text: str, **params: Any) -> None:
        super().__init__(text=text, **params)


class EmptyCodeError(DealCodeError):
    key = "code-empty"


class CodeShapeError(DealCodeError):
    key = "code-shape"


class UnknownVersionError(DealCodeError):
    key = "code-version"


class UnknownKindError(DealCodeError):
    key = "code-kind"


class CodeLengthError(DealCodeError):
    key = "code-length"


class CodeCharacterError(DealCodeError):
    key = "code-character"


class DailyDigitsError(DealCodeError):
    """A daily code whose date is not eight ASCII digits (full-width and other digits too)."""

    key = "daily-digits"


class DailyDateError(DealCodeError):
    """A daily code naming a date that does not exist, such as 30 February."""

    key = "daily-date"


class DailyYearError(DealCodeError):
    """A daily code before the first daily deal, 1 January 2000."""

    key = "daily-year"


class DealNumberError(NotationError):
    """A deal number outside 0 … 26⁷ − 1."""

    key = "deal-number"

    def __init__(self, number: int) -> None:
        super().__init__(number=number)


# Saved games


class SaveError(NotationError):
    """A saved game that is not trusted: it is refused whole, never half-loaded."""

    key = "save"


class ForeignRecordError(SaveError):
    """Not a Half Moon saved game at all: not JSON (or over the limits), not an object, or an object not
    naming our format. Whatever names our format is ours, and is kept as a backup when refused."""

    key = "save-foreign"

    def __init__(self, reason: str) -> None:
        super().__init__(reason=reason)


class SaveVersionError(SaveError):
    """Our format, but a version this engine does not know (a newer app wrote it?)."""

    key = "save-version"

    def __init__(self, version: str) -> None:
        super().__init__(version=version)


class SaveNewerError(SaveVersionError):
    """Our format, written by a newer app: a later version, or this version with fields this engine
    does not know. A copy already deployed must neither remove it nor write over it."""

    key = "save-newer"


class SaveFieldError(SaveError):
    """Our format and version, but a field holds something it never can (kept as a backup)."""

    key = "save-field"

    def __init__(self, field: str) -> None:
        super().__init__(field=field)


class SaveMissingFieldError(SaveFieldError):
    """Our format and version, with ``field`` missing (kept as a backup)."""

    key = "save-field-missing"


class SaveUnknownFieldError(SaveFieldError):
    """Our format, of an older version, with a field that version never had (``field``, its name cut to
    ``ECHO_CHARS``; kept as a backup: only the latest version may gain fields, a newer app's)."""

    key = "save-field-unknown"

    def __init__(self, field: str) -> None:
        super().__init__(field[:ECHO_CHARS])


class SaveMoveError(SaveError):
    """Move ``number`` of the record cannot be made: ``reason`` is the error key of why."""

    key = "save-move"

    def __init__(self, number: int, move: str, reason: HalfMoonError) -> None:
        super().__init__(number=number, move=move, reason=reason)


# Lines of play (replay links)


class LineTextError(NotationError):
    """Move ``number`` of a line cannot be read; ``reason`` is the error that says why (not a place,
    a place named twice, not two or three places)."""

    key = "line-text"

    def __init__(self, number: int, move: str, reason: HalfMoonError) -> None:
        super().__init__(number=number, move=move, reason=reason)


class LineLengthError(LineTextError):
    """A line longer than any game can be: more moves than a won game's, or more text than they take."""

    key = "line-length"

    def __init__(self) -> None:
        NotationError.__init__(self)


# Well-formed requests the rules refuse


class RuleError(HalfMoonError):
    """A request that can be read but that the rules do not allow now."""

    key = "rule"


class IllegalMoveError(RuleError):
    """A removal that breaks R2; it is never applied."""

    key = "move"


class EmptyPlaceError(IllegalMoveError):
    """R2.5, R3.8: an empty place has no card to remove."""

    key = "move-empty"

    def __init__(self, place: str) -> None:
        super().__init__(place=place)


class NotElevenError(IllegalMoveError):
    """R2.2 / R3.3 / R3.4: a pair is two number cards summing to 11 (the first card is a number)."""

    key = "sum-not-11"


class NotATrioError(IllegalMoveError):
    """R2.3 / R3.4 / R3.6: three cards must be one jack, one queen and one king (the first is a face)."""

    key = "trio-needed"


class GameOverError(IllegalMoveError):
    """R7.1: after a win the game is over."""

    key = "move-game-over"


class NothingToUndoError(RuleError):
    """R7.1: no move to undo, or the game is won."""

    key = "nothing-to-undo"


class NothingToRedoError(RuleError):
    """R7.5: no undone move to make again."""

    key = "nothing-to-redo"


class LineMoveError(RuleError):
    """Move ``number`` of a line is refused by the rules in that position (``reason``)."""

    key = "line-move"

    def __init__(self, number: int, move: str, reason: HalfMoonError) -> None:
        super().__init__(number=number, move=move, reason=reason)
