"""Storage that lasts: the browser asked to keep this site's storage (``navigator.storage.persist``,
the page's), so that the statistics and the saved game are not cleared with other sites' data (Safari
may clear a site's storage after seven days without a visit). Asked after the first finished game, or
from the statistics dialog; Firefox may ask the player then. The answer is kept on the tally for the
view. A question the page cannot ask (no such API, an insecure context) or that fails answers None:
the answer stays unknown, or not kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from webapp.app.app import App
from webapp.browser.effects import awaited
from webapp.browser.page_link import Link

EFFECT = "storage persistence"


class Lasting:
    def __init__(self, app: App, link: Link, run: Callable[[Any], None], tell: Callable[..., None]) -> None:
        self.app = app
        self.link = link
        self.run = run
        self.tell = tell
        self.asked = False
        run(self.check())

    async def check(self) -> None:
        persisted = await awaited(EFFECT, lambda: self.link.ask("persisted"))
        if persisted is not None:
            self.app.tally.persistent = bool(persisted)
            self.tell(None)

    def after_render(self) -> None:
        """After the first finished game, once a page: ask without being asked (no message)."""
        if not self.asked and self.app.tally.persistent is False and self.app.tally.stats.finished > 0:
            self.asked = True
            self.run(self.ask(said=False))

    async def ask(self, said: bool = True) -> None:
        """Ask the browser to keep the storage; with ``said``, the player is told the answer."""
        kept = bool(await awaited(EFFECT, lambda: self.link.ask("persist")))
        self.app.tally.persistent = kept
        self.tell(("stats-persisted" if kept else "stats-not-persisted") if said else None)
