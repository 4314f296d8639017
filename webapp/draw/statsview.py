"""What the statistics show (docs/ui-contract.md "statistics"), as plain values for webapp/browser/stats_panel.py.

``data-stats`` always carries the figures as attributes (also while the dialog is closed); the
dialog shows them in words, the chart of the last 30 games and the calendar of this month's daily
deals. The chart and the calendar are markup made by webapp/draw/chart.py and calendar.py from validated numbers and
dates only (every text in them escaped); nothing read from storage or a file is put in as HTML.
"""

from __future__ import annotations

import datetime

from halfmoon import format_time
from webapp.draw.calendar import calendar, calendar_html
from webapp.draw.chart import chart_svg
from webapp.stats.record import Figures, Stats
from webapp.text.words import text

Attributes = tuple[tuple[str, str | None], ...]


def stats_attributes(figures: Figures, persistent: bool | None, busy: bool = False) -> Attributes:
    """``[data-stats]``: the figures, whether storage lasts, and ``aria-busy`` while a change waits."""
    return (
        ("aria-busy", "true" if busy else None),
        ("data-persistent", None if persistent is None else str(persistent).lower()),
        ("data-played", str(figures.played)),
        ("data-won", str(figures.won)),
        ("data-streak", str(figures.current_streak)),
        ("data-best-streak", str(figures.best_streak)),
        ("data-best-time", "" if figures.fastest_win_s is None else str(figures.fastest_win_s)),
        ("data-daily-won", _figure(figures.daily_won)),
        ("data-daily-streak", _figure(figures.daily_streak)),
    )


def _figure(value: int | None) -> str:
    """A figure as an attribute: "" when unknown (the daily figures while the date is out of range)."""
    return "" if value is None else str(value)


def stats_rows(figures: Figures, lang: str, persistent: bool | None = None) -> tuple[tuple[str, str], ...]:
    """The figures in words: (label, value) pairs in the dialog's order."""
    none = text("stats-none", lang)
    rate = none if figures.win_rate is None else f"{round(figures.win_rate * 100)} %"
    fastest = none if figures.fastest_win_s is None else format_time(figures.fastest_win_s * 1000)
    average = none if figures.average_score is None else f"{figures.average_score:.0f}"
    values: tuple[tuple[str, str], ...] = (
        ("stats-played", str(figures.played)),
        ("stats-won", str(figures.won)),
        ("stats-win-rate", rate),
        ("stats-streak", str(figures.current_streak)),
        ("stats-best-streak", str(figures.best_streak)),
        ("stats-fastest", fastest),
        ("stats-average", average),
        ("stats-daily-won", none if figures.daily_won is None else str(figures.daily_won)),
        ("stats-daily-streak", none if figures.daily_streak is None else str(figures.daily_streak)),
    )
    if persistent is not None:  # whether the browser keeps the site's storage, once known
        values += (("stats-storage", text("stats-storage-kept" if persistent else "stats-storage-may-clear", lang)),)
    return tuple((text(key, lang), value) for key, value in values)


def stats_markup(stats: Stats, figures: Figures, today: datetime.date | None, lang: str) -> tuple[str, str]:
    """The chart (inline SVG) and this month's calendar of daily deals won (a table; none while the
    device's date is outside the years of daily deals)."""
    calendar_markup = "" if today is None else calendar_html(calendar(stats, today.year, today.month, today), lang)
    return chart_svg(figures, lang), calendar_markup
