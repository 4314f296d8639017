"""The look, the sound and the installed app in Chromium: the light and dark themes (the setting,
before the first paint, the system's followed live, contrast measured from computed styles, forced
colours, screenshots of both at the layout tests' viewports), sound (off by default, recorded only
once a running AudioContext started it), the installed app's shortcuts and a game file arriving
through ``launchQueue``.

On the shared page where a test can; a tab of the same profile where a boot is what it tests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from test_early_paint import Gate, before_ready, gate, until_ready  # noqa: F401 (gate: the fixture)
from test_layout import RESULTS

from halfmoon import DealCode, Game, save
from support.page_storage import with_keys
from support.pageobject import CODE, GamePage
from support.testdata import DEAD_END, WON
from support.viewports import VIEWPORTS
from webapp.store.storage_keys import PREFERENCES_KEY, SETTINGS_KEY

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))

# The felt: the middle stop of the table's gradient, as the browser computed it.
FELT = """(() => { const c = getComputedStyle(document.body).backgroundImage.match(/rgba?\\([^)]*\\)/g)[1];
  return '#' + c.match(/\\d+/g).slice(0, 3).map(n => Number(n).toString(16).padStart(2, '0')).join(''); })()"""

# WCAG contrast from computed styles: every colour that can be behind a text, ring or mark (each stop
# of a gradient, a translucent colour laid over what is under it), and the worst ratio against them.
CONTRAST = """(() => {
  const rgb = s => { const p = s.match(/[\\d.]+/g).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const stops = img => (img.match(/rgba?\\([^)]*\\)/g) || []).map(rgb);
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const backs = el => {
    if (!el || el === document.documentElement) return [[255, 255, 255, 1]];
    const cs = getComputedStyle(el);
    const grads = stops(cs.backgroundImage);
    const colour = cs.backgroundColor.startsWith('rgb') ? cs.backgroundColor : 'rgba(0,0,0,0)';
    const own = grads.length ? grads : [rgb(colour)];
    if (own.every(c => c[3] === 1)) return own;
    const under = backs(el.parentElement);
    return own.flatMap(c => c[3] === 1 ? [c] : under.map(u => over(c, u)));
  };
  const lum = c => c.slice(0, 3).reduce((sum, v, i) => {
    v /= 255; return sum + [0.2126, 0.7152, 0.0722][i] * (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  }, 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const worst = (colour, behind) => Math.min(...behind.map(b => ratio(colour[3] < 1 ? over(colour, b) : colour, b)));
  const shown = el => el.getClientRects().length && getComputedStyle(el).visibility === 'visible' &&
    !el.closest('[hidden], .visually-hidden, [disabled], [aria-disabled="true"]');
  const scope = document.querySelector('dialog[open]') || document.body;
  const found = [];
  const add = (what, el, colour, behind, need) => {
    const r = worst(rgb(colour), behind);
    const name = (el.dataset && (el.dataset.t || el.dataset.slot)) || el.tagName;
    found.push([what, Math.round(r * 100) / 100, need, name]);
  };
  for (const el of scope.querySelectorAll('*')) {
    if (!shown(el) || el.closest('dialog:not([open])') || (scope === document.body && el.closest('dialog'))) continue;
    if (el.closest('.ghost')) continue;  // a leaving card's copy, unseen but while it moves
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const svg = el instanceof SVGElement;
    const suit = el.dataset.slot === 'suit' || el.dataset.slot === 'pip';
    const kind = el.dataset.slot === 'pip' && el.closest('[data-face]') ? 'face pip' : suit ? 'suit' : 'text';
    add(kind, el, svg ? getComputedStyle(el).fill : getComputedStyle(el).color,
        backs(svg ? el.closest('div') : el), suit ? 3 : 4.5);
  }
  for (const mark of scope.querySelectorAll('.stats-legend .stats-won, .stats-legend .stats-not-won')) {
    const cs = getComputedStyle(mark);
    add('chart', mark, mark.tagName === 'circle' ? cs.fill : cs.stroke, backs(mark.closest('div')), 3);
  }
  const focused = document.activeElement;
  if (focused && focused.matches(':focus-visible, :focus-within')) {
    const cs = getComputedStyle(focused.matches('.file-open input') ? focused.parentElement : focused);
    const ring = focused.matches('.file-open input') ? focused.parentElement : focused;
    add('focus ring', ring, cs.outlineColor, backs(parseFloat(cs.outlineOffset) < 0 ? ring : ring.parentElement), 3);
  }
  return found;
})()"""


def failures(found: list[list[Any]]) -> list[list[Any]]:
    return [f for f in found if f[1] < f[2]]


def focus_by_keyboard(game: GamePage, selector: str) -> None:
    """The element focused as a keyboard leaves it, so that its focus ring shows (:focus-visible)."""
    game.page.keyboard.press("Shift")
    game.focus(selector)
    assert game.read("(s) => document.querySelector(s).matches(':focus-visible')", selector)


@pytest.fixture
def themed(game: GamePage) -> Iterator[GamePage]:
    yield game
    game.page.emulate_media(color_scheme="light", forced_colors="none")  # the context's own again
    game.set_theme("system")
    game.page.set_viewport_size({"width": 1000, "height": 800})


def test_the_theme_setting_is_applied_at_once_stored_apart_and_followed_by_theme_color(themed: GamePage) -> None:
    game = themed
    assert game.root("data-theme") == "light"  # the context's system theme, by default
    light = game.theme_colour()
    assert light == game.read(FELT) == MANIFEST["theme_color"]
    game.set_theme("dark")
    assert game.root("data-theme") == "dark"
    dark = game.theme_colour()
    assert dark == game.read(FELT) and dark != light
    preferences, settings = game.stored(PREFERENCES_KEY), game.stored(SETTINGS_KEY)
    assert json.loads(preferences or "{}")["theme"] == "dark" and "theme" not in json.loads(settings or "{}")
    game.set_theme("light")
    game.page.emulate_media(color_scheme="dark")  # an explicit choice stays whatever the system says
    assert game.root("data-theme") == "light"


def test_the_system_theme_is_followed_live(themed: GamePage) -> None:
    game = themed
    game.set_theme("system")
    game.page.emulate_media(color_scheme="dark")
    game.expect_root("data-theme", "dark")
    assert game.theme_colour() == game.read(FELT) != MANIFEST["theme_color"]
    game.page.emulate_media(color_scheme="light")
    game.expect_root("data-theme", "light")


FIRST_PAINT = """new MutationObserver((_, observer) => {
  if (!document.body) return;
  window.themeAtBody = document.documentElement.dataset.theme;
  window.feltAtBody = getComputedStyle(document.body).backgroundImage;
  observer.disconnect();
}).observe(document, {childList: true, subtree: true});"""


def test_the_chosen_theme_is_there_before_the_first_paint_and_the_documents_follow_the_system(
    themed: GamePage, tab: Page
) -> None:
    themed.set_theme("dark")  # stored in the shared profile; the system stays light
    dark_felt = themed.read("getComputedStyle(document.body).backgroundImage")
    tab.add_init_script(FIRST_PAINT)
    Gate(tab).closed = True  # Python never starts in this tab: only the page before it is looked at
    tab.goto(themed.site + f"?deal={CODE}", wait_until="domcontentloaded")
    assert tab.evaluate("[window.themeAtBody, window.feltAtBody]") == ["dark", dark_felt]
    tab.goto(themed.site + "rules-en.html")  # no setting there: the system's theme, not the stored one
    assert tab.evaluate("getComputedStyle(document.body).backgroundImage") != dark_felt
    tab.emulate_media(color_scheme="dark")
    assert tab.evaluate("getComputedStyle(document.body).backgroundImage") == dark_felt


# Another tab's change as this tab learns of it: the record written, and the storage event.
OTHER_TAB = with_keys("""(record) => {
  localStorage.setItem(PREFERENCES_KEY, record);
  dispatchEvent(new StorageEvent('storage', {key: PREFERENCES_KEY, newValue: record}));
}""")


def test_another_tabs_theme_and_sound_are_followed_at_once(themed: GamePage) -> None:
    themed.page.evaluate(OTHER_TAB, json.dumps({"theme": "dark", "sound": True}))
    assert themed.root("data-theme") == "dark"
    assert themed.checked("sound") is True
    themed.page.evaluate(OTHER_TAB, json.dumps({"theme": "system", "sound": False}))
    assert themed.root("data-theme") == "light"


def measure(game: GamePage) -> list[list[Any]]:
    """Every text, suit, chart mark and focus ring of the board, the settings and the statistics."""
    found: list[list[Any]] = []
    game.tap(WON["moves"][0].split("+")[0])  # a selected card, and the cards layout help darkens
    focus_by_keyboard(game, '[data-board] [data-place="P1"] button')
    found += game.read(CONTRAST)
    focus_by_keyboard(game, 'button[data-action="new"]')
    found += game.read(CONTRAST)
    for dialog, control in (("settings", '[data-setting="theme"]'), ("stats", '[data-input="stats-file"]')):
        game.action(dialog)
        focus_by_keyboard(game, f'[data-dialog="{dialog}"] {control}')
        found += game.read(CONTRAST)
        game.close_dialog()
    return found


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_contrast_in_both_themes_measured_from_computed_styles(themed: GamePage, theme: str) -> None:
    game = themed
    game.set_theme(theme)
    for four in (False, True):
        game.set_settings({"four-colour": four, "layout-help": True})
        found = measure(game)
        kinds = {f[0] for f in found}
        assert {"text", "suit", "face pip", "chart", "focus ring"} <= kinds, kinds
        assert failures(found) == [], f"{theme}, four-colour {four}: {failures(found)}"
        game.tap(WON["moves"][0].split("+")[0])  # the selection cleared


COLOURS = """[...document.querySelectorAll('body, [data-board] [data-place="P1"] .card, button[data-action="new"]')]
  .map(e => { const s = getComputedStyle(e); return [s.color, s.backgroundColor, s.borderTopColor]; })"""


def test_forced_colours_are_the_same_in_both_themes(themed: GamePage) -> None:
    game = themed
    game.page.emulate_media(forced_colors="active")
    game.set_theme("light")
    light = game.read(COLOURS)
    game.set_theme("dark")
    assert game.read(COLOURS) == light


def test_screenshots_of_both_themes_at_the_layout_viewports(themed: GamePage) -> None:
    RESULTS.mkdir(exist_ok=True)
    for theme in ("light", "dark"):
        themed.set_theme(theme)
        themed.settle()  # the settings dialog closed before the screenshots
        for width, height in VIEWPORTS:
            themed.page.set_viewport_size({"width": width, "height": height})
            themed.page.screenshot(path=RESULTS / f"theme-{theme}-{width}x{height}.jpg", type="jpeg", quality=80)
        assert themed.root("data-theme") == theme


# --- sound --------------------------------------------------------------------------------------------

SOUNDS = "document.documentElement.dataset.sounds ?? ''"


def heard(game: GamePage) -> str:
    """The sounds recorded so far (the last few names: the internal hook ``data-sounds``)."""
    return game.root("data-sounds") or ""


def expect_sound(game: GamePage, before: str, name: str) -> None:
    """A sound recorded since ``before`` was read, ``name`` the last one."""
    game.page.wait_for_function(
        f"([before, name]) => {{ const now = {SOUNDS}; return now !== before && now.split(' ').at(-1) === name; }}",
        arg=[before, name],
    )


@pytest.fixture
def loud(game: GamePage) -> Iterator[GamePage]:
    yield game
    game.close_dialog()
    game.setting("sound", False)


def refused_tap(game: GamePage, first: str) -> None:
    """``first`` selected, then the first card that combines nothing with it (``data-refused``)."""
    for place in [p for p in game.cards() if p != first and game.count(p) > 0]:
        if game.selected() != [first]:
            game.tap(*game.selected(), first) if game.selected() else game.tap(first)
        game.tap(place)
        game.settle()  # the tap's cue, once its answer is applied
        if game.page.locator("[data-refused]").count():
            return
    raise AssertionError(f"nothing refuses {first}")


def test_sound_is_off_by_default_and_then_heard_for_each_event(loud: GamePage) -> None:
    game = loud
    before = heard(game)
    game.play(WON["moves"][:1])
    assert game.figures() == (10, 1) and heard(game) == before  # off by default: silent
    game.setting("sound", True)
    before = heard(game)
    game.play(WON["moves"][1:2])
    expect_sound(game, before, "removal")
    before = heard(game)
    refused_tap(game, WON["moves"][2].split("+")[0])
    expect_sound(game, before, "refused")
    before = heard(game)
    game.action("undo")
    expect_sound(game, before, "undo")


def test_a_win_and_a_dead_end_sound_and_nothing_sounds_from_a_dialog(loud: GamePage) -> None:
    game = loud
    game.setting("sound", True)
    before = heard(game)
    game.play_line(WON["moves"][:-1])
    game.play(WON["moves"][-1:])
    expect_sound(game, before, "win")
    game.close_dialog()
    game.play_code(DEAD_END["code"])
    game.confirm_if_asked()
    before = heard(game)
    game.play_line(DEAD_END["moves"][:-1])
    game.play(DEAD_END["moves"][-1:])
    expect_sound(game, before, "dead-end")
    before = heard(game)
    game.page.locator('[data-dialog="end"] [data-action="undo"]').click()  # from the open dialog: silent
    game.page.wait_for_function(
        f"document.querySelector('[data-board]').dataset.moves === '{len(DEAD_END['moves']) - 1}'"
    )
    game.action("redo")  # then the same removal made on the page sounds, and is the only sound since
    expect_sound(game, before, "dead-end")
    assert heard(game).split(" ")[-2:] == [*before.split(" ")[-1:], "dead-end"]


# At ready, before anything else: the first move tapped by the page's own script, and whether the page
# had a user activation then, said on the console with the moves once the taps' answers are applied
# (every call of the test into the page, a wait included, would count as one).
TAPS_AT_READY = """(names) => new MutationObserver(async (_, observer) => {
  if (document.documentElement.dataset.ready !== 'true') return;
  observer.disconnect();
  for (const name of names) document.querySelector(`[data-board] [data-place="${name}"] button`).click();
  const active = navigator.userActivation.hasBeenActive;
  await window.halfmoonPage.settled();
  const moves = document.querySelector('[data-board]').dataset.moves;
  console.log(`at ready: active ${active}, moves ${moves}`);
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']})"""


def test_nothing_sounds_before_the_players_first_interaction(loud: GamePage) -> None:
    loud.setting("sound", True)  # stored: the page loaded again starts with sound on
    page = loud.page
    taps = f"({TAPS_AT_READY})({json.dumps(WON['moves'][0].split('+'))})"
    with page.add_init_script(taps), page.expect_console_message(lambda m: m.text.startswith("at ready")) as said:
        page.goto(loud.site + f"?deal={WON['code']}")  # a new document: no user activation yet
    assert said.value.text == "at ready: active false, moves 1"  # a removal before any interaction
    loud.play(WON["moves"][1:2])  # the player's own taps
    expect_sound(loud, "", "removal")
    assert heard(loud) == "removal"  # the only sound: none was waiting from before


# --- the shortcuts and a file from launchQueue --------------------------------------------------------


def test_the_shortcuts_open_the_daily_deal_unpainted_and_asked_for_and_the_statistics(
    game: GamePage,
    gate: Gate,  # noqa: F811 (test_early_paint's fixture)
) -> None:
    game.play(WON["moves"][:1])
    early = before_ready(game, gate, "?daily")
    assert all(card == "" for _, card, *_ in early)  # not the saved board: the daily deal is another
    until_ready(game, gate)
    assert game.is_open("confirm") and game.figures() == (10, 1)  # R7.6
    game.confirm()
    today = f"HM1-D-{game.local_date():%Y%m%d}"
    assert game.board("data-code") == today and game.figures() == (0, 0)
    assert game.page.url.endswith(f"?deal={today}")
    game.open("?stats")
    assert game.is_open("stats")


# A launch queue that keeps the page's consumer, so that the test hands it a file when it wants, as
# the browser does for an installed app opened with a file (Chromium's own cannot be given one).
LAUNCH = """() => Object.defineProperty(window, 'launchQueue', {value: {setConsumer(consumer) {
  window.launchFile = (text) => {
    const file = new File([text], 'game.halfmoon', {type: 'application/vnd.half-moon.game+json'});
    consumer({files: [{getFile: async () => file}]});
  };
}}})"""


def test_a_game_file_opened_with_the_installed_app_is_taken_except_during_a_replay(game: GamePage) -> None:
    played = Game.from_code(DealCode.parse(WON["code"]))
    for move in WON["moves"][:2]:
        played.remove(move)
    with game.page.add_init_script(f"({LAUNCH})()"):  # this boot only
        game.open(f"?deal={WON['code']}&line={'.'.join(WON['moves'][:3])}")
    game.page.evaluate("(text) => window.launchFile(text)", save(played))
    game.expect_message("No file is opened during a replay: exit the replay first.")
    assert game.board("data-replay") == "true" and game.board("data-step") == "0"
    game.action("replay-exit")
    game.play_code("HM1-N-AAAAAAZ")
    game.confirm_if_asked()
    game.page.evaluate("(text) => window.launchFile(text)", save(played))
    game.expect_board("data-code", "HM1-N-AAAAAAB")
    assert game.figures() == (20, 2)
