"""The statistics dialog's history of games with a full history (100 games, the widest words each can
have) on phones, in both languages and both themes: laid out to the width, with every game's date,
deal, result, figures and commands in sight when its row is scrolled into view, nothing scrolling
sideways, targets of at least 24 × 24 px apart from each other, the deal on one line and no word
split; on a desktop still a table of one line a game; a table of rows and cells to a screen reader
either way (Chromium's accessibility tree). Screenshots into test-results/. On the shared page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from halfmoon.saved import MAX_ELAPSED_MS
from support.page_dialogs import show_history, without_statistics
from support.pageobject import GamePage
from support.testdata import DEAD_END, WON
from webapp.stats.history import HISTORY_GAMES, Finished, History, dumps
from webapp.store.storage_keys import HISTORY_KEY

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
DESKTOP = {"width": 1000, "height": 800}  # the shared page's window (tests/browser/conftest.py)
PHONES = [(320, 568), (360, 640), (390, 844), (412, 915), (844, 390), (568, 320), (640, 360), (360, 480)]
SCREENSHOTS = {("fi", "dark"), ("en", "light")}
LEAST_TARGET = 24
ROOM = 4
"""The least distance (px) between two commands' targets."""


def full_history() -> str:
    """A full history whose rows are as wide as rows get: daily deals of a two-digit day and month
    ("päivän jako 31.12.2026"), games left unfinished ("unfinished") and at dead ends, the longest
    time a record allows, dates known and unknown ("–")."""
    won = ".".join(["P10+P11+P12"] * 8 + ["P10+P11"] * 40)  # any line of 48 moves is a won game's length
    kinds = [
        ("HM1-D-20261231", "won", 520, MAX_ELAPSED_MS, won),
        (WON["code"], "playing", 35, 61_000, ".".join(WON["moves"][:3])),
        ("HM1-D-20261130", "dead-end", 200, 3_600_000 * 5, ".".join(DEAD_END["moves"])),
        (DEAD_END["code"], "won", 520, 392_000, won),
    ]
    games = []
    for n in range(HISTORY_GAMES):
        code, status, score, elapsed, line = kinds[n % len(kinds)]
        games.append(Finished(code, 1_764_547_200_000 + n, "20261231" if n % 3 else "", status, score, elapsed, line))
    return dumps(History(tuple(games)))


