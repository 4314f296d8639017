"""The page in real Chromium, through the automation contract only (ui-contract.md).

The tests share one booted page (the ``game`` fixture puts it back to the start of HM1-N-AAAAAAB);
a test boots again only where booting is what it tests (a link, a reload, another tab)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import PREFIX, Watch
from playwright.sync_api import Browser, expect

from support.pageobject import GamePage
from support.testdata import DEAD_END, WON
from webapp.store.storage_keys import BACKUP_KEY, GAME_KEY

# HM1-N-AAAAAAB, tops: P1 8♣ P2 Q♠ P3 K♣ P4 9♦ P5 6♦ P6 5♦ P7 2♥ P8 7♣ P9 Q♥ P10 Q♣ P11 10♠ P12 8♦,
# R1 10♦ R2 K♦ R3 J♦ R4 10♣ R5 J♦ R6 A♣ R7 4♥ R8 7♠.
ALL = [f"P{n}" for n in range(1, 13)] + [f"R{n}" for n in range(1, 9)]


def test_the_page_shows_the_deal_and_the_contract(game: GamePage) -> None:
    page = game.page
    assert page.locator("[data-board] [data-place]").count() == 20
    assert game.board("data-code") == "HM1-N-AAAAAAB" and game.info("code") == "HM1-N-AAAAAAB"
    assert game.board("data-status") == "playing" and game.figures() == (0, 0)
    assert game.card("P1") == "8C" and game.count("P1") == 8 and game.count("R1") == 1
    assert game.label("P4") == "9♦, 9 of diamonds, pile 4, 8 cards"
    assert game.lang() == "en"
    assert page.url.endswith("?deal=HM1-N-AAAAAAB")
    expect(game.command("undo")).to_be_disabled()


def test_r3_3_a_pair(game: GamePage) -> None:
    game.tap("P4")
    assert game.selected() == ["P4"]
    game.tap("P7")
    assert game.selected() == [] and game.figures() == (10, 1)
    assert (game.card("P4"), game.count("P4")) == ("8D", 7)
    assert (game.card("P7"), game.count("P7")) == ("8H", 7)
    assert game.info("score") == "10" and game.info("moves") == "1"


def test_r3_5_a_trio_on_the_third_tap(game: GamePage) -> None:
    game.tap("R3", "P2")
    assert game.selected() == ["P2", "R3"] and game.figures() == (0, 0)
    game.tap("P3")
    assert game.figures() == (15, 1) and game.selected() == []
    assert (game.card("R3"), game.count("R3")) == ("", 0)
    assert game.button("R3").get_attribute("aria-disabled") == "true"


@pytest.mark.parametrize("errors", [False, True], ids=["move-errors-off", "move-errors-on"])
@pytest.mark.parametrize(
    ("taps", "selected", "message"),
    [
        (("P1", "P4"), [], "The sum must be 11"),  # R3.3: 8 + 9
        (("P1", "P2"), [], "The sum must be 11"),  # R3.4: number then face
        (("P2", "P1"), [], "A jack, a queen and a king are needed"),  # R3.4: face then number
        (("P2", "P9"), ["P9"], "A jack, a queen and a king are needed"),  # R3.6: two queens
    ],
    ids=["sum", "number-face", "face-number", "same-rank"],
)
def test_r3_failed_taps(game: GamePage, errors: bool, taps: tuple[str, ...], selected: list[str], message: str) -> None:
    if errors:
        game.setting("move-errors", True)
    game.tap(*taps)
    assert game.selected() == selected and game.figures() == (0, 0)
    game.expect_message(message if errors else "")


def test_r3_2_and_r3_8_deselect_and_empty_places(game: GamePage) -> None:
    game.tap("P4", "P4")
    assert game.selected() == []
    game.tap("R3", "P2", "P3")
    game.tap("P1")
    empty = game.button("R3")
    assert empty.get_attribute("aria-disabled") == "true"
    empty.click(force=True)  # Playwright treats aria-disabled as not clickable; a player can still tap it
    assert game.selected() == ["P1"]


def test_r4_2_layout_help_darkens_exactly(game: GamePage) -> None:
    game.tap("P4")
    assert game.dimmed() == set()  # off by default
    game.tap("P4")
    game.setting("layout-help", True)
    assert game.dimmed() == set()  # nothing selected
    game.tap("P4")  # 9♦: only the 2♥ on pile 7 can go with it
    assert game.dimmed() == set(ALL) - {"P4", "P7"}
    game.tap("P4", "P3")  # K♣: the jacks and queens can go with it
    assert game.dimmed() == set(ALL) - {"P3", "R3", "R5", "P2", "P9", "P10"}
    game.tap("P9")  # Q♥ too: the other queens are now darkened as well
    assert game.dimmed() == set(ALL) - {"P3", "P9", "R3", "R5"}


def test_r7_undo_redo_restart_and_new(game: GamePage) -> None:
    start = game.cards()
    game.play(WON["moves"][:3])
    after = game.cards()
    assert game.figures() == (35, 3)
    game.action("undo")
    game.action("undo")
    assert game.figures() == (10, 1)
    game.action("redo")
    game.action("redo")
    assert game.figures() == (35, 3) and game.cards() == after
    game.action("restart")
    game.cancel()
    assert game.figures() == (35, 3)
    game.action("restart")
    game.confirm()
    assert game.figures() == (0, 0) and game.cards() == start
    game.action("new")  # no move made: no question asked
    assert game.board("data-code") != "HM1-N-AAAAAAB"
    assert game.page.url.endswith("?deal=" + game.board("data-code"))


def test_r7_after_47_moves_undo_to_the_start_and_redo_every_move_gives_the_same_game(game: GamePage) -> None:
    """Through the page's own undo and redo (R7.1, R7.5): the same position, score, line of moves and
    statistics (undoing ends nothing: the game is played once, and no game enters the history)."""
    start = game.cards()
    game.play_line(WON["moves"][:-1])
    after, figures, played = game.cards(), game.figures(), game.stat("played")
    stored = game.records()
    assert figures[1] == 47 and game.saved()["moves"] == WON["moves"][:-1]
    game.repeat("undo", 47)
    assert (game.cards(), game.figures(), game.enabled("undo"), game.saved()["moves"]) == (start, (0, 0), False, [])
    game.repeat("redo", 47)
    assert (game.cards(), game.figures(), game.enabled("redo")) == (after, figures, False)
    assert (game.saved()["moves"], game.saved()["undone"]) == (WON["moves"][:-1], [])
    assert (game.stat("played"), game.records()) == (played, stored)
    game.play(WON["moves"][-1:])
    assert game.board("data-status") == "won" and game.figures() == (520, 48)


def test_r7_3_play_a_deal_by_code(game: GamePage) -> None:
    game.play(WON["moves"][:1])
    game.play_code("HM1-N-AAAA")
    assert "7 letters" in game.message() and game.figures() == (10, 1)
    game.play_code("  https://example.org/half-moon/?deal=hm1-n-aaaaaaz ", enter=True)
    game.confirm()
    assert game.board("data-code") == "HM1-N-AAAAAAZ" and game.figures() == (0, 0)
    assert game.page.url.endswith("?deal=HM1-N-AAAAAAZ")


def test_a_link_with_a_bad_or_hostile_code_keeps_the_game(game: GamePage) -> None:
    game.play(WON["moves"][:2])
    hostile = "?deal=%3Cimg%20src%3Dx%20onerror%3D%22document.title%3D%27pwned%27%22%3E"
    game.open(hostile)
    assert game.board("data-code") == "HM1-N-AAAAAAB" and game.figures() == (20, 2)
    assert game.message().startswith("The link's deal was not opened")
    assert game.page.locator("img").count() == 0 and game.page.title() == "Half Moon"
    assert game.page.url.endswith("?deal=HM1-N-AAAAAAB")


def test_reload_resumes_the_exact_position_settings_language_and_clock(
    browser: Browser, browser_context_args: dict[str, Any], site: str
) -> None:
    """On a fake clock (``page.clock``) of its own: it runs while the page boots, then stands still
    and moves only by hand, so the game clock's m:ss is exact. A page of its own, since the fake
    clock is the whole profile's and the shared page's other tests keep the real one (two boots)."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    seen = Watch(site[: site.index(PREFIX)])
    context.on("page", seen.attach)
    page = context.new_page()
    page.clock.install()
    game = GamePage(page, site).open()
    game.pause_clock()
    game.setting("layout-help", True)
    game.set_language("fi")
    game.play(WON["moves"][:5])  # the first tap starts the game clock (R5.4)
    game.action("undo")
    game.run_clock(65_000)
    game.expect_info("time", "1:05")
    cards, figures = game.cards(), game.figures()
    page.reload(wait_until="commit")
    game.wait_ready_on_a_paused_clock()
    assert game.cards() == cards and game.figures() == figures and game.selected() == []
    assert game.checked("layout-help") and game.lang() == "fi"
    expect(game.command("redo")).to_be_enabled()
    game.expect_info("time", "1:05")  # R5.4: saved with the game, so a reload shows the same time
    game.run_clock(1_000)
    game.expect_info("time", "1:06")  # and runs on from there
    context.close()
    seen.check()


