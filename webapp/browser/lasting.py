"""Storage that lasts: the browser asked to keep this site's storage (``navigator.storage.persist``),
so that the statistics and the saved game are not cleared with other sites' data (Safari may clear a
site's storage after seven days without a visit). Asked after the first finished game, or from the
statistics dialog; Firefox may ask the player then. The answer is kept on the tally for the view. A
question that fails (an optional effect, effects.py) leaves the answer unknown, or not kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from webapp.app.app import App
from webapp.browser.dom import found
from webapp.browser.effects import awaited

EFFECT = "storage persistence"


class Lasting:
    def __init__(self, app: App, manager: Any, run: Callable[[Any], None], tell: Callable[..., None]) -> None:
        """``manager``: the browser's storage manager (``navigator.storage``), or None."""
        self.app = app
        self.run = run
        self.tell = tell
        self.asked = False
        self.manager: Any = manager
        if found(self.manager) and hasattr(self.manager, "persisted"):
            run(self.check())
        else:
            self.manager = None  # no such API (an old browser, an insecure context): nothing to ask

    async def check(self) -> None:
        persisted = await awaited(EFFECT, lambda: self.manager.persisted())
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
        if self.manager is None:
            if said:
                self.tell("stats-not-persisted")
            return
        kept = bool(await awaited(EFFECT, lambda: self.manager.persist()))  # refused (a sandboxed frame): not kept
        self.app.tally.persistent = kept
        self.tell(("stats-persisted" if kept else "stats-not-persisted") if said else None)
