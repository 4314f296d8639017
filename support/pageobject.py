"""The page through the automation contract (ui-contract.md) only: no class names, no nesting.

Every page test drives the game through this one set of helpers, in every engine. ``GamePage`` works
over a small driver interface (``support/engines.py``: navigate, evaluate, click, key, fill, select,
wait) with one adapter per driver: Playwright for Chromium, Marionette for Firefox, Selenium for
WebKitGTK. Built on a Playwright page, it also offers that page's locators (``place``, ``button``,
``command``, ``dialog``, ``page``) to the Chromium tests; the cross-engine suite (tests/engines/)
uses only what every driver has. ``fresh`` puts a booted page back to a known state through the
page's own commands (a deal played by code, restart), so that tests can share one booted page
instead of paying for a Pyodide boot each.
"""

from __future__ import annotations

import json
import math
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, FilePayload, Locator, Page, Route, ViewportSize, expect

from support.engines import Driver, PlaywrightDriver
from webapp.store import storage_keys
from webapp.store.storage_keys import GAME_KEY

READY_MS = 60_000
ACTION_MS = 30_000  # how long a command's button may take to show, as Playwright's own wait
CODE = "HM1-N-AAAAAAB"
DEFAULT_SETTINGS = {
    "move-errors": False,
    "layout-help": False,
    "four-colour": False,
    "key-shortcuts": True,
    "fast-start": True,
    "sound": False,
}
"""Every checkbox setting and its default, as docs/ui-contract.md gives them (``fresh`` checks that
the page has exactly these)."""
CHECKBOXES = """() => Object.fromEntries([...document.querySelectorAll('input[type="checkbox"][data-setting]')]
    .map(box => [box.dataset.setting, box.checked]))"""


def required(locator: Locator, name: str) -> str:
    """An attribute the contract says is always there: its absence fails here, by name."""
    value = locator.get_attribute(name)
    assert value is not None, f"{name} is missing"
    return value


ATTRIBUTE = """([selector, name]) => {
  const found = document.querySelector(selector);
  return found === null ? ['absent'] : [found.getAttribute(name)];
}"""
# The browser's offer to install the app (headless Chromium never makes one), with a stub prompt() that
# counts its calls in window.installOffers[name]; `appinstalled` takes it back.
INSTALL_OFFER = """name => {
    window.installOffers = window.installOffers || {};
    const offer = window.installOffers[name] = {prompted: 0};
    const event = new Event('beforeinstallprompt', {cancelable: true});
    event.prompt = () => { offer.prompted += 1; return Promise.resolve({outcome: 'accepted'}); };
    event.userChoice = Promise.resolve({outcome: 'accepted', platform: 'web'});
    dispatchEvent(event);
}"""
# The one visible copy of a command: in the open dialog if it has one, else on the page; its index
# among every button of that action (several visible copies fail, as a Playwright locator would).
VISIBLE_ACTION = """(name) => {
  const all = [...document.querySelectorAll(`button[data-action="${name}"]`)];
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const inDialog = all.filter(e => e.closest('dialog[open]') && shown(e));
  const chosen = inDialog.length ? inDialog : all.filter(shown);
  return chosen.length === 1 ? all.indexOf(chosen[0]) : -chosen.length - 1;
}"""
# A control that lives in the closed menu (ui-contract.md "commands": a smaller window), no dialog open.
IN_CLOSED_MENU = """(selector) => {
  const menu = document.querySelector(selector)?.closest('[data-menu]');
  return !!menu && !document.querySelector('dialog[open]') && menu.getClientRects().length === 0;
}"""


