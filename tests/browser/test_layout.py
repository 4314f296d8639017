"""The table's geometry in every window of ``VIEWPORTS`` and the sweep, and its motion, in real Chromium.

One booted page is resized through all the viewports (the layout is CSS only, so a resize is a new
window as far as it is concerned); each viewport's board is saved to test-results/ as a screenshot
(uploaded by the Pages workflow, never compared pixel by pixel). Geometry is measured under reduced
motion; motion is tested on its own. Everything is read through the contract's attributes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from conftest import Watch
from playwright.sync_api import Browser, Page, expect

from support.geometry import EPSILON, inside, overlap
from support.pageobject import CODE, GamePage
from support.testdata import DEAD_END, VECTORS, WON
from support.viewports import SWEEP, VIEWPORTS

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
# The card widths (CSS px) at every viewport and sweep window with the arc alone, no tall geometry
# (tools/card_widths.py): the tall geometry makes none narrower, and these wider.
BEFORE = {
    tuple(map(int, k.split("x"))): v
    for k, v in json.loads((Path(__file__).with_name("card-widths-before.json")).read_text(encoding="utf-8")).items()
}
WIDER = {(390, 844): 50, (412, 915): 50, (360, 640): 46}
# Rectangles of what the test reads: each place (its box, and every element it holds), its button,
# the info bar, the four play commands; and the page's scroll size.
GEOMETRY = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  // The words of an element's text that its lines split (a word whose characters lie on two lines).
  const texts = e => { const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT), found = [];
    while (walk.nextNode()) found.push(walk.currentNode);
    return found; };
  const broken = e => texts(e).flatMap(n =>
    [...n.data.matchAll(/\\S+/g)].filter(m => {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      return new Set([...r.getClientRects()].map(line => Math.round(line.top))).size > 1;
    }).map(m => m[0]));
  const places = [...document.querySelectorAll('[data-board] [data-place]')];
  return {
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    places: places.map(p => ({
      name: p.dataset.place, box: box(p), button: box(p.querySelector('button')),
      parts: [...p.querySelectorAll('*')].filter(e => e.getClientRects().length).map(box),
      rank: parseFloat(getComputedStyle(p.querySelector('button').firstElementChild).fontSize)})),
    info: [...document.querySelectorAll('[data-info]')].map(box),
    commands: ['undo', 'redo', 'restart', 'new']
      .map(a => box(document.querySelector(`[data-action="${a}"]:not(dialog [data-action])`))),
    // Every command outside the dialogs and the board, shown (with its box) or in the closed
    // menu; whether an element around the commands overflows (a scrolling command column).
    others: [...document.querySelectorAll(
        '[data-action]:not(dialog *):not([data-board] *), [data-input]:not(dialog *)')]
      .filter(e => !e.closest('[hidden]') && e.dataset.action !== 'menu')
      .map(e => {
        const menu = e.closest('[data-menu]'), drawn = e.closest('label') || e;
        return {name: e.dataset.action || e.dataset.input, menu: !!menu && !menu.getClientRects().length,
                shown: e.getClientRects().length > 0, box: box(drawn), broken: broken(drawn)};
      }),
    menuWords: (() => {
      const menu = document.querySelector('.commands.play [data-action="menu"]');
      return menu.getClientRects().length ? broken(menu) : [];
    })(),
    scrolls: (() => {
      const around = [];
      for (let e = document.querySelector('[data-action="undo"]'); e; e = e.parentElement) around.push(e);
      return around.filter(e => getComputedStyle(e).overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 1)
        .map(e => e.tagName);
    })(),
  };
}"""


def least_target(width: int, height: int) -> int:
    """WCAG 2.2 target size per window: 44 px where there is room, smaller in small windows."""
    if width >= 600 and height >= 400:
        return 44
    return 36 if min(width, height) >= 360 else 24


@pytest.fixture(scope="module")
def table(browser: Browser, site: str) -> Iterator[Page]:
    """The example deal after a pair and a trio (depths 6–8, an empty reserve slot), with one card
    selected: every kind of place the board draws."""
    context = browser.new_context(locale="en-GB", reduced_motion="reduce", service_workers="block")
    page = context.new_page()
    watch = Watch(site[: site.index("/half-moon/")])
    watch.attach(page)
    game = GamePage(page, site).open()
    game.play(["P4+P7", "R3+P2+P3"])
    game.tap("P5")
    game.settle()  # the tests measure the page itself: the last tap's changes on it first
    yield page
    context.close()
    assert watch.errors == [] and watch.off_host == []


