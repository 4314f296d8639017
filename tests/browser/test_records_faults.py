"""The player's records under faults, in Chromium (docs/ui-contract.md "What counts" and
"Two tabs"): no file opens during a replay, an unsaved game is never replaced by another tab's unasked,
a statistics dialog says what its own actions did, two tabs finishing at the same moment both count
(also when one tab's storage shows the other's writes late),
the daily figures follow midnight, a daily date after today (a clock set back) counts and shows won only
once it comes, a clock past 9999 still starts, and the browser is asked to keep the storage.

What costs time: two extra tabs for the simultaneous finishes and their rounds, three contexts with
clocks of their own; the rest uses the shared page."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from test_stats_files import almost_won

from halfmoon import DealCode, Game
from support.page_dialogs import choose_file, show_history, without_statistics
from support.page_storage import with_keys
from support.pageobject import GamePage
from support.testdata import WON
from tools.solve import solve  # tools/, on the path through conftest.py
from webapp.stats import history
from webapp.stats.record import GameId, Stats, record_ended, record_played
from webapp.stats.stored import dumps, loads
from webapp.store.storage_keys import HISTORY_KEY, STATS_KEY

CODE = WON["code"]
LAST = WON["moves"][-1].split("+")
"""The two places of the winning removal of an almost won game (``almost_won``)."""


@pytest.fixture
def game(game: GamePage) -> GamePage:
    """The shared page at the start of the example deal, its statistics cleared."""
    return without_statistics(game)


def test_no_game_file_opens_during_a_replay(game: GamePage) -> None:
    game.play(WON["moves"][:3])
    game.play_code(f"?deal={CODE}&line=P4+P7")
    assert game.board("data-replay") == "true"
    file_input = game.page.locator('[data-input="game-file"]')
    expect(file_input).to_be_disabled()
    # A file arriving anyway (the input's own change event, as a stale or scripted input would send it):
    game.page.evaluate(
        """text => { const input = document.querySelector('[data-input="game-file"]');
            const chosen = new DataTransfer(); chosen.items.add(new File([text], 'game.json'));
            input.files = chosen.files; input.dispatchEvent(new Event('change', {bubbles: true})); }""",
        almost_won(),
    )
    game.expect_message("No file is opened during a replay: exit the replay first.")
    game.action("replay-exit")
    expect(file_input).to_be_enabled()
    assert (game.board("data-replay"), game.figures(), game.board("data-code")) == (None, (35, 3), CODE)
    assert game.stat("played") == "1"  # the saved game, untouched: nothing ended


def test_an_unsaved_game_is_not_replaced_by_another_tab_s_without_asking(game: GamePage) -> None:
    game.play(WON["moves"][:1])
    other = game.tab()  # resumes the saved game
    assert other.figures() == (10, 1)
    other.fill_storage()  # this tab's storage fails from now on (full); the other tab's still works
    other.play(WON["moves"][1:2])
    expect(other.page.locator("[data-save-warning]")).to_be_visible()
    game.action("undo")  # the first tab saves another position
    expect(other.dialog("confirm")).to_be_visible()  # asked which game to keep, never replaced unasked
    assert other.figures() == (20, 2)
    other.cancel()  # keep this tab's game
    assert other.figures() == (20, 2) and other.board("data-code") == CODE


def test_a_refused_statistics_file_says_why_in_the_dialog_and_after_it(game: GamePage) -> None:
    game.action("stats")
    choose_file(game, "stats-file", b"{not json")
    said = game.dialog("stats").locator("[data-dialog-message]")
    expect(said).to_contain_text("not JSON")
    assert said.get_attribute("role") == "status"
    game.action("close")
    game.expect_message("not JSON", part=True)  # closing keeps what it said


def test_the_browser_is_asked_to_keep_the_storage(game: GamePage) -> None:
    game.action("stats")
    game.action("stats-persist")
    box = game.page.locator("[data-stats]")
    said = game.dialog("stats").locator("[data-dialog-message]")
    # The answer first: `data-persistent` already holds what the page's start found (persisted()),
    # and the answer to persist() may change it, in the same render as the message.
    expect(said).not_to_be_empty()
    expect(box).to_have_attribute("data-persistent", re.compile("^(true|false)$"))
    kept = box.get_attribute("data-persistent") == "true"
    expect(said).to_have_text(
        "The browser now keeps this site's data, the statistics included."
        if kept
        else "The browser did not promise to keep the data: export the statistics to a file to be safe."
    )


# Two tabs finishing games at the same moment ------------------------------------------------------

ALONE = with_keys(
    """() => {  // this tab never sees another tab's game (the statistics stay shared): see below
  const get = Storage.prototype.getItem, set = Storage.prototype.setItem;
  Storage.prototype.getItem = function (key) { return key === GAME_KEY ? null : get.call(this, key); };
  Storage.prototype.setItem = function (key, value) { if (key !== GAME_KEY) set.call(this, key, value); };
}"""
)
"""Two tabs keep one saved game between them (docs/ui-contract.md "Two tabs"), so two tabs playing two
games at once would keep taking each other's: each of these tabs keeps its game to itself, so that
what is tested is the statistics alone — two games finished by two tabs at the same moment."""

FINISH_AT = """([places, at]) => setTimeout(() => { for (const name of places)
  document.querySelector(`[data-board] [data-place="${name}"] button`).click(); }, at - Date.now())"""


LAGGING = """lag => {  // this tab's storage shows another tab's writes `lag` ms late, as Chromium's may (a copy
  // in each renderer, told of the other's writes later): its own writes it sees at once
  const get = Storage.prototype.getItem, set = Storage.prototype.setItem, late = new Map();
  addEventListener('storage', event => {  // listened to before the page's own listeners
    if (event.key === null) return;
    const before = late.get(event.key);
    late.set(event.key, {value: before ? before.value : event.oldValue, until: performance.now() + lag});
  });
  Storage.prototype.getItem = function (key) {
    const stale = late.get(key);
    return stale && performance.now() < stale.until ? stale.value : get.call(this, key);
  };
  Storage.prototype.setItem = function (key, value) { late.delete(key); set.call(this, key, value); };
  const remove = Storage.prototype.removeItem;
  Storage.prototype.removeItem = function (key) { late.delete(key); remove.call(this, key); };
}"""
TAP_ON_ARRIVAL = """([key, places]) => {  // the removal made the moment another tab's write of `key` arrives
  const tap = event => {
    if (event.key !== key) return;
    removeEventListener('storage', tap);
    for (const name of places) document.querySelector(`[data-board] [data-place="${name}"] button`).click();
  };
  addEventListener('storage', tap);
}"""


def open_tabs(game: GamePage, second: str = "") -> tuple[GamePage, GamePage]:
    pair = []
    for script in ("", second):
        page = game.page.context.new_page()
        page.add_init_script(script=f"({ALONE})(); {script}")
        pair.append(GamePage(page, game.site).open())
    return pair[0], pair[1]


@pytest.fixture
def tabs(game: GamePage) -> tuple[GamePage, GamePage]:
    return open_tabs(game)


LABEL_MS = 10_000
"""Each game of ``finish_together`` opens with its clock at ``LABEL_MS`` × its number (the round's two
games numbered 2 × round and 2 × round + 1): the history's times tell which game each entry is, as the
clock runs for less than that between opening and the win."""


def finish_together(tabs: tuple[GamePage, GamePage], round_: int = 0) -> None:
    """Each tab opens an almost won game from a file (a new game each time: a new identity), then both
    make the winning removal in the same millisecond of ``Date.now()``, scheduled in both pages."""
    for number, tab in enumerate(tabs, start=2 * round_):
        if tab.dialog("end").is_visible():
            tab.action("close")
        choose_file(tab, "game-file", almost_won(number * LABEL_MS).encode())
        tab.confirm_if_asked()
        expect(tab.place(LAST[0])).to_have_attribute("data-count", "1")
    at = tabs[0].now_ms() + 150
    for tab in tabs:
        tab.page.evaluate(FINISH_AT, [LAST, at])
    for tab in tabs:
        tab.expect_board("data-status", "won")


def stored_stats(tab: GamePage) -> Stats:
    return loads(tab.stored(STATS_KEY) or "")


def in_history_order(tab: GamePage, rounds: int) -> None:
    """The stored history holds each game of ``rounds`` rounds of ``finish_together`` exactly once, won,
    round after round as they ended (a round's two games ended at the same moment: either first)."""
    games = history.loads(tab.stored(HISTORY_KEY) or "").games
    numbers = [game.elapsed_ms // LABEL_MS for game in games]
    assert sorted(numbers) == list(range(2 * rounds)), f"not each game once: {numbers}"
    assert [number // 2 for number in numbers] == [n // 2 for n in range(2 * rounds)], f"out of order: {numbers}"
    assert all((game.won, game.score, game.moves) == (True, 520, 48) for game in games)
    assert len({(game.code, game.dealt_at) for game in games}) == 2 * rounds


def settled(tab: GamePage, played: int) -> dict[str, str]:
    expect(tab.page.locator("[data-stats]:not([aria-busy])")).to_have_attribute("data-played", str(played))
    return {name: tab.stat(name) for name in ("played", "won", "streak", "best-streak", "best-time")}


@pytest.mark.parametrize("offline", [False, True], ids=["online", "one-offline"])
def test_two_tabs_winning_at_the_same_moment_both_count(tabs: tuple[GamePage, GamePage], offline: bool) -> None:
    """Two rounds of two games ended at the same moment, one tab's network cut off or not: each game
    exactly once in the history, in the order they ended, and the figures exact in both tabs."""
    if offline:  # this tab alone: the other shares its storage, and stays online
        network = tabs[1].page.context.new_cdp_session(tabs[1].page)
        network.send("Network.enable")
        conditions = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        network.send("Network.emulateNetworkConditions", conditions)
        assert tabs[1].read("navigator.onLine") is False
    for round_ in range(2):
        finish_together(tabs, round_)
    for tab in tabs:
        assert settled(tab, 4) == {"played": "4", "won": "4", "streak": "4", "best-streak": "4", "best-time": ""}
    in_history_order(tabs[0], 2)
    tabs[1].action("close")
    tabs[1].action("stats")
    show_history(tabs[1])  # and the history as the offline tab shows it: the latest first
    tabs[1].expect_history_games(4)
    rows = tabs[1].page.locator("[data-history-game]")
    shown = [int(time) // (LABEL_MS // 1000) for time in rows.evaluate_all("rows => rows.map(r => r.dataset.time)")]
    assert sorted(shown[:2]) == [2, 3] and sorted(shown[2:]) == [0, 1]


def test_two_tabs_finishing_25_games_each_at_the_same_moments_count_50(tabs: tuple[GamePage, GamePage]) -> None:
    for round_ in range(25):
        finish_together(tabs, round_)
    for tab in tabs:  # every recording done, in both tabs
        tab.wait_recorded()
    stored = stored_stats(tabs[0])  # the record itself first: no win lost
    assert (stored.played, stored.won, stored.finished) == (50, 50, 50)
    assert len(stored.recent) == 30 and all(game.won and game.score == 520 for game in stored.recent)
    for tab in tabs:  # and what each player sees on opening the statistics
        tab.action("close")
        tab.action("stats")
    figures = settled(tabs[0], 50)
    assert figures == settled(tabs[1], 50)
    assert figures == {"played": "50", "won": "50", "streak": "50", "best-streak": "50", "best-time": ""}
    in_history_order(tabs[0], 25)


def test_a_win_made_while_another_tab_s_win_has_not_reached_this_tab_s_storage_counts_both(game: GamePage) -> None:
    first, lagging = open_tabs(game, f"({LAGGING})(500)")  # the second tab sees the first's writes 500 ms late
    for tab in (first, lagging):
        choose_file(tab, "game-file", almost_won().encode())
        tab.confirm_if_asked()
        expect(tab.place(LAST[0])).to_have_attribute("data-count", "1")
        tab.wait_recorded()
    lagging.page.evaluate(TAP_ON_ARRIVAL, [STATS_KEY, LAST])  # wins while the first's win is not yet seen
    first.tap(*LAST)
    for tab in (first, lagging):
        tab.expect_board("data-status", "won")
        tab.wait_recorded()
    stored = stored_stats(first)
    assert (stored.played, stored.won, stored.finished) == (2, 2, 2)


def test_a_win_waiting_for_the_lock_is_recorded_when_its_page_goes_away(tabs: tuple[GamePage, GamePage]) -> None:
    holder, player = tabs
    holder.page.evaluate(  # another tab holds the statistics' lock until told to let go
        with_keys("() => { navigator.locks.request(STATS_LOCK, () => new Promise(go => { window.letGo = go; })); }")
    )
    choose_file(player, "game-file", almost_won().encode())
    player.confirm_if_asked()
    player.tap(*LAST)
    player.expect_board("data-status", "won")
    expect(player.page.locator("[data-stats]")).to_have_attribute("aria-busy", "true")
    assert stored_stats(holder).won == 0  # not yet: waiting for the lock
    player.page.goto("about:blank")  # pagehide: the waiting record is made now
    assert stored_stats(holder).won == 1
    holder.page.evaluate("window.letGo()")


# The date --------------------------------------------------------------------------------------------


def daily_won_on(day: datetime.date) -> str:
    """Statistics with the daily deal of ``day`` won on that day."""
    game = GameId(str(DealCode.daily(day)), 1_700_000_000_000)
    stats = record_ended(record_played(Stats(), game), game, won=True, elapsed_ms=300_000, score=520, today=day)
    return dumps(stats)


def test_the_daily_figures_and_the_calendar_follow_midnight(
    browser: Browser, browser_context_args: Any, site: str
) -> None:
    context = browser.new_context(**browser_context_args, timezone_id="Europe/Helsinki")
    page = context.new_page()
    won = datetime.date(2026, 12, 1)
    stats = json.dumps(daily_won_on(won))
    page.add_init_script(script=with_keys(f"localStorage[STATS_KEY] ??= {stats}"))
    helsinki = datetime.timezone(datetime.timedelta(hours=2))
    page.clock.set_system_time(datetime.datetime(2026, 12, 1, 23, 58, tzinfo=helsinki))
    game = GamePage(page, site).open()
    game.action("stats")
    today = page.locator("[data-stats-calendar] [aria-current='date']")
    expect(today).to_have_attribute("data-date", "2026-12-01")
    assert game.stat("daily-streak") == "1"
    page.clock.set_system_time(datetime.datetime(2026, 12, 2, 0, 0, 2, tzinfo=helsinki))  # the page stays open
    expect(today).to_have_attribute("data-date", "2026-12-02")
    assert game.stat("daily-streak") == "1"  # won yesterday: the streak goes on until today ends
    page.clock.set_system_time(datetime.datetime(2026, 12, 3, 0, 0, 2, tzinfo=helsinki))
    expect(page.locator("[data-stats]")).to_have_attribute("data-daily-streak", "0")
    expect(today).to_have_attribute("data-date", "2026-12-03")
    context.close()


def winning_line(code: str) -> list[str]:
    """The daily deal's winning line, found by the development solver (tools/solve.py)."""
    line = solve(Game.from_code(DealCode.parse(code)), 200_000)
    assert isinstance(line, list), f"{code}: no winning line found ({line})"
    return [str(move) for move in line]


def test_a_daily_date_after_today_counts_and_shows_won_only_once_it_comes(
    browser: Browser, browser_context_args: dict[str, Any], site: str
) -> None:
    """The device's clock set back (docs/ui-contract.md "What counts"): the daily deal of 2 December won,
    the date set back to 1 December and the page loaded again, that day's deal won. The figures, the
    streak and the calendar all count 1 December alone; 2 December counts, and shows won, once it comes
    (the page open). A context of its own: the clock is the whole profile's."""
    context = browser.new_context(**browser_context_args, timezone_id="UTC", service_workers="block")
    page, calendar = context.new_page(), '[data-stats-calendar] [data-won="true"]'
    game = GamePage(page, site)
    try:
        page.clock.set_fixed_time(datetime.datetime(2026, 12, 2, 12, tzinfo=datetime.UTC))
        game.open()
        for code in ("HM1-D-20261202", "HM1-D-20261201"):
            if code.endswith("01"):
                page.clock.set_fixed_time(datetime.datetime(2026, 12, 1, 12, tzinfo=datetime.UTC))
                page.reload()
                game.wait_ready()
                game.close_dialog()  # the won game's end dialog, shown again with it
            game.action("daily")
            assert game.board("data-code") == code
            game.play_line(winning_line(code))
            assert game.board("data-status") == "won"
            game.action("close")
        assert (game.stat("won"), game.stat("daily-won"), game.stat("daily-streak")) == ("2", "1", "1")
        game.action("stats")
        expect(page.locator(calendar)).to_have_attribute("data-date", "2026-12-01")  # one day alone
        game.action("close")
        page.clock.set_fixed_time(datetime.datetime(2026, 12, 2, 0, 0, 1, tzinfo=datetime.UTC))
        expect(page.locator("[data-stats]")).to_have_attribute("data-daily-won", "2")  # midnight passed
        assert game.stat("daily-streak") == "2"
        game.action("stats")
        expect(page.locator(calendar)).to_have_count(2)
        assert page.locator(calendar).evaluate_all("cells => cells.map(c => c.dataset.date)") == [
            "2026-12-01",
            "2026-12-02",
        ]
    finally:
        context.close()


def test_a_clock_past_9999_still_starts_without_the_daily_figures(
    browser: Browser, browser_context_args: Any, site: str
) -> None:
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    page.clock.set_fixed_time(253_402_387_200)  # seconds: 10000-01-02, past the last daily deal
    game = GamePage(page, site).open()
    assert (game.stat("daily-won"), game.stat("daily-streak")) == ("", "")
    expect(game.command("daily")).to_be_disabled()
    game.expect_message("The device's date is not within the years 2000–9999: the daily deal is not available.")
    game.play(WON["moves"][:1])
    assert game.figures() == (10, 1)
    context.close()
