"""The game in every engine a player uses: Chromium, Firefox and WebKit.

Each test runs once per engine (``[chromium]``, ``[firefox]``, ``[webkit]``) on that engine's one
booted page (conftest.py), through the same page object as the Chromium suite. Seconds, each engine
alone on two cores: about 85 (Chromium), 50 (Firefox), 90 (WebKitGTK); all three in one run on a
loaded machine (load average 8), 306. Most of it is boots: a first visit, a fallback boot and five
restored starts per engine. ``make test`` runs this suite beside the rest (Makefile).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from engine_suite import PREFIX, Engine

from support.access import Keyboard
from support.geometry import inside, overlap, window
from support.pageobject import CODE, GamePage
from support.testdata import DEAD_END, WON

ROOT = Path(__file__).resolve().parents[2]
# What the game's worker downloads before it is ready: its interpreter module, Pyodide's runtime, the game.
PYODIDE = "static/vendor/pyodide/"
WORKER_FILES = (
    *(PYODIDE + name for name in ("half-moon-start.mjs", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")),
    *(PYODIDE + name for name in ("python_stdlib.zip", "pyodide-lock.json")),
    "static/build/app.zip",
)
# A file the service worker does not hold: the network's answer, or none.
OFFLINE = "fetch('./no-such-file', {cache: 'no-store'}).then(() => 'online', () => 'offline')"


def test_the_first_visit_becomes_ready_with_no_error(booted: Engine) -> None:
    assert booted.first_start == "normal", "a first visit has no snapshot to restore"
    assert booted.snapshot == "stored", f"the first visit's interpreter snapshot: {booted.snapshot}"
    errors = [entry for entry in booted.first_seen if entry[0] != "warn"]
    assert errors == [], f"the first visit's errors or off-host requests: {errors}"
    assert booted.first_code == CODE, "the first visit opens the deal of its address"


def runtime_file(path: str) -> bool:
    name = path.removeprefix(PREFIX)
    return name.startswith("static/vendor/") or (name.startswith("static/build/") and name.endswith((".mjs", ".zip")))


def bodies(served: list[tuple[str, int]]) -> Counter[str]:
    return Counter(path for path, _ in served if runtime_file(path))


def test_the_first_visit_downloads_each_runtime_file_once_until_ready(booted: Engine) -> None:
    """Counted at the server, up to ready: the page's start modules and the worker's runtime, each
    once, in every engine (the worker asks for its interpreter module with the start's query)."""
    until_ready = bodies(booted.until_ready)
    assert {path: n for path, n in until_ready.items() if n > 1} == {}, f"{booted.name} downloaded files twice"
    for name in WORKER_FILES:
        assert until_ready[PREFIX + name] == 1, f"{name} was not downloaded"


def test_a_first_visit_downloads_each_runtime_file_once_with_its_workers(booted: Engine) -> None:
    """Counted at the server: the page, its Workers and the service worker together, from the first
    request until the service worker controls the page and the interpreter snapshot is stored. The
    later requests find the page's download in the browser's HTTP cache (every engine runs with a
    profile on disk, as a player's: support/engines.py)."""
    whole = bodies(booted.first_visit)
    assert {path: n for path, n in whole.items() if n > 1} == {}, f"{booted.name} downloaded files more than once"
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "pyodide.mjs", "pyodide.asm.mjs"):
        assert whole[f"{PREFIX}static/vendor/pyodide/{name}"] == 1, f"{name} was not downloaded"
    assert whole[f"{PREFIX}static/build/app.zip"] == 1 and whole[f"{PREFIX}static/build/page-start.mjs"] == 1


def test_a_whole_won_game_by_taps_and_its_statistics(game: GamePage) -> None:
    played, won = int(game.stat("played")), int(game.stat("won"))
    game.play(WON["moves"])  # 48 removals, each a click per card
    assert game.board("data-status") == "won" and game.figures() == (520, 48)
    assert game.is_open("end")
    assert (int(game.stat("played")), int(game.stat("won"))) == (played + 1, won + 1)
    assert int(game.stat("streak")) >= 1 and game.stat("best-time") != ""


