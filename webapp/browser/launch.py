"""Files the installed app is asked to open: a saved game double-clicked where the
manifest's ``file_handlers`` made the app its handler (Chromium on the desktop) arrives through
``window.launchQueue``, whose consumer the page sets (static/page-services.js) and whose first file it
tells. It is opened as a chosen file is (webapp/app/app.py ``open_game_file``: validated whole, asked
first over a game in progress, R7.6), and like one, a file arriving while a replay is shown changes
nothing and the page says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from webapp.app.app import App
from webapp.browser.file_transfer import file_text
from webapp.browser.page_link import Link


class Launched:
    def __init__(self, app: App, link: Link, run: Callable[[Any], None], render: Callable[[], None]) -> None:
        self.app, self._render, self._run = app, render, run
        link.on("launched", lambda file: run(self.opened(file)))

    async def opened(self, file: Any) -> None:
        self.app.open_game_file(await file_text(file))
        self._render()
