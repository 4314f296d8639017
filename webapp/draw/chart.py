"""The statistics chart: the last 30 ended games as inline SVG, one bar a game, its height the game's time.

Made from validated numbers only, every text escaped. A won game is a filled bar capped by a dot, a game
not won an outlined bar capped by a cross, so that shape tells them apart as well as colour. The colours
are the stylesheet's (``--stats-won``, ``--stats-not-won`` on the classes ``stats-won`` and
``stats-not-won``); no ``style`` attribute. The SVG has no fixed size: its ``viewBox`` scales it.
"""

from __future__ import annotations

from html import escape

from halfmoon.clock import format_time
from webapp.stats.record import CHART_GAMES, Figures, Result
from webapp.text.words import text

_WIDTH = 300
_HEIGHT = 130
_SLOT = _WIDTH / CHART_GAMES
_BASE = 124.0
_TOP = 24.0


def _counted(key: str, n: int, lang: str, **params: object) -> str:
    """``key-one`` for one, else ``key``: the words of a count."""
    return text(f"{key}-one" if n == 1 else key, lang, **params)


def chart_summary(recent: tuple[Result, ...], lang: str) -> str:
    """The chart's accessible name: "Viimeiset 30 peliä: 18 voittoa, 12 ei voittoa"."""
    count = len(recent)
    won = sum(r.won for r in recent)
    if count == 0:
        return text("chart-none", lang)
    games = _counted("chart-games", count, lang, count=count)
    return text("chart-summary", lang, games=games, wins=_counted("chart-wins", won, lang, won=won), lost=count - won)


def _bar_title(number: int, result: Result, lang: str) -> str:
    outcome = text("chart-won" if result.won else "chart-not-won", lang)
    points = _counted("chart-points", result.score, lang, score=result.score)
    return text("chart-bar", lang, number=number, outcome=outcome, time=format_time(result.elapsed_ms), points=points)


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def chart_svg(figures: Figures, lang: str) -> str:
    recent = figures.recent[-CHART_GAMES:]
    label = escape(chart_summary(recent, lang))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
        f'width="100%" preserveAspectRatio="xMidYMid meet" role="img" aria-label="{label}">',
        f"<title>{label}</title>",
        '<g class="stats-legend" aria-hidden="true" font-size="9" fill="currentColor">',
        '<circle class="stats-won" cx="6" cy="8" r="3.5"/>',
        f'<text x="13" y="11">{escape(text("chart-won", lang))}</text>',
        '<path class="stats-not-won" d="M76 5L82 11M82 5L76 11" stroke-width="1.6"/>',
        f'<text x="87" y="11">{escape(text("chart-not-won", lang))}</text>',
        f'<text x="{_WIDTH - 2}" y="11" text-anchor="end">{escape(text("chart-height", lang))}</text>',
        "</g>",
        f'<line class="stats-axis" x1="0" y1="{_n(_BASE + 0.5)}" x2="{_WIDTH}" y2="{_n(_BASE + 0.5)}" '
        'stroke="currentColor" stroke-width="1"/>',
    ]
    longest = max((r.elapsed_ms for r in recent), default=0)
    room = _BASE - _TOP - 6
    for number, result in enumerate(recent, start=1):
        height = 2.0 + (room - 2.0) * (result.elapsed_ms / longest if longest else 0.0)
        parts.append(_bar(number, result, height, lang))
    parts.append("</svg>")
    return "".join(parts)


def _bar(number: int, result: Result, height: float, lang: str) -> str:
    x = (number - 1) * _SLOT
    centre = x + _SLOT / 2
    top = _BASE - height
    title = escape(_bar_title(number, result, lang))
    if result.won:
        return (
            f'<g class="stats-won"><title>{title}</title>'
            f'<rect x="{_n(x + 2)}" y="{_n(top)}" width="{_n(_SLOT - 4)}" height="{_n(height)}"/>'
            f'<circle cx="{_n(centre)}" cy="{_n(top - 4)}" r="3"/></g>'
        )
    return (
        f'<g class="stats-not-won"><title>{title}</title>'
        f'<rect x="{_n(x + 2.5)}" y="{_n(top + 0.5)}" width="{_n(_SLOT - 5)}" '
        f'height="{_n(max(height - 1, 1))}" stroke-width="1"/>'
        f'<path d="M{_n(centre - 2.5)} {_n(top - 6.5)}L{_n(centre + 2.5)} {_n(top - 1.5)}'
        f'M{_n(centre + 2.5)} {_n(top - 6.5)}L{_n(centre - 2.5)} {_n(top - 1.5)}" stroke-width="1.5"/></g>'
    )