def test_undo_and_redo(game: GamePage) -> None:
    before = game.cards()
    game.play(["P4+P7"])
    after = game.cards()
    assert game.figures() == (10, 1) and after != before
    game.action("undo")
    assert game.figures() == (0, 0) and game.cards() == before
    game.action("redo")
    assert game.figures() == (10, 1) and game.cards() == after


def test_a_dead_end(game: GamePage) -> None:
    game.fresh(DEAD_END["code"])
    game.play(DEAD_END["moves"])
    assert game.board("data-status") == "dead-end"
    assert game.is_open("end") and game.message() != ""


def test_a_reload_resumes_the_game_restored_from_the_snapshot(game: GamePage, booted: Engine) -> None:
    game.play(["P4+P7", "P5+P6"])
    cards = game.cards()
    game.open()  # a navigation to the address: the second visit of this profile
    assert game.figures() == (20, 2) and game.cards() == cards
    assert game.root("data-start") == "restored"


def test_an_offline_reload_resumes_the_game(game: GamePage, booted: Engine) -> None:
    game.play(["P4+P7"])
    booted.stop_server()
    try:
        game.open()  # the service worker's cache alone
        assert game.figures() == (10, 1) and game.board("data-code") == CODE
        assert booted.driver.evaluate(OFFLINE) == "offline", "the server still answers"
    finally:
        booted.start_server()


SNAPSHOT = """async ([how]) => {
  const name = (await caches.keys()).find(n => n.startsWith('half-moon-interpreter:'));
  const backup = await caches.open('half-moon-test:backup');
  if (how === 'restore') {
    const [request] = await backup.keys();
    await (await caches.open(name ?? `half-moon-interpreter:${new URL('./', location.href)}`))
      .put(request, await backup.match(request));
    await caches.delete('half-moon-test:backup');
    return true;
  }
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const stored = await cache.match(request);
  await backup.put(request, stored.clone());
  const bytes = new Uint8Array(await stored.arrayBuffer());
  for (let i = 0; i < bytes.length; i += 4096) bytes[i] ^= 0xff;  // same size, same stated hash
  await cache.put(request, new Response(bytes, {headers: stored.headers}));
  return request.url.includes('__interpreter-snapshot__');
}"""


def test_a_corrupt_snapshot_falls_back_to_a_normal_start(game: GamePage, booted: Engine) -> None:
    game.play(["P4+P7"])
    assert booted.driver.evaluate(SNAPSHOT, ["corrupt"]) is True
    try:
        game.open()
        assert game.root("data-start") == "normal"
        assert game.root("data-snapshot") == "dropped"
        assert game.figures() == (10, 1)
        said = [text for kind, text, _ in booted.seen() if kind == "warn"]
        assert any("snapshot was not usable" in text for text in said), said
    finally:  # the good snapshot back, for the tests that restore from it
        booted.driver.evaluate(SNAPSHOT, ["restore"])


def test_the_keyboard(game: GamePage, booted: Engine) -> None:
    keys = Keyboard(game)
    stops = game.read(TAB_STOPS)
    assert len(stops) == 1 and game.count(stops[0]) > 0, f"the board's Tab stops: {stops}"
    game.focus('[data-link="examples"]')
    booted.driver.key("Tab")
    assert game.focused_place() == stops[0], "Tab enters the board at its one stop (the place last focused)"
    keys.tap("P4")
    assert game.selected() == ["P4"]
    booted.driver.key("Escape")
    assert game.selected() == []
    keys.tap("P4", "P7")
    assert game.figures() == (10, 1)
    booted.driver.key("Control+z")
    assert game.figures() == (0, 0)
    booted.driver.key("Control+y")
    assert game.figures() == (10, 1)


