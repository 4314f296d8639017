"""The warm start from an interpreter snapshot (startup/worker-start.mjs in the game's worker, decided
and made by startup/page-start.mjs on the page), in Chromium.

Observed through the page's attributes, never through timing: ``data-start`` is ``restored`` or
``normal``; ``data-snapshot`` is ``stored`` once a snapshot was made in a visit, ``dropped`` when a bad
one was thrown away, ``off`` when the "fast start" setting is off. One context (service workers
blocked, so that routes see every request) and one page are shared by the whole module; each test
starts from the example deal's start with the default settings, and stores the snapshot it needs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import PREFIX, Watch
from playwright.sync_api import Browser, BrowserContext, Route

from support.page_base import READY_MS
from support.pageobject import GamePage
from support.testdata import WON
from support.worker_probe import in_worker
from tools.build import snapshot_modules  # tools/ is on the path (conftest)
from webapp.store.storage_keys import SETTINGS_KEY, STARTING_KEY

CACHE = "'half-moon-interpreter:' + new URL('./', location.href).href"
GOOD = "'half-moon-test:good-snapshot'"  # the tests' own copy of a good snapshot
HEX = """const hex = async b => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', b)),
    x => x.toString(16).padStart(2, '0')).join('');"""
ENTRIES = f"async () => (await (await caches.open({CACHE})).keys()).map(r => r.url)"
KEEP = f"""async () => {{
  const [request] = await (await caches.open({CACHE})).keys();
  const response = await (await caches.open({CACHE})).match(request);
  await (await caches.open({GOOD})).put(request, response);
}}"""
# Stores the good snapshot again with `change(bytes)` applied; `rehash` stores the new bytes' hash
# (a snapshot whole but wrong), otherwise the old hash stays (bytes damaged in storage).
INSTALL = f"""async ([change, rehash, build]) => {{
  {HEX}
  const [request] = await (await caches.open({GOOD})).keys();
  const response = await (await caches.open({GOOD})).match(request);
  const bytes = (new Function('bytes', change))(new Uint8Array(await response.arrayBuffer()));
  const hash = rehash ? await hex(bytes) : response.headers.get('x-half-moon-sha256');
  const url = build ? request.url.replace(/build=.*/, 'build=' + build) : request.url;
  await caches.delete({CACHE});
  await (await caches.open({CACHE})).put(url, new Response(bytes, {{headers: {{'x-half-moon-sha256': hash}}}}));
}}"""
# Playwright's wait_for_function takes a promise for a true value: this waits in the page instead.
UNTIL = "async (condition) => { while (!(await eval(condition)())) await new Promise(requestAnimationFrame); }"
# Every value the progress bar takes (its value attribute reflects the property).
BAR_VALUES = """window.barValues = [];
new MutationObserver((changes) => {
  for (const c of changes) barValues.push([performance.now(), Number(c.target.getAttribute('value'))]);
})
  .observe(document, { subtree: true, attributes: true, attributeFilter: ['value'] });"""


RANDOM = in_worker("import random; random.random()")


@pytest.fixture(scope="module")
def shared(browser: Browser, site: str) -> Iterator[tuple[BrowserContext, Watch]]:
    """The module's profile, on Playwright's fake clock, which runs as the real one does until a
    test stops it to move it on by hand (and lets it run again)."""
    context = browser.new_context(service_workers="block", locale="en-GB")
    context.clock.install()
    watch = Watch(site[: site.index(PREFIX)])
    context.on("page", watch.attach)
    yield context, watch
    context.close()
    assert watch.off_host == [] and watch.errors == [], (watch.off_host, watch.errors)


@pytest.fixture(scope="module")
def first_visit(shared: tuple[BrowserContext, Watch], site: str) -> GamePage:
    """The module's page: a first visit, a normal start that makes a good snapshot, kept aside
    for the tests to store again (``install``)."""
    game = GamePage(shared[0].new_page(), site).open()
    assert game.root("data-start") == "normal"
    game.expect_root("data-snapshot", "stored", READY_MS)
    assert len(entries(game)) == 1
    game.page.evaluate(KEEP)
    return game


@pytest.fixture
def game(first_visit: GamePage) -> GamePage:
    """The module's page at the start of HM1-N-AAAAAAB, the settings at their defaults (fast start on)."""
    return first_visit.fresh()


def started(game: GamePage) -> str | None:
    game.wait_ready()
    return game.root("data-start")


def install(game: GamePage, change: str = "return bytes", rehash: bool = False, build: str = "") -> None:
    game.page.evaluate(INSTALL, [change, rehash, build])


def with_snapshot(game: GamePage) -> None:
    install(game)
    game.page.reload()
    assert started(game) == "restored"


def entries(game: GamePage) -> list[str]:
    return list(game.read(ENTRIES))


def test_a_second_visit_is_restored_and_plays_a_whole_won_game(game: GamePage) -> None:
    with_snapshot(game)  # the snapshot made on the first visit (the fixture `first_visit`)
    game.play(WON["moves"])
    assert game.board("data-status") == "won" and game.figures() == (520, 48)
    game.page.locator('[data-dialog="end"] [data-action="restart"]').click()  # not in progress: no question
    assert game.figures() == (0, 0)


