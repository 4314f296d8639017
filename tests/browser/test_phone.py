"""The first minute on a phone, in Chromium. The arrows on the tall geometry, the menu of
the other commands by keyboard and under axe, the first game's introduction from the first paint
to its end, and the cue of a combination that removed nothing under both settings and under
reduced motion; screenshots of the phone and laptop windows, menu open and closed, in both
languages, into test-results/.

The shared page where a test can; the introduction's tests boot in profiles of their own (two
first visits and a reload each: the boot is what they test), the menu's axe check in a profile that
bypasses the Content Security Policy, and the replay and the failing storage in tabs of their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from support.access import axe_violations
from support.pageobject import GamePage, first_visit
from webapp.store.storage_keys import INTRO_KEY, SETTINGS_KEY
from webapp.text.words import text

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1000, "height": 800}  # the shared page's window (tests/browser/conftest.py)
MENU = '[data-action="menu"]'
# HM1-N-AAAAAAB at its start: 9♦ on P4, 6♦ on P5, 2♥ on P7 (9 + 2 = 11), K♣ on P3, Q♥ on P9, Q♣ on P10.
# The taps, and their cue read in the task their answers are applied (before the cue's timer ends it).
TAP_NOW = """async (names) => {
  for (const name of names) document.querySelector(`[data-board] [data-place="${name}"] button`).click();
  await window.halfmoonPage.settled();
  const marked = [...document.querySelectorAll('[data-board] [data-place][data-refused="true"]')];
  return {
    refused: marked.map(p => p.dataset.place),
    shakes: marked.flatMap(p => p.querySelector('button').getAnimations()
      .filter(a => a instanceof CSSAnimation).map(a => a.effect.getTiming().duration)),
    outline: marked.map(p => getComputedStyle(p.querySelector('button')).outlineStyle),
  };
}"""
NONE_REFUSED = "!document.querySelector('[data-board] [data-refused]')"


@pytest.fixture
def phone(game: GamePage) -> Iterator[GamePage]:
    """The shared page in a phone's window, back in its own afterwards."""
    game.page.set_viewport_size(PHONE)
    yield game
    game.page.emulate_media(reduced_motion="no-preference")
    game.page.set_viewport_size(DESKTOP)


# --- The geometry ---


@pytest.mark.parametrize(("size", "geometry"), [(PHONE, "tall"), ({"width": 1366, "height": 657}, "arc")])
def test_the_arrows_follow_the_geometry_on_screen(phone: GamePage, size: dict[str, int], geometry: str) -> None:
    page = phone.page
    page.set_viewport_size(size)
    phone.expect_board("data-geometry", geometry)
    box = {p: phone.button(p).bounding_box() for p in ("P3", "P4", "P10", "P11")}
    assert all(box.values())
    beside = box["P3"]["x"] < box["P4"]["x"] and box["P11"]["x"] > box["P10"]["x"]  # type: ignore[index]
    assert beside == (geometry == "arc")
    phone.button("R5").focus()
    page.keyboard.press("ArrowDown")  # pile 1 stands under the reserve's second row only on the tall table
    expect(phone.button("P1" if geometry == "tall" else "R5")).to_be_focused()


# --- The menu ---


@pytest.fixture(scope="module")
def axe_phone(browser: Browser) -> Iterator[Page]:
    """A page of its own for axe (injected past the page's Content Security Policy)."""
    context = browser.new_context(bypass_csp=True, locale="en-GB", viewport=PHONE, service_workers="block")
    yield context.new_page()
    context.close()


def test_the_menu_by_keyboard_is_axe_clean_and_gives_the_focus_back(axe_phone: Page, site: str) -> None:
    game = GamePage(axe_phone, site)
    if not game.is_ready():
        game.open()
    page = game.page
    menu, button = page.locator("[data-menu]"), page.locator(MENU)
    expect(button).to_be_visible()
    expect(menu).to_be_hidden()
    assert button.get_attribute("aria-expanded") == "false"
    assert page.locator('[data-action="settings"]').is_hidden()  # in the menu
    button.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    for name in ("daily", "stats", "settings", "keys", "share", "game-export", "play-code"):
        expect(page.locator(f'[data-menu] [data-action="{name}"]')).to_be_visible()
    assert axe_violations(page) == []
    page.keyboard.press("Tab")  # the menu follows its button in the Tab order
    assert game.focus_in("[data-menu]")
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()
    # A command of the menu that opens a dialog: the menu closes, and the dialog gives the focus
    # back to the menu's button.
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    page.locator('[data-menu] [data-action="settings"]').focus()
    page.keyboard.press("Enter")
    expect(game.dialog("settings")).to_be_visible()
    expect(menu).to_be_hidden()
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(button).to_be_focused()
    game.settle()  # the answers to the keys applied: the button says what the menu is now
    assert button.get_attribute("aria-expanded") == "false"


