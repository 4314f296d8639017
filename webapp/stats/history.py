"""The history of finished games: the latest ``HISTORY_GAMES`` games that ended, each with its
deal, its identity, the local date it ended, how it ended, its score, its time and its own line of moves
(for a replay). Stored under its own key, ``half-moon:history`` (webapp/store/storage_keys.py), never inside the
statistics record, whose format copies already deployed must still read.

A game enters the history when the statistics record its end (webapp/store/records.py, the same job under
the same Web Lock): won at the win, not won when it is replaced or restarted after being played, so the
history lists exactly the games the statistics count as finished. The record is validated whole as the
statistics are (webapp/stats/stored.py): any text gives a ``History``, a ``RecordTextError`` or one of the
statistics' error kinds (webapp/stats/record_errors.py), each with a key of its own, so the one set of trust
rules applies to both. An error of a game names the game (``number``, counted from the oldest) and its field.

Size: a game takes ``ENTRY_CHARS`` characters at most (a won line of 48 moves is at most 416 of them,
``halfmoon.line.MAX_LINE_TEXT`` allows 480), about 400 for a win and less for a game not won; so
the whole record is at most ``MAX_CHARS``, about 56 kB, refused before it is written if ever longer.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from halfmoon import WON_MOVES, WON_SCORE, DealCode, HalfMoonError, Move, Status
from halfmoon.deal import are_daily_dates
from halfmoon.jsontext import parse_json
from halfmoon.line import MAX_LINE_TEXT
from halfmoon.saved import MAX_ELAPSED_MS, MAX_MOMENT_MS
from webapp.stats.record_errors import (
    Form,
    StatsFieldError,
    StatsFormatError,
    StatsInconsistentError,
    StatsNewerError,
    StatsVersionError,
    ours,
)

HISTORY_GAMES = 100
"""The games kept: the latest 100 finished, the oldest dropped first."""
FORMAT = "half-moon-history"
VERSION = 1
MAX_DEPTH = 3
"""The object, its list of games, each game's list of fields (a stored record is read to the parser's
own depth, as the statistics are: a field nested deeper is refused by its type check, as ours)."""


@dataclass(frozen=True, slots=True)
class Finished:
    """One finished game. ``day`` is the local date it ended as ``YYYYMMDD`` ("" while the device's date was
    outside the years of daily deals); ``status`` how it ended (``won``, ``dead-end``, or ``playing``: left
    unfinished); ``line`` its moves in move notation (``P4+P7.P5+P6``), as a replay link carries them."""

    code: str
    dealt_at: int
    day: str
    status: str
    score: int
    elapsed_ms: int
    line: str

    @property
    def won(self) -> bool:
        return self.status == Status.WON

    @property
    def moves(self) -> int:
        return self.line.count(".") + 1 if self.line else 0

    @property
    def is_daily(self) -> bool:
        return DealCode.parse(self.code).date is not None


@dataclass(frozen=True, slots=True)
class History:
    """The whole record, oldest first. ``History()`` is the empty one (a first visit, or after a reset)."""

    games: tuple[Finished, ...] = ()

    def row(self, number: str) -> Finished | None:
        """Row ``number`` of the list shown (``data-history-game``: "1" = the latest), or None."""
        index = int(number) if number.isascii() and number.isdecimal() and len(number) < 4 else 0
        return self.games[-index] if 1 <= index <= len(self.games) else None

    def latest_daily(self) -> Finished | None:
        return next((game for game in reversed(self.games) if game.is_daily), None)


def add(history: History, game: Finished) -> History:
    """``game`` appended (the oldest dropped past ``HISTORY_GAMES``); ``history`` itself when a game of the
    same identity is already there (a second tab, a reload), so the caller can skip the write."""
    if any((g.code, g.dealt_at) == (game.code, game.dealt_at) for g in history.games):
        return history
    return History((*history.games, game)[-HISTORY_GAMES:])


def dumps(history: History) -> str:
    return json.dumps(to_value(history), separators=(",", ":"), ensure_ascii=True)


def to_value(history: History) -> dict[str, Any]:
    games = [[g.code, g.dealt_at, g.day, g.status, g.score, g.elapsed_ms, g.line] for g in history.games]
    return {"format": FORMAT, "version": VERSION, "games": games}


def loads(text: str | bytes) -> History:
    """The record of ``dumps``, validated whole; the statistics' error kinds, never another exception."""
    return from_value(parse_json(text, max_chars=MAX_CHARS))


