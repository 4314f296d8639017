"""Half Moon, a two-deck patience of the Elevens family: the pure-Python engine.

Rules are cited by their numbers in ``docs/rules.md`` (R1 … R9), deal codes follow
``docs/deal-codes.md``. The engine imports the standard library only and runs alike under
CPython and Pyodide.

>>> from halfmoon import Game
>>> game = Game.from_code("HM1-N-AAAAAAB")
>>> game.status
<Status.PLAYING: 'playing'>
>>> game.tap("P4").kind, game.tap("P7").kind
(<TapKind.SELECTED: 'selected'>, <TapKind.REMOVED: 'removed'>)
>>> game.score, game.moves
(10, 1)
"""

from .cards import FACE_RANKS, PILES, PLACES, RESERVE, Card, Place, Suit
from .clock import Clock, format_time
from .deal import DealCode, DealKind, Layout
from .errors import (
    CardTextError,
    DealCodeError,
    EmptyPlaceError,
    ForeignRecordError,
    GameOverError,
    HalfMoonError,
    IllegalMoveError,
    LayoutError,
    MovePlaceError,
    MoveRepeatError,
    MoveTextError,
    NotationError,
    NotATrioError,
    NotElevenError,
    NothingToRedoError,
    NothingToUndoError,
    PlaceTextError,
    RecordTextError,
    RuleError,
    SaveError,
    SaveFieldError,
    SaveMoveError,
    SaveNewerError,
    SaveVersionError,
)
from .game import Game, LegalMoves
from .moves import WON_MOVES, WON_SCORE, DeadEndReport, Fit, Kind, Move, Removal, completes, fit, partner
from .outcomes import Status, TapError, TapKind, TapResult
from .saved import SavedGame, load, save

__version__ = "1.1.0"

__all__ = [
    "FACE_RANKS",
    "PILES",
    "PLACES",
    "RESERVE",
    "WON_MOVES",
    "WON_SCORE",
    "Card",
    "CardTextError",
    "Clock",
    "DeadEndReport",
    "DealCode",
    "DealCodeError",
    "DealKind",
    "EmptyPlaceError",
    "Fit",
    "ForeignRecordError",
    "Game",
    "GameOverError",
    "HalfMoonError",
    "IllegalMoveError",
    "Kind",
    "Layout",
    "LayoutError",
    "LegalMoves",
    "Move",
    "MovePlaceError",
    "MoveRepeatError",
    "MoveTextError",
    "NotATrioError",
    "NotElevenError",
    "NotationError",
    "NothingToRedoError",
    "NothingToUndoError",
    "Place",
    "PlaceTextError",
    "RecordTextError",
    "Removal",
    "RuleError",
    "SaveError",
    "SaveFieldError",
    "SaveMoveError",
    "SaveNewerError",
    "SaveVersionError",
    "SavedGame",
    "Status",
    "Suit",
    "TapError",
    "TapKind",
    "TapResult",
    "completes",
    "fit",
    "format_time",
    "load",
    "partner",
    "save",
]
