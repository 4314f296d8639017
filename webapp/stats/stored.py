"""The statistics record as stored and exported: versioned JSON, validated whole.

Any text gives a ``Stats`` or one of ``RecordTextError``, ``StatsFormatError``, ``StatsVersionError``,
``StatsInconsistentError`` (each a ``NotationError``, as an unreadable saved game is); never another
exception. Its size does not grow with the number of games, except for the daily dates won (11 bytes
each). The words of its errors are in the page's word table (webapp/text/).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from halfmoon.deal import are_daily_dates
from halfmoon.errors import ECHO_CHARS, HalfMoonError, NotationError
from halfmoon.jsontext import parse_json
from halfmoon.saved import MAX_ELAPSED_MS, MAX_MOMENT_MS
from webapp.stats.record import (
    CHART_GAMES,
    IDENTITY_CODE,
    MAX_COUNT,
    MAX_SCORE,
    MAX_SEEN,
    GameId,
    Result,
    Seen,
    Stats,
)

FORMAT = "half-moon-stats"
VERSION = 1
MAX_CHARS = 1_000_000
"""A record is a few kB plus 11 characters a daily date won: a million characters is 250 years of them."""
MAX_DEPTH = 3
"""The record nests three levels: the object, its lists, their entries."""
_FIELDS = (
    "format",
    "version",
    "played",
    "won",
    "finished",
    "score_total",
    "streak",
    "best_streak",
    "fastest_ms",
    "daily_won",
    "recent",
    "seen",
)
_FIELD_SET = frozenset(_FIELDS)


# Errors: a key and machine params only; the words are in the page's word table.


class StatsError(NotationError):
    """A statistics record (stored or imported) that cannot be read, refused whole: malformed input, as an
    unreadable saved game is (``halfmoon.errors``: a ``NotationError``)."""

    key = "stats"

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason=reason, **params)


class StatsFormatError(StatsError):
    """Not our record: not an object, another format, other fields, or a value of the wrong type."""

    key = "stats-format"


class StatsVersionError(StatsError):
    """Our record, of a version this page does not know; ``version`` is its ``repr`` cut to 40 characters."""

    key = "stats-version"

    def __init__(self, version: object) -> None:
        HalfMoonError.__init__(self, version=_cut(version))


class StatsInconsistentError(StatsError):
    """Our record with figures that cannot all be true (``reason`` says which check failed)."""

    key = "stats-inconsistent"


class StatsFutureError(StatsError):
    """An imported record with a daily deal won after the day after tomorrow: local dates differ by two
    days at most across the date line, so no device has won it yet (``date``: the first such)."""

    key = "stats-future"

    def __init__(self, date: str) -> None:
        HalfMoonError.__init__(self, date=date)


class StatsNewerError(StatsError):
    """A record of ours written by a newer version (a later version, or fields this page does not know):
    never removed nor written over by this page. ``known`` is what can be read of it (or None)."""

    key = "stats-newer"

    def __init__(self, version: object, known: Stats | None) -> None:
        HalfMoonError.__init__(self, version=_cut(version))
        self.known = known


def _cut(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a huge int's repr may refuse; nothing from JSON can do worse
        text = "?"
    return text[:ECHO_CHARS]


REASONS: dict[str, tuple[str, ...]] = {
    "stats-format": ("not-an-object", "wrong-format", "wrong-fields", "wrong-type"),
    "stats-inconsistent": (
        "negative-figure",
        "figure-too-large",
        "won-exceeds-played",
        "finished-exceeds-played",
        "won-exceeds-finished",
        "streak-exceeds-best",
        "best-streak-exceeds-won",
        "score-exceeds-finished",
        "fastest-without-win",
        "daily-not-a-date",
        "daily-unsorted",
        "daily-exceeds-won",
        "recent-too-long",
        "recent-exceeds-finished",
        "recent-exceeds-won",
        "recent-exceeds-not-won",
        "streak-disagrees-with-recent",
        "seen-too-long",
        "seen-exceeds-played",
        "seen-duplicate",
        "bad-code",
        "bad-time",
    ),
}
"""Every ``reason`` each error key can carry."""


def dumps(stats: Stats) -> str:
    """The record as compact JSON: what localStorage holds and what the export file contains."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "played": stats.played,
        "won": stats.won,
        "finished": stats.finished,
        "score_total": stats.score_total,
        "streak": stats.streak,
        "best_streak": stats.best_streak,
        "fastest_ms": stats.fastest_ms,
        "daily_won": list(stats.daily_won),
        "recent": [[r.won, r.elapsed_ms, r.score] for r in stats.recent],
        "seen": [[s.game.code, s.game.dealt_at, s.ended] for s in stats.seen],
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True)


def loads(text: str | bytes) -> Stats:
    """The record of ``dumps`` (stored or imported), validated whole.

    Raises ``RecordTextError`` (too long, too deep, not text, not JSON), ``StatsFormatError``,
    ``StatsVersionError`` or ``StatsInconsistentError``; never another exception.
    """
    return from_value(parse_json(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH))


@dataclass(frozen=True, slots=True)
class Form:
    """What names a record of ours (its format, version and fields) and the errors that refuse it."""

    format: str
    version: int
    fields: frozenset[str]
    errors: tuple[type[StatsFormatError], type[StatsVersionError], type[StatsNewerError]]


def ours(data: object, form: Form, known: Callable[[dict[str, Any]], Any] = lambda _data: None) -> dict[str, Any]:
    """``data`` as a record of ``form``'s version, or the error that says whose it is: not ours, an older
    version's, or a newer one's (a later version, or this version with fields this code does not know:
    never written over; ``known`` reads what this code can of it)."""
    foreign, older, newer = form.errors
    if not isinstance(data, dict):
        raise foreign(reason="not-an-object")
    if data.get("format") != form.format:
        raise foreign(reason="wrong-format")
    version = data.get("version")
    if type(version) is int and (version > form.version or (version == form.version and data.keys() > form.fields)):
        raise newer(version, known(data))
    if type(version) is not int or version != form.version:
        raise older(version)
    if data.keys() != form.fields:
        raise foreign(reason="wrong-fields")
    return data


