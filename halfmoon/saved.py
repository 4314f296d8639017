"""The saved game: versioned JSON, the game's PGN, validated whole before it is trusted.

A saved game holds the schema version, the deal code, the moves made, the undone moves (next
redo first) and the elapsed time. ``load`` replays every move through the rules, so a record that
is malformed, of an unknown version, or with a move that is not legal is refused with a
``SaveError``, never half-loaded. ``load(save(game)) == game``.
"""

from __future__ import annotations

import json
from typing import Any

from .deal import DealCode
from .errors import HalfMoonError, SaveError, SaveMoveError, SaveVersionError
from .game import Game
from .moves import Move

FORMAT = "half-moon-game"
VERSION = 1
MAX_ELAPSED_MS = 100 * 24 * 3600 * 1000  # beyond a hundred days the clock is not believed
_FIELDS = {"format", "version", "code", "moves", "undone", "elapsed_ms"}


def save(game: Game) -> str:
    """The saved game as JSON text. A game from a layout has no code and cannot be saved."""
    return json.dumps(to_dict(game), separators=(",", ":"))


def to_dict(game: Game) -> dict[str, Any]:
    if game.code is None:
        raise SaveError("a game from a layout has no code and is not saved")
    return {
        "format": FORMAT,
        "version": VERSION,
        "code": str(game.code),
        "moves": [str(r.move) for r in game.move_stack],
        "undone": [str(r.move) for r in game.undone_moves],
        "elapsed_ms": game.elapsed_ms,
    }


def load(text: str | bytes) -> Game:
    """Rebuild a game from ``save``'s text, or raise ``SaveError`` saying what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("not JSON") from None
    return from_dict(data)


def from_dict(data: object) -> Game:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Half Moon saved game")
    if data.get("version") != VERSION:
        raise SaveVersionError(version=repr(data.get("version"))[:40])
    if set(data) != _FIELDS:
        raise SaveError("unexpected or missing fields")
    game = Game.from_code(_code(data["code"]))
    moves, undone = _move_list(data["moves"]), _move_list(data["undone"])
    for number, move in enumerate(moves + undone, start=1):
        try:
            game.remove(move)
        except HalfMoonError as error:
            raise SaveMoveError(number=number, move=str(move), reason=str(error)) from None
    for _ in undone:
        game.undo()
    game.elapsed_ms = _elapsed(data["elapsed_ms"])
    game.started = bool(moves) or game.elapsed_ms > 0
    return game


def _code(value: object) -> DealCode:
    if not isinstance(value, str):
        raise SaveError("the code is not text")
    try:
        return DealCode.parse(value)
    except HalfMoonError as error:
        raise SaveError(f"bad code: {error}") from None


def _move_list(value: object) -> list[Move]:
    if not isinstance(value, list) or len(value) > 48 or not all(isinstance(m, str) for m in value):
        raise SaveError("moves must be a list of at most 48 move texts")
    try:
        return [Move.parse(m) for m in value]
    except HalfMoonError as error:
        raise SaveError(f"bad move: {error}") from None


def _elapsed(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_ELAPSED_MS:
        raise SaveError("the elapsed time is not a whole number of milliseconds in range")
    return value
