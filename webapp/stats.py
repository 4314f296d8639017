"""The statistics record: what counts, the figures, the stored JSON, the chart and the daily calendar.

Pure Python (no ``js``): the browser layer reads ``half-moon:stats`` from localStorage, calls these
functions and puts their results on the page. What counts (ui-contract.md, "What counts"):

- a game is *played* from its first removal (``record_played``); it ends *won* at the win and *not won*
  when it is replaced or restarted (``record_ended``); a dead end alone ends nothing (no call);
- each game has an identity (``GameId``: its code and the moment it was dealt or restarted); an event for
  an identity already recorded changes nothing, so a reload, a second tab or a restored page never counts a
  game twice (a bounded list of the last ``MAX_SEEN`` identities is kept for this);
- a game opened from a file never sets the fastest win;
- a daily deal (``HM1-D-YYYYMMDD``) counts for the daily figures when it is won on its own local date.

The record is immutable: every ``record_*`` returns a new ``Stats`` (or the same object when the event
changes nothing, so the caller can skip the write). The caller reads the stored record again just before
recording, then writes ``dumps`` of the result.

The stored form is versioned JSON, validated whole by ``loads``: any text gives a ``Stats`` or one of
``RecordTextError``, ``StatsFormatError``, ``StatsVersionError``, ``StatsInconsistentError`` (each a
``NotationError``, as an unreadable saved game is); never another exception. An event with an identity no
game can have is the shell's mistake, a ``StatsEventError`` (a ``ValueError``). The record's size does not
grow with the number of games, except for the daily dates won (11 bytes each).
"""

from __future__ import annotations

import bisect
import datetime
import json
import re
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from halfmoon import WON_SCORE, DealCode
from halfmoon.clock import format_time
from halfmoon.deal import FIRST_DAILY
from halfmoon.errors import HalfMoonError, NotationError, RecordTextError
from halfmoon.jsontext import parse_json
from halfmoon.saved import MAX_ELAPSED_MS, MAX_MOMENT_MS

__all__ = [
    "CHART_GAMES",
    "FORMAT",
    "MAX_CHARS",
    "MAX_SEEN",
    "MESSAGES",
    "REASONS",
    "STORAGE_KEY",
    "VERSION",
    "Day",
    "Figures",
    "GameId",
    "RecordTextError",
    "Result",
    "Seen",
    "Stats",
    "StatsError",
    "StatsEventError",
    "StatsFormatError",
    "StatsInconsistentError",
    "StatsVersionError",
    "calendar",
    "calendar_html",
    "chart_summary",
    "chart_svg",
    "daily_date",
    "dumps",
    "error_text",
    "figures",
    "from_value",
    "loads",
    "record_ended",
    "record_played",
]

STORAGE_KEY = "half-moon:stats"
FORMAT = "half-moon-stats"
VERSION = 1

CHART_GAMES = 30
"""The recent history kept and drawn: the last 30 ended games."""
MAX_SEEN = 64
"""The identities remembered so that no game is counted twice."""
MAX_CHARS = 1_000_000
"""A record is a few kB plus 11 characters a daily date won: a million characters is 250 years of them."""
MAX_DEPTH = 3
"""The record nests three levels: the object, its lists, their entries."""
MAX_COUNT = 2**53 - 1
"""Counts saturate here (the largest integer JavaScript holds exactly); nothing larger is believed."""
MAX_SCORE = WON_SCORE
"""A won game scores 520 (R5.1): no game scores more."""

_CODE = re.compile(r"[A-Z0-9-]{1,32}")
_DIGITS = re.compile(r"[0-9]{8}")
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


# The values


@dataclass(frozen=True, slots=True)
class GameId:
    """A game's identity: its deal code and the moment (ms since the epoch) it was dealt or restarted."""

    code: str
    dealt_at: int


@dataclass(frozen=True, slots=True)
class Result:
    """One ended game of the recent history."""

    won: bool
    elapsed_ms: int
    score: int