def assert_the_table_fits(page: Page, width: int, height: int) -> None:
    g: dict[str, Any] = page.evaluate(GEOMETRY)
    at = f"{width}x{height}"
    assert g["scroll"][0] <= width and g["scroll"][1] <= height, f"{at}: the page scrolls"
    screen = [0, 0, width, height]
    places = g["places"]
    assert all(inside(p["box"], screen) for p in places), f"{at}: a place is off screen"
    assert all(inside(b, screen) for b in g["info"] + g["commands"]), f"{at}: the info bar or a command is off screen"
    for p in places:
        assert all(inside(part, p["box"]) for part in p["parts"]), f"{at}: {p['name']} draws outside its place"
    for i, p in enumerate(places):
        assert not any(overlap(p["box"], q["box"]) for q in places[i + 1 :]), f"{at}: {p['name']} overlaps a place"
    for c in g["others"]:
        assert c["shown"] != c["menu"], f"{at}: {c['name']} is neither shown nor in the menu"
        assert not c["shown"] or inside(c["box"], screen), f"{at}: {c['name']} is off screen"
        assert not c["shown"] or c["broken"] == [], f"{at}: {c['name']}'s label breaks inside {c['broken']}"
    assert g["menuWords"] == [], f"{at}: the menu button's label breaks inside {g['menuWords']}"
    assert g["scrolls"] == [], f"{at}: the commands overflow {g['scrolls']}"
    if min(width, height) < 600:  # a phone: at most six commands beside the table
        shown = [c["name"] for c in g["others"] if c["shown"] and c["name"] not in ("code", "game-file")]
        assert len(shown) <= 6, f"{at}: {shown} shown"
    targets = [p["button"] for p in places] + g["commands"]
    for i, t in enumerate(targets):
        assert not any(overlap(t, u) for u in targets[i + 1 :]), f"{at}: two hit areas overlap"
    least = least_target(width, height)
    smallest = min(min(t[2] - t[0], t[3] - t[1]) for t in targets)
    assert smallest >= least, f"{at}: a hit area is {smallest:.1f} px, under {least}"
    card = min(p["button"][2] - p["button"][0] for p in places)
    assert card >= {(1366, 657): 64, (1920, 969): 88}.get((width, height), least), f"{at}: cards {card:.1f} px wide"
    floor = max(WIDER.get((width, height), 0), BEFORE.get((width, height), 0) - EPSILON)
    assert card >= floor, f"{at}: cards {card:.1f} px wide, under {floor}"
    if (width, height) == (360, 640):
        assert min(p["rank"] for p in places) >= 14


