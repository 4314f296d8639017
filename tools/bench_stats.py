"""Statistics benchmark under CPython: opening the statistics dialog with 10 000 recorded games.

    python -m tools.bench_stats [--runs 200] [--games 10000]

Prints, for two records of 10 000 games (typical: a daily deal won on about a tenth of them; worst
case: every game a daily deal won on its own date, 27 years of daily play), the stored size and the
median time of the figures + chart + calendar, of the same with ``loads`` first (what opening the dialog
does, reading localStorage; with the share of ``parse_json``'s limit checks), and of recording one
ended game (``loads``, ``record_*``, ``dumps``).
Targets: ≤ 200 kB stored; ≤ 50 ms to open the dialog under Pyodide, which is several times slower than
CPython, so well under 5 ms under CPython.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import time
from collections.abc import Callable

from halfmoon.jsontext import parse_json
from webapp.draw.calendar import calendar, calendar_html
from webapp.draw.chart import chart_svg
from webapp.stats.record import GameId, Stats, figures, record_ended, record_played
from webapp.stats.stored import MAX_CHARS, MAX_DEPTH, dumps, loads

START = datetime.date(2000, 1, 1)


def record(games: int, daily_every: int) -> tuple[Stats, datetime.date]:
    """A record of ``games`` games, every ``daily_every``-th a daily deal won on its own date."""
    stats = Stats()
    day = START
    for n in range(games):
        daily = n % daily_every == 0
        won = daily or n % 3 != 0
        code = f"HM1-D-{day:%Y%m%d}" if daily else "HM1-N-AAAAAAB"
        game = GameId(code, 1_000_000_000_000 + n)
        stats = record_played(stats, game)
        stats = record_ended(stats, game, won=won, elapsed_ms=90_000 + 37 * n, score=520 if won else 200, today=day)
        if daily:
            day += datetime.timedelta(days=1)
    return stats, day


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        action()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), median of {args.runs} runs")
    for name, every in (("typical", 10), ("worst case", 1)):
        stats, today = record(args.games, every)
        text = dumps(stats)

        def dialog(stats: Stats = stats, today: datetime.date = today) -> object:
            shown = figures(stats, today)
            return chart_svg(shown, "fi"), calendar_html(calendar(stats, today.year, today.month, today), "fi")

        def opening(text: str = text, today: datetime.date = today) -> object:
            stats = loads(text)
            shown = figures(stats, today)
            return chart_svg(shown, "fi"), calendar_html(calendar(stats, today.year, today.month, today), "fi")

        def one_game(text: str = text, today: datetime.date = today) -> object:
            game = GameId("HM1-N-AAAAAAC", 2_000_000_000_000)
            stats = record_played(loads(text), game)
            return dumps(record_ended(stats, game, won=True, elapsed_ms=100_000, score=520, today=today))

        print(
            f"{name}: {stats.played} games, {len(stats.daily_won)} daily dates won, "
            f"{len(text.encode())} bytes stored (target ≤ 200000)"
        )
        print(f"  figures + chart + calendar   {median_ms(dialog, args.runs):8.3f} ms")
        print(f"  loads + the same (open)      {median_ms(opening, args.runs):8.3f} ms  (target ≤ 50 under Pyodide)")

        def parsing(text: str = text) -> object:
            return parse_json(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)

        print(f"    of which parse_json        {median_ms(parsing, args.runs):8.3f} ms  (halfmoon.jsontext)")
        print(f"  loads + record + dumps       {median_ms(one_game, args.runs):8.3f} ms")


if __name__ == "__main__":
    main()