@dataclass(frozen=True, slots=True)
class Seen:
    """An identity already counted as played, and whether its end has been counted too."""

    game: GameId
    ended: bool


@dataclass(frozen=True, slots=True)
class Stats:
    """The whole record. ``Stats()`` is the empty record (a first visit, or after a reset).

    ``finished`` counts the games that ended (won or not won) and ``score_total`` their scores;
    ``daily_won`` holds the dates whose daily deal was won, as sorted "YYYYMMDD" strings; ``recent`` the
    last ``CHART_GAMES`` ended games, oldest first; ``seen`` the last ``MAX_SEEN`` identities, oldest first.
    """

    played: int = 0
    won: int = 0
    finished: int = 0
    score_total: int = 0
    streak: int = 0
    best_streak: int = 0
    fastest_ms: int | None = None
    daily_won: tuple[str, ...] = ()
    recent: tuple[Result, ...] = ()
    seen: tuple[Seen, ...] = ()


@dataclass(frozen=True, slots=True)
class Figures:
    """What the statistics dialog shows.

    ``win_rate`` is a fraction (0…1), None before any game is played; ``fastest_win_s`` whole seconds
    (rounded down, as the game clock shows them); ``average_score`` that of the finished games.
    """

    played: int
    won: int
    win_rate: float | None
    current_streak: int
    best_streak: int
    fastest_win_s: int | None
    average_score: float | None
    daily_won: int
    daily_streak: int
    daily_won_today: bool
    recent: tuple[Result, ...]


@dataclass(frozen=True, slots=True)
class Day:
    """A day of the calendar: was its daily deal won, is it today."""

    date: datetime.date
    won: bool
    today: bool


# Errors: a key and machine params only; the words are in MESSAGES.


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


