"""The saved game: versioned JSON, the game's PGN, validated whole before it is trusted.

A record holds the deal code, the moves made and the undone moves (next redo first) — the
position and its history — and beside them what is not the position: the elapsed time (R5.4),
the moment the game was dealt or restarted (with the code, the game's identity: a game is
counted once in the statistics however often it is loaded), and whether it came from a file.

``load`` replays every move through the rules, so a record that is malformed, of an unknown
version, or with a move that is not legal is refused with a typed ``SaveError``, never
half-loaded: ``ForeignRecordError`` for data that is not a Half Moon record at all (not a JSON object
naming our format), and ``SaveVersionError``, ``SaveFieldError`` (a field missing, unknown or wrong)
or ``SaveMoveError`` for one of ours that cannot be trusted. ``load(save(record)) == record``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .deal import DealCode
from .errors import (
    ECHO_CHARS,
    ForeignRecordError,
    HalfMoonError,
    LineMoveError,
    RecordTextError,
    SaveFieldError,
    SaveMissingFieldError,
    SaveMoveError,
    SaveNewerError,
    SaveUnknownFieldError,
    SaveVersionError,
)
from .game import Game
from .jsontext import parse_json
from .line import play_line
from .moves import WON_MOVES, Move

FORMAT = "half-moon-game"
VERSION = 2
MAX_CHARS = 8_000
"""A full record is about 1 kB (48 moves); anything much longer is not ours."""
FILE_EXTENSION = ".halfmoon"
"""A saved game as a file of its own type: the page's "Save to file" names it so, the page's file input
and the installed app's file handler (manifest.webmanifest ``file_handlers``) accept it, and the
command line reads it (``halfmoon replay game.halfmoon``)."""
FILE_TYPE = "application/vnd.half-moon.game+json"
"""The media type of such a file (its contents are the JSON ``save`` writes)."""
MAX_ELAPSED_MS = 100 * 24 * 3600 * 1000  # beyond a hundred days the clock is not believed
MAX_MOMENT_MS = 10**14  # ms since 1970: beyond the year 5000
_FIELDS = {
    1: {"format", "version", "code", "moves", "undone", "elapsed_ms"},
    2: {"format", "version", "code", "moves", "undone", "elapsed_ms", "dealt_at", "from_file"},
}


@dataclass(slots=True)
class SavedGame:
    """A game and what is kept beside it: its clock, its identity's moment, where it came from."""

    game: Game
    elapsed_ms: int = 0
    dealt_at: int = 0
    """When the game was dealt or restarted, ms since the epoch: the code and this are its identity."""
    from_file: bool = False
    """Opened from a file: its clock came from outside, so it never sets the fastest win."""


def save(record: SavedGame | Game) -> str:
    """The record as compact JSON text. A game from a layout has no code and cannot be saved."""
    if isinstance(record, Game):
        record = SavedGame(record)
    game = record.game
    if game.code is None:
        raise ForeignRecordError("no-code")
    data = {
        "format": FORMAT,
        "version": VERSION,
        "code": str(game.code),
        "moves": [str(r.move) for r in game.move_stack],
        "undone": [str(r.move) for r in game.undone_moves],
        "elapsed_ms": record.elapsed_ms,
        "dealt_at": record.dealt_at,
        "from_file": record.from_file,
    }
    return json.dumps(data, separators=(",", ":"))


def load(text: str | bytes) -> SavedGame:
    """Rebuild a record from ``save``'s text, or raise the ``SaveError`` that says what is wrong."""
    try:
        data = parse_json(text, max_chars=MAX_CHARS)
    except RecordTextError as error:
        raise ForeignRecordError(error.params["reason"]) from None
    return from_dict(data)


def from_dict(data: object) -> SavedGame:
    if not isinstance(data, dict):
        raise ForeignRecordError("not-object")
    if data.get("format") != FORMAT:
        raise ForeignRecordError("format")
    version = data.get("version")
    latest = max(_FIELDS)  # an older version is closed: fields added to it are not ours
    if type(version) is int and (version > latest or (version == latest and set(data) > _FIELDS[latest])):
        raise SaveNewerError(version=repr(version)[:ECHO_CHARS])
    if type(version) is not int or version not in _FIELDS:
        raise SaveVersionError(version=repr(version)[:ECHO_CHARS])
    _check_fields(set(data), _FIELDS[version])
    code = _code(data["code"])
    moves, undone = _move_list(data["moves"], "moves"), _move_list(data["undone"], "undone")
    if len(moves) + len(undone) > WON_MOVES:
        raise SaveFieldError("undone")
    try:
        game = play_line(code, moves + undone)
    except LineMoveError as error:
        raise SaveMoveError(**error.params) from None
    if undone and game.is_won:
        raise SaveFieldError("undone")  # R7.1: a won game cannot be undone, so no play leaves this record
    for _ in undone:
        game.undo()
    return SavedGame(
        game,
        elapsed_ms=_whole(data["elapsed_ms"], MAX_ELAPSED_MS, "elapsed_ms"),
        dealt_at=_whole(data.get("dealt_at", 0), MAX_MOMENT_MS, "dealt_at"),
        from_file=_flag(data.get("from_file", False)),
    )


def _check_fields(names: set[str], fields: set[str]) -> None:
    """The record of our format and a version we know holds that version's fields, no more, no fewer."""
    if fields - names:
        raise SaveMissingFieldError(min(fields - names))
    if names - fields:
        raise SaveUnknownFieldError(min(names - fields))


def _code(value: object) -> DealCode:
    if not isinstance(value, str):
        raise SaveFieldError("code")
    try:
        return DealCode.parse(value)
    except HalfMoonError:
        raise SaveFieldError("code") from None


def _move_list(value: object, field: str) -> list[Move]:
    if not isinstance(value, list) or len(value) > WON_MOVES or not all(isinstance(m, str) for m in value):
        raise SaveFieldError(field)
    try:
        return [Move.parse(m) for m in value]
    except HalfMoonError:
        raise SaveFieldError(field) from None


def _whole(value: object, limit: int, field: str) -> int:
    if type(value) is not int or not 0 <= value <= limit:
        raise SaveFieldError(field)
    return value


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise SaveFieldError("from_file")
    return value
