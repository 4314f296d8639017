"""The page's start, and the one place of composition: the copy of the page joined to its applier,
every port made from the browser's globals (webapp/browser/ports.py), the App made around the
storage, clocks, language and address, the page drawn, the taps made before ready applied, and
``data-ready`` set. No other module of the shell reaches a browser global."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
from collections.abc import Callable, Coroutine
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from halfmoon import HalfMoonError, Place
from halfmoon.deal import FIRST_DAILY
from webapp.app.app import App
from webapp.app.opening import new_deals
from webapp.app.shortcuts import shortcut
from webapp.browser.dom import Joined, found
from webapp.browser.locks import WebLocks
from webapp.browser.page import Page
from webapp.browser.page_storage import PageStorage
from webapp.browser.ports import Address, Audio, Browser, Downloads, Layout, Sharing, Timers, present
from webapp.browser.saving import GAME_KEYS, Saving
from webapp.mirror.document import Document
from webapp.store.storage import Store
from webapp.store.storage_keys import PREFIX


def local_today() -> datetime.date | None:
    """The device's local date (the browser's time zone and clock, as the daily deal needs); None when
    it is outside the years of daily deals (a clock set before 2000 or past 9999): the page still plays."""
    now = js.Date.new()
    try:
        today = datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))
    except (ValueError, OverflowError):
        return None
    return today if today >= FIRST_DAILY else None


def apply_queued_taps(app: App, document: Document) -> None:
    """Taps made on the early-painted board before the engine was up: each applied once, in order."""
    queue: Any = getattr(js.window, "halfmoonQueue", None)
    if not found(queue):
        return
    for name in list(queue):
        with contextlib.suppress(HalfMoonError):  # not a place: ignored
            app.tap(Place.parse(str(name)))
    queue.length = 0
    for place in document.querySelectorAll("[data-queued]"):
        place.removeAttribute("data-queued")


def page_items(window: Any) -> dict[str, Any] | None:
    """localStorage's items of our keys (``facts.items``), or None where the browser blocks it (the
    game still plays)."""
    items = window.halfmoonPage.storageItems(PREFIX)
    return dict(items.to_py()) if found(items) else None


class SameThreadLink:
    """The page's link while Python still runs on the page's thread (the worker's is
    webapp/browser/page_link.py): an operation joins the copy's batch, a page function is called at
    once, news the page tells is handled at once and its batch sent."""

    def __init__(self, window: Any, document: Document) -> None:
        self._window = window
        self._document = document
        self._handlers: dict[str, Callable[[Any], None]] = {}
        self._tell = create_proxy(self._told)
        window.halfmoonPage.tell = self._tell

    def record(self, *op: Any) -> None:
        self._document.batch.record(*op)

    def on(self, what: str, handler: Callable[[Any], None]) -> None:
        self._handlers[what] = handler

    async def ask(self, name: str, *args: Any) -> Any:
        answer = getattr(self._window.halfmoonPorts, name)(
            *(to_js(arg, dict_converter=js.Object.fromEntries) for arg in args)
        )
        return answer.to_py() if hasattr(answer, "to_py") else answer

    def apply_now(self) -> None:
        self._document.batch.flush()

    def _told(self, what: str, value: Any) -> None:
        self._handlers[str(what)](value.to_py())
        self.apply_now()


_tasks: set[asyncio.Future[None]] = set()


def run(job: Coroutine[Any, Any, None]) -> None:
    task = asyncio.ensure_future(job)
    _tasks.add(task)  # kept until it is done
    task.add_done_callback(_tasks.discard)


def browser_ports(window: Any) -> tuple[Browser, SameThreadLink]:
    """Every port, made from the browser's globals."""
    joined = Joined(window.halfmoonPage, js.Object.fromEntries, window.queueMicrotask)
    document = joined.document
    link = SameThreadLink(window, document)
    items = page_items(window)
    storage = None if items is None else PageStorage(items, link.record, GAME_KEYS)
    if storage is not None:  # before the shell's listeners: they read what the other tab wrote
        document.window.addEventListener("storage", storage.on_storage)
    document.visibilityState = str(window.document.visibilityState)
    timers = Timers(window)
    reduce = window.matchMedia("(prefers-reduced-motion: reduce)")
    navigator = window.navigator
    return Browser(
        document=document,
        timers=timers,
        address=Address(window),
        layout=Layout(window, joined.real(document.one("[data-board]"))),
        storage=storage,
        reduced_motion=lambda: bool(reduce.matches),
        sharing=Sharing(navigator),
        downloads=Downloads(window, timers),
        audio=Audio(window),
        theme=present(getattr(window, "halfmoonTheme", None)),
        storage_manager=present(getattr(navigator, "storage", None)),
        lock_manager=present(getattr(navigator, "locks", None)),
        service_workers=present(getattr(navigator, "serviceWorker", None)),
        install_events=window,
        launch_queue=present(getattr(window, "launchQueue", None)),
    ), link


def start() -> Page:
    browser, link = browser_ports(js.window)
    document, storage = browser.document, browser.storage
    assert storage is None or isinstance(storage, PageStorage)
    locks = WebLocks(storage, browser.lock_manager, browser.timers, link, run)
    store = Store(storage)
    app = App(
        store,
        now_ms=lambda: float(js.performance.now()),
        wall_ms=lambda: int(js.Date.now()),
        browser_language=str(document.documentElement.getAttribute("data-browser-language") or ""),
        query=browser.address.search,
        today=local_today,
        locked=locks,
        new_code=new_deals(document.documentElement.hasAttribute("data-first-visit")),
    )
    app.set_visible(document.visibilityState == "visible")
    apply_queued_taps(app, document)  # before a shortcut's dialog, which would refuse them (?stats paints the board)
    if action := shortcut(browser.address.search):  # the installed app's shortcuts
        app.command(action)
    page = Page(app, browser)
    locks.settled = page.render
    if storage is not None:
        saving = Saving(app, storage, link.record, lambda: float(js.performance.now()), page.record, locks.held)
        saving.changed, page.record.changed = page.render, saving.hold
        link.on("stored", saving.refused)
        link.on("held", saving.held)
    page.render()
    document.one("[data-loading]").hidden = True
    document.documentElement.setAttribute("data-ready", "true")
    page.browser.offline.start()
    browser.timers.when_idle(lambda: page.stats.prepare(app))
    return page