class StatsEventError(ValueError):
    """A programming error of the shell, never the player's input: it passed an event whose identity no
    game can have (``reason``: ``bad-code`` or ``bad-time``)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"a statistics event with a malformed identity: {reason}")


def _cut(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a huge int's repr may refuse; nothing from JSON can do worse
        text = "?"
    return text[:40]


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

_FI_INCONSISTENT = "Tilastotiedoston luvut eivät täsmää: "
_EN_INCONSISTENT = "The figures of the statistics file do not agree: "

MESSAGES: dict[str, dict[str, str]] = {
    "fi": {
        "stats": "Tilastoja ei voi lukea ({reason}).",
        "stats-format": "Tiedosto ei ole Half Moonin tilastotiedosto.",
        "stats-format.wrong-type": "Tilastotiedoston kentän {field} arvo on väärää tyyppiä.",
        "stats-version": "Tilastotiedoston versio {version} on tuntematon.",
        "stats-inconsistent": "Tilastotiedoston luvut eivät täsmää keskenään ({reason}).",
        "stats-inconsistent.negative-figure": _FI_INCONSISTENT + "siinä on negatiivinen luku.",
        "stats-inconsistent.figure-too-large": _FI_INCONSISTENT + "siinä on uskomattoman suuri luku.",
        "stats-inconsistent.won-exceeds-played": _FI_INCONSISTENT + "voitettuja on enemmän kuin pelattuja.",
        "stats-inconsistent.finished-exceeds-played": _FI_INCONSISTENT
        + "päättyneitä pelejä on enemmän kuin pelattuja.",
        "stats-inconsistent.won-exceeds-finished": _FI_INCONSISTENT + "voitettuja on enemmän kuin päättyneitä.",
        "stats-inconsistent.streak-exceeds-best": _FI_INCONSISTENT + "nykyinen putki on parasta putkea pidempi.",
        "stats-inconsistent.best-streak-exceeds-won": _FI_INCONSISTENT
        + "paras putki on pidempi kuin voitettujen pelien määrä.",
        "stats-inconsistent.score-exceeds-finished": _FI_INCONSISTENT
        + "pisteitä on enemmän kuin päättyneistä peleistä voi saada.",
        "stats-inconsistent.fastest-without-win": _FI_INCONSISTENT
        + "nopein voitto on merkitty, vaikka yhtään peliä ei ole voitettu.",
        "stats-inconsistent.daily-not-a-date": _FI_INCONSISTENT + "voitettu päivän jako on päivältä, jota ei ole.",
        "stats-inconsistent.daily-unsorted": _FI_INCONSISTENT
        + "voitettujen päivän jakojen päivät eivät ole järjestyksessä tai sama päivä toistuu.",
        "stats-inconsistent.daily-exceeds-won": _FI_INCONSISTENT
        + "voitettuja päivän jakoja on enemmän kuin voitettuja pelejä.",
        "stats-inconsistent.recent-too-long": _FI_INCONSISTENT + "viimeisten pelien luettelo on liian pitkä.",
        "stats-inconsistent.recent-exceeds-finished": _FI_INCONSISTENT
        + "viimeisiä pelejä on enemmän kuin päättyneitä pelejä.",
        "stats-inconsistent.recent-exceeds-won": _FI_INCONSISTENT
        + "viimeisissä peleissä on enemmän voittoja kuin voitettuja pelejä.",
        "stats-inconsistent.recent-exceeds-not-won": _FI_INCONSISTENT
        + "viimeisissä peleissä on enemmän voittamattomia kuin päättyneissä peleissä.",
        "stats-inconsistent.streak-disagrees-with-recent": _FI_INCONSISTENT + "voittoputki ei vastaa viimeisiä pelejä.",
        "stats-inconsistent.seen-too-long": _FI_INCONSISTENT + "pelien tunnisteiden luettelo on liian pitkä.",
        "stats-inconsistent.seen-exceeds-played": _FI_INCONSISTENT
        + "pelien tunnisteita on enemmän kuin pelattuja pelejä.",
        "stats-inconsistent.seen-duplicate": _FI_INCONSISTENT + "sama peli on kirjattu kahdesti.",
        "stats-inconsistent.bad-code": _FI_INCONSISTENT + "pelin tunnisteessa on kelvoton jaon koodi.",
        "stats-inconsistent.bad-time": _FI_INCONSISTENT + "pelin tunnisteessa on kelvoton aika.",
    },
    "en": {
        "stats": "The statistics cannot be read ({reason}).",
        "stats-format": "This is not a Half Moon statistics file.",
        "stats-format.wrong-type": "The statistics file's field {field} has a value of the wrong type.",
        "stats-version": "The statistics file's version {version} is unknown.",
        "stats-inconsistent": "The figures of the statistics file do not agree ({reason}).",
        "stats-inconsistent.negative-figure": _EN_INCONSISTENT + "it has a negative figure.",
        "stats-inconsistent.figure-too-large": _EN_INCONSISTENT + "it has an unbelievably large figure.",
        "stats-inconsistent.won-exceeds-played": _EN_INCONSISTENT + "more games won than played.",
        "stats-inconsistent.finished-exceeds-played": _EN_INCONSISTENT + "more games finished than played.",
        "stats-inconsistent.won-exceeds-finished": _EN_INCONSISTENT + "more games won than finished.",
        "stats-inconsistent.streak-exceeds-best": _EN_INCONSISTENT
        + "the current streak is longer than the best streak.",
        "stats-inconsistent.best-streak-exceeds-won": _EN_INCONSISTENT
        + "the best streak is longer than the number of games won.",
        "stats-inconsistent.score-exceeds-finished": _EN_INCONSISTENT
        + "more points than the finished games can score.",
        "stats-inconsistent.fastest-without-win": _EN_INCONSISTENT + "a fastest win although no game was won.",
        "stats-inconsistent.daily-not-a-date": _EN_INCONSISTENT + "a daily deal won on a date that does not exist.",
        "stats-inconsistent.daily-unsorted": _EN_INCONSISTENT
        + "the dates of the daily deals won are out of order or repeated.",
        "stats-inconsistent.daily-exceeds-won": _EN_INCONSISTENT + "more daily deals won than games won.",
        "stats-inconsistent.recent-too-long": _EN_INCONSISTENT + "the list of recent games is too long.",
        "stats-inconsistent.recent-exceeds-finished": _EN_INCONSISTENT + "more recent games than finished games.",
        "stats-inconsistent.recent-exceeds-won": _EN_INCONSISTENT + "more wins among the recent games than won.",
        "stats-inconsistent.recent-exceeds-not-won": _EN_INCONSISTENT
        + "more games not won among the recent games than in all finished games.",
        "stats-inconsistent.streak-disagrees-with-recent": _EN_INCONSISTENT
        + "the streak does not match the recent games.",
        "stats-inconsistent.seen-too-long": _EN_INCONSISTENT + "the list of game identities is too long.",
        "stats-inconsistent.seen-exceeds-played": _EN_INCONSISTENT + "more game identities than games played.",
        "stats-inconsistent.seen-duplicate": _EN_INCONSISTENT + "the same game is recorded twice.",
        "stats-inconsistent.bad-code": _EN_INCONSISTENT + "a game identity has an invalid deal code.",
        "stats-inconsistent.bad-time": _EN_INCONSISTENT + "a game identity has an invalid time.",
    },
}
"""Each error key's message (and a more precise one per ``reason``, keyed ``key.reason``)."""


