"""Offline play and installation: the service worker (updates wait for the player) and the
browser's install prompt. Browser plumbing only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from webapp.browser.dom import found, listen
from webapp.browser.effects import awaited, guarded
from webapp.browser.ports import Address
from webapp.mirror.document import Document

INSTALL_PROMPT = "the install prompt"


class Offline:
    """The service worker (offline play, updates) and the install prompt: browser plumbing only.

    A new version installs in the background and waits; the player is told and chooses when to
    switch (``update``), then the page reloads under the new version. The game is saved on the way.
    """

    def __init__(
        self,
        document: Document,
        address: Address,
        workers: Any,
        install_events: Any,
        run: Callable[[Any], None],
        update_ready: Callable[[], None],
    ) -> None:
        """``workers``: the browser's service workers, or None; ``install_events``: where the browser's
        install offer is heard; ``run`` keeps a coroutine running; ``update_ready`` tells the player a
        new version waits."""
        self._run, self._update_ready = run, update_ready
        self._address = address
        self._install = document.one('[data-action="install"]')
        self._update = document.one('[data-action="update"]')
        self.registration: Any = None
        self.install_prompt: Any = None
        self.switching = False
        self._proxies = [
            listen(install_events, "beforeinstallprompt", self.on_install_prompt),
            listen(install_events, "appinstalled", self.on_installed),
        ]
        self._workers = workers if found(workers) else None
        if self._workers is not None:
            self._proxies.append(listen(workers, "controllerchange", self.on_controller_change))

    def start(self) -> None:
        """The service worker registered, once the game is ready (webapp/browser/start.py): its precache
        then takes no bandwidth from the start, and still completes during a first visit."""
        if self._workers is not None:
            self._run(self.register(self._workers))

    async def register(self, workers: Any) -> None:
        try:
            self.registration = await workers.register("./service-worker.js")
        except Exception as error:  # e.g. a private window that refuses it: the game still plays
            js.console.warn(f"service worker not registered: {error}")
            return
        if not found(self.registration):  # refused without an error (an automation blocking workers)
            return
        self._proxies.append(listen(self.registration, "updatefound", self.on_update_found))
        if found(self.registration.waiting) and found(workers.controller):
            self.on_waiting()

    def on_update_found(self, _event: Any) -> None:
        worker = self.registration.installing
        if found(worker):
            proxy = create_proxy(lambda _e: self.on_waiting() if worker.state == "installed" else None)
            worker.addEventListener("statechange", proxy)
            self._proxies.append(proxy)

    def on_waiting(self) -> None:
        if self._workers is not None and found(self._workers.controller):  # an update, not the first install
            self._update.hidden = False
            self._update_ready()

    def update(self) -> None:
        waiting: Any = self.registration.waiting if self.registration else None
        if found(waiting):
            self.switching = True
            waiting.postMessage(to_js({"type": "SKIP_WAITING"}, dict_converter=js.Object.fromEntries))

    def on_controller_change(self, _event: Any) -> None:
        if self.switching:
            self._address.reload()

    def on_install_prompt(self, event: Any) -> None:
        event.preventDefault()  # the page offers its own Install button instead
        self.install_prompt = event
        self._install.hidden = False

    def install(self) -> None:
        """The browser's prompt, once per offer, called in the tap's own task (it needs the tap's user
        activation); one that throws or rejects (an optional effect, effects.py) is used up all the
        same, and the browser makes a new offer when it can."""
        offer, self.install_prompt = self.install_prompt, None
        if offer is not None:
            self._install.hidden = True
            answer = guarded(INSTALL_PROMPT, offer.prompt)
            if answer is not None:
                self._run(awaited(INSTALL_PROMPT, lambda: answer))

    def on_installed(self, _event: Any) -> None:
        self._install.hidden = True
