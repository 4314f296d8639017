"""The commands the browser carries out itself (``BROWSER_ACTIONS``, webapp/app/actions.py): sharing and
copying, the files saved, the storage that lasts, installing and updating. Each is an optional effect
(effects.py): where one fails in this browser the player is told, or nothing happens, and the game goes on."""

from __future__ import annotations

from collections.abc import Callable

from halfmoon import save
from halfmoon.saved import FILE_EXTENSION, FILE_TYPE
from webapp.app.actions import Action
from webapp.app.app import App
from webapp.browser.effects import warning
from webapp.browser.lasting import Lasting
from webapp.browser.offline import Offline
from webapp.browser.ports import Browser
from webapp.browser.sharing import SAID, Offers, Tell
from webapp.draw.share_and_history import share_text, to_share
from webapp.stats.export import export_text

DOWNLOAD = "the file download"
"""A file that cannot be downloaded here is an optional effect (effects.py): nothing is downloaded."""
JSON = "application/json"


class BrowserCommands:
    def __init__(self, app: App, browser: Browser, tell: Tell, close_intro: Callable[[], None]) -> None:
        """``tell`` says a message key (sharing.py ``Tell``)."""
        self.app, self.tell = app, tell
        run = browser.run
        self.address = browser.address
        document = browser.document
        buttons = {action: document.querySelectorAll(f'button[data-action="{action.value}"]') for action in SAID}
        self.offers = Offers(buttons, browser.link, tell)
        self.replay_link = browser.document.one("[data-replay-link]")
        self.replay_line = browser.document.one(".replay-link")
        self.offline = Offline(browser.document, browser.link, lambda: tell("update-ready"))
        self.lasting = Lasting(app, browser.link, run, tell)
        link = browser.link

        def download(content: str, name: str, media_type: str) -> None:
            with browser.document.effect(warning(DOWNLOAD)):
                link.port("download", content, name, media_type)

        self.actions: dict[Action, Callable[[], None]] = {
            Action.SHARE: lambda: None,  # the page shares what ``publish`` offered
            Action.INSTALL: self.offline.install,
            Action.UPDATE: self.offline.update,
            Action.COPY_GAME: lambda: None,
            Action.STATS_EXPORT: lambda: download(
                export_text(app.tally.stats, app.tally.history), "half-moon-statistics.json", JSON
            ),
            Action.STATS_PERSIST: lambda: run(self.lasting.ask()),
            Action.GAME_EXPORT: lambda: download(save(app.record), f"half-moon-{app.code}{FILE_EXTENSION}", FILE_TYPE),
            Action.SHARE_REPLAY: self.show_replay_link,
            Action.MENU: lambda: None,  # the browser's own popovertarget opens and closes it
            Action.INTRO_CLOSE: close_intro,
            Action.SHARE_RESULT: lambda: None,
        }

    def do(self, action: Action) -> None:
        self.actions[action]()

    def show_replay_link(self) -> None:
        """The replay link of the game on the table, shown in ``data-replay-link`` at once (the page
        copies it: ``publish``)."""
        url = self.replay_url()
        self.replay_link.href = url
        self.replay_link.textContent = url
        self.replay_line.hidden = False

    def replay_url(self) -> str:
        return self.address.here() + self.app.table.replay_query()

    def publish(self, saved: bool) -> None:
        """What each share and copy button offers now (sharing.py): the page carries it out in the
        click's own task. The saved game's text only while it cannot be saved (its button shows then)."""
        href, offer = self.address.href, self.offers.offer
        offer(Action.SHARE, href, {"title": "Half Moon", "url": href})
        offer(Action.SHARE_REPLAY, self.replay_url())
        outcome = to_share(self.app)
        result = None if outcome is None else share_text(outcome, self.app.lang, self.address.here())
        offer(Action.SHARE_RESULT, result, None if result is None else {"text": result})
        offer(Action.COPY_GAME, None if saved else save(self.app.record))