def from_value(data: object) -> Stats:
    """The record from an already parsed JSON value, validated whole (see ``loads``)."""
    data = ours(data, FORM, _known_part)
    counts = {name: _int(data, name) for name in _FIELDS[2:8]}
    fastest = None if data["fastest_ms"] is None else _int(data, "fastest_ms")
    daily = _str_list(data, "daily_won")
    recent = tuple(_result(entry) for entry in _list(data, "recent"))
    seen = tuple(_seen(entry) for entry in _list(data, "seen"))
    stats = Stats(
        played=counts["played"],
        won=counts["won"],
        finished=counts["finished"],
        score_total=counts["score_total"],
        streak=counts["streak"],
        best_streak=counts["best_streak"],
        fastest_ms=fastest,
        daily_won=daily,
        recent=recent,
        seen=seen,
    )
    _check(stats)
    return stats


FORM = Form(FORMAT, VERSION, _FIELD_SET, (StatsFormatError, StatsVersionError, StatsNewerError))


def _known_part(data: dict[str, Any]) -> Stats | None:
    """What this page can read of a newer version's record: its known fields, if they are a valid
    record of this version; else nothing."""
    try:
        return from_value({**{name: data.get(name) for name in _FIELDS}, "format": FORMAT, "version": VERSION})
    except StatsError:
        return None


def _int(data: dict[str, Any], name: str) -> int:
    value = data[name]
    if type(value) is not int:
        raise StatsFormatError(reason="wrong-type", field=name)
    return value


def _list(data: dict[str, Any], name: str) -> list[Any]:
    value = data[name]
    if type(value) is not list:
        raise StatsFormatError(reason="wrong-type", field=name)
    return value


def _str_list(data: dict[str, Any], name: str) -> tuple[str, ...]:
    values = _list(data, name)
    if not set(map(type, values)) <= {str}:
        raise StatsFormatError(reason="wrong-type", field=name)
    return tuple(values)


def _result(entry: object) -> Result:
    if (
        type(entry) is not list
        or len(entry) != 3
        or type(entry[0]) is not bool
        or type(entry[1]) is not int
        or type(entry[2]) is not int
    ):
        raise StatsFormatError(reason="wrong-type", field="recent")
    return Result(entry[0], entry[1], entry[2])


def _seen(entry: object) -> Seen:
    if (
        type(entry) is not list
        or len(entry) != 3
        or type(entry[0]) is not str
        or type(entry[1]) is not int
        or type(entry[2]) is not bool
    ):
        raise StatsFormatError(reason="wrong-type", field="seen")
    return Seen(GameId(entry[0], entry[1]), entry[2])


def _check(stats: Stats) -> None:
    """Every relation the recording functions keep; the first that fails names the reason."""

    def fail(reason: str) -> StatsInconsistentError:
        return StatsInconsistentError(reason=reason)

    counts = [stats.played, stats.won, stats.finished, stats.score_total, stats.streak, stats.best_streak]
    times = [r.elapsed_ms for r in stats.recent] + ([] if stats.fastest_ms is None else [stats.fastest_ms])
    scores = [r.score for r in stats.recent]
    if min(counts + times + scores) < 0:
        raise fail("negative-figure")
    if max(counts) > MAX_COUNT or max(times, default=0) > MAX_ELAPSED_MS or max(scores, default=0) > MAX_SCORE:
        raise fail("figure-too-large")
    if stats.won > stats.played:
        raise fail("won-exceeds-played")
    if stats.finished > stats.played:
        raise fail("finished-exceeds-played")
    if stats.won > stats.finished:
        raise fail("won-exceeds-finished")
    if stats.streak > stats.best_streak:
        raise fail("streak-exceeds-best")
    if stats.best_streak > stats.won:
        raise fail("best-streak-exceeds-won")
    if stats.score_total > stats.finished * MAX_SCORE:
        raise fail("score-exceeds-finished")
    if stats.fastest_ms is not None and stats.won == 0:
        raise fail("fastest-without-win")
    dates = stats.daily_won
    if not are_daily_dates(dates):
        raise fail("daily-not-a-date")
    if len(set(dates)) != len(dates) or list(dates) != sorted(dates):
        raise fail("daily-unsorted")
    if len(dates) > stats.won:
        raise fail("daily-exceeds-won")
    recent = stats.recent
    if len(recent) > CHART_GAMES:
        raise fail("recent-too-long")
    if len(recent) > stats.finished:
        raise fail("recent-exceeds-finished")
    recent_won = sum(r.won for r in recent)
    if recent_won > stats.won:
        raise fail("recent-exceeds-won")
    if len(recent) - recent_won > stats.finished - stats.won:
        raise fail("recent-exceeds-not-won")
    run = 0
    while run < len(recent) and recent[-1 - run].won:
        run += 1
    if run != min(stats.streak, len(recent)):
        raise fail("streak-disagrees-with-recent")
    seen = stats.seen
    if len(seen) > MAX_SEEN:
        raise fail("seen-too-long")
    if len(seen) > stats.played:
        raise fail("seen-exceeds-played")
    if len({s.game for s in seen}) != len(seen):
        raise fail("seen-duplicate")
    for entry in seen:
        if IDENTITY_CODE.fullmatch(entry.game.code) is None:
            raise fail("bad-code")
        if not 0 <= entry.game.dealt_at <= MAX_MOMENT_MS:
            raise fail("bad-time")