# What a player would find wrong with the history in this window, one line each (none: []). Every row
# is scrolled into view from below (where the sticky headers could cover it) and its first command
# focused from below as Tab reaches it.
PROBLEMS = """([width, height, least, room]) => {
  const problems = [], rows = [...document.querySelectorAll('[data-history] [data-history-game]')];
  const dialog = rows[0].closest('dialog'), table = rows[0].closest('table');
  let list = table.parentElement;
  while (!['auto', 'scroll'].includes(getComputedStyle(list).overflowY)) list = list.parentElement;
  const box = e => e.getBoundingClientRect(), screen = {left: 0, top: 0, right: width, bottom: height};
  const inside = (r, o) => r.left >= o.left - 0.5 && r.top >= o.top - 0.5
    && r.right <= o.right + 0.5 && r.bottom <= o.bottom + 0.5;
  const apart = (a, b, gap) => a.right + gap <= b.left + 0.5 || b.right + gap <= a.left + 0.5
    || a.bottom + gap <= b.top + 0.5 || b.bottom + gap <= a.top + 0.5;
  const words = cell => { const range = document.createRange(); range.selectNodeContents(cell); return range; };
  const lines = range => new Set([...range.getClientRects()].map(line => Math.round(line.top))).size;
  for (const e of [dialog, ...dialog.querySelectorAll('*')])
    if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth)
      problems.push(`${e.tagName} scrolls sideways (${e.scrollWidth} > ${e.clientWidth})`);
  const texts = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  while (texts.nextNode()) for (const word of texts.currentNode.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(texts.currentNode, word.index);
    range.setEnd(texts.currentNode, word.index + word[0].length);
    if (range.getClientRects().length && lines(range) > 1) problems.push(`"${word[0]}" split across lines`);
  }
  const seen = (n, name, r) => {
    if (!inside(r, box(list)) || !inside(r, screen)) problems.push(`row ${n}: its ${name} out of sight`);
    else if (r.top < box(table.tHead).bottom - 0.5) problems.push(`row ${n}: its ${name} under the headers`);
  };
  const names = ['date', 'deal', 'result', 'moves', 'score', 'time'];
  rows.reverse().forEach((row, i) => {
    const n = row.dataset.historyGame, cells = [...row.cells].slice(0, 6);
    const buttons = [...row.querySelectorAll('button')];
    list.scrollTop = list.scrollHeight;
    buttons[0].focus();
    seen(n, 'focused command', box(buttons[0]));
    row.scrollIntoView({block: 'nearest'});
    const shown = cells.map(words).map(box), targets = buttons.map(box);
    shown.forEach((r, k) => seen(n, names[k], r));
    targets.forEach((r, k) => seen(n, `command ${k + 1}`, r));
    cells.forEach((cell, k) => {
      if (!inside(shown[k], box(cell))) problems.push(`row ${n}: its ${names[k]} overflows`); });
    if (lines(words(cells[1])) !== 1) problems.push(`row ${n}: its deal on ${lines(words(cells[1]))} lines`);
    const drawn = [...shown, ...targets];
    drawn.forEach((r, k) => drawn.slice(k + 1).forEach((q, m) => {
      if (!apart(r, q, 0)) problems.push(`row ${n}: parts ${k} and ${k + m + 1} overlap`); }));
    const near = i + 1 < rows.length ? [...rows[i + 1].querySelectorAll('button')].map(box) : [];
    targets.forEach((r, k) => {
      if (Math.min(r.width, r.height) < least) problems.push(`row ${n}: command ${k + 1} ${r.width}x${r.height}`);
      [...targets.slice(k + 1), ...near].forEach(q => {
        if (!apart(r, q, room)) problems.push(`row ${n}: commands too close`); });
    });
  });
  document.activeElement.blur();
  return problems;
}"""


@pytest.fixture
def history(game: GamePage) -> Iterator[GamePage]:
    """The shared page with a full history and no statistics, the history shown in the statistics
    dialog; afterwards its window, and no statistics or history, as before."""
    without_statistics(game)
    game.store(HISTORY_KEY, full_history())
    yield game
    game.close_dialog()
    game.page.set_viewport_size(DESKTOP)
    without_statistics(game)  # the history with them


def open_history(game: GamePage, lang: str, theme: str) -> None:
    game.set_language(lang)
    game.set_theme(theme)
    game.action("stats")
    show_history(game)
    game.expect_history_games(HISTORY_GAMES)


def problems(page: Page, width: int, height: int) -> list[str]:
    page.set_viewport_size({"width": width, "height": height})
    found: list[str] = page.evaluate(PROBLEMS, [width, height, LEAST_TARGET, ROOM])
    return found


def screenshot(page: Page, name: str) -> None:
    """The dialog scrolled to the history's first rows."""
    page.evaluate("""() => { const rows = document.querySelector('[data-history]');
      rows.querySelector('[data-history-game="1"]').scrollIntoView({block: 'nearest'});
      rows.closest('details').scrollIntoView(); }""")
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=RESULTS / f"history-{name}.png")


@pytest.mark.parametrize(("lang", "theme"), [("fi", "dark"), ("fi", "light"), ("en", "light"), ("en", "dark")])
def test_every_game_is_readable_and_in_reach_on_a_phone(history: GamePage, lang: str, theme: str) -> None:
    open_history(history, lang, theme)
    found = {}
    for width, height in PHONES:
        found[f"{width}x{height}"] = problems(history.page, width, height)[:5]
        if (lang, theme) in SCREENSHOTS and (width, height) in [(360, 640), (844, 390)]:
            screenshot(history.page, f"{lang}-{theme}-{width}x{height}")
    assert {at: seen for at, seen in found.items() if seen} == {}


