"""The page benchmark's measures (tools/bench_page.py), each in the Chromium it is handed: a start's
times, tap → DOM's controls, frames while removals animate, long tasks after ready, the first visit's
bytes, the heaps."""

from __future__ import annotations

import gzip
import math
import statistics
import tempfile
from collections.abc import Sequence
from typing import Any, Literal

from playwright.sync_api import Browser, BrowserContext, Page

from support.chromium import ARGS, EXECUTABLE
from tools.bench_page_scripts import FRAMES, PROBE, TAP_LOOP, WASM_HEAP, WON, taps_for


def load(page: Page, url: str) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    ready = float(page.evaluate("window.__readyAt"))
    painted = page.evaluate("window.__paintedAt")
    gap = float(page.evaluate("window.__gap"))
    start = page.evaluate("document.documentElement.dataset.start || ''")
    return {"ready": ready, "paint": float(painted) if painted is not None else ready, "gap": gap, "start": start}


Motion = Literal["reduce", "no-preference"]
"""A tab's ``prefers-reduced-motion``."""


def context(browser: Browser, workers: str = "block") -> BrowserContext:
    made = browser.new_context(service_workers=workers)  # type: ignore[arg-type]
    made.add_init_script(PROBE)
    return made


def removal_frames(browser: Browser, url: str, removals: int = 12) -> dict[str, Any]:
    """Frame intervals while each removal animates, beside a control tab with reduced motion (no
    animation), removal by removal in turn: the recorder starts, the removal's taps follow as
    separate clicks, and it records for 400 ms (the animations last 220 ms at most)."""
    tabs: dict[str, tuple[BrowserContext, Page, list[float]]] = {}
    motions: tuple[tuple[str, Motion], ...] = (("animated", "no-preference"), ("reduced motion", "reduce"))
    for name, motion in motions:
        made = browser.new_context(service_workers="block", reduced_motion=motion)
        tabs[name] = (made, made.new_page(), [])
        load_ready(tabs[name][1], url)
    for move in WON["moves"][:removals]:
        for _, page, frames in tabs.values():
            page.bring_to_front()
            recording = page.evaluate_handle(f"({FRAMES})(400)")
            for place in move.split("+"):
                page.click(f'[data-board] [data-place="{place}"] button', force=True)
            frames += recording.json_value()
    out: dict[str, Any] = {"removals": removals}
    for name, (made, _, frames) in tabs.items():
        out[name] = {
            "frames": len(frames),
            "max_ms": max(frames),
            "p95_ms": percentile(frames, 0.95),
            "over_50": sum(f > 50 for f in frames),
        }
        made.close()
    return out


def load_ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", timeout=120_000)


def heap_mb(page: Page) -> float:
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    used = cdp.send("Runtime.getHeapUsage")["usedSize"]
    cdp.detach()
    return float(used) / 1e6


def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``share`` of the values at or under
    it. Every benchmark's p50 and p95 are this."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def spread(times: list[float]) -> dict[str, float]:
    """A tap loop's times: how many, the median, the 95th percentile and the longest, ms."""
    return {"taps": len(times), "p50": percentile(times, 0.5), "p95": percentile(times, 0.95), "max": max(times)}


def tap_controls(browser: Browser, game_url: str, echo_url: str, taps: int) -> dict[str, dict[str, float]]:
    """What of tap → DOM is the motion's, what the earlier taps' and what the trip's own: the same taps
    in a new tab with reduced motion, and in one where each tap waits for the page at rest, and
    ``taps`` calls of bench/worker-echo.html, each tab loaded and warmed first."""
    found = {}
    tabs: tuple[tuple[str, Motion, bool], ...] = (
        ("reduced motion", "reduce", False),
        ("at rest", "no-preference", True),
    )
    for name, motion, at_rest in tabs:
        made = browser.new_context(service_workers="block", reduced_motion=motion)
        made.add_init_script(PROBE)
        page = made.new_page()
        load(page, game_url)
        page.evaluate(TAP_LOOP, [taps_for(), 30])
        found[name] = spread(page.evaluate(TAP_LOOP, [taps_for(), taps, at_rest]))
        made.close()
    bare = context(browser)
    page = bare.new_page()
    page.goto(echo_url)
    page.wait_for_selector("html[data-ready='true']", timeout=120_000)
    page.evaluate("halfmoonEcho(30)")
    found["worker echo"] = spread(page.evaluate(f"halfmoonEcho({taps})"))
    bare.close()
    return found


def long_tasks(browser: Browser, url: str) -> dict[str, Any]:
    """Long tasks (> 50 ms) after ready, in a fresh tab, over 60 taps at a player's pace (each tap
    its own task, as real input is) and 1.5 s idle."""
    made = context(browser)
    page = made.new_page()
    ready = load(page, url)["ready"]
    for place in taps_for()[:60]:
        page.click(f'[data-board] [data-place="{place}"] button')
    page.wait_for_timeout(1500)
    after = [t for t in page.evaluate("window.__longTasks") if t[0] > ready]
    made.close()
    return {"count": len(after), "max_ms": max((d for _, d in after), default=0), "ready": ready, "tasks": after}


def first_visit_bytes(browser: Browser, url: str) -> list[dict[str, Any]]:
    made = context(browser)
    page = made.new_page()
    files: list[dict[str, Any]] = []

    def record(response: Any) -> None:
        url = response.url.split("?")[0]
        if not url.startswith("http"):  # a blob: or data: URL is made in the page, never downloaded
            return
        if any(f["url"] == url for f in files):  # counted once by URL
            return
        try:
            body = response.body()
        except Exception:  # a redirect or an aborted response has no body
            return
        files.append({"url": url, "raw": len(body), "gzip": len(gzip.compress(body, 9))})

    page.on("response", record)
    load(page, url)
    page.remove_listener("response", record)  # what is fetched after ready (the snapshot's making) is not the start
    made.close()
    return sorted(files, key=lambda f: -f["gzip"])


def memory_mb(page: Page) -> dict[str, float]:
    """After ready: the interpreter's wasm heap and the page's JS heap, in MB."""
    wasm = float(page.evaluate(WASM_HEAP)) / 1e6
    js = heap_mb(page)
    return {"wasm": wasm, "js": js, "total": wasm + js}


def served_first_visit(p: Any, url: str, counter: dict[str, int]) -> int:
    """Bytes the server sent for a first visit, up to 8 s past ready (the service worker precaches and
    the snapshot is made then), in a profile of its own on disk: an incognito context's HTTP cache
    lives in memory and keeps no file as large as Pyodide's runtime, as a real profile does."""
    with tempfile.TemporaryDirectory() as profile:
        made = p.chromium.launch_persistent_context(profile, executable_path=EXECUTABLE, args=ARGS)
        made.add_init_script(PROBE)
        counter.clear()
        page = made.new_page()
        load(page, url)
        page.wait_for_timeout(8000)
        made.close()
    return sum(counter.values())