def error_text(error: HalfMoonError, lang: str) -> str:
    """The words for one of this module's errors in ``lang`` (the ``key.reason`` message when there is one).

    Another error (``RecordTextError``) or an unknown key gives the generic "cannot be read" message;
    the page may instead merge ``MESSAGES`` into its own tables.
    """
    table = MESSAGES[_lang(lang)]
    template = table.get(f"{error.key}.{error.params.get('reason')}") or table.get(error.key) or table["stats"]
    try:
        return template.format(**error.params)
    except (KeyError, IndexError, ValueError):
        return template


# Recording


def record_played(stats: Stats, game: GameId) -> Stats:
    """The game's first removal: played once per identity (a repeated call returns ``stats`` itself)."""
    game = _checked_id(game)
    if _find(stats.seen, game) is not None:
        return stats
    return replace(stats, played=_add(stats.played, 1), seen=_remember(stats.seen, Seen(game, ended=False)))


def record_ended(
    stats: Stats,
    game: GameId,
    *,
    won: bool,
    elapsed_ms: int,
    score: int,
    today: datetime.date,
    from_file: bool = False,
) -> Stats:
    """A played game ended: won at the win, not won when replaced or restarted. Once per identity.

    ``today`` is the device's local date at this moment (a daily deal of that date won counts for the
    daily figures, once a date); ``from_file`` marks a game opened from a file, which never sets the
    fastest win. An end for an identity not (or no longer) remembered as played counts it as played too,
    so that won never exceeds played. An identity whose end was already recorded returns ``stats`` itself.
    """
    game = _checked_id(game)
    index = _find(stats.seen, game)
    played = stats.played
    if index is None:
        played = _add(played, 1)
        seen = _remember(stats.seen, Seen(game, ended=True))
    elif stats.seen[index].ended:
        return stats
    else:
        seen = (*stats.seen[:index], *stats.seen[index + 1 :], Seen(game, ended=True))
    won = bool(won)
    elapsed_ms = _clamp(elapsed_ms, MAX_ELAPSED_MS)
    score = _clamp(score, MAX_SCORE)
    streak = _add(stats.streak, 1) if won else 0
    fastest = stats.fastest_ms
    daily = stats.daily_won
    if won:
        if not from_file and (fastest is None or elapsed_ms < fastest):
            fastest = elapsed_ms
        day = daily_date(game.code)
        if day is not None and day == today:
            daily = _with_date(daily, _day_key(day))
    return Stats(
        played=played,
        won=_add(stats.won, 1) if won else stats.won,
        finished=_add(stats.finished, 1),
        score_total=min(stats.score_total + score, MAX_COUNT),
        streak=streak,
        best_streak=max(stats.best_streak, streak),
        fastest_ms=fastest,
        daily_won=daily,
        recent=(*stats.recent, Result(won, elapsed_ms, score))[-CHART_GAMES:],
        seen=seen,
    )


