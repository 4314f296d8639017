"""A result to share and the history of games, in words (docs/ui-contract.md "share a result",
"the history of games").

The shared text names the deal, how it ended, its moves, score and time, and the link to the deal: never
its line of moves (no spoiler). The end dialog shares the game on the table; the statistics dialog the
latest daily deal of the history.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from halfmoon import DealCode, format_time
from halfmoon.deal import link_query
from webapp.app.actions import Action, Dialog
from webapp.app.app import App
from webapp.stats.history import HISTORY_GAMES, Finished, History
from webapp.text.words import text

Attributes = tuple[tuple[str, str | None], ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A game's end as the share text says it."""

    code: DealCode
    status: str
    moves: int
    score: int
    elapsed_ms: int


def to_share(app: App) -> Outcome | None:
    """What ``share-result`` shares in the dialog open now, if anything."""
    if app.dialog in (Dialog.WON, Dialog.DEAD_END):
        game = app.game
        return Outcome(app.code, str(game.status), game.moves, game.score, app.elapsed_ms())
    daily = app.tally.history.latest_daily() if app.dialog is Dialog.STATS else None
    return None if daily is None else _outcome(daily)


def _outcome(game: Finished) -> Outcome:
    return Outcome(DealCode.parse(game.code), game.status, game.moves, game.score, game.elapsed_ms)


def share_text(outcome: Outcome, lang: str, page: str) -> str:
    """The text shared, in ``lang``; ``page`` is the page's address without its query."""
    return text(
        "share-text",
        lang,
        deal=deal_words(outcome.code, lang),
        result=text(f"share-{outcome.status}", lang),
        moves=_count("share-moves", outcome.moves, lang),
        points=_count("share-points", outcome.score, lang),
        time=format_time(outcome.elapsed_ms).replace(":", text("share-time-mark", lang)),
        url=page + link_query(outcome.code),
    )


def _count(key: str, count: int, lang: str) -> str:
    return text(f"{key}-one", lang) if count == 1 else text(key, lang, count=count)


def deal_words(code: DealCode, lang: str) -> str:
    """A daily deal by its date, any other by its code."""
    day = code.date
    return str(code) if day is None else text("share-daily", lang, date=date_words(day, lang))


def date_words(day: datetime.date, lang: str) -> str:
    """1.12.2026, 1 Dec 2026."""
    return text("share-date", lang, day=day.day, month=text(f"share-month-{day.month}", lang), year=day.year)


# The history in the statistics dialog


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One row: its contract attributes, its cells' words (date, deal, result, moves, score, time: the
    deal is the row's header), and its two commands' accessible names and words."""

    attributes: Attributes
    cells: tuple[str, str, str, str, str, str]
    commands: tuple[tuple[Action, str, str], ...]


def history_rows(history: History, lang: str) -> tuple[HistoryRow, ...]:
    """The games, the latest first (``data-history-game="1"``)."""
    return tuple(_row(number, game, lang) for number, game in enumerate(reversed(history.games), start=1))


def _row(number: int, game: Finished, lang: str) -> HistoryRow:
    code = DealCode.parse(game.code)
    day = datetime.date(int(game.day[:4]), int(game.day[4:6]), int(game.day[6:])) if game.day else None
    date = text("stats-none", lang) if day is None else date_words(day, lang)
    deal = deal_words(code, lang)
    return HistoryRow(
        attributes=(
            ("data-history-game", str(number)),
            ("data-date", "" if day is None else day.isoformat()),
            ("data-code", game.code),
            ("data-won", "true" if game.won else "false"),
            ("data-score", str(game.score)),
            ("data-moves", str(game.moves)),
            ("data-time", str(game.elapsed_ms // 1000)),
        ),
        cells=(
            date,
            deal,
            text(f"share-{game.status}", lang),
            str(game.moves),
            str(game.score),
            format_time(game.elapsed_ms),
        ),
        commands=(
            (
                Action.HISTORY_REPLAY,
                text("history-replay", lang),
                text("history-replay-label", lang, deal=deal, date=date),
            ),
            (Action.HISTORY_PLAY, text("history-play", lang), text("history-play-label", lang, deal=deal)),
        ),
    )


def history_note(history: History, lang: str) -> str:
    """Above the list: how many games are kept (and that there are none yet)."""
    cap = text("history-cap", lang, count=HISTORY_GAMES)
    return cap if history.games else f"{text('history-none', lang)} {cap}"
