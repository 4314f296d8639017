"""Half Moon, a two-deck patience of the Elevens family: the pure-Python engine.

Rules are cited by their numbers in ``shared/spec/rules.md`` (R1 … R9). The engine imports the
standard library only and runs alike under CPython and Pyodide.

>>> from halfmoon import Game
>>> game = Game.from_code("HM1-N-AAAAAAB")
>>> game.status
<Status.PLAYING: 'playing'>
"""

from .cards import FACE_RANKS, PILES, PLACES, RESERVE, Card, Place, Suit
from .clock import Clock, format_time
from .deal import DealCode, Layout
from .errors import (
    CardTextError,
    DealCodeError,
    EmptyPlaceError,
    GameOverError,
    HalfMoonError,
    IllegalMoveError,
    LayoutError,
    MoveTextError,
    NotATrioError,
    NotElevenError,
    NothingToRedoError,
    NothingToUndoError,
    PlaceTextError,
    SaveError,
)
from .game import WON_MOVES, WON_SCORE, DeadEndReport, Game, Status, TapError, TapKind, TapResult
from .moves import Kind, Move, Removal
from .saved import load, save

__version__ = "1.0.0"

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
    "EmptyPlaceError",
    "Game",
    "GameOverError",
    "HalfMoonError",
    "IllegalMoveError",
    "Kind",
    "Layout",
    "LayoutError",
    "Move",
    "MoveTextError",
    "NotATrioError",
    "NotElevenError",
    "NothingToRedoError",
    "NothingToUndoError",
    "Place",
    "PlaceTextError",
    "Removal",
    "SaveError",
    "Status",
    "Suit",
    "TapError",
    "TapKind",
    "TapResult",
    "format_time",
    "load",
    "save",
]