def test_a_whole_won_game_by_clicks(game: GamePage) -> None:
    game.play(WON["moves"])
    assert game.figures() == (520, 48) and game.board("data-status") == "won"
    assert game.message().startswith("You won!") and "520 points, 48 moves" in game.message()
    dialog = game.dialog("end")
    expect(dialog).to_be_visible()
    expect(dialog.locator('[data-action="undo"]')).to_be_hidden()
    dialog.locator('[data-action="restart"]').click()
    assert game.figures() == (0, 0) and game.board("data-status") == "playing"


def test_a_dead_end_by_clicks(game: GamePage) -> None:
    game.fresh(DEAD_END["code"])
    game.play(DEAD_END["moves"])
    assert game.board("data-status") == "dead-end"
    assert game.message().startswith("Dead end.") and "no queen or king" in game.message()
    expect(game.dialog("end")).to_be_visible()
    game.action("undo")
    assert game.board("data-status") == "playing" and game.figures()[1] == len(DEAD_END["moves"]) - 1


def test_a_corrupt_save_is_kept_aside_and_a_fresh_deal_starts(game: GamePage) -> None:
    bad = '{"format":"half-moon-game","version":1,"code":"HM1-N-AAAAAAB","moves":["P1+P2"],"undone":[],"elapsed_ms":0}'
    game.store(GAME_KEY, bad)
    # A second tab reads it: leaving this page would save over it (the game is saved on pagehide).
    fresh = game.tab("")
    assert "backup" in fresh.message() and fresh.figures() == (0, 0)
    assert json.loads(fresh.stored(BACKUP_KEY) or "null") == [bad]
    saved = fresh.saved()
    assert saved["moves"] == []


