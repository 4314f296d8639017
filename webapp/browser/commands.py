"""The commands the browser carries out itself (``BROWSER_ACTIONS``, webapp/app/actions.py): sharing and
copying, the files saved, the storage that lasts, installing and updating. Each is an optional effect
(effects.py): where one fails in this browser the player is told, or nothing happens, and the game goes on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from halfmoon import save
from halfmoon.saved import FILE_EXTENSION, FILE_TYPE
from webapp.app.actions import Action
from webapp.app.app import App
from webapp.browser.effects import warning
from webapp.browser.lasting import Lasting
from webapp.browser.offline import Offline
from webapp.browser.ports import Browser
from webapp.browser.sharing import Sharing, Tell, copy_game, copy_replay_link, share, share_result
from webapp.draw.share_and_history import share_text, to_share
from webapp.stats.export import export_text

DOWNLOAD = "the file download"
"""A file that cannot be downloaded here is an optional effect (effects.py): nothing is downloaded."""
JSON = "application/json"


class BrowserCommands:
    def __init__(
        self, app: App, browser: Browser, run: Callable[[Any], None], tell: Tell, close_intro: Callable[[], None]
    ) -> None:
        """``run`` keeps a coroutine running; ``tell`` says a message key (sharing.py ``Tell``)."""
        self.app, self.run, self.tell = app, run, tell
        self.address, self.sharing = browser.address, Sharing(browser.link, browser.can_share)
        self.replay_link = browser.document.one("[data-replay-link]")
        self.replay_line = browser.document.one(".replay-link")
        self.offline = Offline(browser.document, browser.link, lambda: tell("update-ready"))
        self.lasting = Lasting(app, browser.link, run, tell)
        sharing, link = self.sharing, browser.link

        def download(content: str, name: str, media_type: str) -> None:
            with browser.document.effect(warning(DOWNLOAD)):
                link.port("download", content, name, media_type)

        self.actions: dict[Action, Callable[[], None]] = {
            Action.SHARE: lambda: run(share(sharing, self.address.href, tell)),
            Action.INSTALL: self.offline.install,
            Action.UPDATE: self.offline.update,
            Action.COPY_GAME: lambda: run(copy_game(sharing, save(app.record), tell)),
            Action.STATS_EXPORT: lambda: download(
                export_text(app.tally.stats, app.tally.history), "half-moon-statistics.json", JSON
            ),
            Action.STATS_PERSIST: lambda: run(self.lasting.ask()),
            Action.GAME_EXPORT: lambda: download(save(app.record), f"half-moon-{app.code}{FILE_EXTENSION}", FILE_TYPE),
            Action.SHARE_REPLAY: lambda: run(copy_replay_link(sharing, self.show_replay_link(), tell)),
            Action.MENU: lambda: None,  # the browser's own popovertarget opens and closes it
            Action.INTRO_CLOSE: close_intro,
            Action.SHARE_RESULT: self.share_result,
        }

    def do(self, action: Action) -> None:
        self.actions[action]()

    def show_replay_link(self) -> str:
        """The replay link of the game on the table, shown in ``data-replay-link`` at once."""
        url = self.address.here() + self.app.table.replay_query()
        self.replay_link.href = url
        self.replay_link.textContent = url
        self.replay_line.hidden = False
        return url

    def share_result(self) -> None:
        """The end dialog's game, or the statistics dialog's latest daily deal, as a spoiler-free text."""
        outcome = to_share(self.app)
        if outcome is not None:
            self.run(share_result(self.sharing, share_text(outcome, self.app.lang, self.address.here()), self.tell))
