"""The page through the automation contract (ui-contract.md) only: no class names, no nesting."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

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