def daily_date(code: str) -> datetime.date | None:
    """The date of a daily deal's code (``HM1-D-20261130``), or None for any other code."""
    try:
        return DealCode.parse(code).date
    except HalfMoonError:
        return None


def _checked_id(game: GameId) -> GameId:
    if not isinstance(game.code, str) or _CODE.fullmatch(game.code) is None:
        raise StatsEventError(reason="bad-code")
    if type(game.dealt_at) is not int or not 0 <= game.dealt_at <= MAX_MOMENT_MS:
        raise StatsEventError(reason="bad-time")
    return game


def _find(seen: tuple[Seen, ...], game: GameId) -> int | None:
    for index in range(len(seen) - 1, -1, -1):
        if seen[index].game == game:
            return index
    return None


def _remember(seen: tuple[Seen, ...], entry: Seen) -> tuple[Seen, ...]:
    return (*seen, entry)[-MAX_SEEN:]


def _clamp(value: int, top: int) -> int:
    """A figure the caller passed, as a whole number within 0 … top (a time or score is never refused)."""
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        return 0
    return min(max(0, number), top)


def _add(count: int, step: int) -> int:
    return min(count + step, MAX_COUNT)


def _with_date(dates: tuple[str, ...], key: str) -> tuple[str, ...]:
    index = bisect.bisect_left(dates, key)
    if index < len(dates) and dates[index] == key:
        return dates
    return (*dates[:index], key, *dates[index:])


def _day_key(day: datetime.date) -> str:
    return f"{day.year:04d}{day.month:02d}{day.day:02d}"


def _date(digits: str) -> datetime.date | None:
    """The date of eight ASCII digits YYYYMMDD, on or after 1 January 2000, or None."""
    if _DIGITS.fullmatch(digits) is None:
        return None
    try:
        day = datetime.date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        return None
    return day if day >= FIRST_DAILY else None


# Figures


def figures(stats: Stats, today: datetime.date) -> Figures:
    """The figures of the statistics dialog; ``today`` is the device's local date."""
    dates = stats.daily_won
    won_today = _has(dates, _day_key(today))
    end = today if won_today else _previous(today)
    daily_streak = 0 if end is None else _run_ending(dates, end)
    return Figures(
        played=stats.played,
        won=stats.won,
        win_rate=stats.won / stats.played if stats.played else None,
        current_streak=stats.streak,
        best_streak=stats.best_streak,
        fastest_win_s=None if stats.fastest_ms is None else stats.fastest_ms // 1000,
        average_score=stats.score_total / stats.finished if stats.finished else None,
        daily_won=len(dates),
        daily_streak=daily_streak,
        daily_won_today=won_today,
        recent=stats.recent[-CHART_GAMES:],
    )


def _run_ending(dates: tuple[str, ...], end: datetime.date) -> int:
    """How many consecutive dates up to ``end`` are in ``dates`` (sorted, unique, valid), in O(log n).

    Going back from ``end``'s entry, an entry k places earlier is at most k days earlier, and exactly k
    days earlier only when every date between is there: the largest such k is found by bisection.
    """
    last = bisect.bisect_left(dates, _day_key(end))
    if last == len(dates) or dates[last] != _day_key(end):
        return 0
    end_day = end.toordinal()
    low, high = 0, last  # the run reaches back ``low`` entries for certain, ``high`` at most
    while low < high:
        back = (low + high + 1) // 2
        key = dates[last - back]
        if datetime.date(int(key[:4]), int(key[4:6]), int(key[6:])).toordinal() == end_day - back:
            low = back
        else:
            high = back - 1
    return low + 1


