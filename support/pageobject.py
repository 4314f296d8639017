"""The page through the automation contract (ui-contract.md) only: no class names, no nesting.

Every page test drives the game through this one set of helpers, in every engine. ``GamePage`` works
over a small driver interface (``support/engines.py``: navigate, evaluate, click, key, fill, select,
wait) with one adapter per driver: Playwright for Chromium, Marionette for Firefox, Selenium for
WebKitGTK. Built on a Playwright page, it also offers that page's locators (``place``, ``button``,
``command``, ``dialog``, ``page``) to the Chromium tests; the cross-engine suite (tests/engines/)
uses only what every driver has. ``fresh`` puts a booted page back to a known state through the
page's own commands (a deal played by code, restart), so that tests can share one booted page
instead of paying for a Pyodide boot each.

This module opens pages and acts on them (taps, commands, settings); reading the contract is
page_reads.py's job, storage page_storage.py's, the browser's offers and stubs page_device.py's.
"""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page, Route, ViewportSize

from support.page_base import READY_MS
from support.page_device import DeviceStubs
from support.page_reads import ContractReads
from support.page_storage import StorageAccess

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


class GamePage(ContractReads, StorageAccess, DeviceStubs):
    """The page through the automation contract (ui-contract.md) only, over a ``Driver``."""

    # Opening and resetting

    def open(self, query: str = f"?deal={CODE}") -> GamePage:
        self.driver.navigate(self.site + query)
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        self.driver.wait("document.documentElement.dataset.ready === 'true'", self.ready_ms)

    def wait_ready_on_a_paused_clock(self, step_ms: int = 100) -> None:
        """Ready, on a fake clock (``page.clock``) that stands still: its timers fire only as the
        test moves it on, here ``step_ms`` at a time until the runtime has started (``data-start``),
        then not at all, only its timers already due run, until the page is ready. The game's start
        reads the clock when the page calls it, after ``data-start``: the game clock starts where the
        test left the fake one, however long the start takes."""
        deadline = time.monotonic() + READY_MS / 1000
        while not self.is_ready():
            assert time.monotonic() < deadline, "not ready"
            self.page.clock.run_for(0 if self.root("data-start") else step_ms)

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

    # Commands and dialogs

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

    def focus(self, selector: str) -> None:
        """The focus put on the element matching ``selector`` (as a script does, not a click)."""
        self.driver.evaluate("(s) => document.querySelector(s).focus()", selector)

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
        elif self.checked(name) != value:
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