class GamePage:
    """The page through the automation contract (ui-contract.md) only, over a ``Driver``."""

    def __init__(self, page: Page | Driver, site: str) -> None:
        if isinstance(page, Page):
            self._page: Page | None = page
            self.driver: Driver = PlaywrightDriver(page)
        else:
            self._page, self.driver = None, page
        self.site = site
        self.ready_ms = READY_MS
        """How long a boot may take (the cross-engine suite allows WebKitGTK's longer first visit)."""

    def use(self, page: Page) -> None:
        """Drive ``page`` from now on (a new page in place of one whose renderer crashed)."""
        self._page, self.driver = page, PlaywrightDriver(page)

    @property
    def page(self) -> Page:
        """The Playwright page (Chromium only): the cross-engine tests use ``driver``."""
        assert self._page is not None, f"{self.driver.name}: no Playwright page; use the driver interface"
        return self._page

    def attribute(self, selector: str, name: str) -> str | None:
        """An attribute of the first element matching ``selector``; None where absent. The element
        itself must be there."""
        found = self.driver.evaluate(ATTRIBUTE, [selector, name])
        assert found != ["absent"], f"no element {selector}"
        return found[0]  # type: ignore[no-any-return]

    def text(self, selector: str) -> str:
        """What the element shows (``innerText``), trimmed."""
        return str(self.driver.evaluate("(s) => document.querySelector(s).innerText.trim()", selector))

    # Opening and resetting

    def open(self, query: str = f"?deal={CODE}") -> GamePage:
        self.driver.navigate(self.site + query)
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        self.driver.wait("document.documentElement.dataset.ready === 'true'", self.ready_ms)

    def wait_ready_on_a_paused_clock(self, step_ms: int = 100) -> None:
        """Ready, on a fake clock (``page.clock``) that stands still: its timers fire only as the
        test moves it on, here ``step_ms`` at a time until the page is ready. Python starts the game
        clock and marks the page ready in one task, so the game clock has run less than two steps."""
        deadline = time.monotonic() + READY_MS / 1000
        while not self.is_ready():
            assert time.monotonic() < deadline, "not ready"
            self.page.clock.run_for(step_ms)

    def is_ready(self) -> bool:
        return bool(self.driver.evaluate("document.documentElement.dataset.ready === 'true'"))

    def tab(self, query: str = f"?deal={CODE}") -> GamePage:
        """The game opened in another tab of the same browser profile (same storage)."""
        return GamePage(self.page.context.new_page(), self.site).open(query)

    def fresh(self, code: str = CODE) -> GamePage:
        """The deal ``code`` from its start, no dialog, no message, the settings at their defaults,
        English: through the page's own commands, booting only if the page is not the game."""
        if not self.is_ready():
            self.open(f"?deal={code}")
            self.confirm_if_asked()
        self.close_dialog()
        self.set_language("en")
        self.set_settings(DEFAULT_SETTINGS, every=True)
        self.set_theme("system")
        if self.board("data-code") == code and self.enabled("restart"):
            self.action("restart")  # a move made or undone: asked first while in progress (R7.6)
        else:  # another deal, replaced (asked first while in progress), or this one with nothing done yet
            self.play_code(code)
        self.confirm_if_asked()
        self.driver.evaluate("() => { document.querySelector('[data-input=\"code\"]').value = ''; }")
        self.driver.evaluate("scrollTo(0, 0)")  # as a page just opened: clicks above may have scrolled it
        # The statistics' history closed, as a page just opened has it (a test may have opened it).
        self.driver.evaluate(
            "() => { const list = document.querySelector('[data-history-list]'); if (list) list.open = false; }"
        )
        state = self.figures(), self.board("data-code"), self.message()
        assert state == ((0, 0), code, ""), f"not the start of {code}: {state}"
        return self

    # The board

    def place(self, name: str) -> Locator:
        return self.page.locator(f'[data-board] [data-place="{name}"]')

    def button(self, name: str) -> Locator:
        return self.place(name).locator("button")

    def tap(self, *names: str, force: bool = False) -> None:
        """Clicks on the places' buttons; ``force`` also on an inert one (``aria-disabled``)."""
        for name in names:
            self.driver.click(f'[data-board] [data-place="{name}"] button', force=force)

    def play(self, moves: list[str]) -> None:
        for move in moves:
            self.tap(*move.split("+"))

    def play_line(self, moves: list[str]) -> None:
        """A long line of moves to reach a position: each tap a click on the place's button, all
        in one round trip (the taps of ``play`` go through the pointer, a round trip each)."""
        names = [name for move in moves for name in move.split("+")]
        self.driver.evaluate(
            """names => { for (const name of names)
                document.querySelector(`[data-board] [data-place="${name}"] button`).click(); }""",
            names,
        )

    def board(self, attribute: str) -> str | None:
        """An attribute of the board, or None where it is absent (``data-replay`` outside a replay)."""
        return self.attribute("[data-board]", attribute)

    def _required(self, selector: str, name: str) -> str:
        value = self.attribute(selector, name)
        assert value is not None, f"{name} is missing"
        return value

    def card(self, name: str) -> str:
        return self._required(f'[data-board] [data-place="{name}"]', "data-card")

    def count(self, name: str) -> int:
        return int(self._required(f'[data-board] [data-place="{name}"]', "data-count"))

    def label(self, name: str) -> str:
        return self._required(f'[data-board] [data-place="{name}"] button', "aria-label")

    def cards(self) -> dict[str, tuple[str, int]]:
        return self.driver.evaluate(  # type: ignore[no-any-return]
            """() => Object.fromEntries([...document.querySelectorAll('[data-board] [data-place]')]
                .map(p => [p.dataset.place, [p.dataset.card, Number(p.dataset.count)]]))"""
        )

    def selected(self) -> list[str]:
        return self.driver.evaluate(  # type: ignore[no-any-return]
            """() => [...document.querySelectorAll('[data-board] [data-place]')]
                .filter(p => p.querySelector('button').getAttribute('aria-pressed') === 'true')
                .map(p => p.dataset.place)"""
        )

    def dimmed(self) -> set[str]:
        return set(
            self.driver.evaluate(
                """() => [...document.querySelectorAll('[data-board] [data-place][data-dimmed="true"]')]
                    .map(p => p.dataset.place)"""
            )
        )

    def figures(self) -> tuple[int, int]:
        return int(self._required("[data-board]", "data-score")), int(self._required("[data-board]", "data-moves"))

    def info(self, name: str) -> str:
        return self.text(f'[data-info="{name}"]')

    def lang(self) -> str:
        return str(self.driver.evaluate("document.documentElement.lang"))

    # Commands and dialogs

    def command(self, name: str) -> Locator:
        """The command's button outside the dialogs (ui-contract.md "commands")."""
        return self.page.locator(f'button[data-action="{name}"]:not(dialog *)')

    def enabled(self, name: str) -> bool:
        """Whether the command's button outside the dialogs is enabled."""
        return bool(
            self.driver.evaluate(
                '(n) => !document.querySelector(`button[data-action="${n}"]:not(dialog *)`).disabled', name
            )
        )

    def action(self, name: str) -> None:
        """A command: the copy in the open dialog if it has one, else the one on the page (opening the
        menu first where the command is in it, as a player does)."""
        self._reveal(f'button[data-action="{name}"]:not(dialog *)')
        try:  # as a Playwright locator's click, it waits for the button to show (a dialog opening)
            self.driver.wait(f"(name) => ({VISIBLE_ACTION})(name) >= 0", ACTION_MS, name)
        except Exception as error:
            shown = -self.driver.evaluate(VISIBLE_ACTION, name) - 1
            raise AssertionError(f"{shown} visible buttons for the action {name!r}, not one") from error
        self.driver.click(f'button[data-action="{name}"]', nth=self.driver.evaluate(VISIBLE_ACTION, name))

    def repeat(self, name: str, times: int) -> None:
        """A command beside the table (``undo``, ``redo``: never in the menu) clicked ``times`` times in one
        round trip, as ``play_line`` taps; each click waits for nothing but the page's own handler."""
        self.driver.evaluate(
            """([name, times]) => { for (let i = 0; i < times; i++)
                document.querySelector(`button[data-action="${name}"]:not(dialog *)`).click(); }""",
            [name, times],
        )

    def dialog(self, name: str) -> Locator:
        return self.page.locator(f'[data-dialog="{name}"]')

    def is_open(self, name: str) -> bool:
        """Whether the dialog is open."""
        return bool(self.driver.evaluate('(n) => !!document.querySelector(`[data-dialog="${n}"]`)?.open', name))

    def confirm(self) -> None:
        self.driver.click('[data-dialog="confirm"] [data-action="confirm"]')

    def cancel(self) -> None:
        self.driver.click('[data-dialog="confirm"] [data-action="cancel"]')

    def confirm_if_asked(self) -> None:
        if self.is_open("confirm"):
            self.confirm()

    def close_dialog(self) -> None:
        """Whichever dialog is open, closed by its own button (cancel for a question)."""
        buttons = 'dialog[open] [data-action="close"], dialog[open] [data-action="cancel"]'
        if self.driver.evaluate("(s) => document.querySelectorAll(s).length", buttons):
            self.driver.click(buttons)

    def _reveal(self, selector: str) -> None:
        """Open the menu first where the control lives in it and it is closed, as a player does."""
        if self.driver.evaluate(IN_CLOSED_MENU, selector):
            self.driver.click('button[data-action="menu"]')

    def play_code(self, typed: str, enter: bool = False) -> None:
        self._reveal('[data-input="code"]')
        self.driver.fill('[data-input="code"]', typed)
        self.driver.key("Enter") if enter else self.action("play-code")

    # Settings

    def set_setting(self, name: str, value: str | bool) -> None:
        """A setting changed in the settings dialog, which is opened and closed again."""
        self.action("settings")
        control = f'[data-setting="{name}"]'
        if isinstance(value, str):
            self.driver.select(control, value)
        elif self.driver.evaluate("(s) => document.querySelector(s).checked", control) != value:
            self.driver.click(control)
        self.action("close")

    def setting(self, name: str, on: bool) -> None:
        """A checkbox setting, changed only if it differs (the controls always show the settings)."""
        self.set_settings({name: on})

    def set_settings(self, wanted: dict[str, bool], every: bool = False) -> None:
        """Checkbox settings, those that differ changed in one visit to the settings dialog;
        ``every``: ``wanted`` names every checkbox setting the page has."""
        shown: dict[str, bool] = self.driver.evaluate(CHECKBOXES)
        names = set(shown) == set(wanted) if every else set(wanted) <= set(shown)
        assert names, f"the page's checkbox settings are {sorted(shown)}, not {sorted(wanted)}"
        changes = {name: on for name, on in wanted.items() if shown[name] != on}
        if changes:
            self.action("settings")
            for name in changes:
                self.driver.click(f'[data-setting="{name}"]')
            now = self.driver.evaluate(CHECKBOXES)
            assert all(now[name] == on for name, on in changes.items()), f"settings {changes} not set: {now}"
            self.action("close")

    def set_language(self, lang: str) -> None:
        if self.lang() != lang:
            self.set_setting("language", lang)

    def set_theme(self, theme: str) -> None:
        """The theme setting (``system``, ``light``, ``dark``), changed only if it differs."""
        if self.driver.evaluate("document.querySelector('[data-setting=\"theme\"]').value") != theme:
            self.set_setting("theme", theme)

    # Messages

    def message(self) -> str:
        return self.text("[data-message]")

    def expect_message(self, text: str) -> None:
        if self._page is not None:
            expect(self.page.locator("[data-message]")).to_have_text(text)
        else:
            self.driver.wait("(t) => document.querySelector('[data-message]').innerText.trim() === t", 5000, text)

    # Storage, always by the keys module's names (webapp/store/storage_keys.py owns every key)

    def stored(self, key: str) -> str | None:
        """What storage holds under ``key``, as the page wrote it."""
        text: str | None = self.driver.evaluate("(key) => localStorage.getItem(key)", key)
        return text

    def store(self, key: str, value: str) -> None:
        """Write ``value`` under ``key``, as another tab or another copy of the page would."""
        self.driver.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, value])

    def saved(self) -> Any:
        """The saved game's record, parsed (None when there is none)."""
        text = self.stored(GAME_KEY)
        return None if text is None else json.loads(text)