def _previous(day: datetime.date) -> datetime.date | None:
    return None if day == datetime.date.min else day - datetime.timedelta(days=1)


def _has(dates: tuple[str, ...], key: str) -> bool:
    index = bisect.bisect_left(dates, key)
    return index < len(dates) and dates[index] == key


# The stored record


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


def from_value(data: object) -> Stats:
    """The record from an already parsed JSON value, validated whole (see ``loads``)."""
    if not isinstance(data, dict):
        raise StatsFormatError(reason="not-an-object")
    if data.get("format") != FORMAT:
        raise StatsFormatError(reason="wrong-format")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise StatsVersionError(version)
    if data.keys() != _FIELD_SET:
        raise StatsFormatError(reason="wrong-fields")
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
    if not _real_dates(dates):
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
        if _CODE.fullmatch(entry.game.code) is None:
            raise fail("bad-code")
        if not 0 <= entry.game.dealt_at <= MAX_MOMENT_MS:
            raise fail("bad-time")


_DAY = (
    r"(?:(?:0[13578]|1[02])(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)(?:0[1-9]|[12][0-9]|30)|02(?:0[1-9]|1[0-9]|2[0-9]))"
)
_DATE_LIST = re.compile(rf"(?:[2-9][0-9]{{3}}{_DAY},)*")
"""Dates YYYYMMDD of 2000 or later, each followed by a comma; 29 February is checked apart."""


def _real_dates(keys: tuple[str, ...]) -> bool:
    """Whether every key is eight ASCII digits naming a date on or after 1 January 2000.

    The same check as ``_date`` on each key, made by one regular expression over all of them: a record
    may hold ten thousand dates, and this runs every time the statistics are read. With every key eight
    characters long, the nine-character matches of the expression are exactly the keys and their commas.
    """
    if not keys:
        return True
    joined = ",".join(keys) + ","
    if set(map(len, keys)) != {8} or _DATE_LIST.fullmatch(joined) is None:
        return False
    leap_day = joined.find("0229,")
    while leap_day >= 0:  # a month and day, since every match ends at a comma
        if not _is_leap(int(joined[leap_day - 4 : leap_day])):
            return False
        leap_day = joined.find("0229,", leap_day + 5)
    return True


# The chart of the last games

_CHART_TEXTS = {
    "fi": {
        "none": "Ei vielä päättyneitä pelejä",
        "won": "voitettu",
        "not-won": "ei voitettu",
        "height": "korkeus = aika",
    },
    "en": {
        "none": "No finished games yet",
        "won": "won",
        "not-won": "not won",
        "height": "height = time",
    },
}

_WIDTH = 300
_HEIGHT = 130
_SLOT = _WIDTH / CHART_GAMES
_BASE = 124.0
_TOP = 24.0
_WIN_COLOUR = "#2e7d32"
_LOSS_COLOUR = "#b3261e"


def _lang(lang: str) -> str:
    return lang if lang in MESSAGES else "fi"


def chart_summary(recent: tuple[Result, ...], lang: str) -> str:
    """The chart's accessible name: "Viimeiset 30 peliä: 18 voittoa, 12 ei voittoa"."""
    lang = _lang(lang)
    count = len(recent)
    won = sum(r.won for r in recent)
    lost = count - won
    if count == 0:
        return _CHART_TEXTS[lang]["none"]
    if lang == "fi":
        games = "Viimeisin peli" if count == 1 else f"Viimeiset {count} peliä"
        wins = "1 voitto" if won == 1 else f"{won} voittoa"
        return f"{games}: {wins}, {lost} ei voittoa"
    games = "Last game" if count == 1 else f"Last {count} games"
    return f"{games}: {won} won, {lost} not won"


