"""Axe-core (npm, test-only) finds no WCAG 2.0/2.1/2.2 A/AA or best-practice violation on
the game page, with each dialog open, and on the Rules and Examples pages. Also the dialogs' focus.
The end dialog is checked where a game is won anyway (tests/browser/test_keyboard.py).

axe is injected with Playwright into one context that bypasses the page's Content Security Policy
(which would refuse an injected script); the page itself never loads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from support.access import axe_violations
from support.pageobject import GamePage
from support.testdata import WON


@pytest.fixture(scope="module")
def axe_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(bypass_csp=True, locale="en-GB", viewport={"width": 1000, "height": 800})
    yield context.new_page()
    context.close()


@pytest.fixture
def game(axe_page: Page, site: str) -> GamePage:
    """The module's page at the start of HM1-N-AAAAAAB, no dialog open, the settings at their
    defaults (booted again only when a test left the game)."""
    return GamePage(axe_page, site).fresh()


def test_the_game_page(game: GamePage) -> None:
    assert axe_violations(game.page) == []


@pytest.mark.parametrize("action", ["settings", "keys", "stats"])
def test_a_dialog_open_has_the_focus_and_gives_it_back(game: GamePage, action: str) -> None:
    page = game.page
    opener = page.locator(f'button[data-action="{action}"]')
    opener.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog[open]")
    expect(dialog).to_have_count(1)
    assert game.focus_in("dialog[open]")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(opener).to_be_focused()


def test_the_confirmation_opens_on_cancel(game: GamePage) -> None:
    page = game.page
    game.play(WON["moves"][:1])  # a game in progress: a new deal asks first (R7.6)
    game.locator('[data-board] [data-place="P1"] button').focus()
    page.keyboard.press("n")
    expect(game.dialog("confirm")).to_be_visible()
    expect(page.locator('[data-dialog="confirm"] [data-action="cancel"]')).to_be_focused()
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(game.dialog("confirm")).to_be_hidden()
    assert game.board("data-moves") == "1"  # nothing replaced


def test_single_key_shortcuts_can_be_turned_off(game: GamePage) -> None:
    page = game.page
    game.play(WON["moves"][:1])
    game.setting("key-shortcuts", False)
    game.locator('[data-board] [data-place="P1"] button').focus()  # settled: no closing dialog keeps it inert
    page.keyboard.press("s")
    game.settle()  # the key's answer applied: no dialog is opened a task later either
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert game.board("data-moves") == "1"
    page.keyboard.press("Control+z")  # Ctrl combinations stay
    game.expect_board("data-moves", "0")
    game.setting("key-shortcuts", True)
    game.locator('[data-board] [data-place="P1"] button').focus()  # settled: no closing dialog keeps it inert
    page.keyboard.press("s")
    expect(game.dialog("settings")).to_be_visible()
    page.keyboard.press("Escape")


@pytest.mark.parametrize("name", ["rules-en.html", "rules-fi.html", "examples-en.html", "examples-fi.html"])
def test_the_rules_and_examples_pages(axe_page: Page, site: str, name: str) -> None:
    axe_page.goto(site + name)
    assert axe_violations(axe_page) == []


def test_the_history_of_games_and_its_commands_by_keyboard(game: GamePage) -> None:
    """The statistics dialog with games in its history is clean, and a game's replay is reached
    with Tab and opened with Enter."""
    page = game.page
    game.play_line(WON["moves"])
    game.wait_recorded()  # the win recorded
    game.action("close")
    game.locator('button[data-action="stats"]').focus()  # settled: the end dialog's close applied
    page.keyboard.press("Enter")
    summary = page.locator("[data-history-list] > summary")
    tab_to(game, summary)
    assert not game.history_open()
    page.keyboard.press("Enter")  # the disclosure opens
    replay = page.locator('[data-history-game="1"] [data-action="history-replay"]')
    expect(replay).to_have_accessible_name(re.compile(rf"^Replay: {WON['code']}, "))
    assert axe_violations(page) == []
    tab_to(game, replay)
    page.keyboard.press("Enter")
    game.expect_board("data-steps", "48")
    page.keyboard.press("Escape")  # a replay shown: Escape pauses it, the exit is its own command
    game.action("replay-exit")


def tab_to(game: GamePage, target: Locator) -> None:
    """Tab (at most 40 times) until ``target`` has the focus, each key's changes on the page first (a
    dialog the last key opened, the focus it moved)."""
    for _ in range(40):
        game.settle()
        if target.evaluate("element => element === document.activeElement"):
            return
        game.page.keyboard.press("Tab")
    expect(target).to_be_focused()
