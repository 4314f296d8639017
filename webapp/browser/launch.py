"""Files the installed app is asked to open: a saved game double-clicked where the
manifest's ``file_handlers`` made the app its handler (Chromium on the desktop) arrives through
``window.launchQueue``. It is opened as a chosen file is (webapp/app/app.py ``open_game_file``:
validated whole, asked first over a game in progress, R7.6), and like one, a file arriving while a
replay is shown changes nothing and the page says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from webapp.app.app import App
from webapp.browser.dom import found
from webapp.browser.file_transfer import file_text


class Launched:
    """The launch queue's consumer, set once; without a launch queue (most browsers), nothing."""

    def __init__(self, app: App, queue: Any, run: Callable[[Any], None], render: Callable[[], None]) -> None:
        """``queue``: the browser's launch queue, or None."""
        self.app, self._render = app, render
        if found(queue):
            self._consumer = create_proxy(lambda params: run(self.opened(params)))
            queue.setConsumer(self._consumer)

    async def opened(self, params: Any) -> None:
        files: Any = getattr(params, "files", None)
        if not found(files) or files.length == 0:
            return  # launched without a file: the app's start, or a shortcut
        self.app.open_game_file(await file_text(await files[0].getFile()))
        self._render()