OPEN_AND_CHOOSE = """(name) => {
  document.querySelector('[data-action="menu"]').focus();
  document.querySelector('[data-menu]').showPopover();
  const command = document.querySelector(`[data-menu] [data-action="${name}"]`);
  command.focus();
  command.click();
}"""
"""The menu opened and a command chosen in one task: the click reaches Python before the menu's
``toggle`` event (a task later), as it can on a busy phone."""


def test_a_command_chosen_before_the_menus_opening_is_heard_still_gives_the_focus_back(phone: GamePage) -> None:
    page = phone.page
    button = page.locator(MENU)
    phone.settle()
    page.evaluate(OPEN_AND_CHOOSE, "settings")
    expect(phone.dialog("settings")).to_be_visible()
    expect(page.locator("[data-menu]")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(button).to_be_focused()
    phone.settle()
    assert button.get_attribute("aria-expanded") == "false"


def test_tab_from_the_open_menus_button_enters_its_first_command_and_shift_tab_returns(phone: GamePage) -> None:
    """In the phones' windows both ways (the menu shows in each): the menu is next in the Tab order
    while open, in both directions, and stays open while the focus goes to and fro."""
    page = phone.page
    button, menu = page.locator(MENU), page.locator("[data-menu]")
    first = page.locator("[data-menu] [data-action]:not(:disabled)").first  # its first command, in the page's order
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        expect(button).to_be_visible()
        button.focus()
        page.keyboard.press("Enter")
        expect(menu).to_be_visible()
        page.keyboard.press("Tab")
        expect(first).to_be_focused()
        page.keyboard.press("Shift+Tab")
        expect(button).to_be_focused()
        expect(menu).to_be_visible()
        page.keyboard.press("Escape")
        expect(menu).to_be_hidden()


def test_where_everything_fits_the_menu_is_not_needed(game: GamePage) -> None:
    """The shared page's window (1000 × 800): every command beside the table, the menu's button gone."""
    expect(game.page.locator(MENU)).to_be_hidden()
    for name in ("daily", "stats", "settings", "keys", "share", "share-replay", "game-export", "play-code"):
        expect(game.page.locator(f'[data-menu] [data-action="{name}"]')).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_screenshots_of_the_phone_and_laptop_windows_menu_open_and_closed(phone: GamePage, lang: str) -> None:
    page = phone.page
    page.set_viewport_size(DESKTOP)
    phone.set_language(lang)
    RESULTS.mkdir(exist_ok=True)
    try:
        for width, height in [(390, 844), (360, 640), (844, 390), (1366, 657), (1920, 969)]:
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=RESULTS / f"phone-{lang}-{width}x{height}.png")
            button = page.locator(MENU)
            if button.is_visible():
                button.click()
                menu = page.locator("[data-menu]")
                expect(menu).to_be_visible()
                box = menu.bounding_box()
                assert box and box["x"] >= 0 and box["y"] >= 0, f"{width}x{height}: the menu is off screen"
                assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
                page.screenshot(path=RESULTS / f"phone-{lang}-{width}x{height}-menu.png")
                page.keyboard.press("Escape")
                expect(menu).to_be_hidden()
            else:
                assert (width, height) in {(1366, 657), (1920, 969)}, f"{width}x{height}: no menu on a phone"
    finally:
        page.set_viewport_size(DESKTOP)
        phone.set_language("en")


# --- The first game's introduction ---

# Phones both ways, the smallest first: where the introduction must be read whole at a glance.
PHONES = [(320, 568), (360, 640), (390, 844), (412, 915), (568, 320), (640, 360), (844, 390)]
INTRO_WHOLE = """() => { const i = document.querySelector('[data-intro]').getBoundingClientRect();
  const row = document.querySelector('[data-intro]').parentElement;
  return row.scrollHeight <= row.clientHeight + 1 && i.top >= 0 && i.bottom <= innerHeight; }"""


