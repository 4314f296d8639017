"""Every way input or a move can be refused, as specific exception types.

Each error carries a ``key`` and ``params`` so that the message can be said in Finnish or
English (``message(lang)``); ``str(error)`` is the English message.
"""

from __future__ import annotations

from typing import Any


class HalfMoonError(ValueError):
    """Base of every error the engine raises on bad input or an illegal action."""

    key = "error"

    def __init__(self, **params: Any) -> None:
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        from .i18n import error_message

        return error_message(self.key, self.params, lang)


class CardTextError(HalfMoonError):
    key = "card-text"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class PlaceTextError(HalfMoonError):
    key = "place-text"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


# Deal codes (deal-codes.md "Form", R7.3)


class DealCodeError(HalfMoonError):
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


# Moves (R2)


class IllegalMoveError(HalfMoonError):
    """A removal that breaks R2; it is never applied."""

    key = "move"


class MoveTextError(IllegalMoveError):
    key = "move-text"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class MoveSizeError(IllegalMoveError):
    key = "move-size"


class RepeatedPlaceError(IllegalMoveError):
    key = "move-repeated"


class EmptyPlaceError(IllegalMoveError):
    key = "move-empty"


class NotElevenError(IllegalMoveError):
    """R2.2 / R3.3 / R3.4: a pair must be two number cards summing to 11."""

    key = "sum-not-11"


class NotATrioError(IllegalMoveError):
    """R2.3 / R3.5: three cards must be one jack, one queen and one king."""

    key = "trio-needed"


class GameOverError(IllegalMoveError):
    key = "move-game-over"


class NothingToUndoError(HalfMoonError):
    key = "nothing-to-undo"


class NothingToRedoError(HalfMoonError):
    key = "nothing-to-redo"


# Layouts and saved games


class LayoutError(HalfMoonError):
    key = "layout"

    def __init__(self, reason: str) -> None:
        super().__init__(reason=reason)


class SaveError(HalfMoonError):
    """A saved game that is not trusted: it is refused whole, never half-loaded."""

    key = "save"

    def __init__(self, reason: str) -> None:
        super().__init__(reason=reason)


class SaveVersionError(SaveError):
    key = "save-version"

    def __init__(self, version: str) -> None:
        HalfMoonError.__init__(self, version=version)


class SaveMoveError(SaveError):
    key = "save-move"

    def __init__(self, number: int, move: str, reason: str) -> None:
        HalfMoonError.__init__(self, number=number, move=move, reason=reason)


class RecordTextError(HalfMoonError):
    """A stored or uploaded record that is not JSON we may parse: too long, too deep, not text."""

    key = "record-text"
