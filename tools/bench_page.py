"""Page benchmark in Debian's Chromium (headless): start-up against a bare Pyodide page, tap → DOM, heap.

    python tools/bench_page.py [--runs 7] [--taps 500] [--churn 2000]

Figures, not a test: it never fails on a number. It prints a table and writes bench-results/page.json.
- ready on reload: navigation → ``data-ready``, the game page and the bare-Pyodide control page
  (bench/pyodide-control.html, same vendored Pyodide) measured interleaved in the same browser;
- tap → DOM updated: a button's click() dispatched in the page until its handler has returned, over
  real legal and illegal taps (p50, p95);
- JS heap before and after a churn of taps, undos and redos, each after a forced garbage collection;
- with the service worker: ready with the network on and with it off (served from its cache).
The first two run with service workers blocked, so that game and control both load through the
HTTP cache; the offline figures run in a context of their own with the service worker installed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from serve import make_server  # noqa: E402

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WON = json.loads((ROOT / "data/example-game.json").read_text())
# Record the moment data-ready appears, in the page's own clock (ms since navigation start).
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute('data-ready')) {
    window.__readyAt = performance.now(); observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""
TAP_LOOP = """([places, rounds]) => {
  const times = [];
  const button = p => document.querySelector(`[data-board] [data-place="${p}"] button`);
  for (let r = 0; r < rounds; r++) {
    for (const p of places) {
      const b = button(p);
      const t0 = performance.now();
      b.click();
      times.push(performance.now() - t0);
      if (times.length >= %d) return times;
    }
    document.querySelector('button[data-action="restart"]').click();
    const confirm = document.querySelector('[data-dialog="confirm"] [data-action="confirm"]');
    if (confirm.offsetParent !== null || confirm.closest('dialog').open) confirm.click();
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


def ready_ms(page: Page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    return float(page.evaluate("window.__readyAt"))


def taps_for(n: int) -> list[str]:
    """Real play: the winning line, each pair's first card selected and deselected once before it."""
    places: list[str] = []
    for move in WON["moves"]:
        parts = move.split("+")
        places += parts if len(parts) == 3 else [parts[0], parts[0], *parts]  # select, deselect, pair
    return places[: max(n, 1)]


def heap_mb(page: Page) -> float:
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    used = cdp.send("Runtime.getHeapUsage")["usedSize"]
    cdp.detach()
    return float(used) / 1e6


def offline_runs(browser: Any, url: str, runs: int) -> dict[str, dict[str, float]]:
    """Ready with the network on and off, interleaved, once the service worker controls the page."""
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    ready_ms(page, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    online, offline = [], []
    for _ in range(runs):
        context.set_offline(False)
        online.append(ready_ms(page, url))
        context.set_offline(True)
        offline.append(ready_ms(page, url))
    context.close()
    return {"online": summary(online), "offline": summary(offline)}


def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--taps", type=int, default=500)
    parser.add_argument("--churn", type=int, default=2000)
    args = parser.parse_args()
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    results: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        context = browser.new_context(service_workers="block")
        context.add_init_script(READY_PROBE)
        game = context.new_page()  # one tab: a background tab would be throttled
        game_url, control_url = base + "?deal=HM1-N-AAAAAAB", base + "bench/pyodide-control.html"
        ready_ms(game, game_url)  # the first visits fill the HTTP cache
        ready_ms(game, control_url)
        game_runs, control_runs = [], []
        for _ in range(args.runs):  # interleaved, in the same browser
            game_runs.append(ready_ms(game, game_url))
            control_runs.append(ready_ms(game, control_url))
        results["ready_reload_ms"] = {"game": summary(game_runs), "control": summary(control_runs)}
        results["ready_ratio"] = statistics.median(game_runs) / statistics.median(control_runs)

        ready_ms(game, game_url)
        places = taps_for(10_000)
        times = game.evaluate(TAP_LOOP % args.taps, [places, 20])
        times.sort()
        results["tap_to_dom_ms"] = {
            "taps": len(times),
            "p50": times[len(times) // 2],
            "p95": times[int(len(times) * 0.95) - 1],
            "max": times[-1],
        }
        game.evaluate("() => { localStorage.clear(); }")
        game.goto(base + "?deal=HM1-N-AAAAAAB")
        game.wait_for_function("window.__readyAt !== undefined")
        game.evaluate(CHURN, 200)  # warm up caches before the first measure
        before = heap_mb(game)
        done = game.evaluate(CHURN, args.churn)
        after = heap_mb(game)
        results["heap_mb"] = {"actions": done, "before": before, "after": after, "growth": after - before}
        context.close()
        results["service_worker_ms"] = offline_runs(browser, game_url, args.runs)
        browser.close()
    server.shutdown()
    out = ROOT / "bench-results" / "page.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    r, t, h = results["ready_reload_ms"], results["tap_to_dom_ms"], results["heap_mb"]
    print(f"ready on a warm load, median (min–max) of {args.runs} interleaved runs:")
    print(f"  game page       {r['game']['median']:7.0f} ms ({r['game']['min']:.0f}–{r['game']['max']:.0f})")
    print(f"  bare Pyodide    {r['control']['median']:7.0f} ms ({r['control']['min']:.0f}–{r['control']['max']:.0f})")
    print(f"  ratio           {results['ready_ratio']:7.3f}")
    print(f"tap → DOM over {t['taps']} taps: p50 {t['p50']:.2f} ms, p95 {t['p95']:.2f} ms, max {t['max']:.2f} ms")
    print(
        f"JS heap over {h['actions']} taps/undos/redos: {h['before']:.2f} → {h['after']:.2f} MB ({h['growth']:+.3f} MB)"
    )
    o = results["service_worker_ms"]
    print(f"with the service worker, median (min–max) of {args.runs} interleaved runs:")
    print(f"  network on      {o['online']['median']:7.0f} ms ({o['online']['min']:.0f}–{o['online']['max']:.0f})")
    print(f"  network off     {o['offline']['median']:7.0f} ms ({o['offline']['min']:.0f}–{o['offline']['max']:.0f})")
    print(f"  ratio           {o['offline']['median'] / o['online']['median']:7.3f}")
    print(f"written to {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