# Statistics, files, the daily deal (docs/ui-contract.md "Additions")


def with_keys(script: str) -> str:
    """``script`` with each storage key's name (``GAME_KEY``, ``STATS_KEY``…, as webapp/store/storage_keys.py
    names them, and the Web Locks' ``STATS_LOCK``) written as its value, a JavaScript string: scripts never
    type a key out."""
    return re.sub(r"\b[A-Z_]+_(KEY|LOCK)\b", lambda name: json.dumps(getattr(storage_keys, name.group())), script)


def stat(game: GamePage, name: str) -> str:
    """A figure of ``[data-stats]`` (``played``, ``won``, ``streak``, ``best-time``, …), once no change
    of the figures waits for its turn (``aria-busy``: recording waits for the Web Lock)."""
    game.driver.wait("!document.querySelector('[data-stats]').hasAttribute('aria-busy')", 10_000)
    return game._required("[data-stats]", f"data-{name}")


def download(game: GamePage, action: str) -> bytes:
    """Click a command that downloads a file; the file's bytes."""
    with game.page.expect_download() as info:
        game.action(action)
    path = info.value.path()
    with open(path, "rb") as file:
        return file.read()


def choose_file(game: GamePage, input_name: str, content: bytes, name: str = "chosen.json") -> None:
    """Choose a file in ``<input type="file" data-input=…>``."""
    files: FilePayload = {"name": name, "mimeType": "application/json", "buffer": content}
    game.page.locator(f'[data-input="{input_name}"]').set_input_files(files)