def _bar_title(number: int, result: Result, lang: str) -> str:
    time = format_time(result.elapsed_ms)
    if lang == "fi":
        outcome = "voitettu" if result.won else "ei voitettu"
        points = "1 piste" if result.score == 1 else f"{result.score} pistettä"
        return f"Peli {number}: {outcome}, aika {time}, {points}"
    outcome = "won" if result.won else "not won"
    points = "1 point" if result.score == 1 else f"{result.score} points"
    return f"Game {number}: {outcome}, time {time}, {points}"


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def chart_svg(figures: Figures, lang: str) -> str:
    """The last 30 ended games as inline SVG: one bar a game, its height the game's time.

    A won game is a filled bar capped by a dot, a game not won an outlined bar capped by a cross, so that
    shape tells them apart as well as colour. Colours are presentation attributes and classes
    (``stats-won``, ``stats-not-won``) that the page's CSS may override; no ``style`` attribute. The SVG
    has no fixed size: its ``viewBox`` scales it to the width it is given.
    """
    lang = _lang(lang)
    words = _CHART_TEXTS[lang]
    recent = figures.recent[-CHART_GAMES:]
    label = escape(chart_summary(recent, lang))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
        f'width="100%" preserveAspectRatio="xMidYMid meet" role="img" aria-label="{label}">',
        f"<title>{label}</title>",
        '<g class="stats-legend" aria-hidden="true" font-size="9" fill="currentColor">',
        f'<circle class="stats-won" cx="6" cy="8" r="3.5" fill="{_WIN_COLOUR}"/>',
        f'<text x="13" y="11">{escape(words["won"])}</text>',
        f'<path class="stats-not-won" d="M76 5L82 11M82 5L76 11" stroke="{_LOSS_COLOUR}" stroke-width="1.6"/>',
        f'<text x="87" y="11">{escape(words["not-won"])}</text>',
        f'<text x="{_WIDTH - 2}" y="11" text-anchor="end">{escape(words["height"])}</text>',
        "</g>",
        f'<line class="stats-axis" x1="0" y1="{_n(_BASE + 0.5)}" x2="{_WIDTH}" y2="{_n(_BASE + 0.5)}" '
        'stroke="currentColor" stroke-width="1"/>',
    ]
    longest = max((r.elapsed_ms for r in recent), default=0)
    room = _BASE - _TOP - 6
    for number, result in enumerate(recent, start=1):
        height = 2.0 + (room - 2.0) * (result.elapsed_ms / longest if longest else 0.0)
        x = (number - 1) * _SLOT
        centre = x + _SLOT / 2
        top = _BASE - height
        title = escape(_bar_title(number, result, lang))
        if result.won:
            parts.append(
                f'<g class="stats-won"><title>{title}</title>'
                f'<rect x="{_n(x + 2)}" y="{_n(top)}" width="{_n(_SLOT - 4)}" height="{_n(height)}" '
                f'fill="{_WIN_COLOUR}"/>'
                f'<circle cx="{_n(centre)}" cy="{_n(top - 4)}" r="3" fill="{_WIN_COLOUR}"/></g>'
            )
        else:
            parts.append(
                f'<g class="stats-not-won"><title>{title}</title>'
                f'<rect x="{_n(x + 2.5)}" y="{_n(top + 0.5)}" width="{_n(_SLOT - 5)}" '
                f'height="{_n(max(height - 1, 1))}" fill="none" stroke="{_LOSS_COLOUR}" stroke-width="1"/>'
                f'<path d="M{_n(centre - 2.5)} {_n(top - 6.5)}L{_n(centre + 2.5)} {_n(top - 1.5)}'
                f'M{_n(centre + 2.5)} {_n(top - 6.5)}L{_n(centre - 2.5)} {_n(top - 1.5)}" '
                f'stroke="{_LOSS_COLOUR}" stroke-width="1.5"/></g>'
            )
    parts.append("</svg>")
    return "".join(parts)


# The calendar of daily deals won

