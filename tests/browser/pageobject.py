"""The page through the automation contract (ui-contract.md) only: no class names, no nesting.

Every page test drives the game through this one set of helpers. ``fresh`` puts a booted page
back to a known state through the page's own commands (a deal played by code, restart), so that
tests can share one booted page instead of paying for a Pyodide boot each.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from halfmoon import Place
from webapp.app.keyboard import ARROWS, neighbour

READY_MS = 60_000
CODE = "HM1-N-AAAAAAB"
DEFAULT_SETTINGS = {"move-errors": False, "layout-help": False}


class Game:
    """The page through the automation contract (ui-contract.md) only."""

    def __init__(self, page: Page, site: str) -> None:
        self.page = page
        self.site = site

    # Opening and resetting

    def open(self, query: str = f"?deal={CODE}") -> Game:
        self.page.goto(self.site + query)
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-ready='true']", timeout=READY_MS)

    def is_ready(self) -> bool:
        return bool(self.page.evaluate("document.documentElement.dataset.ready === 'true'"))

    def tab(self, query: str = f"?deal={CODE}") -> Game:
        """The game opened in another tab of the same browser profile (same storage)."""
        return Game(self.page.context.new_page(), self.site).open(query)

    def fresh(self, code: str = CODE) -> Game:
        """The deal ``code`` from its start, no dialog, no message, the settings at their defaults,
        English: through the page's own commands, booting only if the page is not the game."""
        if not self.is_ready():
            self.open(f"?deal={code}")
            self.confirm_if_asked()
        self.close_dialog()
        self.set_language("en")
        for name, on in DEFAULT_SETTINGS.items():
            self.setting(name, on)
        if self.board("data-code") == code and self.in_progress():
            self.action("restart")
            self.confirm()
        else:  # not in progress: replaced without asking (R7.6), or asked when another deal is
            self.play_code(code)
            self.confirm_if_asked()
        self.page.locator('[data-input="code"]').fill("")
        self.page.evaluate("scrollTo(0, 0)")  # as a page just opened: clicks above may have scrolled it
        assert self.figures() == (0, 0) and self.board("data-code") == code and self.message() == ""
        return self

    def in_progress(self) -> bool:
        return self.board("data-status") == "playing" and self.figures()[1] > 0

    # The board

    def place(self, name: str) -> Locator:
        return self.page.locator(f'[data-board] [data-place="{name}"]')

    def button(self, name: str) -> Locator:
        return self.place(name).locator("button")

    def tap(self, *names: str, force: bool = False) -> None:
        """Clicks on the places' buttons; ``force`` also on an inert one (``aria-disabled``)."""
        for name in names:
            self.button(name).click(force=force)

    def play(self, moves: list[str]) -> None:
        for move in moves:
            self.tap(*move.split("+"))

    def play_line(self, moves: list[str]) -> None:
        """A long line of moves to reach a position: each tap a click on the place's button, all
        in one round trip (the taps of ``play`` go through the pointer, a round trip each)."""
        names = [name for move in moves for name in move.split("+")]
        self.page.evaluate(
            """names => { for (const name of names)
                document.querySelector(`[data-board] [data-place="${name}"] button`).click(); }""",
            names,
        )

    def board(self, attribute: str) -> str:
        return str(self.page.locator("[data-board]").get_attribute(attribute))

    def card(self, name: str) -> str:
        return str(self.place(name).get_attribute("data-card"))

    def count(self, name: str) -> int:
        return int(str(self.place(name).get_attribute("data-count")))

    def label(self, name: str) -> str:
        return str(self.button(name).get_attribute("aria-label"))

    def cards(self) -> dict[str, tuple[str, int]]:
        return self.page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll('[data-board] [data-place]')]
                .map(p => [p.dataset.place, [p.dataset.card, Number(p.dataset.count)]]))"""
        )

    def selected(self) -> list[str]:
        return self.page.evaluate(
            """() => [...document.querySelectorAll('[data-board] [data-place]')]
                .filter(p => p.querySelector('button').getAttribute('aria-pressed') === 'true')
                .map(p => p.dataset.place)"""
        )

    def dimmed(self) -> set[str]:
        return set(
            self.page.evaluate(
                """() => [...document.querySelectorAll('[data-board] [data-place][data-dimmed="true"]')]
                    .map(p => p.dataset.place)"""
            )
        )

    def figures(self) -> tuple[int, int]:
        return int(self.board("data-score")), int(self.board("data-moves"))

    def info(self, name: str) -> str:
        return self.page.locator(f'[data-info="{name}"]').inner_text().strip()

    def lang(self) -> str:
        return str(self.page.evaluate("document.documentElement.lang"))

    # Commands and dialogs

    def command(self, name: str) -> Locator:
        """The command's button outside the dialogs (ui-contract.md "commands")."""
        return self.page.locator(f'button[data-action="{name}"]:not(dialog *)')

    def action(self, name: str) -> None:
        """A command: the copy in the open dialog if it has one, else the one on the page."""
        in_dialog = self.page.locator(f'dialog[open] button[data-action="{name}"]:visible')
        (in_dialog if in_dialog.count() else self.page.locator(f'button[data-action="{name}"]:visible')).click()

    def dialog(self, name: str) -> Locator:
        return self.page.locator(f'[data-dialog="{name}"]')

    def confirm(self) -> None:
        self.dialog("confirm").locator('[data-action="confirm"]').click()

    def cancel(self) -> None:
        self.dialog("confirm").locator('[data-action="cancel"]').click()

    def confirm_if_asked(self) -> None:
        if self.dialog("confirm").is_visible():
            self.confirm()

    def close_dialog(self) -> None:
        """Whichever dialog is open, closed by its own button (cancel for a question)."""
        buttons = self.page.locator('dialog[open] [data-action="close"], dialog[open] [data-action="cancel"]')
        if buttons.count():
            buttons.first.click()

    def play_code(self, typed: str, enter: bool = False) -> None:
        box = self.page.locator('[data-input="code"]')
        box.fill(typed)
        box.press("Enter") if enter else self.action("play-code")

    # Settings

    def set_setting(self, name: str, value: str | bool) -> None:
        """A setting changed in the settings dialog, which is opened and closed again."""
        self.action("settings")
        control = self.page.locator(f'[data-setting="{name}"]')
        if isinstance(value, str):
            control.select_option(value)
        else:
            control.set_checked(value)
        self.action("close")

    def setting(self, name: str, on: bool) -> None:
        """A checkbox setting, changed only if it differs (the controls always show the settings)."""
        if self.page.locator(f'[data-setting="{name}"]').is_checked() != on:
            self.set_setting(name, on)

    def set_language(self, lang: str) -> None:
        if self.lang() != lang:
            self.set_setting("language", lang)

    # Messages

    def message(self) -> str:
        return self.page.locator("[data-message]").inner_text().strip()

    def expect_message(self, text: str) -> None:
        expect(self.page.locator("[data-message]")).to_have_text(text)

    def saved(self) -> Any:
        return self.page.evaluate("JSON.parse(localStorage.getItem('half-moon:game'))")