def intro_clear_of_the_cards(page: Page) -> bool:
    return bool(
        page.evaluate(
            """() => { const i = document.querySelector('[data-intro]').getBoundingClientRect();
              return i.width > 0 && [...document.querySelectorAll('[data-board] [data-place]')].every(p => {
                const r = p.getBoundingClientRect();
                return r.right <= i.left || i.right <= r.left || r.bottom <= i.top || i.bottom <= r.top; }); }"""
        )
    )


OTHER = {"en": "fi", "fi": "en"}
RULES_TITLE = {"en": "Rules", "fi": "Säännöt"}


def rules_and_back(game: GamePage, lang: str) -> None:
    """The page set to ``lang`` (not the browser's language), the introduction's Rules link followed: the
    rules in ``lang``; their link back to the game resumes it as it was, the introduction still shown."""
    page, intro = game.page, game.page.locator("[data-intro]")
    game.set_language(lang)
    cards, figures, code = game.cards(), game.figures(), game.board("data-code")
    with page.expect_navigation():
        intro.locator("[data-rules-link]").click()
    expect(page.locator("h1")).to_have_text(RULES_TITLE[lang])
    assert game.lang() == lang and page.url.endswith(f"/rules-{lang}.html")
    page.locator('[data-link="game"]').click()
    game.wait_ready()
    assert (game.lang(), game.board("data-code"), game.cards(), game.figures()) == (lang, code, cards, figures)
    expect(intro).to_be_visible()
    assert game.stored(INTRO_KEY) == "shown"


@pytest.mark.parametrize(("locale", "lang", "ending"), [("en-GB", "en", "removal"), ("fi-FI", "fi", "close")])
def test_the_introduction_from_the_first_paint_until_the_first_removal_or_closed(
    browser: Browser, site: str, locale: str, lang: str, ending: str
) -> None:
    page, held = first_visit(browser, site, locale, PHONE, "?deal=HM1-N-AAAAAAB")
    intro = page.locator("[data-intro]")
    expect(intro).to_be_visible()  # before the engine is up: the first paint
    assert GamePage(page, site).is_loading()
    expect(intro).to_contain_text(text("intro", lang))
    assert intro_clear_of_the_cards(page)
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    game = GamePage(page, "")
    game.wait_ready()
    expect(intro).to_be_visible()
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(INTRO_WHOLE), f"{width}x{height}: the introduction is cut or scrolls in its row"
    page.set_viewport_size(PHONE)
    assert intro.locator("a").get_attribute("href") == f"./rules-{lang}.html"  # as the page's other links
    assert game.stored(INTRO_KEY) == "shown"
    rules_and_back(game, OTHER[lang])
    if ending == "removal":
        page.reload()  # not yet done: still there, though the game is stored now
        game.wait_ready()
        expect(intro).to_be_visible()
        game.tap("P5", "P4")  # 6 and 9: nothing removed, the introduction stays
        expect(intro).to_be_visible()
        game.play(["P4+P7"])
    else:
        intro.locator('[data-action="intro-close"]').click()
    expect(intro).to_be_hidden()
    assert game.stored(INTRO_KEY) == "done"
    assert "intro" not in (game.stored(SETTINGS_KEY) or "")
    if ending == "close":
        page.reload()
        expect(page.locator("[data-board] [data-place]")).to_have_count(20)
        expect(intro).to_be_hidden()  # gone for good, from the first paint on
    page.context.close()


def test_a_returning_player_never_sees_the_introduction(game: GamePage) -> None:
    """The shared profile has a stored game and has made removals in other tests, or makes one now."""
    game.play(["P4+P7"])
    expect(game.page.locator("[data-intro]")).to_be_hidden()


# --- A combination that removed nothing ---


@pytest.mark.parametrize("move_errors", [False, True])
def test_a_refused_combination_shows_its_places_briefly(phone: GamePage, move_errors: bool) -> None:
    page = phone.page
    if move_errors:
        page.set_viewport_size(DESKTOP)
        phone.setting("move-errors", True)
        page.set_viewport_size(PHONE)
    cases = [  # R3.3, R3.4, R3.6, and the reason R4.1 gives each
        (["P4", "P5"], "The sum must be 11"),
        (["P4", "P3"], "The sum must be 11"),
        (["P9", "P10"], "A jack, a queen and a king are needed"),
    ]
    for taps, reason in cases:
        seen = page.evaluate(TAP_NOW, taps)
        assert sorted(seen["refused"]) == sorted(taps), taps
        assert len(seen["shakes"]) == 2 and all(150 <= d <= 300 for d in seen["shakes"]), seen["shakes"]
        page.wait_for_function(NONE_REFUSED)
        assert phone.message() == (reason if move_errors else "")  # with the setting off, no words
        if taps[1] == "P10":
            phone.tap("P10")  # R3.6 left Q♣ selected: deselected
    assert phone.selected() == []
    seen = page.evaluate(TAP_NOW, ["P4", "P7"])  # a removal: nothing refused
    assert seen["refused"] == [] and phone.figures() == (10, 1)