_WEEKDAYS = {
    "fi": (
        ("ma", "maanantai"),
        ("ti", "tiistai"),
        ("ke", "keskiviikko"),
        ("to", "torstai"),
        ("pe", "perjantai"),
        ("la", "lauantai"),
        ("su", "sunnuntai"),
    ),
    "en": (
        ("Mon", "Monday"),
        ("Tue", "Tuesday"),
        ("Wed", "Wednesday"),
        ("Thu", "Thursday"),
        ("Fri", "Friday"),
        ("Sat", "Saturday"),
        ("Sun", "Sunday"),
    ),
}
_MONTHS = {
    "fi": (
        "tammikuu",
        "helmikuu",
        "maaliskuu",
        "huhtikuu",
        "toukokuu",
        "kesäkuu",
        "heinäkuu",
        "elokuu",
        "syyskuu",
        "lokakuu",
        "marraskuu",
        "joulukuu",
    ),
    "en": (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
}
_CALENDAR_TEXTS = {
    "fi": {"caption": "Päivän jaot, {month} {year}", "won": "voitettu", "today": "tänään"},
    "en": {"caption": "Daily deals, {month} {year}", "won": "won", "today": "today"},
}


def _is_leap(year: int) -> bool:
    """The Gregorian rule (the ``calendar`` module is not in the page's trimmed standard library)."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _month_length(first: datetime.date) -> int:
    """Days in the month that starts on ``first``."""
    if first.month == 12:
        return 31
    return (first.replace(month=first.month + 1) - first).days


def calendar(stats: Stats, year: int, month: int, today: datetime.date) -> list[list[Day | None]]:
    """The month's weeks, Monday first; None pads the days of the neighbouring months.

    A ``year`` and ``month`` that name no month give the month of ``today``.
    """
    try:
        first = datetime.date(year, month, 1)
    except (ValueError, TypeError, OverflowError):
        first = today.replace(day=1)
    length = _month_length(first)
    prefix = f"{first.year:04d}{first.month:02d}"
    dates = stats.daily_won
    start = bisect.bisect_left(dates, prefix)
    won = {key for key in dates[start : bisect.bisect_left(dates, prefix + "99", lo=start)]}
    days: list[Day | None] = [None] * first.weekday()
    for number in range(1, length + 1):
        day = first.replace(day=number)
        days.append(Day(day, f"{prefix}{number:02d}" in won, day == today))
    days += [None] * (-len(days) % 7)
    return [days[i : i + 7] for i in range(0, len(days), 7)]


def calendar_html(weeks: list[list[Day | None]], lang: str) -> str:
    """The calendar as a ``<table>``: every day cell has ``data-won="true"``/``"false"``; today has
    ``aria-current="date"``; a won day is marked by a check and, for screen readers, by words."""
    lang = _lang(lang)
    words = _CALENDAR_TEXTS[lang]
    first = next((day.date for week in weeks for day in week if day is not None), None)
    parts = ['<table class="stats-calendar">']
    if first is not None:
        caption = words["caption"].format(month=_MONTHS[lang][first.month - 1], year=first.year)
        parts.append(f"<caption>{escape(caption[:1].upper() + caption[1:])}</caption>")
    parts.append("<thead><tr>")
    for short, full in _WEEKDAYS[lang]:
        parts.append(f'<th scope="col"><abbr title="{escape(full)}">{escape(short)}</abbr></th>')
    parts.append("</tr></thead><tbody>")
    for week in weeks:
        parts.append("<tr>")
        for day in week:
            if day is None:
                parts.append("<td></td>")
                continue
            classes = " ".join(name for name, on in (("won", day.won), ("today", day.today)) if on)
            attributes = f' data-won="{"true" if day.won else "false"}" data-date="{day.date.isoformat()}"'
            if classes:
                attributes += f' class="{classes}"'
            if day.today:
                attributes += ' aria-current="date"'
            cell = str(day.date.day)
            if day.won:
                cell += (
                    f'<span class="stats-check" aria-hidden="true">✓</span>'
                    f'<span class="visually-hidden"> {escape(words["won"])}</span>'
                )
            parts.append(f"<td{attributes}>{cell}</td>")
        parts.append("</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)
