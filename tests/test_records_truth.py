"""Every write that matters reports its truth: importing, resetting and recording either
succeed or say so and keep the previous record; a record that would pass its size limit is refused
before it is written; what a dialog's own actions said is shown inside it and outlives its closing."""

from __future__ import annotations

import datetime
import json

from support.fakes import FakeStorage, make_app, play
from support.testdata import WON
from webapp.app.actions import Action, Dialog
from webapp.app.app import App
from webapp.draw.view import build
from webapp.stats.record import Stats
from webapp.stats.stored import MAX_CHARS, dumps, loads
from webapp.store.storage_keys import STATS_KEY


def key(app: App) -> str | None:
    return app.message.key if app.message else None


def test_an_import_that_cannot_be_stored_says_so_and_keeps_the_figures() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    play(app, WON["moves"][:1])
    before = storage.items[STATS_KEY]
    app.command(Action.STATS)
    app.open_stats_file(dumps(Stats(played=9, won=0, finished=0)))
    storage.writes_left = 0  # the storage refuses every write from here on
    app.command(Action.CONFIRM)
    assert key(app) == "stats-not-saved" and app.dialog is Dialog.STATS
    assert app.tally.stats.played == 1 and storage.items[STATS_KEY] == before
    assert make_app(storage).tally.stats.played == 1  # a reload shows the same figures


def test_a_reset_that_cannot_be_stored_says_so() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    play(app, WON["moves"][:1])
    app.command(Action.STATS)
    app.command(Action.STATS_RESET)
    storage.writes_left = 0
    app.command(Action.CONFIRM)
    assert key(app) == "stats-not-saved" and app.tally.stats.played == 1


def near_limit() -> Stats:
    """A valid record whose stored text is a few characters under the limit (daily dates won)."""

    def stats(n: int) -> Stats:
        first = datetime.date(2000, 1, 1)
        dates = tuple(f"{first + datetime.timedelta(days=i):%Y%m%d}" for i in range(n))
        return Stats(played=n, won=n, finished=n, best_streak=0, daily_won=dates)

    n = (MAX_CHARS - 10 - len(dumps(stats(1)))) // 11 + 1  # each date takes 11 characters: "YYYYMMDD",
    while len(dumps(stats(n))) > MAX_CHARS - 10:  # the most dates that fit, with 10 characters to spare
        n -= 1
    return stats(n)


def test_a_record_near_its_limit_is_never_wiped_by_one_more_game() -> None:
    full = near_limit()
    text = dumps(full)
    storage = FakeStorage({STATS_KEY: text}, quota=10 * MAX_CHARS)
    app = make_app(storage)
    assert app.tally.stats == full
    play(app, WON["moves"][:1])  # played: one more identity remembered would pass the limit
    assert key(app) == "stats-not-recorded"
    assert storage.items[STATS_KEY] == text and app.tally.stats == full
    assert loads(make_app(storage).tally.store._read(STATS_KEY) or "") == full  # the next start keeps it whole


def test_a_refused_statistics_file_is_said_inside_the_dialog_and_stays_after_it_closes() -> None:
    app = make_app(FakeStorage())
    app.command(Action.STATS)
    app.open_stats_file('{"format": "half-moon-stats", "version": 1}')
    shown = build(app)
    assert shown.dialog is Dialog.STATS and "has no field best_streak" in shown.dialog_message
    assert shown.message == shown.dialog_message  # [data-message] says the same behind the dialog
    app.command(Action.CLOSE)
    assert "has no field best_streak" in build(app).message
    play(app, WON["moves"][:1])
    assert build(app).message == ""  # until the next tap


# The date


def test_an_import_with_a_daily_win_after_tomorrow_across_the_date_line_is_refused() -> None:
    today = datetime.date(2026, 12, 1)
    app = make_app(today=lambda: today)
    app.command(Action.STATS)
    fine = Stats(played=2, won=2, finished=2, best_streak=0, daily_won=("20261201", "20261203"))  # + 2 days
    app.open_stats_file(dumps(fine))
    assert app.dialog is Dialog.CONFIRM
    app.command(Action.CANCEL)
    future = Stats(played=2, won=2, finished=2, best_streak=0, daily_won=("20261201", "20261204"))  # + 3 days
    app.open_stats_file(dumps(future))
    assert app.dialog is Dialog.STATS and key(app) == "bad-stats-file"
    assert "2026-12-04" in build(app).dialog_message or "20261204" in build(app).dialog_message


def test_a_stored_record_with_future_dates_is_kept_and_they_count_for_nothing() -> None:
    today = datetime.date(2026, 12, 1)
    record = Stats(played=3, won=3, finished=3, best_streak=0, daily_won=("20261130", "20261201", "20270101"))
    storage = FakeStorage({STATS_KEY: dumps(record)})
    app = make_app(storage, today=lambda: today)
    assert app.tally.stats == record and storage.items[STATS_KEY] == dumps(record)  # never refused
    shown = app.tally.figures()
    assert (shown.daily_won, shown.daily_streak) == (2, 2)


def test_figures_follow_the_date_as_it_changes() -> None:
    days = [datetime.date(2026, 12, 1)]
    record = Stats(played=1, won=1, finished=1, best_streak=0, daily_won=("20261201",))
    app = make_app(FakeStorage({STATS_KEY: dumps(record)}), today=lambda: days[0])
    assert app.tally.figures().daily_streak == 1
    days[0] = datetime.date(2026, 12, 3)  # two midnights later, the page still open
    assert app.tally.figures().daily_streak == 0 and not app.tally.figures().daily_won_today


def test_a_clock_outside_the_daily_years_still_plays_without_daily_figures() -> None:
    app = make_app(today=lambda: None)
    shown = build(app)
    assert key(app) == "daily-unavailable" and not shown.can_daily
    assert (app.tally.figures().daily_won, app.tally.figures().daily_streak) == (None, None)
    before = app.code
    app.command(Action.DAILY)
    assert app.code == before and key(app) == "daily-unavailable"
    play(app, WON["moves"][:1])
    assert app.tally.stats.played == 1


# Forward compatibility: a copy already deployed never removes nor writes over a newer version's record


def test_a_newer_versions_statistics_are_shown_never_written_over_and_said_once() -> None:
    mine = Stats(played=4, won=2, finished=3, best_streak=1, streak=0)
    newer = {**json.loads(dumps(mine)), "version": 2, "history": [1, 2, 3]}
    text = json.dumps(newer)
    storage = FakeStorage({STATS_KEY: text})
    app = make_app(storage)
    assert app.tally.stats == mine and key(app) == "stats-newer"  # told once, at start
    assert "newer version" in build(app).message
    play(app, WON["moves"][:1])  # played: not recorded over the newer record
    app.command(Action.RESTART)
    app.command(Action.CONFIRM)
    assert storage.items[STATS_KEY] == text and app.tally.stats == mine
    app.storage_changed(STATS_KEY)
    assert storage.items[STATS_KEY] == text  # read again: still never removed
