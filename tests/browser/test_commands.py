"""The page commands no other page test drives (docs/ui-contract.md): the game copied as
text, the Install button, the D shortcut, the four-colour suits on ``<html>``, settings changed in
another tab, and the statistics dialog's words after a language switch.

Every test uses the shared page (``game``); only the reload and the second tab boot a page, since
a boot is the slowest step a page test can take.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from halfmoon import PLACES, Game, load
from support.pageobject import GamePage
from support.testdata import WON
from webapp.store.storage_keys import GAME_KEY

CODE = "HM1-N-AAAAAAB"
ALL = [f"P{n}" for n in range(1, 13)] + [f"R{n}" for n in range(1, 9)]


@pytest.fixture
def restored(game: GamePage) -> Iterator[GamePage]:
    """The shared page, its settings put back afterwards through its own settings dialog (``fresh``
    resets only some of them): in a teardown, so that a failed restore never hides the failure."""
    yield game
    game.close_dialog()
    game.setting("four-colour", False)
    game.setting("layout-help", False)
    game.set_language("en")


# The copy-game command: "the saved-game JSON to the clipboard" while saving fails


@pytest.fixture
def failing_saves(game: GamePage) -> Iterator[GamePage]:
    """The shared page, its writes of the saved game refused by the browser (a full storage), and
    the clipboard open to the page; both put back afterwards."""
    game.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game.fill_storage(only=GAME_KEY)
    try:
        yield game
    finally:
        game.free_storage()
        game.page.context.clear_permissions()


def test_copy_game_puts_the_game_on_the_table_on_the_clipboard(failing_saves: GamePage) -> None:
    game, page = failing_saves, failing_saves.page
    copy = page.locator('button[data-action="copy-game"]')
    expect(copy).to_be_hidden()  # saved: nothing to offer
    game.play(WON["moves"][:3])
    game.action("undo")
    game.expect_board("data-saved", "false")
    expect(copy).to_be_visible()
    game.set_clipboard("nothing copied yet")
    copy.click()
    game.expect_message("The game was copied to the clipboard as text.")
    copied = game.clipboard()

    # The engine's saved-game JSON of the game on the table: its deal, its moves and its undone move.
    data = json.loads(copied)
    assert (data["format"], data["code"]) == ("half-moon-game", CODE)
    expected = Game.from_code(CODE)
    for move in WON["moves"][:3]:
        expected.remove(move)
    expected.undo()
    record = load(copied)
    assert record.game == expected  # the position and its history: the redo is there too
    on_table = {str(p): [str(record.game.top(p) or ""), record.game.count(p)] for p in PLACES}
    assert game.cards() == on_table

    # Storage back: the next change is saved, and what is saved is the game that was copied.
    game.free_storage()
    game.tap("P4")  # a selection: the position is unchanged, and saved
    game.expect_board("data-saved", "true")
    expect(copy).to_be_hidden()
    saved = game.saved()
    assert load(json.dumps(saved)).game == record.game
    assert {k: v for k, v in saved.items() if k != "elapsed_ms"} == {k: v for k, v in data.items() if k != "elapsed_ms"}


# The Install button: "shown when the browser offers installation; hidden otherwise"


@pytest.fixture
def offers(game: GamePage) -> Iterator[GamePage]:
    """The shared page, left without an offer afterwards even when a test failed half-way."""
    yield game
    game.installed(forget=True)


def test_the_install_button_follows_the_browsers_offer(offers: GamePage) -> None:
    """Headless Chromium never offers installation: the offer (``beforeinstallprompt``) is made
    here, with a stub ``prompt()`` that counts its calls and a settled ``userChoice``."""
    page = offers.page
    install = page.locator('button[data-action="install"]')
    expect(install).to_be_hidden()
    offers.offer_install("first")
    expect(install).to_be_visible()
    offers.installed()  # installed from the browser's own menu
    expect(install).to_be_hidden()

    offers.offer_install("second")
    expect(install).to_be_visible()
    install.click()
    page.wait_for_function("window.installOffers.second.prompted > 0", timeout=5_000)
    expect(install).to_be_hidden()  # the offer is used up: the player has chosen
    assert offers.install_prompts() == {"first": 0, "second": 1}


# The D shortcut: "D the daily deal" (ui-contract.md, the keyboard), of the device's local date (the daily deal)


def test_d_plays_the_daily_deal_and_asks_first_over_a_game_in_progress(game: GamePage) -> None:
    page = game.page
    board = page.locator("[data-board]")
    game.play(WON["moves"][:1])  # a game in progress: replacing it asks first (R7.6)
    game.button("P1").focus()
    page.keyboard.press("d")
    expect(game.dialog("confirm")).to_be_visible()
    game.cancel()
    expect(game.dialog("confirm")).to_be_hidden()
    assert (game.board("data-code"), game.figures()) == (CODE, (10, 1))

    game.button("P1").focus()
    before = game.local_date()
    page.keyboard.press("d")
    game.confirm()
    expect(board).not_to_have_attribute("data-code", CODE)
    after = game.local_date()
    code = game.board("data-code")
    assert code in {f"HM1-D-{before:%Y%m%d}", f"HM1-D-{after:%Y%m%d}"}  # the device's local date (deal-codes.md)
    assert game.figures() == (0, 0) and game.board("data-status") == "playing"
    assert page.url.endswith(f"?deal={code}")


# data-four-colour on <html>: "while on, data-four-colour="true" is on <html>"; settings are kept


def test_four_colour_suits_mark_the_page_and_are_kept_over_a_reload(restored: GamePage) -> None:
    game, page = restored, restored.page
    page_root = page.locator("html")
    box = page.locator('[data-setting="four-colour"]')
    expect(box).not_to_be_checked()  # off by default
    expect(page_root).not_to_have_attribute("data-four-colour", "true")
    game.set_setting("four-colour", True)
    expect(page_root).to_have_attribute("data-four-colour", "true")
    page.reload()
    game.wait_ready()
    expect(page_root).to_have_attribute("data-four-colour", "true")
    expect(box).to_be_checked()
    game.action("settings")
    box.click()  # off again: the mark goes
    expect(page_root).not_to_have_attribute("data-four-colour", "true")
    expect(box).not_to_be_checked()
    game.action("close")


# Settings changed in another tab of the same profile are followed by this one


def test_settings_changed_in_another_tab_are_followed(restored: GamePage) -> None:
    game, page = restored, restored.page
    other = game.tab()
    other.set_setting("four-colour", True)
    other.set_setting("layout-help", True)
    other.set_language("fi")
    game.expect_root("data-four-colour", "true")
    game.expect_root("lang", "fi")
    expect(game.command("undo")).to_have_text("Kumoa")
    expect(page.locator('[data-setting="layout-help"]')).to_be_checked()
    expect(page.locator('[data-setting="four-colour"]')).to_be_checked()
    expect(page.locator('[data-setting="language"]')).to_have_value("fi")
    game.tap("P4")  # 9♦: with layout help, every card but the 2♥ on pile 7 is darkened (R4.2)
    assert game.dimmed() == set(ALL) - {"P4", "P7"}
    other.page.close()  # before the settings are put back: one tab to follow them is enough


# The statistics dialog's words follow the language


@dataclass(frozen=True)
class Words:
    """What a player reads in the statistics dialog, written out here (never taken from the page's
    word tables, which are the code under test)."""

    title: str
    terms: list[str]
    buttons: dict[str, str]
    import_file: str
    weekdays: list[str]
    calendar: re.Pattern[str]
    chart: re.Pattern[str]


EN = Words(
    title="Statistics",
    terms=[
        "Played",
        "Won",
        "Win rate",
        "Current streak",
        "Best streak",
        "Fastest win",
        "Average score",
        "Daily deals won",
        "Daily streak",
        "Storage",  # whether the browser keeps the site's storage
    ],
    buttons={"stats-export": "Export statistics", "stats-reset": "Reset statistics", "close": "Close"},
    import_file="Import statistics",
    weekdays=["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    calendar=re.compile(r"^Daily deals, [A-Z][a-z]+ \d{4}$"),
    chart=re.compile(r"^(No finished games yet|(Last game|Last \d+ games): \d+ won, \d+ not won)$"),
)
FI = Words(
    title="Tilastot",
    terms=[
        "Pelattu",
        "Voitettu",
        "Voittoprosentti",
        "Voittoputki nyt",
        "Paras voittoputki",
        "Nopein voitto",
        "Keskimääräiset pisteet",
        "Voitetut päivän jaot",
        "Päivän jakojen putki",
        "Tallennus",  # whether the browser keeps the site's storage
    ],
    buttons={"stats-export": "Vie tilastot", "stats-reset": "Nollaa tilastot", "close": "Sulje"},
    import_file="Tuo tilastot",
    weekdays=["ma", "ti", "ke", "to", "pe", "la", "su"],
    calendar=re.compile(r"^Päivän jaot, [a-zä]+kuu \d{4}$"),  # every Finnish month name ends in -kuu
    chart=re.compile(
        r"^(Ei vielä päättyneitä pelejä|(Viimeisin peli|Viimeiset \d+ peliä): (1 voitto|\d+ voittoa), \d+ ei voittoa)$"
    ),
)


def expect_stats_words(game: GamePage, words: Words) -> None:
    dialog = game.dialog("stats")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_accessible_name(words.title)
    expect(dialog.get_by_role("heading")).to_have_text(words.title)
    expect(dialog.get_by_role("term")).to_have_text(words.terms)  # the figures' labels
    for action, name in words.buttons.items():
        expect(dialog.locator(f'[data-action="{action}"]')).to_have_text(name)
    expect(dialog.locator('[data-input="stats-file"]')).to_have_accessible_name(words.import_file)
    expect(dialog.get_by_role("columnheader")).to_have_text(words.weekdays)  # the calendar of daily deals
    expect(dialog.get_by_role("table")).to_have_accessible_name(words.calendar)
    expect(dialog.get_by_role("img")).to_have_accessible_name(words.chart)  # the chart of the last games


def test_the_statistics_dialog_speaks_the_language_chosen_after_it_was_first_opened(restored: GamePage) -> None:
    game = restored
    game.action("stats")
    expect_stats_words(game, EN)
    game.action("close")
    game.set_language("fi")
    game.action("stats")
    expect_stats_words(game, FI)
    game.action("close")
    expect(game.dialog("stats")).to_be_hidden()