# Each visible row's cells: their left edges and tops.
CELLS = """() => [...document.querySelectorAll('[data-history] tr, [data-history-list] thead tr')]
  .filter(row => row.getClientRects().length)
  .map(row => [...row.cells].map(cell => { const r = cell.getBoundingClientRect(); return [r.left, r.top]; }))"""


@pytest.mark.parametrize("size", [(1000, 800), (1366, 657)], ids=["1000x800", "1366x657"])
def test_on_a_desktop_the_history_is_still_a_table(history: GamePage, size: tuple[int, int]) -> None:
    open_history(history, "fi", "light")
    assert problems(history.page, *size) == []
    rows: list[list[list[float]]] = history.read(CELLS)
    header = [left for left, _ in rows[0]]
    assert header == sorted(header) and len(set(header)) == 7
    for row in rows:
        assert [left for left, _ in row] == header, "a cell out of its column"
        assert max(top for _, top in row) - min(top for _, top in row) < 1, "a row on more than one line"


def rows_heard(page: Page) -> list[list[tuple[str, str]]]:
    """The history's table as Chromium's accessibility tree gives it to a screen reader: each row's
    cells (role, name), a cell of commands as its buttons (role, name)."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        table = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "[data-history-list] table"})["nodeId"]
        top = cdp.send("Accessibility.getPartialAXTree", {"nodeId": table, "fetchRelatives": False})["nodes"][0]
        nodes = {n["nodeId"]: n for n in cdp.send("Accessibility.getFullAXTree")["nodes"]}
    finally:
        cdp.detach()

    def role(node: dict[str, Any]) -> str:
        return str(node["role"]["value"])

    def below(node: dict[str, Any], wanted: set[str]) -> list[dict[str, Any]]:
        """The nearest nodes of the ``wanted`` roles under ``node``, in order."""
        found = []
        for child in (nodes[i] for i in node.get("childIds", []) if i in nodes):
            found += [child] if role(child) in wanted and not child.get("ignored") else below(child, wanted)
        return found

    def heard(cell: dict[str, Any]) -> list[tuple[str, str]]:
        buttons = below(cell, {"button"})
        return [(role(n), n.get("name", {}).get("value", "")) for n in buttons or [cell]]

    cells = {"cell", "columnheader", "rowheader"}
    rows = below(nodes[top["nodeId"]], {"row"})
    return [[part for cell in below(row, cells) for part in heard(cell)] for row in rows]


ROWS_SHOWN = """() => [document.querySelector('[data-history-list] thead tr'),
    ...document.querySelectorAll('[data-history] tr')]
  .map(row => [...row.cells].flatMap(cell => cell.querySelector('button')
    ? [...cell.querySelectorAll('button')].map(b => ['button', b.getAttribute('aria-label')])
    : [[cell.tagName === 'TD' ? 'cell' : cell.scope === 'row' ? 'rowheader' : 'columnheader', cell.textContent]]))"""


GAME_HEARD = ("cell", "rowheader", "cell", "cell", "cell", "cell", "button", "button")
"""A game: its date, its deal naming the row, its result, moves, score and time, its two commands."""


@pytest.mark.parametrize("size", [(360, 640), (1000, 800)], ids=["phone", "desktop"])
def test_a_screen_reader_hears_each_game_as_a_row_under_its_headers(history: GamePage, size: tuple[int, int]) -> None:
    open_history(history, "en", "light")
    history.page.set_viewport_size({"width": size[0], "height": size[1]})
    expected = [[(role, name) for role, name in row] for row in history.read(ROWS_SHOWN)]
    assert len(expected) == HISTORY_GAMES + 1
    assert [role for role, _ in expected[0]] == ["columnheader"] * 7
    assert {tuple(role for role, _ in row) for row in expected[1:]} == {GAME_HEARD}
    assert rows_heard(history.page) == expected
