"""Watching a replay in Chromium (docs/ui-contract.md "watching a replay"): play and pause, the
step commands to the end of a won game, the figures of each step, the saved game untouched.

One page of its own, on Playwright's fake clock (``page.clock``): the clock runs freely while the
page boots, then stands still, and the tests move it on by hand (``run_for``), so that the replay's
pace is exact and no test waits for it in real time. The clock stays out of the shared page, whose
other tests need the real one."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import PREFIX, Watch
from playwright.sync_api import Browser

from halfmoon import DealCode
from halfmoon.line import parse_line, play_line
from support.pageobject import GamePage
from support.testdata import WON
from webapp.app.replay import PACE_MS
from webapp.store.storage_keys import GAME_KEY

LINE = ".".join(WON["moves"])
SAVED = 3
"""The saved game: the won line's first three removals, its clock running."""


def step_figures(step: int) -> tuple[int, int]:
    """The engine's figures after ``step`` removals of the won line (the oracle)."""
    played = play_line(DealCode.parse(WON["code"]), parse_line(LINE)[:step])
    return played.score, played.moves


@pytest.fixture(scope="module")
def page_game(browser: Browser, browser_context_args: dict[str, Any], site: str) -> Iterator[GamePage]:
    context = browser.new_context(**browser_context_args, service_workers="block")
    seen = Watch(site[: site.index(PREFIX)])
    context.on("page", seen.attach)
    page = context.new_page()
    page.clock.install(time=datetime.datetime(2026, 11, 30, 8, tzinfo=datetime.UTC))
    game = GamePage(page, site).open(f"?deal={WON['code']}")
    game.play(WON["moves"][:SAVED])
    game.run_clock(65_000)  # the saved game's clock past a minute
    game.pause_clock()  # from here on, time moves only by hand
    yield game
    context.close()
    assert seen.off_host == [], f"requests to other hosts: {seen.off_host}"
    assert seen.errors == [], f"console errors: {seen.errors}"


@pytest.fixture(scope="module")
def saved_time(page_game: GamePage) -> str:
    """The saved game's clock as the info bar shows it: it stands still with the page's clock."""
    time = page_game.info("time")
    assert time.startswith("1:0"), time
    return time


@pytest.fixture
def replay(page_game: GamePage) -> Iterator[GamePage]:
    """The won line's replay, opened from the code box at its step 0; left again afterwards."""
    game = page_game
    assert game.board("data-replay") is None and game.figures() == step_figures(SAVED)
    game.play_code(f"?deal={WON['code']}&line={LINE}")
    assert (game.board("data-replay"), game.board("data-step"), game.board("data-steps")) == ("true", "0", "48")
    yield game
    game.page.keyboard.press("Escape")
    if game.board("data-replay") == "true":
        game.action("replay-exit")


def step(game: GamePage) -> int:
    return game.board_number("data-step")


def playing(game: GamePage) -> bool:
    game.settle()  # the last command's, tap's or key's answer applied
    return game.page.locator('button[data-action="replay-play"]').get_attribute("aria-pressed") == "true"


def run_for(game: GamePage, ms: int) -> None:
    """The page's clock moved on by ``ms``: its timers fire as they fall due (those the last command
    set too: its answer is applied first)."""
    game.run_clock(ms)


def wait_step(game: GamePage, wanted: int) -> None:
    game.page.wait_for_function(f"document.querySelector('[data-board]').dataset.step === '{wanted}'")


def test_play_steps_on_by_itself_at_a_readable_pace_and_a_tap_pauses_it(replay: GamePage) -> None:
    game = replay
    game.action("replay-play")
    assert playing(game)
    run_for(game, PACE_MS - 100)
    assert step(game) == 0  # not before the pace: a step stays on screen for a while
    run_for(game, 600)
    wait_step(game, 1)
    run_for(game, 4 * PACE_MS)
    moved = step(game)
    assert 3 <= moved <= 4 and playing(game)
    assert game.figures() == step_figures(moved)
    game.button("P1").click(force=True)  # a tap on the board (its buttons are inert while replaying)
    assert not playing(game)
    run_for(game, 10 * PACE_MS)
    assert step(game) == moved  # paused: the move number stays put
    assert game.figures() == step_figures(moved)
    game.action("replay-exit")
    assert game.figures() == step_figures(SAVED) and game.selected() == []  # the tap did nothing to the saved game