# What a restored interpreter holds: every module the snapshot imports (the build's list), the game's
# read from the zip, and the zip once on the path.
HELD = """import sys, json
json.dumps({"missing": [n for n in NAMES if n not in sys.modules],
  "files": sorted({m.__file__.split("/")[0] for n, m in sys.modules.items()
                   if n.split(".")[0] in ("halfmoon", "webapp")}),
  "path": sys.path.count("app.zip")})"""


def test_a_restored_interpreter_holds_the_snapshot_s_modules_and_reads_the_game_from_its_zip(game: GamePage) -> None:
    with_snapshot(game)
    held = json.loads(game.read(in_worker(HELD.replace("NAMES", json.dumps(snapshot_modules())))))
    assert held == {"missing": [], "files": ["app.zip"], "path": 1}


def test_saved_game_and_settings_are_as_after_a_normal_boot(game: GamePage) -> None:
    with_snapshot(game)
    game.play(WON["moves"][:3])
    game.setting("layout-help", True)
    game.setting("move-errors", True)
    shown = game.cards(), game.figures(), game.dimmed()
    game.page.reload()
    assert started(game) == "restored"
    assert (game.cards(), game.figures(), game.dimmed()) == shown
    game.action("settings")
    checked = {n: game.checked(n) for n in ("layout-help", "move-errors")}
    game.action("close")
    assert checked == {"layout-help": True, "move-errors": True}
    game.tap("P1", "P2")  # 8♣ and Q♠: refused, and said (R4.1)
    assert game.message() != ""


def test_the_game_clock_is_as_after_a_normal_boot(game: GamePage) -> None:
    """R5.4 over a restored start: the saved time is shown, and the clock runs on from it. The
    fake clock stands still from before the first tap, so the game clock's m:ss is exact (two
    restored starts)."""
    with_snapshot(game)
    clock = game.page.clock
    game.pause_clock()
    try:
        game.play(WON["moves"][:3])  # the first tap starts the game clock
        game.run_clock(65_000)
        game.expect_info("time", "1:05")
        game.page.reload(wait_until="commit")
        game.wait_ready_on_a_paused_clock()
        assert game.root("data-start") == "restored"
        game.expect_info("time", "1:05")
        game.run_clock(1_000)
        game.expect_info("time", "1:06")
    finally:
        clock.resume()


def test_random_differs_between_two_restores(game: GamePage) -> None:
    with_snapshot(game)
    first = game.read(RANDOM)
    game.page.reload()
    assert started(game) == "restored"
    assert game.read(RANDOM) != first


@pytest.mark.parametrize(
    ("name", "change", "rehash"),
    [
        ("corrupt", "bytes.fill(7, 8_000_000, 9_000_000); return bytes", False),  # 1 MB inside the heap
        ("truncated", "return bytes.slice(0, bytes.length >> 1)", False),
        ("foreign", "bytes[20] ^= 0xff; return bytes", True),  # another Pyodide build's id, hash right
    ],
)
def test_a_bad_snapshot_falls_back_to_a_normal_boot_and_is_dropped(
    game: GamePage, name: str, change: str, rehash: bool
) -> None:
    cards = game.cards()
    install(game, change, rehash)
    game.page.reload()
    assert started(game) == "normal", name
    assert game.root("data-snapshot") == "dropped"
    assert game.cards() == cards and entries(game) == []
    game.tap("P4", "P7")
    assert game.figures() == (10, 1)


def test_a_stale_snapshot_is_never_restored_and_is_deleted(game: GamePage) -> None:
    install(game, build="pyodide-0.0.0-other")
    game.page.reload()
    assert started(game) == "normal"
    game.expect_root("data-snapshot", "stored", READY_MS)
    assert [u for u in entries(game) if "other" in u] == [] and len(entries(game)) == 1


def hang(route: Route) -> None:
    """The game's zip never arrives: a start that never reaches ready."""


def test_a_restored_start_that_never_reached_ready_is_followed_by_a_normal_boot(
    game: GamePage, shared: tuple[BrowserContext, Watch]
) -> None:
    install(game)
    stuck = shared[0].new_page()
    stuck.route("**/app.zip", hang)
    stuck.goto(game.site)
    GamePage(stuck, game.site).expect_root("data-start", "restored", READY_MS)
    stuck.close()  # the tab is gone before ready: as a crash
    starting = f"lock => lock.name.startsWith('{STARTING_KEY}:')"  # others (a change's number) may be held
    game.page.evaluate(UNTIL, f"async () => !(await navigator.locks.query()).held.some({starting})")
    game.page.reload()
    assert started(game) == "normal"
    assert game.root("data-snapshot") == "dropped" and entries(game) == []