def test_language_switch(game: GamePage) -> None:
    """The language chosen in the settings; that it is kept over a reload is tested with the
    position (test_reload_resumes_the_exact_position_settings_language_and_clock)."""
    game.set_language("fi")
    assert game.lang() == "fi"
    assert game.label("P4") == "9♦, ruutu-9, pino 4, 8 korttia"
    expect(game.command("undo")).to_have_text("Kumoa")


def test_keyboard_only(game: GamePage) -> None:
    game.button("P4").focus()
    game.page.keyboard.press("Enter")
    game.button("P7").focus()
    game.page.keyboard.press("Space")
    assert game.figures() == (10, 1)
    game.page.keyboard.press("ArrowRight")  # the board is one Tab stop, the arrows move in it
    assert game.focused_place() == "P8"
    game.page.keyboard.press("Tab")
    assert game.focused_place() is None


def test_share_copies_the_link_where_there_is_no_share_sheet(game: GamePage) -> None:
    game.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game.page.evaluate("delete Navigator.prototype.share")  # the page looks for it at each share
    game.action("share")
    game.expect_message("Link copied to the clipboard.")
    assert game.clipboard() == game.page.url


def test_blocked_storage_still_plays_and_shows_it_is_not_saved(game: GamePage) -> None:
    page = game.page.context.new_page()  # a tab of its own: the fault is set up before the page loads
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('no', 'SecurityError'); }})"
    )
    blocked = GamePage(page, game.site).open()
    warning = page.locator("[data-save-warning]")
    assert blocked.board("data-saved") == "false"
    expect(warning).to_be_visible()
    blocked.play(WON["moves"][:2])
    assert blocked.figures() == (20, 2)
    assert blocked.board("data-saved") == "false"  # lasting: a tap does not clear it
    expect(warning).to_be_visible()


def test_two_tabs_do_not_silently_overwrite_each_other(game: GamePage) -> None:
    other = game.tab()
    other.play(WON["moves"][:2])
    game.expect_board("data-moves", "2")
    assert game.cards() == other.cards() and "another tab" in game.message()


def test_the_board_frame_shows_before_python(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site)
    assert page.locator("[data-board] [data-place]").count() == 20
    assert page.locator("[data-board] [data-place] button").count() == 20
    expect(page.locator("[data-loading]")).to_be_visible()
    assert page.locator("html[data-ready]").count() == 0
    context.close()


def test_a_finnish_phone_finnish_by_default_and_the_arc_fits(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="fi-FI")
    game = GamePage(context.new_page(), site).open()
    assert game.lang() == "fi" and game.info("code") == "HM1-N-AAAAAAB"  # Finnish by default for fi-FI
    box = {name: game.button(name).bounding_box() for name in ALL}
    assert all(b and b["x"] >= 0 and b["x"] + b["width"] <= 360 and b["y"] + b["height"] <= 640 for b in box.values())
    assert all(b and b["height"] >= 44 for b in box.values())
    x = {n: b["x"] for n, b in box.items() if b}
    y = {n: b["y"] for n, b in box.items() if b}
    # R1.4: up the left side, along the top, down the right side; the reserve in two rows of four. A
    # phone's table is tall: the side piles stand under the ends of the top row.
    assert game.board("data-geometry") == "tall"
    assert y["P1"] > y["P2"] > y["P3"] > y["P4"] and x["P1"] == x["P2"] == x["P3"] == x["P4"]
    assert len({y[f"P{n}"] for n in range(4, 10)}) == 1 and all(x[f"P{n}"] < x[f"P{n + 1}"] for n in range(4, 10))
    assert y["P4"] == y["P10"] < y["P11"] < y["P12"] and x["P11"] == x["P12"] == x["P10"]
    assert len({y[f"R{n}"] for n in range(1, 5)}) == 1 and len({y[f"R{n}"] for n in range(5, 9)}) == 1
    assert y["R1"] < y["R5"] and x["P1"] < x["R1"] < x["R4"] < x["P12"]
    context.close()
