"""Page benchmark in Debian's Chromium (headless), the game beside a bare-Pyodide control page.

    python -m tools.bench_page [--runs 7] [--taps 500] [--churn 2000] [--update]

Figures, not a test: it never fails on a number. It prints a table and writes it, with the date,
the machine and the command, to bench-results/page.md (and the raw figures to bench-results/page.json);
with ``--update`` (``make bench UPDATE=1``) also to the tracked BENCHMARKS.md.

In one browser, in the same run, interleaved:
- cold start (a new profile: empty cache), warm reload (HTTP cache), and start with the network off
  (the service worker's cache), for the game page and for bench/pyodide-control.html, which boots the
  same vendored Pyodide bare (no PyScript, no game);
- for each: time until the board's 20 places are painted with their cards (``paint``), time until
  ``data-ready`` (``ready``), both as a ratio to the control's boot in that mode, and the longest
  gap of a 5 ms heartbeat timer between navigation and ready (the longest main-thread block);
- warm reloads three ways: restored from the interpreter snapshot (the default), a normal boot
  ("fast start" off), and a normal boot of a copy of the site configured by pyscript.json instead
  of pyscript.toml (what PyScript's TOML parser costs); the snapshot's size, the time to make and
  to store it, the Cache Storage used, and the memory after ready (wasm heap + JS heap) restored
  and normal;
- with ``--baseline DIR`` (a built checkout of another commit), its cold start interleaved with
  the game's, and the bytes each serves on a first visit (counted by the server, 8 s past ready);
- tap → DOM updated: a button's click() dispatched in the page until its handler has returned,
  over real legal and illegal taps (p50, p95);
- JS heap before and after a churn of taps, undos and redos, each after a forced garbage collection,
  and every long task (> 50 ms) after ready;
- frame times while removals animate (webapp/browser/motion.py): a requestAnimationFrame recorder runs
  through each of the winning line's first removals, tapped at a player's pace (each tap its own
  task), and the longest frame and the frames over 50 ms are reported;
- first-visit bytes: each file a cold start loads, once (counted by URL: a file the early fetch
  downloads shows one response), raw and gzip-compressed, and the total.
Cold and warm runs block service workers, so that game and control load alike through the network
and the HTTP cache; the offline runs have the service worker installed and the network cut.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import shlex
import statistics
import sys
import tempfile
import threading
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from support.chromium import ARGS, EXECUTABLE
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent


WON = json.loads((ROOT / "data/example-game.json").read_text())
# In the page's own clock (ms since navigation start): when data-ready appears, when all 20 places
# show their cards (a card, or an empty place), and every long task.
PAINT_PROBE = """
window.__longTasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
const __check = () => {
  const root = document.documentElement;
  if (root && root.hasAttribute('data-ready') && window.__readyAt === undefined) window.__readyAt = performance.now();
  const places = document.querySelectorAll('[data-board] [data-place]');
  if (window.__paintedAt === undefined && places.length === 20 &&
      [...places].every(p => p.getAttribute('data-card') || p.getAttribute('data-count') === '0')) {
    const t = performance.now();
    requestAnimationFrame(() => { window.__paintedAt = Math.max(t, performance.now()); });
  }
};
new MutationObserver(__check).observe(document, {attributes: true, subtree: true, childList: true,
  attributeFilter: ['data-ready', 'data-card', 'data-count']});
document.addEventListener('DOMContentLoaded', __check);
"""
# The longest gap of a 5 ms heartbeat timer until ready: the longest main-thread block.
PROBE = (
    PAINT_PROBE
    + """
