"""Test doubles for the page's shell under CPython (webapp/): localStorage, the page's clock and the
tabs' lock; the shell made on them (``make_app``), and two helpers that drive and read it as the page
does."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from halfmoon import DealCode, Place
from support.testdata import WON
from webapp.app.app import App
from webapp.store.storage import Store
from webapp.text.words import words


class FakeStorage:
    """localStorage (the ``Storage`` the shell's ``Store`` wraps).

    ``quota``: the characters of keys and values it holds at most, as browsers count them; a write
    beyond it raises, as ``QuotaExceededError`` does. ``writes``: how many more writes succeed before
    every write fails (-1: no limit), and ``writes_left`` may be changed later. ``broken``: every read
    and write raises (storage blocked, e.g. by a privacy setting).
    """

    def __init__(
        self,
        items: dict[str, str] | None = None,
        *,
        quota: int = 5_000_000,
        writes: int = -1,
        broken: bool = False,
    ) -> None:
        self.items = dict(items or {})
        self.quota = quota
        self.writes_left = writes
        self.broken = broken

    def getItem(self, key: str) -> str | None:
        if self.broken:
            raise RuntimeError("SecurityError")
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.broken or self.writes_left == 0:
            raise RuntimeError("QuotaExceededError")
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.writes_left -= 1
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class FakeClock:
    """The page's ``performance.now()`` in milliseconds: it moves only when a test moves ``now``."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def make_app(
    storage: FakeStorage | TabStorage | None = None,
    query: str = "",
    *,
    code: str = WON["code"],
    language: str = "en",
    **ports: Any,
) -> App:
    """The shell as the page makes it, on fake storage (a new one by default) and a fake clock, at the
    address ``query``, in a browser whose language is ``language`` (as the early paint tells it); every
    new deal is ``code``. ``ports`` replace any other of the shell's ports: ``wall_ms``, ``today``,
    ``locked``, ``now_ms``."""
    given: dict[str, Any] = {"now_ms": FakeClock(), "new_code": lambda: DealCode.parse(code), **ports}
    store = Store(storage if storage is not None else FakeStorage())
    return App(store, browser_language=language, query=query, **given)


def play(app: App, moves: list[str]) -> None:
    """Make the moves by tapping their places, as a player does."""
    for move in moves:
        for place in move.split("+"):
            app.tap(Place(place))


def said(app: App, lang: str | None = None) -> str:
    """What the page says now, in the app's language (or another one)."""
    return words(app.message, lang or app.lang) if app.message else ""


class TabStorage:
    """One tab's window onto storage shared with other tabs (one ``FakeStorage``): reads see every
    tab's writes; ``refuses`` makes this tab's own writes fail, as a full or failing storage does."""

    def __init__(self, shared: FakeStorage) -> None:
        self.shared = shared
        self.refuses = False

    def getItem(self, key: str) -> str | None:
        return self.shared.getItem(key)

    def setItem(self, key: str, value: str) -> None:
        if self.refuses:
            raise RuntimeError("QuotaExceededError")
        self.shared.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self.shared.removeItem(key)


class FakeLocks:
    """``navigator.locks`` for the tabs of one origin, as the shell's ``Locked`` port sees it: one job
    at a time, in the order they were asked for; a job asked for while another runs waits for it to
    end. ``held``: another tab holds the lock, so every job waits until ``release``."""

    def __init__(self, held: bool = False) -> None:
        self.held = held
        self.waiting: deque[tuple[Callable[[], bool], Callable[[bool], None]]] = deque()
        self._running = False

    def __call__(self, job: Callable[[], bool], done: Callable[[bool], None]) -> None:
        self.waiting.append((job, done))
        self._run_waiting()

    def release(self) -> None:
        self.held = False
        self._run_waiting()

    def _run_waiting(self) -> None:
        if self._running or self.held:
            return
        self._running = True
        try:
            while self.waiting and not self.held:
                job, done = self.waiting.popleft()
                done(job())
        finally:
            self._running = False
