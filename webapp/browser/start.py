"""The page's start: the App made around the browser's storage, clocks, languages and address,
the page drawn, the taps made before ready applied, and ``data-ready`` set."""

from __future__ import annotations

import contextlib
import datetime
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from halfmoon import HalfMoonError, Place
from halfmoon.deal import FIRST_DAILY
from webapp.app.app import App
from webapp.app.opening import new_deals
from webapp.app.shortcuts import shortcut
from webapp.browser.dom import document, found, query, window
from webapp.browser.locks import WebLocks
from webapp.browser.page import Page
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


def apply_queued_taps(app: App) -> None:
    """Taps made on the early-painted board before the engine was up: each applied once, in order."""
    queue: Any = getattr(window, "halfmoonQueue", None)
    if not found(queue):
        return
    for name in list(queue):
        with contextlib.suppress(HalfMoonError):  # not a place: ignored
            app.tap(Place.parse(str(name)))
    queue.length = 0
    for place in document.querySelectorAll("[data-queued]"):
        place.removeAttribute("data-queued")


def start() -> Page:
    try:
        backend = window.localStorage
        backend.getItem(PROBE_KEY)
    except Exception:  # storage blocked: the game still plays
        backend = None
    locks = WebLocks(backend)
    store = Store(backend)
    app = App(
        store,
        now_ms=lambda: float(js.performance.now()),
        wall_ms=lambda: int(js.Date.now()),
        browser_language=str(document.documentElement.getAttribute("data-browser-language") or ""),
        query=str(window.location.search),
        today=local_today,
        locked=locks,
        new_code=new_deals(document.documentElement.hasAttribute("data-first-visit")),
    )
    app.set_visible(document.visibilityState == "visible")
    apply_queued_taps(app)  # before a shortcut's dialog, which would refuse them (?stats paints the board)
    if action := shortcut(str(window.location.search)):  # the installed app's shortcuts
        app.command(action)
    page = Page(app, backend)
    locks.settled = page.render
    page.render()
    query("[data-loading]").hidden = True
    document.documentElement.setAttribute("data-ready", "true")
    page.browser.offline.start()
    idle = getattr(window, "requestIdleCallback", None)  # not in every browser: then a moment later
    (idle or window.setTimeout)(create_once_callable(lambda *_: page.stats.prepare(app)))
    return page
