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
- tap → DOM updated: a button's click() in the page until the worker's answer is applied (the whole
  trip, ``halfmoonPage.settled()``), one tap at a time, over real legal and illegal taps (p50, p95);
  and its three controls: the same taps in a tab with reduced motion (no removal's frames on the page's
  thread), the same taps each made once the page is at rest (no earlier tap's motion or frame shares its
  trip), and bench/worker-echo.html, the same PyScript and Pyodide answering a tap's call with no game;
- JS heap before and after a churn of taps, undos and redos, each after a forced garbage collection,
  and every long task (> 50 ms) after ready;
- frame times while removals animate (webapp/browser/motion.py): a requestAnimationFrame recorder runs
  through each of the winning line's first removals, tapped at a player's pace (each tap its own
  task), and the longest frame and the frames over 50 ms are reported;
- first-visit bytes: each file a cold start loads, once (counted by URL: a file the early fetch
  downloads shows one response), raw and gzip-compressed, and the total.
Cold and warm runs block service workers, so that game and control load alike through the network
and the HTTP cache; the offline runs have the service worker installed and the network cut.

What runs in the page is in bench_page_scripts.py, the measures in bench_page_measures.py, the report's
tables in bench_page_report.py.
"""

from __future__ import annotations

import argparse
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

from playwright.sync_api import Page, sync_playwright

from support.chromium import ARGS, EXECUTABLE
from tools.bench_page_measures import (
    context,
    first_visit_bytes,
    heap_mb,
    load,
    long_tasks,
    memory_mb,
    percentile,
    removal_frames,
    served_first_visit,
    spread,
    summary,
    tap_controls,
)
from tools.bench_page_report import KEPT, kept_by_hand, table
from tools.bench_page_scripts import (
    CHURN,
    FAST_START_OFF,
    PAINT_PROBE,
    PROBE,
    SNAPSHOT_FIGURES,
    SNAPSHOT_STORED,
    TAP_LOOP,
    taps_for,
)
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent

# What the other benchmarks import from here, wherever it lives.
__all__ = ["KEPT", "PAINT_PROBE", "PROBE", "TAP_LOOP", "percentile", "serve", "summary", "taps_for"]


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
        results["tap_to_dom_ms"] = spread(warm_page.evaluate(TAP_LOOP, [taps_for(), args.taps]))
        results["tap_controls_ms"] = tap_controls(browser, game_url, base + "bench/worker-echo.html", args.taps)
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