# The keyboard, the spoken results and axe-core ------------------------------------

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]


class Keyboard:
    """The game played with keys alone: the board's arrows, Enter/Space, shortcuts."""

    def __init__(self, game: GamePage) -> None:
        self.game = game
        self.driver = game.driver

    @property
    def page(self) -> Page:
        return self.game.page

    def focused_place(self) -> str | None:
        return self.driver.evaluate(  # type: ignore[no-any-return]
            "document.activeElement?.closest('[data-board] [data-place]')?.dataset.place ?? null"
        )

    def go(self, target: str) -> None:
        """Arrow keys only, along a shortest path of arrow moves that the contract's rule decides
        from where the places are on screen (``arrow_moves``); the focus must end on ``target``."""
        start = self.focused_place()
        assert start is not None, "the focus is not on the board"
        path = arrow_path(arrow_moves(self.driver.evaluate(CENTRES)), start, target)
        for key in path:
            self.driver.key(key)
        assert self.focused_place() == target, f"{' '.join(path)} from {start} should end on {target}"

    def tap(self, *names: str, key: str = "Enter") -> None:
        for name in names:
            self.go(name)
            self.driver.key(key)

    def announced(self) -> Any:
        return expect(self.page.locator("[data-announce]"))


ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
CENTRES = """() => Object.fromEntries([...document.querySelectorAll('[data-board] [data-place]')].map(p => {
  const r = p.getBoundingClientRect(); return [p.dataset.place, [r.x + r.width / 2, r.y + r.height / 2]]; }))"""


