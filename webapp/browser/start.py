"""The worker's start, and the one place of composition: the copy of the page made from the page's
description, every port made from the page's facts and the link to the page
(webapp/browser/ports.py), the App made around the storage, clocks, language and address, the page
drawn, the taps made before ready applied, and ``data-ready`` set. No other module of the shell
reaches a browser global."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

import js  # type: ignore[import-not-found]

from halfmoon import HalfMoonError, Place
from webapp.app.app import App
from webapp.app.opening import new_deals
from webapp.app.shortcuts import shortcut
from webapp.browser.locks import WebLocks
from webapp.browser.page import Page
from webapp.browser.page_link import Link
from webapp.browser.page_storage import PageStorage
from webapp.browser.ports import Address, Browser, Layout, Timers
from webapp.browser.saving import GAME_KEYS, Saving
from webapp.mirror.document import Document
from webapp.store.storage import Store


def apply_queued_taps(app: App, document: Document, queued: list[Any]) -> None:
    """Taps made on the early-painted board before the engine was up: each applied once, in order."""
    for name in queued:
        with contextlib.suppress(HalfMoonError):  # not a place: ignored
            app.tap(Place.parse(str(name)))
    for place in document.querySelectorAll("[data-queued]"):
        place.removeAttribute("data-queued")


_tasks: set[asyncio.Future[None]] = set()


def run(job: Coroutine[Any, Any, None]) -> None:
    """A coroutine started from a plain call, kept until it is done (``Browser.run``)."""
    task = asyncio.ensure_future(job)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def browser_ports(link: Link, facts: dict[str, Any]) -> Browser:
    """Every port, made from the page's facts and the link to the page."""
    document = Document(facts["described"], link.send, link.schedule)
    link.batch = document.batch
    document.visibilityState = str(facts["visibility"])
    reduced = [bool(facts["reducedMotion"])]
    link.on("motion", lambda value: reduced.__setitem__(0, bool(value)))
    locks = getattr(js.navigator, "locks", None)
    storage = PageStorage.made(facts["items"], link.record, GAME_KEYS)
    if storage is not None:  # before the shell's listeners: they read what the other tab wrote
        document.window.addEventListener("storage", storage.on_storage)
    return Browser(
        document=document,
        link=link,
        timers=Timers(link),
        address=Address(str(facts["href"]), link),
        layout=Layout(str(facts["geometry"]), link),
        storage=storage,
        reduced_motion=lambda: reduced[0],
        lock_manager=locks,
        run=run,
    )


def start(link: Link, facts: dict[str, Any]) -> Page:
    browser = browser_ports(link, facts)
    document, storage, clock = browser.document, browser.storage, link.clock
    locks = WebLocks(storage, browser.lock_manager, browser.timers, link, browser.run)
    app = App(
        Store(storage),
        now_ms=clock.now_ms,
        wall_ms=clock.wall_ms,
        browser_language=str(document.documentElement.getAttribute("data-browser-language") or ""),
        query=browser.address.search,
        today=clock.today,
        locked=locks,
        new_code=new_deals(document.documentElement.hasAttribute("data-first-visit")),
    )
    app.set_visible(document.visibilityState == "visible")
    apply_queued_taps(app, document, list(facts["queued"]))  # before a shortcut's dialog, which would refuse them
    if action := shortcut(browser.address.search):  # the installed app's shortcuts
        app.command(action)
    page = Page(app, browser)

    def queued_later(names: Any) -> None:  # tapped while the start ran
        apply_queued_taps(app, document, list(names))
        page.render()

    link.on("queued", queued_later)
    locks.settled = page.render
    if storage is not None:  # a write refused is saved again; what a pagehide writes, held by the page
        saving = Saving(app, storage, link.record, clock.now_ms, page.record, locks.held)
        saving.changed, page.record.changed = page.render, saving.hold
        app.store.in_doubt = saving.doubtful.__contains__
        link.on("stored", saving.refused)
        link.on("landed", saving.landed)
        link.on("held", saving.held)
    page.render()
    document.one("[data-loading]").hidden = True
    document.documentElement.setAttribute("data-ready", "true")
    page.browser.offline.start()
    browser.timers.when_idle(lambda: page.stats.prepare(app))
    return page