def from_value(data: object) -> History:
    """The record from a parsed JSON value (stored, or inside a statistics export), validated whole."""
    data = ours(data, FORM)
    if type(data["games"]) is not list:
        raise HistoryFieldError(reason="wrong-type", field="games")
    games = tuple(_finished(number, entry) for number, entry in enumerate(data["games"], start=1))
    if len(games) > HISTORY_GAMES:
        raise HistoryInconsistentError(reason="too-long")
    identities: set[tuple[str, int]] = set()
    for number, game in enumerate(games, start=1):
        if (game.code, game.dealt_at) in identities:
            raise HistoryInconsistentError(reason="duplicate", number=number)
        identities.add((game.code, game.dealt_at))
    return History(games)


_FIELDS = ("code", "dealt_at", "day", "status", "score", "elapsed_ms", "line")
"""The fields of a game in the record, in their order (``Finished``'s)."""
_TYPES = (str, int, str, str, int, int, str)


def _finished(number: int, entry: object) -> Finished:
    if type(entry) is not list or len(entry) != len(_TYPES):
        raise HistoryFieldError(reason="game-shape", field="games", number=number)
    for field, value, kind in zip(_FIELDS, entry, _TYPES, strict=True):
        if type(value) is not kind:
            raise HistoryFieldError(reason="game-wrong-type", field=field, number=number)
    game = Finished(*entry)
    _check(game, number)
    return game


def _check(game: Finished, number: int) -> None:
    """What a recorded game always is; the first check that fails names the reason and the field. Every
    move of its line is read by the engine (``Move.parse``), once per distinct move text: a full history
    holds 4 800 moves but a few hundred distinct ones, so reading it again stays cheap."""

    def fail(reason: str, field: str) -> HistoryInconsistentError:
        return HistoryInconsistentError(reason=reason, field=field, number=number)

    moves = game.line.split(".") if game.line else []
    if len(game.line) > MAX_LINE_TEXT or not all(map(_is_move, moves)):
        raise fail("bad-game", "line")
    if not _is_code(game.code):
        raise fail("bad-game", "code")
    if not 0 <= game.dealt_at <= MAX_MOMENT_MS:
        raise fail("bad-game", "dealt_at")
    if game.day and not are_daily_dates([game.day]):
        raise fail("bad-date", "day")
    if game.status not in tuple(Status):
        raise fail("bad-result", "status")
    if not 0 <= game.score <= WON_SCORE:
        raise fail("bad-result", "score")
    if len(moves) > WON_MOVES:
        raise fail("bad-result", "line")
    if game.won != (game.score == WON_SCORE and len(moves) == WON_MOVES):
        raise fail("bad-result", "status")
    if not 0 <= game.elapsed_ms <= MAX_ELAPSED_MS:
        raise fail("bad-result", "elapsed_ms")


@functools.lru_cache(maxsize=4096)
def _is_move(text: str) -> bool:
    """A move in the notation exactly as the engine writes it (``P4+P7``, never ``p4 p7``)."""
    try:
        return str(Move.parse(text)) == text
    except HalfMoonError:
        return False


@functools.lru_cache(maxsize=1024)
def _is_code(text: str) -> bool:
    """A deal code exactly as the engine writes it (a history holds the same deal often: daily deals,
    deals played again)."""
    try:
        return str(DealCode.parse(text)) == text
    except HalfMoonError:
        return False


# Errors: the statistics' kinds (one set of trust rules), with keys and words of their own.


class HistoryFormatError(StatsFormatError):
    key = "history-format"


class HistoryFieldError(StatsFieldError):
    key = "history-field"


class HistoryVersionError(StatsVersionError):
    key = "history-version"


class HistoryInconsistentError(StatsInconsistentError):
    key = "history-inconsistent"


class HistoryNewerError(StatsNewerError):
    key = "history-newer"


FORM = Form(
    FORMAT,
    VERSION,
    frozenset({"format", "version", "games"}),
    (HistoryFormatError, HistoryFieldError, HistoryVersionError, HistoryNewerError),
)
REASONS = {
    "history-field": ("missing", "wrong-type", "game-shape", "game-wrong-type"),
    "history-inconsistent": ("too-long", "duplicate", "bad-game", "bad-date", "bad-result"),
}
"""Every ``reason`` each error key can carry (a newer version's: ``unknown-field``, or none)."""


def _worst() -> Finished:
    """As long as a game in the record can be, field by field (its line as long as a line can be)."""
    line = "P" * MAX_LINE_TEXT
    return Finished("HM1-D-20261201", MAX_MOMENT_MS, "20261201", "dead-end", WON_SCORE, MAX_ELAPSED_MS, line)


ENTRY_CHARS = len(json.dumps(to_value(History((_worst(),)))["games"][0], separators=(",", ":")))
"""The most characters one game takes in the record."""
MAX_CHARS = len(dumps(History())) + HISTORY_GAMES * (ENTRY_CHARS + 1)
"""No valid record is longer: longer text is refused before it is parsed (and before it is written)."""
