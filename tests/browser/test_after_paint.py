"""A first visit's order of work: the first frame (the early-painted cards) before any of the runtime's
downloads, and the game ready before the service worker's precache. In a profile of its own, with the
service worker allowed: what a player's first visit does."""

from __future__ import annotations

from typing import Any

from conftest import PREFIX, Watch
from playwright.sync_api import Browser, Request

from sitegen.runtime import MODULES, PRELOAD
from support.pageobject import GamePage

FIRST_FRAME_MARK = "half-moon:first-frame"
# Run before any of the page's scripts: when the first frame is drawn (its requestAnimationFrame
# callbacks run just before it), with how many cards it shows, and when data-ready is set.
PROBE = """(() => {
  requestAnimationFrame(() => {
    const places = [...document.querySelectorAll('[data-board] [data-place]')];
    window.firstFrame = {at: performance.now(), cards: places.filter(p => p.dataset.card).length};
  });
  new MutationObserver(() => {
    if (document.documentElement.hasAttribute('data-ready') && window.readyAt === undefined)
      window.readyAt = performance.now();
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
})()"""
STARTS = "() => performance.getEntriesByType('resource').map(e => [e.name, e.startTime])"
PAINTED = f"() => performance.getEntriesByName('{FIRST_FRAME_MARK}').map(e => e.startTime)"
# When the first frame with content was on screen (what a page-load simulator takes as the paint).
ON_SCREEN = "() => performance.getEntriesByName('first-contentful-paint').map(e => e.startTime)"


def runtime(url: str, site: str) -> bool:
    """Pyodide's and PyScript's files (static/vendor/), the zips, the worker's entry and every module
    the early fetch adds: everything the game's start needs, none of what paints the cards."""
    path = url.removeprefix(site).split("?")[0]
    early = {name.removeprefix("./") for name in (*PRELOAD, *MODULES)}
    return path.startswith("static/vendor/") or path.endswith((".zip", ".py")) or path in early


class Precache:
    """The service worker's own requests, each with when it started (milliseconds since the epoch; a
    request's timing is known once it has finished). Its script is not among them: the page asks for it
    in the very batch that sets ``data-ready`` (registering once ready), so it may start a moment before
    the probe's observer sees the attribute."""

    def __init__(self) -> None:
        self.started: list[tuple[str, float]] = []

    def request(self, request: Request) -> None:
        if request.service_worker is not None and not request.url.endswith("/service-worker.js"):
            self.started.append((request.url, request.timing["startTime"]))


def test_the_runtime_downloads_after_the_first_frame_and_the_precache_after_ready(
    browser: Browser, browser_context_args: dict[str, Any], site: str
) -> None:
    context = browser.new_context(**browser_context_args)  # a new profile, its service worker allowed
    precache = Precache()
    context.on("requestfinished", precache.request)
    page = context.new_page()
    watch = Watch(site[: site.index(PREFIX)])
    watch.attach(page)
    page.add_init_script(script=PROBE)
    game = GamePage(page, site)
    page.goto(site)
    game.wait_ready()
    frame = page.evaluate("window.firstFrame")
    assert frame["cards"] == 20, "the first frame shows no early-painted cards"
    on_screen = max(frame["at"], *page.evaluate(ON_SCREEN))
    early = [url for url, at in page.evaluate(STARTS) if runtime(url, site) and at < on_screen]
    assert early == [], "runtime downloads started before the first frame was on screen"
    painted = page.evaluate(PAINTED)
    assert len(painted) == 1 and painted[0] >= on_screen, "the first frame's mark is missing or early"
    late = [url for url, at in page.evaluate(STARTS) if runtime(url, site) and at < painted[0]]
    assert late == [], "runtime downloads started before the first frame's mark"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    ready = page.evaluate("performance.timeOrigin + window.readyAt")
    assert precache.started, "the service worker requested nothing: no precache seen"
    before = [url for url, at in precache.started if at < ready]
    assert before == [], "the service worker's precache started before ready"
    watch.check()
    context.close()
