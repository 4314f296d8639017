"""What the page benchmark (tools/bench_page.py) runs inside the page: the probes added at every
navigation, the scripts that tap, churn and record frames, and the winning line it plays."""

from __future__ import annotations

import json
from pathlib import Path

from halfmoon import PLACES, Game, TapKind
from support.worker_probe import in_worker

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
# The worker's interpreter's wasm heap.
WASM_HEAP = in_worker("import pyodide_js; pyodide_js._module.HEAP8.length")
# A tap's whole trip: the click until the worker's answer is applied (halfmoonPage.settled()), one
# tap at a time. Each pass over the places begins at the deal's start (restarted, nothing selected),
# whatever an earlier call left, so that every tap is the line's. With `atRest`, each tap waits for
# the page at rest first: every animation ended and a frame drawn since, so that no earlier tap's
# motion or rendering shares its trip.
TAP_LOOP = """async ([places, limit, atRest]) => {
  const times = [];
  const button = p => document.querySelector(`[data-board] [data-place="${p}"] button`);
  const settled = () => window.halfmoonPage.settled();
  const click = async (element) => { element.click(); await settled(); };
  const rest = async () => {
    await Promise.allSettled(document.getAnimations().map((animation) => animation.finished));
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  };
  const fromTheStart = async () => {
    await click(document.querySelector('nav [data-action="restart"]'));
    const confirm = document.querySelector('[data-dialog="confirm"] [data-action="confirm"]');
    if (confirm.closest('dialog').open) await click(confirm);
    for (const selected of document.querySelectorAll('[data-board] button[aria-pressed="true"]')) await click(selected);
  };
  while (times.length < limit) {
    await fromTheStart();
    for (const p of places) {
      if (atRest) await rest();
      const t0 = performance.now();
      button(p).click();
      await settled();
      times.push(performance.now() - t0);
      if (times.length >= limit) return times;
    }
  }
  return times;
}"""
CHURN = """async (n) => {
  const click = async s => { document.querySelector(s).click(); await window.halfmoonPage.settled(); };
  const tap = p => click(`[data-board] [data-place="${p}"] button`);
  let done = 0;
  while (done < n) {
    await tap('P4'); await tap('P1'); await tap('P4'); await tap('P7');     // a failed pair, then a pair
    await click('nav [data-action="undo"]'); await click('nav [data-action="redo"]');
    await click('nav [data-action="undo"]');
    done += 7;
  }
  return done;
}"""


def taps_for() -> list[str]:
    """Real play: the winning line, each pair's first card selected and deselected before it, and a
    failed pair (a card and a non-partner) before every trio."""
    game = Game.from_code(WON["code"])
    places: list[str] = []
    for move in WON["moves"]:
        parts = move.split("+")
        taps = [parts[0], refused_by(game, parts[0]), *parts] if len(parts) == 3 else [parts[0], parts[0], *parts]
        for place in taps:
            game.tap(place)
        places += taps
    return places


def refused_by(game: Game, first: str) -> str:
    """The first place whose card, tapped with ``first``'s selected, combines nothing (R3.3, R3.4)."""
    for place in PLACES:
        trial = game.copy()
        trial.tap(first)
        if trial.top(place) is not None and trial.tap(place).kind is TapKind.CLEARED:
            return str(place)
    raise ValueError(f"no card combines nothing with {first}")


FRAMES = """(ms) => new Promise(done => {
  const frames = []; let last = performance.now();
  const step = now => { frames.push(now - last); last = now;
    if (frames.reduce((a, b) => a + b, 0) < ms) requestAnimationFrame(step); else done(frames); };
  requestAnimationFrame(step);
})"""