window.__gap = 0;
let __beat = performance.now();
const __heart = setInterval(() => {
  const t = performance.now();
  window.__gap = Math.max(window.__gap, t - __beat);
  __beat = t;
  if (window.__readyAt !== undefined) clearInterval(__heart);
}, 5);
"""
)
FAST_START_OFF = "() => localStorage.setItem('half-moon:settings', JSON.stringify({fast_start: false}))"
SNAPSHOT_STORED = "document.documentElement.dataset.snapshot === 'stored'"
SNAPSHOT_FIGURES = """async () => ({
  ...performance.getEntriesByName('half-moon:snapshot-stored')[0].detail,
  storageUsed: (await navigator.storage.estimate()).usage,
})"""
WASM_HEAP = "async () => (await import('./static/vendor/pyodide/half-moon-start.mjs')).interpreter._module.HEAP8.length"
TAP_LOOP = """([places, limit]) => {
  const times = [];
  const button = p => document.querySelector(`[data-board] [data-place="${p}"] button`);
  while (times.length < limit) {
    for (const p of places) {
      const t0 = performance.now();
      button(p).click();
      times.push(performance.now() - t0);
      if (times.length >= limit) return times;
    }
    document.querySelector('nav [data-action="restart"]').click();
    const confirm = document.querySelector('[data-dialog="confirm"] [data-action="confirm"]');
    if (confirm.closest('dialog').open) confirm.click();
  }
  return times;
}"""
CHURN = """(n) => {
  const click = s => document.querySelector(s).click();
  const tap = p => click(`[data-board] [data-place="${p}"] button`);
  let done = 0;
  while (done < n) {
    tap('P4'); tap('P1'); tap('P4'); tap('P7');            // a failed pair, then a pair
    click('nav [data-action="undo"]'); click('nav [data-action="redo"]'); click('nav [data-action="undo"]');
    done += 7;
  }
  return done;
}"""


def load(page: Page, url: str) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    ready = float(page.evaluate("window.__readyAt"))
    painted = page.evaluate("window.__paintedAt")
    gap = float(page.evaluate("window.__gap"))
    start = page.evaluate("document.documentElement.dataset.start || ''")
    return {"ready": ready, "paint": float(painted) if painted is not None else ready, "gap": gap, "start": start}


def context(browser: Browser, workers: str = "block") -> BrowserContext:
    made = browser.new_context(service_workers=workers)  # type: ignore[arg-type]
    made.add_init_script(PROBE)
    return made


def taps_for() -> list[str]:
    """Real play: the winning line, each pair's first card selected and deselected before it, and a
    failed pair (a card and a non-partner) before every trio."""
    places: list[str] = []
    for move in WON["moves"]:
        parts = move.split("+")
        places += [parts[0], "P1", *parts] if len(parts) == 3 else [parts[0], parts[0], *parts]
    return places


FRAMES = """(ms) => new Promise(done => {
  const frames = []; let last = performance.now();
  const step = now => { frames.push(now - last); last = now;
    if (frames.reduce((a, b) => a + b, 0) < ms) requestAnimationFrame(step); else done(frames); };
  requestAnimationFrame(step);
})"""


def removal_frames(browser: Browser, url: str, removals: int = 12) -> dict[str, Any]:
    """Frame intervals while each removal animates, beside a control tab with reduced motion (no
    animation), removal by removal in turn: the recorder starts, the removal's taps follow as
    separate clicks, and it records for 400 ms (the animations last 220 ms at most)."""
    tabs: dict[str, tuple[BrowserContext, Page, list[float]]] = {}
    for name, motion in (("animated", "no-preference"), ("reduced motion", "reduce")):
        made = browser.new_context(service_workers="block", reduced_motion=motion)  # type: ignore[arg-type]
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
        ordered = sorted(frames)
        out[name] = {
            "frames": len(frames),
            "max_ms": ordered[-1],
            "p95_ms": ordered[int(len(ordered) * 0.95) - 1],
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


STOCK = "stock Pyodide"  # bench/pyodide-stock.html: npm's Pyodide as published, booted bare


def measure(
    args: argparse.Namespace, base: str, others: dict[str, str], counters: dict[str, tuple[str, dict[str, int]]]
) -> dict[str, Any]:
    game_url, control_url = base + "?deal=HM1-N-AAAAAAB", base + "bench/pyodide-control.html"
    stock_url = base + "bench/pyodide-stock.html"
    modes: dict[str, dict[str, list[dict[str, Any]]]] = {
        "cold": {"game": [], "game, first visit": [], "control": [], STOCK: []},
        "warm": {"game": [], "game, fast start off": [], "game, fast start off, pyscript.json": [], "control": []},
    }
    if "baseline" in others:
        modes["cold"]["baseline"] = []
    results: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=EXECUTABLE, args=ARGS)
        warm = context(browser)
        warm_page = warm.new_page()
        load(warm_page, game_url)  # a first visit fills the HTTP cache, saves a game and makes a snapshot
        warm_page.click('[data-board] [data-place="P4"] button')
        warm_page.click('[data-board] [data-place="P7"] button')
        warm_page.wait_for_function(SNAPSHOT_STORED, timeout=120_000)
        results["snapshot"] = warm_page.evaluate(SNAPSHOT_FIGURES)
        load(warm_page, control_url)
        normal: dict[str, tuple[Page, str]] = {}
        for name, url in (("game, fast start off", game_url), ("game, fast start off, pyscript.json", others["json"])):
            page = context(browser).new_page()
            load(page, url)
            page.evaluate(FAST_START_OFF)
            page.click('[data-board] [data-place="P4"] button')
            page.click('[data-board] [data-place="P7"] button')
            normal[name] = (page, url)
        for _ in range(args.runs):
            cold_pages = [("game", game_url), ("game, first visit", base), ("control", control_url), (STOCK, stock_url)]
            if "baseline" in others:
                cold_pages.append(("baseline", others["baseline"]))
            for name, url in cold_pages:
                cold = context(browser)
                modes["cold"][name].append(load(cold.new_page(), url))
                cold.close()
            for name, url in (("game", game_url), ("control", control_url)):
                modes["warm"][name].append(load(warm_page, url))
            for name, (page, url) in normal.items():
                modes["warm"][name].append(load(page, url))
        load(warm_page, game_url)
        page, url = normal["game, fast start off"]
        load(page, url)
        results["memory_mb"] = {"restored": memory_mb(warm_page), "normal": memory_mb(page)}
        for page, _ in normal.values():
            page.context.close()
        times = sorted(warm_page.evaluate(TAP_LOOP, [taps_for(), args.taps]))
        results["tap_to_dom_ms"] = {
            "taps": len(times),
            "p50": times[len(times) // 2],
            "p95": times[int(len(times) * 0.95) - 1],
            "max": times[-1],
        }
        warm_page.evaluate("() => localStorage.clear()")
        load(warm_page, game_url)
        warm_page.evaluate(CHURN, 200)  # warm up before the first measure
        before = heap_mb(warm_page)
        done = warm_page.evaluate(CHURN, args.churn)
        after = heap_mb(warm_page)
        results["heap_mb"] = {"actions": done, "before": before, "after": after, "growth": after - before}
        warm.close()
        # The churn above is one long task by construction; long tasks are counted in a tab of their own.
        results["long_tasks_after_ready"] = long_tasks(browser, game_url)
        results["removal_frames"] = removal_frames(browser, game_url)

        offline = context(browser, workers="allow")
        page = offline.new_page()
        load(page, game_url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_function(SNAPSHOT_STORED, timeout=120_000)
        modes["online (service worker)"] = {"game": []}
        modes["offline (service worker)"] = {"game": []}
        for _ in range(args.runs):
            offline.set_offline(False)
            modes["online (service worker)"]["game"].append(load(page, game_url))
            offline.set_offline(True)
            modes["offline (service worker)"]["game"].append(load(page, game_url))
        offline.close()
        results["first_visit"] = first_visit_bytes(browser, game_url)
        browser.close()
        results["served_first_visit"] = {
            name: served_first_visit(p, url, counter) for name, (url, counter) in counters.items()
        }

    results["start"] = {}
    for mode, pages in modes.items():
        control_mode = "warm" if "service worker" in mode else mode
        # Cold starts are compared with stock Pyodide (the target: ready ≤ 0.7 × its boot).
        control_page = STOCK if mode == "cold" else "control"
        control = statistics.median(r["ready"] for r in modes[control_mode][control_page])
        results["start"][mode] = {
            name: {
                "paint": summary([r["paint"] for r in runs]),
                "ready": summary([r["ready"] for r in runs]),
                "gap": summary([r["gap"] for r in runs]),
                "paint_ratio": statistics.median(r["paint"] for r in runs) / control,
                "ready_ratio": statistics.median(r["ready"] for r in runs) / control,
                "starts": sorted({r["start"] for r in runs}),
            }
            for name, runs in pages.items()
        }
    return results


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


def table(results: dict[str, Any], runs: int) -> str:
    def span(s: dict[str, float]) -> str:
        return f"{s['median']:.0f} ({s['min']:.0f}–{s['max']:.0f})"

    lines = [
        f"Start, ms after navigation: median (min–max) of {runs} interleaved runs; ratio = median ÷ the control's"
        " ready in the same mode (cold: stock Pyodide's; offline: the warm control's). \"game, first visit\":"
        " the plain address in a new profile (the first deal's cards painted before Python)",
        "",
        "| mode | page | started | board painted | ready | paint ratio | ready ratio | longest block |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for mode, pages in results["start"].items():
        for name, r in pages.items():
            lines.append(
                f"| {mode} | {name} | {', '.join(r['starts']) or '–'} | {span(r['paint'])} | {span(r['ready'])} |"
                f" {r['paint_ratio']:.3f} | {r['ready_ratio']:.3f} | {span(r['gap'])} |"
            )
    snap, mem = results["snapshot"], results["memory_mb"]
    lines += [
        "",
        "started: how the interpreter started (`data-start`: restored from a snapshot, or normal). Longest block:"
        " the longest gap of a 5 ms heartbeat timer between navigation and ready, ms.",
        "",
        f"Interpreter snapshot: {snap['bytes']:,} bytes; made in a Worker in {snap['makeMs']:.0f} ms, stored in"
        f" {snap['storeMs']:.0f} ms (after ready); storage used by the origin: {snap['storageUsed'] / 1e6:.1f} MB.",
        "Memory after ready (wasm heap + JS heap): restored"
        f" {mem['restored']['wasm']:.1f} + {mem['restored']['js']:.1f} = {mem['restored']['total']:.1f} MB, normal"
        f" {mem['normal']['wasm']:.1f} + {mem['normal']['js']:.1f} = {mem['normal']['total']:.1f} MB.",
    ]
    served = results["served_first_visit"]
    lines.append(
        "Bytes served for a first visit (counted by the server, service worker on, own profile on disk,"
        " up to 8 s past ready): " + ", ".join(f"{name} {count:,}" for name, count in served.items()) + "."
    )
    t, h, lt = results["tap_to_dom_ms"], results["heap_mb"], results["long_tasks_after_ready"]
    rf = results["removal_frames"]
    lines += [
        "",
        f"Tap → DOM over {t['taps']} taps: p50 {t['p50']:.2f} ms, p95 {t['p95']:.2f} ms, max {t['max']:.2f} ms.",
        f"JS heap over {h['actions']} taps, undos and redos: {h['before']:.2f} → {h['after']:.2f} MB"
        f" ({h['growth']:+.3f} MB). Long tasks (> 50 ms) after ready, over 60 taps at a player's pace and 1.5 s"
        f" idle: {lt['count']} (longest {lt['max_ms']:.0f} ms).",
        "",
        f"Frames while each of {rf['removals']} removals animates, and in a control tab with reduced motion"
        " (removals in turn): "
        + "; ".join(
            f"{name}: longest {r['max_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, {r['over_50']} of {r['frames']}"
            " over 50 ms"
            for name, r in rf.items()
            if name != "removals"
        )
        + ".",
        "",
        "First visit (cold), each file as served and gzip-9 compressed:",
        "",
        "| file | raw bytes | gzip bytes |",
        "|---|---|---|",
    ]
    files = results["first_visit"]
    for f in files:
        lines.append(f"| {f['url'].split('/', 3)[-1] or './ (index.html)'} | {f['raw']:,} | {f['gzip']:,} |")
    lines.append(f"| **total** | **{sum(f['raw'] for f in files):,}** | **{sum(f['gzip'] for f in files):,}** |")
    return "\n".join([*targets(results), "", *lines])


def targets(results: dict[str, Any]) -> list[str]:
    """The first visit's targets beside this run's figures: medians; a figure, not a test."""
    cold, warm, tap = results["start"]["cold"], results["start"]["warm"]["game"], results["tap_to_dom_ms"]
    gzip_bytes = sum(f["gzip"] for f in results["first_visit"])
    first_cards = cold["game, first visit"]["paint"]["median"]
    rows: list[tuple[str, str, float, float, str]] = [
        (f"longest block, cold {name}", "≤ 250 ms", cold[name]["gap"]["median"], 250, "{:.0f} ms")
        for name in ("game", "game, first visit")
    ]
    rows += [
        (f"ready ÷ stock Pyodide's, cold {name}", "≤ 0.7", cold[name]["ready_ratio"], 0.7, "{:.2f}")
        for name in ("game", "game, first visit")
    ]
    rows += [
        ("real cards on screen, first visit", "≤ 300 ms", first_cards, 300, "{:.0f} ms"),
        ("first visit, gzip (line tables: lines kept)", "≤ 5.4 MB", gzip_bytes / 1e6, 5.4, "{:.2f} MB"),
        ("longest block, warm (restored)", "≤ 100 ms", warm["gap"]["median"], 100, "{:.0f} ms"),
        ("tap → DOM p95", "≤ 4 ms", tap["p95"], 4, "{:.2f} ms"),
    ]
    lines = [
        "The first visit's targets, this run:",
        "",
        "| figure | target | this run | met |",
        "|---|---|---|---|",
    ]
    for name, target, value, limit, shown in rows:
        lines.append(f"| {name} | {target} | {shown.format(value)} | {'yes' if value <= limit else '**no**'} |")
    return lines


KEPT = "<!-- Measured apart: kept by tools/bench_page.py --update. -->"


def kept_by_hand(path: Path) -> str:
    """What a file holds from the KEPT line on (sections measured by other commands), kept as it is."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    return "\n" + text[text.index(KEPT) :] if KEPT in text else ""


