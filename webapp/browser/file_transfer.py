"""Files: a record made in Python downloaded, and a chosen file read for the App (game and
statistics files, docs/ui-contract.md)."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from webapp.app.app import App
from webapp.browser.dom import found, window
from webapp.browser.effects import guarded
from webapp.stats.export import MAX_CHARS

FILE_INPUTS = {"game-file": "game", "stats-file": "stats"}
FILE_BYTES = MAX_CHARS * 4 + 4
"""No file of ours is longer in UTF-8 (the statistics' export, the longest, is ASCII): reading stops
there and the parser refuses the rest."""


def download(content: str, name: str, media_type: str = "application/json") -> None:
    """A file made in Python, downloaded through a Blob URL and a clicked ``<a download>``. Where the
    browser refuses (an optional effect, effects.py), nothing is downloaded and the game goes on."""
    guarded("the file download", _download, content, name, media_type)


def _download(content: str, name: str, media_type: str) -> None:
    options = to_js({"type": media_type}, dict_converter=js.Object.fromEntries)
    url = js.URL.createObjectURL(js.Blob.new(to_js([content]), options))
    link = js.document.createElement("a")  # the page's own, clicked at once: never part of the game's page
    link.href = url
    link.download = name
    js.document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 60_000)


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
