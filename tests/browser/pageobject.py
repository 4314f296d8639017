"""The page through the automation contract (ui-contract.md) only: no class names, no nesting."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from halfmoon import Place
from webapp.keyboard import ARROWS, neighbour

READY_MS = 60_000


class Game:
    """The page through the automation contract (ui-contract.md) only."""

    def __init__(self, page: Page, site: str) -> None:
        self.page = page
        self.site = site

    def open(self, query: str = "?deal=HM1-N-AAAAAAB") -> Game:
        self.page.goto(self.site + query)
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-ready='true']", timeout=READY_MS)

    def place(self, name: str) -> Any:
        return self.page.locator(f'[data-board] [data-place="{name}"]')

    def tap(self, *names: str) -> None:
        for name in names:
            self.place(name).locator("button").click()

    def play(self, moves: list[str]) -> None:
        for move in moves:
            self.tap(*move.split("+"))

    def action(self, name: str) -> None:
        self.page.locator(f'button[data-action="{name}"]:visible').click()

    def board(self, attribute: str) -> str:
        return str(self.page.locator("[data-board]").get_attribute(attribute))

    def card(self, name: str) -> str:
        return str(self.place(name).get_attribute("data-card"))

    def count(self, name: str) -> int:
        return int(str(self.place(name).get_attribute("data-count")))

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

    def message(self) -> str:
        return self.page.locator("[data-message]").inner_text().strip()

    def info(self, name: str) -> str:
        return self.page.locator(f'[data-info="{name}"]').inner_text().strip()

    def figures(self) -> tuple[int, int]:
        return int(self.board("data-score")), int(self.board("data-moves"))

    def setting(self, name: str, on: bool) -> None:
        self.action("settings")
        box = self.page.locator(f'[data-setting="{name}"]')
        box.check() if on else box.uncheck()
        self.action("close")

    def expect_message(self, text: str) -> None:
        expect(self.page.locator("[data-message]")).to_have_text(text)


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