def test_space_plays_and_pauses_and_escape_pauses(replay: GamePage) -> None:
    game = replay
    keys = game.page.keyboard
    game.page.evaluate("document.activeElement.blur()")
    keys.press(" ")
    assert playing(game)
    run_for(game, 2 * PACE_MS)
    wait_step(game, 1)
    keys.press(" ")
    assert not playing(game)
    run_for(game, 10 * PACE_MS)
    assert step(game) == 1  # Space paused it
    keys.press(" ")
    run_for(game, 2 * PACE_MS)
    wait_step(game, 2)
    keys.press("Escape")
    assert not playing(game)
    run_for(game, 10 * PACE_MS)
    assert step(game) == 2  # Escape paused it
    assert game.read("scrollY") == 0  # Space did not scroll the page


def test_play_stops_at_the_end(replay: GamePage) -> None:
    game = replay
    game.action("replay-last")
    game.action("replay-back")
    game.action("replay-back")
    game.action("replay-play")
    run_for(game, 2 * 2 * PACE_MS)
    wait_step(game, 48)
    assert not playing(game) and game.board("data-status") == "won"
    run_for(game, 10 * PACE_MS)
    assert step(game) == 48


def test_the_step_commands_to_the_end_of_a_won_game_show_each_step_s_figures(replay: GamePage, saved_time: str) -> None:
    game = replay
    saved = game.stored(GAME_KEY)
    assert game.figures() == (0, 0) and game.selected() == ["P4", "P7"]  # the first step's cards, before they leave
    assert (game.info("score"), game.info("moves"), game.info("time")) == ("0", "0", "–")  # no play time in a replay
    for _ in range(5):
        game.action("replay-forward")
    assert step(game) == 5 and game.figures() == step_figures(5)
    assert (game.info("score"), game.info("moves")) == tuple(map(str, step_figures(5)))
    game.action("replay-back")
    assert step(game) == 4 and game.figures() == step_figures(4)
    game.action("replay-last")
    assert step(game) == 48 and game.board("data-status") == "won" and game.figures() == (520, 48)
    assert all(count == 0 for _, count in game.cards().values())
    assert (game.info("score"), game.info("moves"), game.info("time")) == ("520", "48", "–")
    run_for(game, 5_000)  # the page's ticker leaves the time alone while replaying
    assert game.info("time") == "–"
    game.action("replay-forward")  # at the end: stays there
    assert step(game) == 48
    game.action("replay-first")
    assert step(game) == 0 and game.figures() == (0, 0)
    assert all(count == (8 if place.startswith("P") else 1) for place, (_, count) in game.cards().items())
    game.tap(*(WON["moves"][SAVED].split("+")), force=True)  # the saved game's next removal: inert here
    for key in ("u", "Control+z", "r"):  # undo and restart by key: inert too
        game.page.keyboard.press(key)
    assert step(game) == 0 and game.figures() == (0, 0) and game.board("data-replay") == "true"
    assert game.stored(GAME_KEY) == saved  # untouched while replaying
    game.action("replay-exit")
    assert game.board("data-replay") is None and game.figures() == step_figures(SAVED)
    assert (game.info("score"), game.info("moves")) == tuple(map(str, step_figures(SAVED)))
    game.expect_info("time", saved_time)  # the saved game's clock again
    assert game.saved()["moves"] == WON["moves"][:SAVED]


def test_the_language_can_be_changed_while_replaying_and_the_words_follow(replay: GamePage, saved_time: str) -> None:
    game = replay
    game.action("replay-last")
    game.set_language("fi")  # through the settings panel, which stays open to a replay
    try:
        assert game.lang() == "fi" and game.board("data-replay") == "true" and step(game) == 48
        assert game.page.locator("[data-replay-position]").inner_text() == "Uusinta: siirto 48/48"
        assert (game.info("time"), game.info("moves")) == ("–", "48")
        game.action("replay-exit")
        game.expect_info("time", saved_time)
    finally:
        game.set_language("en")
