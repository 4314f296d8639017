"""The statistics record as stored and exported: versioned JSON, validated whole.

Any text gives a ``Stats`` or one of ``RecordTextError``, ``StatsFormatError``, ``StatsFieldError``,
``StatsVersionError``, ``StatsInconsistentError``, ``StatsNewerError`` (webapp/stats/record_errors.py, each a
``NotationError``, as an unreadable saved game is); never another exception. Its size does not grow
with the number of games, except for the daily dates won (11 bytes each). The words of its errors are
in the page's word table (webapp/text/).
"""

from __future__ import annotations

import json
from typing import Any

from halfmoon.deal import are_daily_dates
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
from webapp.stats.record_errors import (
    Form,
    StatsError,
    StatsFieldError,
    StatsFormatError,
    StatsInconsistentError,
    StatsNewerError,
    StatsVersionError,
    ours,
)

FORMAT = "half-moon-stats"
VERSION = 1
MAX_CHARS = 1_000_000
"""A record is a few kB plus 11 characters a daily date won: a million characters is 250 years of them."""
MAX_DEPTH = 3
"""The record nests three levels: the object, its lists, their entries. A stored record is read to the
parser's own depth, so that a field nested deeper is refused by its type check, as ours (an export's
limit is webapp/stats/export.py's)."""
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


REASONS: dict[str, tuple[str, ...]] = {
    "stats-format": ("not-an-object", "wrong-format"),
    "stats-field": ("missing", "wrong-type"),
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

    Raises ``RecordTextError`` (too long, too deep, not text, not JSON) or one of the record's errors
    (webapp/stats/record_errors.py); never another exception.
    """
    return from_value(parse_json(text, max_chars=MAX_CHARS))


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


FORM = Form(FORMAT, VERSION, _FIELD_SET, (StatsFormatError, StatsFieldError, StatsVersionError, StatsNewerError))


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
        raise StatsFieldError(reason="wrong-type", field=name)
    return value


def _list(data: dict[str, Any], name: str) -> list[Any]:
    value = data[name]
    if type(value) is not list:
        raise StatsFieldError(reason="wrong-type", field=name)
    return value


def _str_list(data: dict[str, Any], name: str) -> tuple[str, ...]:
    values = _list(data, name)
    if not set(map(type, values)) <= {str}:
        raise StatsFieldError(reason="wrong-type", field=name)
    return tuple(values)


def _result(entry: object) -> Result:
    if (
        type(entry) is not list
        or len(entry) != 3
        or type(entry[0]) is not bool
        or type(entry[1]) is not int
        or type(entry[2]) is not int
    ):
        raise StatsFieldError(reason="wrong-type", field="recent")
    return Result(entry[0], entry[1], entry[2])


def _seen(entry: object) -> Seen:
    if (
        type(entry) is not list
        or len(entry) != 3
        or type(entry[0]) is not str
        or type(entry[1]) is not int
        or type(entry[2]) is not bool
    ):
        raise StatsFieldError(reason="wrong-type", field="seen")
    return Seen(GameId(entry[0], entry[1]), entry[2])


def _figures(stats: Stats) -> list[tuple[str, int, int]]:
    """Each figure of the record: its field, its value and the largest value believed."""
    counts = [(name, getattr(stats, name), MAX_COUNT) for name in _FIELDS[2:8]]
    fastest = [] if stats.fastest_ms is None else [("fastest_ms", stats.fastest_ms, MAX_ELAPSED_MS)]
    recent = [("recent", r.elapsed_ms, MAX_ELAPSED_MS) for r in stats.recent]
    return counts + fastest + recent + [("recent", r.score, MAX_SCORE) for r in stats.recent]


def _check(stats: Stats) -> None:
    """Every relation the recording functions keep; the first that fails names the reason."""

    def fail(reason: str) -> StatsInconsistentError:
        return StatsInconsistentError(reason=reason)

    figures = _figures(stats)
    for name, value, _ in figures:
        if value < 0:
            raise StatsInconsistentError(reason="negative-figure", field=name)
    for name, value, limit in figures:
        if value > limit:
            raise StatsInconsistentError(reason="figure-too-large", field=name)
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
