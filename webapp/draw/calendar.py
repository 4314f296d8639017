"""The calendar of daily deals won: a month's weeks, Monday first, as values and as a ``<table>``
made from validated dates only (every text escaped)."""

from __future__ import annotations

import bisect
import datetime
from dataclasses import dataclass
from html import escape

from webapp.stats.record import Stats, counted_dates
from webapp.text.words import text


@dataclass(frozen=True, slots=True)
class Day:
    """A day of the calendar: was its daily deal won, is it today."""

    date: datetime.date
    won: bool
    today: bool


def _month_length(first: datetime.date) -> int:
    """Days in the month that starts on ``first``."""
    if first.month == 12:
        return 31
    return (first.replace(month=first.month + 1) - first).days


def calendar(stats: Stats, year: int, month: int, today: datetime.date) -> list[list[Day | None]]:
    """The month's weeks, Monday first; None pads the days of the neighbouring months.

    A ``year`` and ``month`` that name no month give the month of ``today``. A day is won when its date
    counts now (``counted_dates``): a date after today is not shown won until it comes.
    """
    try:
        first = datetime.date(year, month, 1)
    except (ValueError, TypeError, OverflowError):
        first = today.replace(day=1)
    length = _month_length(first)
    prefix = f"{first.year:04d}{first.month:02d}"
    dates = counted_dates(stats, today)
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
    first = next((day.date for week in weeks for day in week if day is not None), None)
    parts = ['<table class="stats-calendar">']
    if first is not None:
        caption = text("calendar-caption", lang, month=text(f"month-{first.month}", lang), year=first.year)
        parts.append(f"<caption>{escape(caption[:1].upper() + caption[1:])}</caption>")
    parts.append("<thead><tr>")
    for number in range(1, 8):
        short, full = text(f"weekday-short-{number}", lang), text(f"weekday-{number}", lang)
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
                    f'<span class="visually-hidden"> {escape(text("calendar-won", lang))}</span>'
                )
            parts.append(f"<td{attributes}>{cell}</td>")
        parts.append("</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)