# Issue 13: statistics, files, the daily deal (docs/ui-contract.md "Additions")


def stat(game: Game, name: str) -> str:
    """A figure of ``[data-stats]`` (``played``, ``won``, ``streak``, ``best-time``, …)."""
    return str(game.page.locator("[data-stats]").get_attribute(f"data-{name}"))


def download(game: Game, action: str) -> bytes:
    """Click a command that downloads a file; the file's bytes."""
    with game.page.expect_download() as info:
        game.action(action)
    path = info.value.path()
    with open(path, "rb") as file:
        return file.read()


def choose_file(game: Game, input_name: str, content: bytes, name: str = "chosen.json") -> None:
    """Choose a file in ``<input type="file" data-input=…>``."""
    files = {"name": name, "mimeType": "application/json", "buffer": content}
    game.page.locator(f'[data-input="{input_name}"]').set_input_files(files)


# Issue 12: the keyboard, the spoken results and axe-core ------------------------------------

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]


class Keyboard:
    """The game played with keys alone: the board's arrows, Enter/Space, shortcuts."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.page = game.page

    def focused_place(self) -> str | None:
        return self.page.evaluate("document.activeElement.closest('[data-board] [data-place]')?.dataset.place ?? null")

    def go(self, target: str) -> None:
        """Arrow keys only, along the shortest path of the board's arrow moves (webapp/keyboard.py)."""
        start = self.focused_place()
        assert start is not None, "the focus is not on the board"
        for key in arrow_path(start, target):
            self.page.keyboard.press(key)
        assert self.focused_place() == target

    def tap(self, *names: str, key: str = "Enter") -> None:
        for name in names:
            self.go(name)
            self.page.keyboard.press(key)

    def announced(self) -> Any:
        return expect(self.page.locator("[data-announce]"))


def arrow_path(start: str, target: str) -> list[str]:
    paths = {Place(start): list[str]()}
    todo = [Place(start)]
    while todo:
        place = todo.pop(0)
        for key in ARROWS:
            nxt = neighbour(place, key)
            if nxt not in paths:
                paths[nxt] = [*paths[place], key]
                todo.append(nxt)
    return paths[Place(target)]


def axe_violations(page: Page) -> list[str]:
    """axe-core's WCAG 2.0/2.1/2.2 A/AA and best-practice violations on the page, one line each."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}" for v in result["violations"]]
