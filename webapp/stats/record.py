"""The statistics record: what counts and the figures shown (docs/ui-contract.md, "What counts").

Pure Python: the page reads the stored record (webapp/stats/stored.py), calls these functions and
writes the result back (webapp/store/records.py).

- a game is *played* from its first removal (``record_played``); it ends *won* at the win and *not won*
  when it is replaced or restarted (``record_ended``); a dead end alone ends nothing (no call);
- each game has an identity (``GameId``: its code and the moment it was dealt or restarted); an event for
  an identity already recorded changes nothing, so a reload, a second tab or a restored page never counts a
  game twice (a bounded list of the last ``MAX_SEEN`` identities is kept for this);
- a game opened from a file never sets the fastest win;
- a daily deal (``HM1-D-YYYYMMDD``) counts for the daily figures when it is won on its own local date.

The record is immutable: every ``record_*`` returns a new ``Stats`` (or the same object when the event
changes nothing, so the caller can skip the write). An event with an identity no game can have is the
shell's own mistake, a ``StatsEventError`` (a programming error, not the player's input).
"""

from __future__ import annotations

import bisect
import datetime
import re
from dataclasses import dataclass, replace

from halfmoon import WON_SCORE, DealCode, HalfMoonError
from halfmoon.saved import MAX_ELAPSED_MS, MAX_MOMENT_MS

CHART_GAMES = 30
"""The recent history kept and drawn: the last 30 ended games."""
MAX_SEEN = 64
"""The identities remembered so that no game is counted twice."""
MAX_COUNT = 2**53 - 1
"""Counts saturate here (the largest integer JavaScript holds exactly); nothing larger is believed."""
MAX_SCORE = WON_SCORE
"""A won game scores 520 (R5.1): no game scores more."""
IDENTITY_CODE = re.compile(r"[A-Z0-9-]{1,32}")
"""What a game identity's code may look like (a deal code, never longer)."""


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
    daily_won: int | None
    daily_streak: int | None
    daily_won_today: bool
    """The daily figures are None while the device's date is outside the years of daily deals."""
    recent: tuple[Result, ...]


class StatsEventError(ValueError):
    """A programming error of the shell, never the player's input: it passed an event whose identity no
    game can have (``reason``: ``bad-code`` or ``bad-time``)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"a statistics event with a malformed identity: {reason}")


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
    today: datetime.date | None,
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
        day = daily_of(game.code)
        if day is not None and day == today:
            daily = _with_date(daily, day_key(day))
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


def daily_of(code: str) -> datetime.date | None:
    """The date of a daily deal's code (``HM1-D-20261130``), or None for any other code."""
    try:
        return DealCode.parse(code).date
    except HalfMoonError:
        return None


def _checked_id(game: GameId) -> GameId:
    if not isinstance(game.code, str) or IDENTITY_CODE.fullmatch(game.code) is None:
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


def day_key(day: datetime.date) -> str:
    return f"{day.year:04d}{day.month:02d}{day.day:02d}"


# Figures


def figures(stats: Stats, today: datetime.date | None) -> Figures:
    """The figures of the statistics dialog. ``today`` is the device's local date, None when the device's
    clock is outside the years of daily deals (2000 … 9999): then the daily figures are unknown (None).
    Only the dates ``counted_dates`` gives count."""
    if today is None:
        daily_won = daily_streak = None
        won_today = False
    else:
        dates = counted_dates(stats, today)
        daily_won = len(dates)
        won_today = _has(dates, day_key(today))
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
        daily_won=daily_won,
        daily_streak=daily_streak,
        daily_won_today=won_today,
        recent=stats.recent[-CHART_GAMES:],
    )


def counted_dates(stats: Stats, today: datetime.date | None) -> tuple[str, ...]:
    """The daily dates won that count now, for every figure, streak and calendar: those up to ``today``.

    The one place of the rule. A date after today (an import from across the date line, a clock set
    back) stays in the record but counts for nothing and is shown won only once it comes; while the
    device's date is unknown (None: outside the years of daily deals) no date counts."""
    if today is None:
        return ()
    return stats.daily_won[: bisect.bisect_right(stats.daily_won, day_key(today))]


def _run_ending(dates: tuple[str, ...], end: datetime.date) -> int:
    """How many consecutive dates up to ``end`` are in ``dates`` (sorted, unique, valid), in O(log n).

    Going back from ``end``'s entry, an entry k places earlier is at most k days earlier, and exactly k
    days earlier only when every date between is there: the largest such k is found by bisection.
    """
    last = bisect.bisect_left(dates, day_key(end))
    if last == len(dates) or dates[last] != day_key(end):
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