@pytest.mark.parametrize(("width", "height"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_the_table_fits_the_window(table: Page, width: int, height: int) -> None:
    table.set_viewport_size({"width": width, "height": height})
    RESULTS.mkdir(exist_ok=True)
    table.screenshot(path=RESULTS / f"board-{width}x{height}.png")
    assert_the_table_fits(table, width, height)


@pytest.mark.parametrize("offered", [False, True], ids=["no-offer", "install-offered"])
def test_the_table_fits_every_window_on_a_grid_in_finnish(table: Page, site: str, offered: bool) -> None:
    """Also with the browser's offer to install: a sixth command in the play row."""
    game = GamePage(table, site)
    try:
        table.set_viewport_size({"width": 1000, "height": 800})
        game.set_language("fi")
        if offered:
            game.offer_install("layout")
            expect(table.locator('[data-action="install"]')).to_be_visible()
        for width in SWEEP:
            for height in SWEEP:
                table.set_viewport_size({"width": width, "height": height})
                assert_the_table_fits(table, width, height)
    finally:
        game.installed()
        table.set_viewport_size({"width": 1000, "height": 800})
        game.set_language("en")


@pytest.mark.parametrize("name", ["rules-en.html", "examples-en.html"])
def test_the_documents_scroll_only_down_and_their_diagrams_never_overlap(tab: Page, site: str, name: str) -> None:
    """In a tab of their own: the table's page stays on the game for the other tests."""
    tab.goto(site + name)
    RESULTS.mkdir(exist_ok=True)
    for width, height in [(320, 568), (768, 1024), (1366, 657)]:
        tab.set_viewport_size({"width": width, "height": height})
        tab.screenshot(path=RESULTS / f"{name.removesuffix('.html')}-{width}x{height}.png")
        diagrams = tab.evaluate(
            """() => [...document.querySelectorAll('[data-diagram]')].filter(d => d.getClientRects().length)
                 .map(d => [...d.querySelectorAll('[data-place]')].map(p => {
                    const r = p.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }))"""
        )
        assert not GamePage(tab, site).scrolls_sideways()
        assert diagrams, "no diagram shown"
        for places in diagrams:
            assert all(p[0] >= 0 and p[2] <= width for p in places)
            for i, p in enumerate(places):
                assert not any(overlap(p, q) for q in places[i + 1 :])


ANIMATIONS = "document.getAnimations().length"
# Each place's copies of a leaving card (the motion's ghosts), by place: their opacity.
COPIES = """Object.fromEntries([...document.querySelectorAll('[data-board] [data-place]')]
  .map(p => [p.dataset.place, [...p.querySelectorAll(':scope > [aria-hidden="true"]:not([data-slot])')]
    .map(copy => getComputedStyle(copy).opacity)])
  .filter(([, copies]) => copies.length))"""
SHIFTS = """() => { window.layoutShift = 0;
  new PerformanceObserver(list => { for (const e of list.getEntries()) window.layoutShift += e.value; })
    .observe({type: 'layout-shift'}); }"""


HEARD = """(reduce) => { const list = matchMedia('(prefers-reduced-motion: reduce)');
  window.motionHeard = list.matches === reduce ? Promise.resolve()
    : new Promise(heard => list.addEventListener('change', heard, {once: true})); }"""
"""A promise, ``window.motionHeard``, of the page hearing the motion preference become the one given
(at once when it is that already): the page's own listener hears the change in the same task."""


def motion(game: GamePage, preference: Literal["reduce", "no-preference"]) -> None:
    """The player's motion preference changed, and the page told of it: the page's own listener has
    heard the change (a frame or more later: the browser reports it once it has styled the page), and
    the page has applied what its news changed once it settles."""
    game.page.evaluate(HEARD, preference == "reduce")
    game.page.emulate_media(reduced_motion=preference)
    game.page.evaluate("() => window.motionHeard")
    game.settle()


def test_a_removal_animates_without_delaying_play_and_reduced_motion_stops_it(game: GamePage) -> None:
    game.open()
    page = game.page
    page.evaluate(SHIFTS)
    motion(game, "reduce")
    game.play(["P4+P7"])
    assert game.read(ANIMATIONS) == 0 and game.figures() == (10, 1)
    motion(game, "no-preference")
    # The pair and then, at once, a trio: each read in the task its answer is applied, the trio while
    # the pair still animates.
    moves = page.evaluate(
        """async () => {
          const tap = p => document.querySelector(`[data-board] [data-place="${p}"] button`).click();
          tap('P5'); tap('P6');
          await window.halfmoonPage.settled();
          const after = [document.querySelector('[data-board]').dataset.moves, document.getAnimations().length];
          const place = document.querySelector('[data-board] [data-place="R3"]');
          const face = (e, suit = e) => [suit.dataset.suit, [...e.children].map(part => part.textContent)];
          const shown = face(place.querySelector('button'), place);
          tap('R3'); tap('P2'); tap('P3');
          await window.halfmoonPage.settled();
          const copy = place.querySelector(':scope > [aria-hidden="true"]:not([data-slot])');
          return [...after, document.querySelector('[data-board]').dataset.moves, document.getAnimations().length,
                  shown, [place.dataset.suit, ...face(copy)]];
        }"""
    )
    assert moves[0] == "2" and moves[1] > 0, "the pair is applied as soon as it is answered, and animates"
    assert moves[2] == "3" and moves[3] > moves[1], "the trio is applied at once, during the first animation"
    shown, (left, *copy) = moves[4], moves[5]
    assert left == "" and copy == shown, "the reserve card leaves as it showed, over its emptied place"
    # R3.3: 6♦ on pile 5 and 5♦ on pile 6 make 11: each pile shows the card dealt under its top (docs/).
    piles = next(deal["piles"] for deal in VECTORS if deal["code"] == CODE)
    assert (game.card("P5"), game.count("P5"), game.card("P6"), game.count("P6")) == (piles[4][-2], 7, piles[5][-2], 7)
    page.wait_for_function(f"{ANIMATIONS} === 0")  # every leaving copy's animation ends
    game.play(WON["moves"][3:4])  # P5 loses its second card
    game.settle()  # its answer applied, its animation begun
    page.wait_for_function(f"{ANIMATIONS} === 0")
    # Each place that lost a card while motion was on keeps one copy of a leaving card, unseen at rest:
    # a removal adds no element to the page.
    places = {p for move in WON["moves"][1:4] for p in move.split("+")}
    assert game.read(COPIES) == {place: ["0"] for place in places}
    assert page.locator("[data-board] [data-place] button").count() == 20
    assert game.read("window.layoutShift") == 0, "the layout moved after ready"


PLAY_AT_ONCE = """async (moves) => {
  for (const move of moves)
    for (const p of move.split('+')) document.querySelector(`[data-board] [data-place="${p}"] button`).click();
  await window.halfmoonPage.settled();  // read in the task the last tap's answer is applied
  return [document.querySelector('[data-board]').dataset.status,
          document.getAnimations().filter(a => a.effect.target.closest('[data-board]')).length];
}"""


def test_a_win_is_celebrated_and_a_dead_end_calmly_noticed(game: GamePage) -> None:
    game.open("?deal=" + WON["code"])
    status, animations = game.page.evaluate(PLAY_AT_ONCE, WON["moves"])
    assert status == "won" and animations >= 20  # a glow along the arc, place by place
    game.close_dialog()  # settled first: the page behind a modal dialog takes no typing
    game.play_code(DEAD_END["code"])  # a won game is replaced without asking
    assert game.board("data-code") == DEAD_END["code"]
    status, _ = game.page.evaluate(PLAY_AT_ONCE, DEAD_END["moves"])
    assert status == "dead-end"
    assert game.read("document.querySelector('[data-message]').getAnimations().length") == 1