def serve(root: Path, counter: dict[str, int]) -> str:
    """A local server of the site in ``root`` that counts the bytes it sends, by path."""
    server = make_server(0, "/", root)
    handler = server.RequestHandlerClass.func  # type: ignore[attr-defined]  # the class behind the partial

    def copyfile(self: Any, source: Any, target: Any) -> None:
        data = source.read()
        target.write(data)
        counter[self.path] = counter.get(self.path, 0) + len(data)

    handler.copyfile = copyfile
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def json_config_site(target: Path) -> None:
    """The site configured by pyscript.json instead of pyscript.toml (same content), for the TOML cost."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    (target / "pyscript.json").write_text(json.dumps(config), encoding="utf-8")
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    (target / "index.html").write_text(page.replace("./pyscript.toml", "./pyscript.json"), encoding="utf-8")
    for name in ("static", "bench"):
        (target / name).symlink_to(ROOT / name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--taps", type=int, default=500)
    parser.add_argument("--churn", type=int, default=2000)
    parser.add_argument("--baseline", type=Path, help="a built checkout of another commit, e.g. main before a change")
    parser.add_argument("--update", action="store_true", help="also rewrite the tracked BENCHMARKS.md")
    args = parser.parse_args()
    counters: dict[str, tuple[str, dict[str, int]]] = {}
    game: dict[str, int] = {}
    base = serve(ROOT, game)
    counters["game"] = (base + "?deal=HM1-N-AAAAAAB", game)
    others: dict[str, str] = {}
    if args.baseline:
        baseline: dict[str, int] = {}
        others["baseline"] = serve(args.baseline.resolve(), baseline) + "?deal=HM1-N-AAAAAAB"
        counters["baseline"] = (others["baseline"], baseline)
    with tempfile.TemporaryDirectory() as temp:
        json_config_site(Path(temp))
        others["json"] = serve(Path(temp), {}) + "?deal=HM1-N-AAAAAAB"
        results = measure(args, base, others, counters)
    out = ROOT / "bench-results" / "page.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    text = table(results, args.runs)
    print(text)
    machine = f"{platform.machine()}, {platform.system()}, {os.cpu_count()} cores, Chromium headless"
    command = shlex.join(["python", "-m", "tools.bench_page", *sys.argv[1:]])
    report = (
        f"# Benchmarks\n\nThe latest run of the page benchmark (`{command}`; "
        "`make bench UPDATE=1` runs it with `--update` alone), "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, on {machine}. The engine's own figures come from "
        f"`python -m tools.bench_engine`.\n\n{text}\n"
    )
    written = [out, out.with_suffix(".md")]
    if args.update:
        written.append(ROOT / "BENCHMARKS.md")
    for path in written[1:]:
        path.write_text(report + kept_by_hand(path), encoding="utf-8")
    print(f"\nwritten to {', '.join(str(path.relative_to(ROOT)) for path in written)}")


if __name__ == "__main__":
    main()
