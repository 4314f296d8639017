"""The page benchmark per engine: Chromium, Firefox ESR and WebKitGTK side by side (support/engines.py).

    python -m tools.bench_engines [--runs 3] [--taps 300] [--engines "chromium firefox webkit"]

Figures, not a test: it never fails on a number. Each run starts every engine in turn (interleaved)
in a fresh profile, with the service worker on, and measures, in the page's own clock (ms after
navigation start, read by a probe the server puts first in the page):
- first visit: ready (``data-ready``) and the longest main-thread block until then (the longest gap
  of a 5 ms heartbeat timer, as tools/bench_page.py measures it);
- restored visit: once the interpreter snapshot is stored, a navigation to the address again
  (``data-start="restored"``): ready and the longest block;
- tap → DOM: a place's button's click() until the worker's answer is applied (``halfmoonPage.settled()``),
  over real taps (p50).
Medians of the runs. Writes bench-results/engines.md and engines.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from support.engines import ENGINES, Driver, launch, missing, wanted_engines
from tools.bench_page import PROBE, TAP_LOOP, percentile, taps_for
from tools.serve import Handler, make_server, with_first_script

ROOT = Path(__file__).resolve().parent.parent


PROBE_NAME = "__bench-probe__.js"
READY_MS = 300_000
LABELS = {"chromium": "Chromium (Debian, headless)", "firefox": "Firefox ESR (headless)", "webkit": "WebKitGTK (Xvfb)"}


class ProbedHandler(Handler):
    """The site, with the benchmark's probe as the first script of the game page."""

    def send_head(self) -> Any:
        path = self.path.split("?")[0]
        name = path[len(self.prefix) :] if path.startswith(self.prefix) else None
        if name == PROBE_NAME:
            body, kind = PROBE.encode(), "text/javascript"
        elif name in ("", "index.html"):
            page = (self.root / "index.html").read_text(encoding="utf-8")
            body, kind = with_first_script(page, PROBE_NAME), "text/html"
        else:
            return super().send_head()
        return self.send_made(body, kind)


def visit(driver: Driver, url: str) -> dict[str, Any]:
    driver.navigate(url)
    driver.wait("window.__readyAt !== undefined", READY_MS)
    found: dict[str, Any] = driver.evaluate(
        "() => ({ready: window.__readyAt, gap: window.__gap, start: document.documentElement.dataset.start})"
    )
    return found


def one_run(engine: str, url: str, playwright: Any, taps: int) -> dict[str, Any]:
    driver, close = launch(engine, playwright)
    try:
        first = visit(driver, url)
        driver.wait("document.documentElement.dataset.snapshot === 'stored'", READY_MS)
        restored = visit(driver, url)
        times = driver.evaluate(TAP_LOOP, [taps_for(), taps])
        return {"first": first, "restored": restored, "tap_p50": percentile(times, 0.5), "tap_max": max(times)}
    finally:
        close()


def table(results: dict[str, list[dict[str, Any]]], runs: int) -> str:
    def med(values: list[float]) -> str:
        return f"{statistics.median(values):,.0f} ({min(values):,.0f}–{max(values):,.0f})"

    lines = [
        f"Medians (min–max) of {runs} interleaved runs, ms after navigation start; a fresh profile per run,"
        " service worker on.",
        "",
        "| engine | first visit ready | its longest block | restored ready | its longest block | tap → DOM p50 |",
        "|---|---|---|---|---|---|",
    ]
    for engine, rows in results.items():
        starts = {r["restored"]["start"] for r in rows}
        note = "" if starts == {"restored"} else f" (second visit started: {', '.join(sorted(starts))})"
        first, again = [r["first"] for r in rows], [r["restored"] for r in rows]
        lines.append(
            f"| {LABELS[engine]} | {med([r['ready'] for r in first])} | {med([r['gap'] for r in first])}"
            f" | {med([r['ready'] for r in again])}{note} | {med([r['gap'] for r in again])}"
            f" | {statistics.median(r['tap_p50'] for r in rows):.2f} ms |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument(
        "--engines", default=None, help=f"some of: {' '.join(ENGINES)} (default: HALFMOON_ENGINES or all)"
    )
    args = parser.parse_args()
    chosen = wanted_engines(args.engines)
    absent = [line for line in map(missing, chosen) if line]
    if absent:
        sys.exit("\n".join(absent))
    server = make_server(0, "/half-moon/", handler=ProbedHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/half-moon/?deal=HM1-N-AAAAAAB"
    results: dict[str, list[dict[str, Any]]] = {engine: [] for engine in chosen}
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        for run in range(args.runs):
            for engine in chosen:
                results[engine].append(one_run(engine, url, playwright, args.taps))
                print(f"run {run + 1}/{args.runs} {engine}: {json.dumps(results[engine][-1])}", flush=True)
    server.shutdown()
    text = table(results, args.runs)
    print(text)
    out = ROOT / "bench-results" / "engines.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    machine = f"{platform.machine()}, {platform.system()}, {os.cpu_count()} cores"
    command = f"python -m tools.bench_engines --runs {args.runs} --engines '{' '.join(chosen)}'"
    report = f"# The page per engine\n\n`{command}`, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, on {machine}.\n\n{text}\n"
    out.with_suffix(".md").write_text(report, encoding="utf-8")
    print(f"\nwritten to {out.relative_to(ROOT)} and {out.with_suffix('.md').relative_to(ROOT)}")


if __name__ == "__main__":
    main()
