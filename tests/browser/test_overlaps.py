"""What must show is never drawn over, in every window of the layout tests and in both languages:
no text while the page loads lies over other text, a card or a command, and the open menu leaves its
own button free, so that a second tap on it closes the menu and does nothing else."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from playwright.sync_api import Error as PlaywrightError

from support.pageobject import CODE, GamePage, first_visit
from support.viewports import VIEWPORTS

# While the page loads: every shown text box (a run of words, line by line, as far as the boxes around
# it let it show), every card and every command outside the dialogs; the pairs that overlap. Words of
# one block (a paragraph's lines), a command's own words and a card's own marks are one thing each.
# The loading bar and a queued tap's mark are no text, so they may lie over anything.
LOADING_OVERLAPS = """() => {
  const box = r => [r.left, r.top, r.right, r.bottom];
  const meet = (a, b) => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  const gone = r => r[2] - r[0] <= 1 || r[3] - r[1] <= 1;  // nothing, or a visually hidden box
  const shown = (r, e) => {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') r = meet(r, box(a.getBoundingClientRect()));
    }
    return gone(r) ? null : r;
  };
  const counted = e => e.getClientRects().length && getComputedStyle(e).visibility === 'visible'
    && !e.closest('dialog') && !e.closest('[data-board] [data-place]');
  const block = e => { while (getComputedStyle(e).display === 'inline') e = e.parentElement; return e; };
  const name = e => (e.innerText || e.value || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 30);
  const texts = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, parent = node.parentElement;
    if (!node.data.trim() || !counted(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      const r = shown(box(line), parent);
      if (r) texts.push({node, block: block(parent), box: r, name: node.data.trim().slice(0, 30)});
    }
  }
  const cards = [...document.querySelectorAll('[data-board] [data-place]')]
    .map(p => ({element: p, box: box(p.getBoundingClientRect()), name: p.dataset.place}));
  const commands = [...document.querySelectorAll('button, a[href], input, select')]
    .filter(e => counted(e)).map(e => e.closest('label') || e)  // a file input is drawn as its label
    .map(e => ({element: e, box: shown(box(e.getBoundingClientRect()), e.parentElement), name: name(e)}))
    .filter(c => c.box);
  const over = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
  const found = new Set();
  texts.forEach((t, i) => {
    for (const u of texts.slice(i + 1))
      if (u.block !== t.block && over(t.box, u.box)) found.add(`"${t.name}" over "${u.name}"`);
    for (const c of [...cards, ...commands])
      if (!c.element.contains(t.node) && over(t.box, c.box)) found.add(`"${t.name}" over ${c.name}`);
  });
  return [...found];
}"""


@pytest.mark.parametrize(("locale", "lang"), [("en-GB", "en"), ("fi-FI", "fi")])
def test_while_loading_no_text_lies_over_other_text_a_card_or_a_command(
    browser: Browser, site: str, locale: str, lang: str
) -> None:
    """A first visit held in its loading state (the runtime's download still going), the first deal's
    cards, the introduction, the loading indicator and its download bar all shown: in every window."""
    page, _ = first_visit(browser, site, locale, {"width": 360, "height": 640})
    try:
        expect(page.locator("[data-progress] progress")).to_be_visible()  # the download is still going
        expect(page.locator("[data-intro]")).to_be_visible()
        loading = GamePage(page, site)
        assert loading.lang() == lang
        overlaps = {}
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            expect(page.locator("[data-loading]")).to_be_visible()
            overlaps[f"{width}x{height}"] = page.evaluate(LOADING_OVERLAPS)
        failing = [f"{at}: {seen}" for at, seen in overlaps.items() if seen]
        assert failing == [], "\n".join(failing)
        assert loading.is_loading()  # loading all along
    finally:
        page.context.close()


# What a tap at the centre of the menu's button reaches: the button, or what is drawn over it.
AT_THE_MENU_BUTTON = r"""() => {
  const button = document.querySelector('[data-action="menu"]'), r = button.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return button.contains(hit) ? null : (hit ? hit.outerHTML.replace(/\s+/g, ' ').slice(0, 60) : 'nothing');
}"""
# The open menu inside the window, scrolling (where it must) only up and down: every command reachable.
MENU_IN_VIEW = """() => { const menu = document.querySelector('[data-menu]'), r = menu.getBoundingClientRect();
  return r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5
    && menu.scrollWidth <= menu.clientWidth + 1; }"""
MENU_CLOSED = """() => !document.querySelector('[data-menu]').matches(':popover-open')
  && document.querySelector('[data-action="menu"]').getAttribute('aria-expanded') === 'false'"""


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_the_open_menu_leaves_its_button_tappable_and_a_tap_on_it_only_closes_it(game: GamePage, lang: str) -> None:
    """In every window where the menu shows. A deal's code typed in the menu's box: a tap that reached
    the box's Play instead would open that deal."""
    page, menu = game.page, game.page.locator("[data-menu]")
    game.set_language(lang)
    shown, problems = [], []
    try:
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            button = game.command("menu")
            if not button.is_visible():
                continue
            at = f"{width}x{height}"
            shown.append((width, height))
            button.click()
            expect(menu).to_be_visible()
            page.locator('[data-input="code"]').fill("HM1-N-AAAAAAZ")
            game.settle()  # the menu as the answers to the tap and the typing left it
            if not page.evaluate(MENU_IN_VIEW):
                problems.append(f"{at}: the open menu is not all in the window, or scrolls sideways")
            covered = page.evaluate(AT_THE_MENU_BUTTON)
            if covered:
                problems.append(f"{at}: the open menu covers its button with {covered}")
            box = button.bounding_box()
            assert box is not None
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a tap where it is drawn
            try:
                page.wait_for_function(MENU_CLOSED, timeout=5000)
            except PlaywrightError:
                problems.append(f"{at}: a second tap on the button leaves the menu open")
                page.keyboard.press("Escape")
            after = (game.board("data-code"), game.message(), game.open_dialogs())
            if after != (CODE, "", []):
                problems.append(f"{at}: a second tap on the button did more (deal, message, dialogs): {after}")
                game.fresh()
                game.set_language(lang)
        assert problems == [], "\n".join(problems)
        assert {(640, 360), (844, 390), (360, 640)} <= set(shown), f"the menu shows in {shown}"
    finally:
        page.set_viewport_size({"width": 1000, "height": 800})
