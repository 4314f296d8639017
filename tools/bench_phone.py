"""Phone benchmark: the game's main thread in Chromium emulating a mid-range phone, first visit and return.

    python -m tools.bench_phone [--runs 3] [--baseline DIR] [--note TEXT] [--update]

Figures, not a test: it never fails on a number. What it measures is ``METHOD`` below (also written
into the report). Medians (min–max) over the runs, interleaved with ``--baseline DIR`` (a built
checkout of another commit). Prints a table and writes bench-results/phone.md and phone.json; with
``--update`` (``make bench UPDATE=1``) also its section of the tracked BENCHMARKS.md, which it adds
after the mark that tools/bench_page.py --update keeps as it is.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, CDPSession, Page, Playwright, sync_playwright

from halfmoon import DealCode, Game
from support.chromium import ARGS, EXECUTABLE
from tools.bench_page import KEPT, PAINT_PROBE, percentile, serve, summary
from tools.solve import solve

ROOT = Path(__file__).resolve().parent.parent


PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
CPU_SLOWDOWN = 4
MEGABIT = 1e6 / 8  # bytes per second
LINK: dict[str, Any] = {
    "offline": False,
    "latency": 60,
    "downloadThroughput": 20 * MEGABIT,
    "uploadThroughput": 20 * MEGABIT,
}
BLOCKING_PAST_MS = 50  # a gap's part past this is blocking (Lighthouse's total blocking time counts so)
TAPS = 60
IDLE_AFTER_TAPS_MS = 1500
FRAME_WAIT_MS = 5000  # a tap whose board never changes is counted as unseen after this
READY_MS = 600_000
SOLVER_BUDGET = 2_000_000
# The heartbeat's gaps as [start, length], and each tap's click → the next animation frame after a
# change inside the board; __frameCount(n) resolves with the count once it reaches n, or at a timeout.
PHONE_PROBE = """
window.__gaps = [];
let __beat = performance.now();
const __tick = () => {
  const t = performance.now();
  window.__gaps.push([__beat, t - __beat]);
  __beat = t;
  setTimeout(__tick, 5);
};
setTimeout(__tick, 5);
window.__frames = [];
let __tap = null, __waiter = () => {};
addEventListener('click', e => { __tap = {at: e.timeStamp, seen: false}; }, true);
const __inBoard = r => (r.target.nodeType === 1 ? r.target : r.target.parentElement)?.closest('[data-board]');
new MutationObserver(records => {
  const tap = __tap;
  if (!tap || tap.seen || !records.some(__inBoard)) return;
  tap.seen = true;
  requestAnimationFrame(() => { window.__frames.push(performance.now() - tap.at); __waiter(); });
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
window.__frameCount = (n, ms) => new Promise(done => {
  __waiter = () => { if (window.__frames.length >= n) done(window.__frames.length); };
  setTimeout(() => done(window.__frames.length), ms);
  __waiter();
});
"""
# What a visit reads once ready, through the contract: the deal, the moves made, each place's button.
BOARD = """() => {
  const board = document.querySelector('[data-board]'), centres = {};
  for (const place of board.querySelectorAll('[data-place]')) {
    const box = place.querySelector('button').getBoundingClientRect();
    centres[place.dataset.place] = {x: box.x + box.width / 2, y: box.y + box.height / 2};
  }
  return {code: board.dataset.code, moves: Number(board.dataset.moves), centres, now: performance.now(),
          ready: __readyAt, paint: __paintedAt ?? __readyAt, started: document.documentElement.dataset.start || ''};
}"""
SETTLED = """['stored', 'dropped', 'off', 'failed'].includes(document.documentElement.dataset.snapshot)
  && navigator.serviceWorker.controller !== null"""
METHOD = f"""Debian's Chromium (headless, the project's launch arguments) at {PHONE["viewport"]["width"]} × \
{PHONE["viewport"]["height"]} CSS pixels, device scale {PHONE["device_scale_factor"]}, mobile and touch; the page's \
main thread slowed {CPU_SLOWDOWN}× (DevTools' `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile run slows \
it: it does not slow Workers, so this measures the main thread only); the link at \
{LINK["downloadThroughput"] / MEGABIT:.0f} Mbit/s down and {LINK["uploadThroughput"] / MEGABIT:.0f} up with \
{LINK["latency"]} ms latency (`Network.emulateNetworkConditions`), the site served uncompressed by \
tools/serve.py. Each run is a fresh profile on disk: a first visit to the plain address, then, once the \
snapshot's fate is settled and the service worker controls the page, a return visit in the same profile. Per \
visit, in the page's own clock:
- cards on screen: the board's 20 places painted with their cards (tools/bench_page.py's probe); ready: \
`data-ready`;
- a 5 ms `setTimeout` loop, started by an init script before the page's own scripts, records its gaps: the \
longest is the longest main-thread block, and the blocking time is the sum over gaps of what each has past \
{BLOCKING_PAST_MS} ms; both from navigation to ready, and apart over {TAPS} taps and the \
{IDLE_AFTER_TAPS_MS / 1000} s after them (on a first visit the taps start at ready, beside the work that \
follows it);
- the taps: touch taps, one at a time, on the places of a winning line of the deal on the board (`data-code`, \
solved by tools/solve.py; continued from `data-moves` on the return), each move's first card selected and \
deselected before the move; tap → frame: from the click to the next `requestAnimationFrame` after the board \
changed (median and p95 of the visit's taps)."""
FIGURES = {
    "paint": "cards on screen",
    "ready": "ready",
    "boot_longest": "longest block to ready",
    "boot_blocking": "blocking to ready",
    "taps_longest": "longest block, taps",
    "taps_blocking": "blocking, taps",
    "frame_median": "tap → frame, median",
    "frame_p95": "tap → frame, p95",
}


def blocking_ms(gaps: Iterable[float]) -> float:
    """The blocking time of a list of heartbeat gaps: what each has past 50 ms, summed."""
    return sum(gap - BLOCKING_PAST_MS for gap in gaps if gap > BLOCKING_PAST_MS)


def within(gaps: Iterable[Sequence[float]], start: float, end: float) -> list[float]:
    """The lengths of the gaps (``[start, length]``) that began in ``[start, end)``."""
    return [length for began, length in gaps if start <= began < end]


def taps_of(moves: Sequence[str]) -> list[str]:
    """Each move's places tapped in turn, its first card selected and deselected before it."""
    return [place for move in moves for parts in [move.split("+")] for place in (parts[0], parts[0], *parts)]


def winning_line(code: str, lines: dict[str, list[str]]) -> list[str]:
    if code not in lines:
        found = solve(Game.from_code(DealCode.parse(code)), SOLVER_BUDGET)
        if not isinstance(found, list):
            sys.exit(f"bench_phone: tools/solve.py found no winning line of {code} ({found}): no legal taps to make")
        lines[code] = [str(move) for move in found]
    return lines[code]


def tap(cdp: CDPSession, centre: dict[str, float]) -> None:
    """A finger's tap at a point, as the phone's touch screen sends it (Chromium makes the click)."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [centre]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def visit(page: Page, cdp: CDPSession, url: str, lines: dict[str, list[str]]) -> dict[str, Any]:
    """One visit: the start to ready, then the taps and the idle time after them. The taps go straight
    to the touch screen at each place's button (the 20 stay in place for the whole game): a driver's
    own checks would run in the slowed page and be counted as the game's."""
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", polling=100, timeout=READY_MS)
    board = page.evaluate(BOARD)
    seen = 0
    for place in taps_of(winning_line(board["code"], lines)[board["moves"] :])[:TAPS]:
        tap(cdp, board["centres"][place])
        seen = page.evaluate(f"window.__frameCount({seen + 1}, {FRAME_WAIT_MS})")
    page.wait_for_timeout(IDLE_AFTER_TAPS_MS)  # what the taps leave behind (animations, saving) is theirs
    gaps, frames, end = page.evaluate("() => [__gaps, __frames, performance.now()]")
    boot, taps = within(gaps, 0, board["ready"]), within(gaps, board["now"], end)
    return {
        "started": board["started"],
        "paint": board["paint"],
        "ready": board["ready"],
        "boot_longest": max(boot, default=0),
        "boot_blocking": blocking_ms(boot),
        "taps_longest": max(taps, default=0),
        "taps_blocking": blocking_ms(taps),
        "frame_median": statistics.median(frames) if frames else math.nan,
        "frame_p95": percentile(frames, 0.95) if frames else math.nan,
        "frames_seen": len(frames),
    }


def slow_down(cdp: CDPSession) -> None:
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", LINK)


def one_run(playwright: Playwright, url: str, lines: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    """A first visit in a fresh profile, then a return in the same profile."""
    with tempfile.TemporaryDirectory() as profile:
        context: BrowserContext = playwright.chromium.launch_persistent_context(
            profile, executable_path=EXECUTABLE, args=ARGS, service_workers="allow", **PHONE
        )
        try:
            context.add_init_script(PAINT_PROBE + PHONE_PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            cdp = context.new_cdp_session(page)
            slow_down(cdp)
            first = visit(page, cdp, url, lines)
            page.wait_for_function(SETTLED, polling=250, timeout=READY_MS)
            return {"first visit": first, "return": visit(page, cdp, url, lines)}
        finally:
            context.close()


def measure(urls: dict[str, str], runs: int) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Every build's runs, interleaved: build A, build B, build A, …"""
    results: dict[str, dict[str, list[dict[str, Any]]]] = {name: {"first visit": [], "return": []} for name in urls}
    lines: dict[str, list[str]] = {}
    with sync_playwright() as playwright:
        for run in range(runs):
            for name, url in urls.items():
                for visit_name, found in one_run(playwright, url, lines).items():
                    results[name][visit_name].append(found)
                    print(f"run {run + 1}/{runs} {name}, {visit_name}: {json.dumps(found)}", flush=True)
    return results


def cell(values: list[float]) -> str:
    known = [value for value in values if not math.isnan(value)]
    if not known:
        return "–"
    found, digits = summary(known), 1 if max(known) < 100 else 0
    return f"{found['median']:,.{digits}f} ({found['min']:,.{digits}f}–{found['max']:,.{digits}f})"


def table(results: dict[str, dict[str, list[dict[str, Any]]]], runs: int) -> str:
    lines = [
        f"ms after navigation (tap → frame: after the click); median (min–max) of {runs} interleaved runs.",
        "",
        "| build | visit | started | " + " | ".join(FIGURES.values()) + " | taps with a frame seen |",
        "|---|---|---|" + "---|" * len(FIGURES) + "---|",
    ]
    for visit_name in ("first visit", "return"):
        for name, visits in results.items():
            found = visits[visit_name]
            started = ", ".join(sorted({r["started"] for r in found})) or "–"
            cells = [cell([r[key] for r in found]) for key in FIGURES]
            seen = ", ".join(str(r["frames_seen"]) for r in found)
            lines.append(f"| {name} | {visit_name} | {started} | {' | '.join(cells)} | {seen} of {TAPS} |")
    return "\n".join(lines)


NOT_MEASURED = (
    "Not measured: the work of Workers (the slowdown is the main thread's alone); a main-thread block before"
    " the init script's first timer (while the document's first bytes arrive); the compositor's and the GPU's"
    " work. Not checked: whether the emulated link holds the service worker's own downloads (its precache)."
)
BEGIN = "<!-- The phone benchmark: tools/bench_phone.py --update rewrites from here to its end mark. -->"
END = "<!-- The phone benchmark's end. -->"


def with_section(text: str, section: str) -> str:
    """``text`` with the phone benchmark's section replaced, or added after the hand-kept mark (which
    tools/bench_page.py --update keeps as it is)."""
    block = f"{BEGIN}\n\n{section}\n{END}"
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        return head + block + rest.split(END, 1)[1]
    head, mark, tail = text.partition(KEPT)
    return f"{head}{KEPT}\n\n{block}\n{tail}" if mark else f"{text.rstrip()}\n\n{KEPT}\n\n{block}\n"


def commit(folder: Path) -> str:
    found = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return found.stdout.strip() or "unknown"


def report(text: str, args: argparse.Namespace, load: tuple[float, float]) -> str:
    """The section's body: how it was run, what it measures, the figures and what it cannot see."""
    command = shlex.join(["python", "-m", "tools.bench_phone", *sys.argv[1:]])
    machine = f"{platform.machine()}, {platform.system()}, {os.cpu_count()} cores, Chromium headless"
    baseline = f"; baseline: a built checkout of {commit(args.baseline)}" if args.baseline else ""
    note = f" {args.note.rstrip('.')}." if args.note else ""
    return (
        f"`{command}` (`make bench UPDATE=1` runs it with `--update` alone), "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, on {machine}; this tree: {commit(ROOT)}{baseline}. "
        f"Load average (1 min) at the start and the end: {load[0]:.1f}, {load[1]:.1f}.{note}\n\n"
        f"{METHOD}\n\n{text}\n\n{NOT_MEASURED}\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="a built checkout of another commit, e.g. main before a change")
    parser.add_argument("--note", help="a sentence for the report, e.g. what else ran on the machine")
    parser.add_argument("--update", action="store_true", help="also rewrite the phone section of BENCHMARKS.md")
    args = parser.parse_args()
    urls = {"this tree": serve(ROOT, {})}
    if args.baseline:
        urls["baseline"] = serve(args.baseline.resolve(), {})
    started = os.getloadavg()[0]
    results = measure(urls, args.runs)
    text = table(results, args.runs)
    print(text)
    out = ROOT / "bench-results" / "phone.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    section = report(text, args, (started, os.getloadavg()[0]))
    out.with_suffix(".md").write_text(f"# The phone benchmark\n\n{section}", encoding="utf-8")
    written = [out, out.with_suffix(".md")]
    if args.update:
        path = ROOT / "BENCHMARKS.md"
        path.write_text(
            with_section(path.read_text(encoding="utf-8"), f"## Phone benchmark\n\n{section}"), encoding="utf-8"
        )
        written.append(path)
    print(f"\nwritten to {', '.join(str(path.relative_to(ROOT)) for path in written)}")


if __name__ == "__main__":
    main()