TAB_STOPS = """() => [...document.querySelectorAll('[data-board] [data-place] button[tabindex="0"]')]
  .map(b => b.closest('[data-place]').dataset.place)"""
VIEWPORTS = [(390, 844), (844, 390), (1366, 657)]
FRAMES = """(sizes) => {
  for (const [width, height] of sizes) {
    const frame = document.createElement('iframe');
    frame.dataset.testFrame = `${width}x${height}`;
    frame.width = width;
    frame.height = height;
    Object.assign(frame.style, {position: 'fixed', left: '0', top: '0', border: '0', zIndex: '10'});
    frame.src = location.href;
    document.body.append(frame);
  }
}"""
FRAMES_READY = """() => [...document.querySelectorAll('iframe[data-test-frame]')]
  .every(f => f.contentDocument?.documentElement?.dataset.ready === 'true')"""
GEOMETRY = """() => Object.fromEntries([...document.querySelectorAll('iframe[data-test-frame]')].map(frame => {
  const doc = frame.contentDocument;
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const places = [...doc.querySelectorAll('[data-board] [data-place]')];
  return [frame.dataset.testFrame, {
    viewport: [doc.documentElement.clientWidth, doc.documentElement.clientHeight],
    scroll: [doc.documentElement.scrollWidth, doc.documentElement.scrollHeight],
    places: places.map(p => box(p.querySelector('button'))),
    info: [...doc.querySelectorAll('[data-info]')].map(box),
    commands: ['undo', 'redo', 'restart', 'new']
      .map(a => box(doc.querySelector(`[data-action="${a}"]:not(dialog [data-action])`))),
  }];
}))"""


def test_the_table_fits_a_phone_both_ways_and_a_laptop(game: GamePage, booted: Engine) -> None:
    """In same-origin iframes of those sizes (Firefox's and WebKitGTK's windows cannot be made that
    small); each frame is the game page, restored from the snapshot."""
    booted.driver.evaluate(FRAMES, VIEWPORTS)
    try:
        booted.driver.wait(FRAMES_READY, 240_000)
        measured: dict[str, Any] = game.read(GEOMETRY)
    finally:
        booted.driver.evaluate("() => document.querySelectorAll('iframe[data-test-frame]').forEach(f => f.remove())")
    for width, height in VIEWPORTS:
        g = measured[f"{width}x{height}"]
        at = f"{booted.name} {width}x{height}"
        assert g["viewport"] == [width, height], f"{at}: the frame's viewport is {g['viewport']}"
        assert g["scroll"][0] <= width and g["scroll"][1] <= height, f"{at}: the page scrolls"
        targets = g["places"] + g["commands"]
        assert all(inside(t, window(width, height)) for t in targets + g["info"]), f"{at}: something is off screen"
        for i, t in enumerate(targets):
            assert not any(overlap(t, u) for u in targets[i + 1 :]), f"{at}: two hit areas overlap"
        smallest = min(min(t[2] - t[0], t[3] - t[1]) for t in targets)
        assert smallest >= 36 if min(width, height) >= 360 else 24, f"{at}: a hit area is {smallest:.1f} px"


def test_the_hook_sees_an_error_and_a_request_to_another_host(booted: Engine) -> None:
    """The suite's error check can fail: what a broken page would do is seen in this engine."""
    booted.seen()
    booted.driver.evaluate(
        """() => { console.error('canary'); const img = new Image(); img.src = 'http://example.invalid/x.png';
                   return new Promise(done => setTimeout(done, 0)); }"""
    )
    booted.driver.wait(
        "JSON.parse(sessionStorage.getItem('half-moon-test:seen') || '[]').some(e => e[1].includes('example.invalid'))",
        10_000,
    )
    seen = booted.seen()
    assert any(kind == "error" and text == "canary" for kind, text, _ in seen), seen
    assert any("example.invalid" in text for _, text, _ in seen), seen