SHAKES = """() => [...document.querySelectorAll('[data-board] [data-place][data-refused="true"] button')]
  .flatMap(b => b.getAnimations().filter(a => a instanceof CSSAnimation).map(a => a.currentTime))"""


def test_a_place_refused_again_while_it_shakes_shakes_again_from_the_start(phone: GamePage) -> None:
    page = phone.page
    page.evaluate(TAP_NOW, ["P9", "P10"])  # Q♥ then Q♣: refused; R3.6 leaves Q♣ selected
    page.wait_for_function(f"(t => t.length === 2 && t.every(ms => ms > 120))(({SHAKES})())")
    # Q♥ again: the same two places, both still shaking; their shakes read in the task the tap's answer
    # is applied.
    seen = page.evaluate(f"async (names) => ({{...(await ({TAP_NOW})(names)), times: ({SHAKES})()}})", ["P9"])
    shakes = seen["times"]
    assert sorted(seen["refused"]) == ["P10", "P9"] and len(shakes) == 2 and all(ms < 100 for ms in shakes), shakes
    page.wait_for_function(NONE_REFUSED)
    phone.tap("P9")  # R3.6 left Q♥ selected: deselected
    assert phone.selected() == []


def test_under_reduced_motion_the_cue_is_a_still_outline(phone: GamePage) -> None:
    page = phone.page
    page.emulate_media(reduced_motion="reduce")
    seen = page.evaluate(TAP_NOW, ["P4", "P5"])
    assert set(seen["refused"]) == {"P4", "P5"} and seen["shakes"] == []
    assert seen["outline"] == ["solid", "solid"]
    page.wait_for_function(NONE_REFUSED)
    assert phone.message() == ""


# --- Where the replay's and the save warning's commands go ---

ON_SCREEN = """() => {
  const shown = [...document.querySelectorAll('[data-action]:not(dialog *)')].filter(b => b.getClientRects().length);
  const off = shown.filter(b => { const r = b.getBoundingClientRect();
    return r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5; });
  return {shown: shown.map(b => b.dataset.action), off: off.map(b => b.dataset.action)};
}"""
WINDOWS = [(390, 844), (360, 640), (320, 568), (844, 390), (640, 360), (568, 320), (1366, 657)]


def test_a_replays_seven_commands_take_the_play_commands_place(game: GamePage) -> None:
    """While a replay is shown its commands stand where undo … new deal stood (inert then),
    the menu beside them for the settings; in every window, on screen."""
    tab = game.tab("?deal=HM1-N-AAAAAAB&line=P4+P7.P5+P6")
    replay = ["replay-first", "replay-back", "replay-play", "replay-forward", "replay-last", "play-deal", "replay-exit"]
    try:
        for width, height in WINDOWS:
            tab.page.set_viewport_size({"width": width, "height": height})
            seen = tab.read(ON_SCREEN)
            assert seen["off"] == [], f"{width}x{height}: {seen['off']} off screen"
            assert set(replay) <= set(seen["shown"]) and "undo" not in seen["shown"], f"{width}x{height}"
            assert "menu" in seen["shown"] or "settings" in seen["shown"], f"{width}x{height}: no settings"
    finally:
        tab.page.close()


def test_the_save_warnings_commands_stay_on_screen(game: GamePage) -> None:
    """The save warning sits in the arc's open bottom row (never over a card), its two
    commands on screen in every window, the play commands and the menu beside the table as ever."""
    page = game.page.context.new_page()
    page.add_init_script("Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };")
    try:
        warned = GamePage(page, game.site).open()
        expect(page.locator("[data-save-warning]")).to_be_visible()
        assert warned.board("data-saved") == "false"
        for width, height in WINDOWS:
            page.set_viewport_size({"width": width, "height": height})
            seen = warned.read(ON_SCREEN)
            assert seen["off"] == [], f"{width}x{height}: {seen['off']} off screen"
            assert {"copy-game", "game-export", "undo", "new"} <= set(seen["shown"]), f"{width}x{height}"
    finally:
        page.close()
