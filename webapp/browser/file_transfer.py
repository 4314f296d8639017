"""Files: a chosen file read for the App (game and statistics files, docs/ui-contract.md); a record
made in Python is downloaded through the start's ``Downloads`` (webapp/browser/ports.py)."""

from __future__ import annotations

from typing import Any

from webapp.app.app import App
from webapp.browser.dom import found
from webapp.stats.export import MAX_CHARS

FILE_INPUTS = {"game-file": "game", "stats-file": "stats"}
FILE_BYTES = MAX_CHARS * 4 + 4
"""No file of ours is longer in UTF-8 (the statistics' export, the longest, is ASCII): reading stops
there and the parser refuses the rest."""


async def read_chosen(app: App, files: Any, kind: str) -> None:
    """A chosen file (``files``, the input's list), read no further than any record of ours can be
    long, to the App."""
    if not found(files) or files.length == 0:
        return
    text = await file_text(files.item(0))
    if kind == "game":
        app.open_game_file(text)
    else:
        app.open_stats_file(text)


async def file_text(file: Any) -> str:
    """A file's text, read no further than any record of ours can be long."""
    return str(await file.slice(0, FILE_BYTES).text())
