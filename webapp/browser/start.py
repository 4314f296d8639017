"""The page's start, and the one place of composition: the copy of the page joined to its applier,
every port made from the browser's globals (webapp/browser/ports.py), the App made around the
storage, clocks, language and address, the page drawn, the taps made before ready applied, and
``data-ready`` set. No other module of the shell reaches a browser global."""

from __future__ import annotations

import contextlib
import datetime
from typing import Any

import js  # type: ignore[import-not-found]

from halfmoon import HalfMoonError, Place
from halfmoon.deal import FIRST_DAILY
from webapp.app.app import App
from webapp.app.opening import new_deals
from webapp.app.shortcuts import shortcut
from webapp.browser.dom import Joined, found
from webapp.browser.locks import WebLocks
from webapp.browser.page import Page
from webapp.browser.ports import Address, Audio, Browser, Downloads, Layout, Sharing, Timers, present
from webapp.mirror.document import Document
from webapp.store.storage import Store
from webapp.store.storage_keys import PROBE_KEY


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


def local_storage(window: Any) -> Any:
    """localStorage, or None where the browser blocks it (the game still plays)."""
    try:
        backend = window.localStorage
        backend.getItem(PROBE_KEY)
    except Exception:
        return None
    return backend


def browser_ports(window: Any) -> Browser:
    """Every port, made from the browser's globals."""
    joined = Joined(window.halfmoonPage, js.Object.fromEntries, window.queueMicrotask)
    document = joined.document
    document.visibilityState = str(window.document.visibilityState)
    timers = Timers(window)
    reduce = window.matchMedia("(prefers-reduced-motion: reduce)")
    navigator = window.navigator
    return Browser(
        document=document,
        timers=timers,
        address=Address(window),
        layout=Layout(window, joined.real(document.one("[data-board]"))),
        storage=local_storage(window),
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
    )


def start() -> Page:
    browser = browser_ports(js.window)
    document, backend = browser.document, browser.storage
    locks = WebLocks(backend, browser.lock_manager, browser.timers, browser.document.window)
    store = Store(backend)
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
    page.render()
    document.one("[data-loading]").hidden = True
    document.documentElement.setAttribute("data-ready", "true")
    page.browser.offline.start()
    browser.timers.when_idle(lambda: page.stats.prepare(app))
    return page