def arrow_targets(centres: dict[str, list[float]], place: str, key: str) -> set[str] | None:
    """Where an arrow key may move the focus from ``place`` by the contract's rule ("arrow keys move
    to the nearest place in that direction"), read from the places' centres on screen: the nearest
    place within 45° of the arrow. A place within 5 % of the nearest distance, or within 10 % of the
    45° line, may be the one chosen too, so near-ties give a set. None where no place lies clearly
    within 45° (an edge of the board: the contract does not say whether the focus stays)."""
    x, y = centres[place]
    dx, dy = ARROWS[key]
    seen = []  # (distance, across / along, name) of every place ahead in the arrow's direction
    for other, (ox, oy) in centres.items():
        along, across = (ox - x) * dx + (oy - y) * dy, abs((ox - x) * dy + (oy - y) * dx)
        if other != place and along > 0:
            seen.append((math.hypot(along, across), across / along, other))
    clearly = [distance for distance, slope, _ in seen if slope <= 0.9]
    if not clearly:
        return None
    return {other for distance, slope, other in seen if slope <= 1.1 and distance <= min(clearly) * 1.05}


def arrow_moves(centres: dict[str, list[float]]) -> dict[tuple[str, str], str]:
    """The arrow moves whose outcome the rule decides alone: (place, key) → place."""
    moves = {}
    for place in centres:
        for key in ARROWS:
            targets = arrow_targets(centres, place, key)
            if targets is not None and len(targets) == 1:
                moves[place, key] = targets.pop()
    return moves


def arrow_path(moves: dict[tuple[str, str], str], start: str, target: str) -> list[str]:
    """The keys of a shortest path from ``start`` to ``target`` along ``moves``."""
    paths = {start: list[str]()}
    todo = [start]
    while todo:
        place = todo.pop(0)
        for key in ARROWS:
            nxt = moves.get((place, key))
            if nxt is not None and nxt not in paths:
                paths[nxt] = [*paths[place], key]
                todo.append(nxt)
    assert target in paths, f"{target} cannot be reached from {start} by the arrows' rule"
    return paths[target]


def axe_violations(page: Page) -> list[str]:
    """axe-core's WCAG 2.0/2.1/2.2 A/AA and best-practice violations on the page, one line each."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}" for v in result["violations"]]


def without_statistics(game: GamePage) -> GamePage:
    """The page's statistics cleared through its own command (reset, confirmed)."""
    game.action("stats")
    game.action("stats-reset")
    game.confirm()
    game.action("close")
    assert stat(game, "played") == "0"
    return game


# The history of games, a disclosure in the statistics dialog


def show_history(game: GamePage) -> None:
    """The statistics dialog's history opened (its summary clicked, as a player does) unless it is."""
    if not game.driver.evaluate("document.querySelector('[data-history-list]').open"):
        game.driver.click("[data-history-list] > summary")


# The first visit, held in its loading state


def first_visit(
    browser: Browser, site: str, locale: str, viewport: ViewportSize, query: str = ""
) -> tuple[Page, list[Route]]:
    """A first visit in a profile of its own, the runtime's wasm held back (the held routes go on
    when the test continues them): the page as first painted, loading for as long as the test needs."""
    context = browser.new_context(locale=locale, viewport=viewport, service_workers="block")
    page = context.new_page()
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site + query)
    return page, held