def test_a_second_tab_still_starting_is_not_taken_for_a_crash(
    game: GamePage, shared: tuple[BrowserContext, Watch]
) -> None:
    install(game)
    starting = shared[0].new_page()
    starting.route("**/app.zip", hang)
    starting.goto(game.site)
    GamePage(starting, game.site).expect_root("data-start", "restored", READY_MS)
    other = GamePage(shared[0].new_page(), game.site)
    other.page.goto(game.site)
    assert started(other) == "restored" and len(entries(other)) == 1
    other.page.close()
    starting.unroute("**/app.zip")
    starting.reload()  # the stuck start is left for a fresh one, as a player would
    assert started(GamePage(starting, game.site)) in ("restored", "normal")
    starting.close()


def test_with_fast_start_off_no_snapshot_is_read_or_made(game: GamePage) -> None:
    with_snapshot(game)
    game.setting("fast-start", False)
    game.page.reload()
    assert started(game) == "normal"
    assert game.root("data-snapshot") == "off"
    game.page.evaluate(UNTIL, f"async () => ({ENTRIES})().then(keys => keys.length === 0)")


def test_a_first_visit_shows_the_download_progress_in_the_page_language(browser: Browser, site: str) -> None:
    context = browser.new_context(service_workers="block", locale="en-GB")
    page = context.new_page()
    watch = Watch(site[: site.index(PREFIX)])
    watch.attach(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")  # a slow link: the runtime takes seconds to arrive
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 20, "downloadThroughput": 3e6, "uploadThroughput": 1e6},
    )
    page.add_init_script(BAR_VALUES)
    page.goto(site)
    bar = page.locator("[data-progress] progress")
    bar.wait_for(state="visible", timeout=READY_MS)
    assert page.locator("[data-progress]").inner_text() == "Getting the game ready to play offline…"
    first = float(bar.evaluate("b => b.value"))
    page.wait_for_function(f"document.querySelector('[data-progress] progress').value > {first}", timeout=READY_MS)
    GamePage(page, site).wait_ready()
    assert page.locator("[data-progress]").is_hidden()  # with the loading indicator, at ready
    timed = page.evaluate("window.barValues")
    values = [value for _, value in timed]
    assert values == sorted(values) and values[-1] == 1, values  # forward only, to the end
    context.close()
    assert watch.off_host == [] and [e for e in watch.errors if "preload" not in e] == []


# Whether each module of PyScript's own package was imported from the bytecode the start puts beside
# its sources: the functions it defined carry lines without columns (the build's pycs,
# tools/pyc_bytes.py), where a compile of the source carries both.
PYSCRIPT_FROM_BYTECODE = in_worker("""import sys, json, inspect
def functions(module):
    for value in vars(module).values():
        members = vars(value).values() if isinstance(value, type) else [value]
        yield from (f for f in members if inspect.isfunction(f) and f.__module__ == module.__name__)
names = sorted(n for n, m in sys.modules.items()
               if n.split(".")[0] == "pyscript" and str(getattr(m, "__file__", "")).endswith(".py"))
code = {n: [f.__code__ for f in functions(sys.modules[n])] for n in names}
json.dumps({n: all(p[2] is None for c in cs for p in c.co_positions()) for n, cs in code.items() if cs})""")


def test_pyscript_s_own_package_is_imported_from_the_shipped_bytecode_in_both_starts(game: GamePage) -> None:
    for start in ("restored", "normal"):
        if start == "restored":
            with_snapshot(game)
        else:  # fast start off (the next test's fixture turns it on again)
            game.store(SETTINGS_KEY, json.dumps({"fast_start": False}))
            game.page.reload()
            assert started(game) == "normal"
        modules = json.loads(game.read(PYSCRIPT_FROM_BYTECODE))
        assert {"pyscript.context", "pyscript.util", "pyscript.display"} <= modules.keys(), modules
        assert all(modules.values()), (start, modules)


# The game's dataclasses' generated methods (compiled from a text, "<string>"), per module prefix:
# how many, and how many carry columns (compiled in the worker) rather than lines alone (the build's,
# webapp/browser/compiled_methods.py).
GENERATED = in_worker("""import sys, json, dataclasses, inspect
def generated(prefixes):
    classes = [c for n, m in list(sys.modules.items()) if n.startswith(prefixes) for c in vars(m).values()
               if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == n]
    codes = [f.__code__ for c in classes for f in vars(c).values()
             if inspect.isfunction(f) and f.__code__.co_filename == "<string>"]
    return [len(codes), sum(any(p[2] is not None for p in c.co_positions()) for c in codes)]
json.dumps({"game": generated(("halfmoon", "webapp.")), "browser": generated(("webapp.browser.",))})""")


def test_the_game_s_dataclasses_run_the_methods_the_build_compiled(game: GamePage) -> None:
    with_snapshot(game)  # the snapshot's classes were made by its own worker; the shell's here
    made, compiled_here = json.loads(game.read(GENERATED))["browser"]
    assert made > 0 and compiled_here == 0, (made, compiled_here)
    game.store(SETTINGS_KEY, json.dumps({"fast_start": False}))  # the next test's fixture turns it on
    game.page.reload()
    assert started(game) == "normal"
    made, compiled_here = json.loads(game.read(GENERATED))["game"]
    assert made > 0 and compiled_here == 0, (made, compiled_here)
