"""What the shell is given of the browser, beyond the page's copy: made once by the start
(webapp/browser/start.py, the one place of composition) from the page's facts and the link to the
page, and handed to each part it serves. A part of the shell reaches no global it was not given.

Python runs in a Worker: what only the page can do is a page function (a ``port`` operation of the
batch, or an ``ask``), and what only the page can know arrives as a fact at the start or as news the
page tells (docs/architecture.md "The page's ports")."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import js  # type: ignore[import-not-found]

from webapp.browser.page_link import Link
from webapp.browser.page_storage import PageStorage
from webapp.mirror.document import Document


class Timer:
    """A timer of ``Timers.later``: its number on the page."""

    def __init__(self, number: int) -> None:
        self.id = number


class Timers:
    """The page's timers, so that the game's time is the page's: each fires as news the page tells,
    handled in a call of its own."""

    def __init__(self, link: Link) -> None:
        self._link = link
        self._next = 0
        self._actions: dict[int, tuple[Callable[[], object], bool]] = {}
        link.on("timer", self._fired)

    def _add(self, action: Callable[[], object], repeats: bool = False) -> int:
        self._next += 1
        self._actions[self._next] = (action, repeats)
        return self._next

    def _fired(self, number: Any) -> None:
        action, repeats = self._actions.get(int(number), (None, False))
        if action is None:
            return  # cancelled after the page fired it
        if not repeats:
            del self._actions[int(number)]
        action()

    def later(self, ms: float, action: Callable[[], object]) -> Timer:
        """``action`` once, ``ms`` from now; the handle ``cancel`` takes."""
        number = self._add(action)
        self._link.port("later", number, ms)
        return Timer(number)

    def cancel(self, timer: Timer) -> None:
        if self._actions.pop(timer.id, None) is not None:
            self._link.port("cancel", timer.id)

    def every(self, ms: float, action: Callable[[], object]) -> None:
        """``action`` every ``ms``, for the page's life."""
        self._link.port("every", self._add(action, repeats=True), ms)

    def when_idle(self, action: Callable[[], object]) -> None:
        """``action`` once the page is idle (a moment later where the browser cannot say)."""
        self._link.port("idle", self._add(action))

    def call_later(self, ms: float, function: Any) -> None:
        """A JavaScript function of the worker's (a promise's ``resolve``) called ``ms`` from now, by
        the worker's own timer: a lock let go whatever the page does."""
        js.setTimeout(function, ms)

    def now(self) -> float:
        """Milliseconds on the page's monotonic clock, as of the call being handled."""
        return self._link.clock.now_ms()


class Address:
    """The page's address: read, replaced by Python's query, or reloaded."""

    def __init__(self, href: str, link: Link) -> None:
        self.href = href
        self._link = link

    @property
    def search(self) -> str:
        rest = self.href.split("#")[0]
        return "?" + rest.split("?", 1)[1] if "?" in rest else ""

    def here(self) -> str:
        """The address without its query and fragment: a link to a deal adds its own query."""
        return self.href.split("?")[0].split("#")[0]

    def replace(self, query: str) -> None:
        self.href = self.here() + query
        self._link.port("address", query)

    def reload(self) -> None:
        self._link.port("reload")


class Layout:
    """What only the page can measure of the board: the geometry its stylesheet chose, told at the
    start and whenever the table's box changes."""

    def __init__(self, geometry: str, link: Link) -> None:
        self._geometry = geometry
        self._link = link

    def geometry(self) -> str:
        return self._geometry

    def on_resize(self, action: Callable[[], object]) -> None:
        def resized(geometry: Any) -> None:
            self._geometry = str(geometry)
            action()

        self._link.on("geometry", resized)


@dataclass(frozen=True, slots=True)
class Browser:
    """Every port the start hands the page, which hands each part the ones it serves."""

    document: Document
    """Python's copy of the page (webapp/mirror/); its ``window`` hears the window's events."""
    link: Link
    """The page's functions and news, for the parts that only the page can carry out (the share
    sheet and the clipboard, the install prompt, Web Audio, the service worker, the launch queue, the
    storage's persistence, a download, the theme)."""
    timers: Timers
    address: Address
    layout: Layout
    storage: PageStorage | None
    """The page's storage, or None where the browser blocks it (the game still plays)."""
    reduced_motion: Callable[[], bool]
    lock_manager: Any
    """The worker's ``navigator.locks``, or None."""
    run: Callable[[Coroutine[Any, Any, None]], None]
    """Starts a coroutine from a plain call (a file read, a statistics job under the lock) and keeps
    it until it is done: the event loop holds its tasks weakly."""
