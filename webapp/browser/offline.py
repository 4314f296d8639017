"""Offline play and installation: the page's service worker (updates wait for the player) and the
browser's install prompt, both the page's (static/page-services.js); Python decides when to register,
what the player is offered and told."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from webapp.browser.page_link import Link
from webapp.mirror.document import Document


class Offline:
    """A new version installs in the background and waits; the player is told and chooses when to
    switch (``update``), then the page reloads under the new version. The game is saved on the way."""

    def __init__(self, document: Document, link: Link, update_ready: Callable[[], None]) -> None:
        """``update_ready`` tells the player a new version waits."""
        self._link = link
        self._update_ready = update_ready
        self._install = document.one('[data-action="install"]')
        self._install.halfmoonOffer = {"action": "install", "install": True}  # static/page-offers.js
        self._update = document.one('[data-action="update"]')
        link.on("update-waiting", self.on_waiting)
        link.on("installable", self.on_installable)

    def start(self) -> None:
        """The service worker registered, once the game is ready (webapp/browser/start.py): its precache
        then takes no bandwidth from the start, and still completes during a first visit."""
        self._link.port("register")

    def on_waiting(self, _value: Any) -> None:
        """A new version waits (an update, not the first install: the page tells only then)."""
        self._update.hidden = False
        self._update_ready()

    def update(self) -> None:
        self._link.port("update")

    def on_installable(self, offered: Any) -> None:
        """The browser's install offer came (the page keeps it), or was used or the app installed."""
        self._install.hidden = not offered

    def install(self) -> None:
        """The page shows the browser's prompt in the tap's own task (it needs the tap's user
        activation), from the offer it keeps; the button goes until the browser offers again."""
        self._install.hidden = True
