"""What the shell is given of the browser, beyond the page's copy: made once from the browser's
globals by the start (webapp/browser/start.py, the one place of composition) and handed to each part
it serves. A part of the shell reaches no global it was not given."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from webapp.mirror.document import Document
from webapp.store.storage import Backend


class Timer:
    """A timer of ``Timers.later``: its callable, made once, and whether it ran."""

    def __init__(self, action: Callable[[], object]) -> None:
        self.id: Any = None
        self.ran = False
        self._action = action
        self.call = create_once_callable(self._run)

    def _run(self, *_: Any) -> None:
        self.ran = True
        self._action()


class Timers:
    """The browser's timers, called with Python functions (each made a callable of its own)."""

    def __init__(self, window: Any) -> None:
        self._window = window

    def later(self, ms: float, action: Callable[[], object]) -> Timer:
        """``action`` once, ``ms`` from now; the handle ``cancel`` takes."""
        timer = Timer(action)
        timer.id = self._window.setTimeout(timer.call, ms)
        return timer

    def call_later(self, ms: float, function: Any) -> None:
        """A JavaScript function (a promise's ``resolve``) called ``ms`` from now."""
        self._window.setTimeout(function, ms)

    def cancel(self, timer: Timer) -> None:
        """A timer of ``later`` stopped; its callable let go unless it ran (then it let itself go)."""
        self._window.clearTimeout(timer.id)
        if not timer.ran:
            timer.ran = True
            timer.call.destroy()

    def every(self, ms: float, action: Callable[[], object]) -> None:
        """``action`` every ``ms``, for the page's life (the proxy is kept by the interval)."""
        self._window.setInterval(create_proxy(lambda *_: action()), ms)

    def after_frame(self, action: Callable[[], object]) -> None:
        """``action`` a task after the next frame: work that serves a later visit, not this one."""
        self._window.requestAnimationFrame(create_once_callable(lambda *_: self.later(0, action)))

    def when_idle(self, action: Callable[[], object]) -> None:
        """``action`` once the page is idle (a moment later where the browser cannot say)."""
        idle = getattr(self._window, "requestIdleCallback", None)
        if idle is None:
            self.later(0, action)
        else:
            idle(create_once_callable(lambda *_: action()))

    def now(self) -> float:
        """Milliseconds on the page's monotonic clock."""
        return float(self._window.performance.now())


class Address:
    """The page's address: read, replaced by Python's query, or reloaded."""

    def __init__(self, window: Any) -> None:
        self._window = window

    @property
    def href(self) -> str:
        return str(self._window.location.href)

    @property
    def search(self) -> str:
        return str(self._window.location.search)

    def here(self) -> str:
        """The address without its query and fragment: a link to a deal adds its own query."""
        return self.href.split("?")[0].split("#")[0]

    def replace(self, query: str) -> None:
        self._window.history.replaceState(None, "", query)

    def reload(self) -> None:
        self._window.location.reload()


class Layout:
    """What only the page can measure of the board: the geometry its stylesheet chose, and when the
    table's box changes."""

    def __init__(self, window: Any, board: Any) -> None:
        self._window = window
        self._board = board

    def geometry(self) -> str:
        return str(self._window.getComputedStyle(self._board).getPropertyValue("--geometry")).strip()

    def on_resize(self, action: Callable[[], object]) -> None:
        self._keep = create_proxy(lambda *_: action())
        self._window.ResizeObserver.new(self._keep).observe(self._board.parentElement)


class Sharing:
    """The system share sheet (where there is one) and the clipboard; each answer awaited."""

    def __init__(self, navigator: Any) -> None:
        self._navigator = navigator

    @property
    def can_share(self) -> bool:
        return hasattr(self._navigator, "share")

    async def share(self, data: dict[str, str]) -> None:
        await self._navigator.share(to_js(data, dict_converter=js.Object.fromEntries))

    async def copy(self, text: str) -> None:
        await self._navigator.clipboard.writeText(text)


class Downloads:
    """A file made in Python, downloaded through a Blob URL and a clicked ``<a download>`` of the
    page's own (never part of the game's page)."""

    def __init__(self, window: Any, timers: Timers) -> None:
        self._window = window
        self._timers = timers

    def download(self, content: str, name: str, media_type: str) -> None:
        options = to_js({"type": media_type}, dict_converter=js.Object.fromEntries)
        url = self._window.URL.createObjectURL(self._window.Blob.new(to_js([content]), options))
        link = self._window.document.createElement("a")
        link.href = url
        link.download = name
        self._window.document.body.append(link)
        link.click()
        link.remove()
        self._timers.later(60_000, lambda: self._window.URL.revokeObjectURL(url))


class Audio:
    """Web Audio, made only after the player's first interaction with the page (the browsers'
    autoplay rule)."""

    def __init__(self, window: Any) -> None:
        self._window = window

    def interacted(self) -> bool:
        activation: Any = getattr(self._window.navigator, "userActivation", None)
        return activation is not None and bool(activation.hasBeenActive)

    def context(self) -> Any:
        return self._window.AudioContext.new()


def present(value: Any) -> Any:
    """A browser object, or None where the browser has none (JavaScript's undefined or null)."""
    return None if value is None or value is jsnull else value


@dataclass(frozen=True, slots=True)
class Browser:
    """Every port the start hands the page, which hands each part the ones it serves."""

    document: Document
    """Python's copy of the page (webapp/mirror/); its ``window`` hears the window's events."""
    timers: Timers
    address: Address
    layout: Layout
    storage: Backend | None
    """localStorage, or None where the browser blocks it (the game still plays)."""
    reduced_motion: Callable[[], bool]
    sharing: Sharing
    downloads: Downloads
    audio: Audio
    theme: Callable[[str], object] | None
    """The theme script's applier (static/theme.js): the rule of the theme lives there."""
    storage_manager: Any
    """``navigator.storage`` (asked whether the records last), or None."""
    lock_manager: Any
    """``navigator.locks``, or None."""
    service_workers: Any
    """``navigator.serviceWorker``, or None."""
    install_events: Any
    """The window, whose ``beforeinstallprompt`` event the install button keeps."""
    launch_queue: Any
    """``window.launchQueue`` (a file the installed app opens), or None."""
