"""The statistics dialog and its files through the page's own commands (docs/ui-contract.md
"Additions"): downloading, choosing a file, resetting the statistics, opening the history."""

from __future__ import annotations

from playwright.sync_api import FilePayload

from support.pageobject import GamePage


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
    game.locator(f'[data-input="{input_name}"]').set_input_files(files)


def without_statistics(game: GamePage) -> GamePage:
    """The page's statistics cleared through its own command (reset, confirmed)."""
    game.action("stats")
    game.action("stats-reset")
    game.confirm()
    game.action("close")
    assert game.stat("played") == "0"
    return game


def show_history(game: GamePage) -> None:
    """The statistics dialog's history opened (its summary clicked, as a player does) unless it is."""
    if not game.history_open():
        game.driver.click("[data-history-list] > summary")
