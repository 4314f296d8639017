"""Nothing lost, nothing let in, in Chromium: hostile and failing storage, the
back/forward cache, long input, the first paint's language. Every page of every test here also
fails on a Content Security Policy violation (conftest.py turns each into a console error)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, PREFIX, Watch
from playwright.sync_api import Browser, BrowserType, Route, expect

from support.page_storage import with_keys
from support.pageobject import CODE, GamePage
from support.testdata import WON
from webapp.store.storage_keys import BACKUP_KEY, GAME_KEY, HISTORY_BACKUP_KEY, HISTORY_KEY, SETTINGS_KEY, SNAPSHOT_KEY

ILLEGAL = json.dumps(
    {"format": "half-moon-game", "version": 2, "code": CODE, "moves": ["P1+P2"], "undone": []}
    | {"elapsed_ms": 0, "dealt_at": 0, "from_file": False},
    separators=(",", ":"),
)
HOSTILE = {
    "deep-nesting": "'['.repeat(20000)",
    "5-MB": "'x'.repeat(5000000)",
    "lone-surrogate": '\'{"\\ud800":"\\udfff"}\'',
    "wrong-shape": "'[\"half-moon-game\", 2]'",
    "foreign-version": '\'{"format":"half-moon-game","version":0}\'',  # not a version any page writes
    "markup": "'<img src=x onerror=\"document.title=1\"><b>bold</b>'",
}
INJECTED = "document.querySelectorAll('main img, main b, main script, [data-message] *').length"


@pytest.fixture
def profile(browser: Browser, browser_context_args: dict[str, Any], site: str) -> Iterator[tuple[GamePage, Watch]]:
    """A profile of its own (own storage, no service worker), its pages watched like the shared one's."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    seen = Watch(site[: site.index(PREFIX)])
    context.on("page", seen.attach)
    yield GamePage(context.new_page(), site), seen
    context.close()
    seen.check()


def fill_storage(game: GamePage, values: dict[str, str]) -> None:
    """Storage of the site's origin set before the game's page first loads (JavaScript values)."""
    game.page.goto(game.site + "rules-en.html")  # a page of the origin that is not the game
    for key, value in values.items():  # as much as the origin's quota takes (5 MB fits once)
        game.page.evaluate(f"try {{ localStorage.setItem({json.dumps(key)}, {value}) }} catch (full) {{}}")


@pytest.mark.parametrize("kind", HOSTILE, ids=HOSTILE.keys())
def test_every_key_hostile_the_page_still_starts_says_what_it_did_and_injects_nothing(
    profile: tuple[GamePage, Watch], kind: str
) -> None:
    game, _ = profile
    value = HOSTILE[kind]
    fill_storage(game, {GAME_KEY: value, SNAPSHOT_KEY: value, BACKUP_KEY: value})
    game.store(SETTINGS_KEY, json.dumps({"move_errors": True}))
    game.open("")  # the hostile game key must not brick the page
    said = game.message()
    assert said and len(said) < 300, said
    if kind == "foreign-version":
        assert "backup" in said
        assert json.loads(game.stored(BACKUP_KEY))[-1] == json.loads(game.read(f"JSON.stringify({value})"))
    else:
        assert "not a Half Moon game" in said and "backup" not in said
    assert game.read(INJECTED) == 0 and game.page.title() == "Half Moon"
    assert game.checked("move-errors"), "good settings are never lost"
    assert game.board("data-saved") == "true" and game.saved()["code"] == game.board("data-code")


def test_settings_nested_deeply_do_not_brick_the_page(profile: tuple[GamePage, Watch]) -> None:
    game, _ = profile
    fill_storage(game, {SETTINGS_KEY: HOSTILE["deep-nesting"]})
    game.open()
    assert game.figures() == (0, 0) and not game.checked("move-errors")
    stored = game.stored(SETTINGS_KEY)
    assert stored is None or stored.startswith("{"), "the hostile value was removed"


def test_a_backup_that_cannot_be_written_leaves_the_record_in_place(profile: tuple[GamePage, Watch]) -> None:
    """Storage nearly full: the refused record stays where it was, nothing overwrites it, the game
    runs from memory and says it is not saved."""
    game, _ = profile
    fill_storage(game, {GAME_KEY: json.dumps(ILLEGAL)})
    game.page.add_init_script(
        with_keys(
            "(() => { const set = Storage.prototype.setItem;"
            " Storage.prototype.setItem = function (k, v) {"
            "  if (k === BACKUP_KEY) throw new DOMException('full', 'QuotaExceededError');"
            "  return set.call(this, k, v); }; })()"
        )
    )
    game.open("")
    assert "left in place" in game.message()
    assert game.board("data-saved") == "false"
    expect(game.page.locator("[data-save-warning]")).to_be_visible()
    game.play(WON["moves"][:1])
    assert game.stored(GAME_KEY) == ILLEGAL


def test_a_second_refused_record_never_overwrites_the_first_backup(profile: tuple[GamePage, Watch]) -> None:
    game, _ = profile
    records = [ILLEGAL.replace('"dealt_at":0', f'"dealt_at":{n}') for n in (1, 2)]
    fill_storage(game, {GAME_KEY: json.dumps(records[0])})
    game.open("")
    game.store(GAME_KEY, records[1])
    game.open("")
    assert json.loads(game.stored(BACKUP_KEY)) == records


def test_a_history_with_one_wrong_typed_score_is_backed_up_named_and_recorded_after(
    profile: tuple[GamePage, Watch],
) -> None:
    """Three legal games, one score the string "25": the record is ours (it names our format), so it is
    moved to its backup, the message names the field, and the next finished game is recorded after it."""
    game, _ = profile
    line = ".".join(WON["moves"][:3])
    games = [[WON["code"], n, "20261201", "playing", 25, 60_000, line] for n in (1, 2, 3)]
    games[1][4] = "25"
    text = json.dumps({"format": "half-moon-history", "version": 1, "games": games})
    fill_storage(game, {HISTORY_KEY: json.dumps(text)})
    game.open()
    said = game.message()
    assert "moved to a backup" in said and "has a value of the wrong type in its field score" in said, said
    assert json.loads(game.stored(HISTORY_BACKUP_KEY)) == [text]
    game.play_line(WON["moves"])
    game.page.wait_for_function(
        "(key) => (JSON.parse(localStorage.getItem(key) || '{}').games || []).length === 1", arg=HISTORY_KEY
    )
    recorded = json.loads(game.stored(HISTORY_KEY))["games"]
    assert [entry[3] for entry in recorded] == ["won"]
    assert json.loads(game.stored(HISTORY_BACKUP_KEY)) == [text]


FAILING_WRITES = (
    "(() => { const set = Storage.prototype.setItem;"
    " Storage.prototype.setItem = function (k, v) {"
    "  if (window.storageIsFull) throw new DOMException('full', 'QuotaExceededError');"
    "  return set.call(this, k, v); }; })()"
)

TAP_AND_READ_SAVED = """async (place) => {
  document.querySelector(`[data-board] [data-place="${place}"] button`).click();
  await window.halfmoonPage.settled();  // read in the task that applies the tap's answer
  return document.querySelector('[data-board]').dataset.saved;
}"""


def test_storage_that_fills_after_some_moves_shows_it_until_it_works_and_a_reload_resumes(
    profile: tuple[GamePage, Watch],
) -> None:
    """The state "cannot save" lasts: it is no message the next tap clears."""
    game, _ = profile
    game.page.add_init_script(FAILING_WRITES)
    game.open()
    game.play(WON["moves"][:1])
    assert game.board("data-saved") == "true"
    game.page.evaluate("window.storageIsFull = true")
    game.play(WON["moves"][1:3])
    warning = game.page.locator("[data-save-warning]")
    # the page tells Python a refused write once it has applied the answer that made it: the state
    # follows that news, a call later
    game.shows("[data-board]").to_have_attribute("data-saved", "false")
    for _ in range(2):  # each tap's own answer says so, drawn before its write is tried
        assert game.page.evaluate(TAP_AND_READ_SAVED, "P1") == "false"
    expect(warning).to_be_visible()
    game.shows("[data-board]").to_have_attribute("data-saved", "false")  # each tap's refusal, a call later
    game.open()  # storage works again after a reload: the last saved move is there
    assert game.figures() == (10, 1) and game.board("data-saved") == "true"
    expect(warning).to_be_hidden()


def test_storage_that_works_again_is_said_saved_once_a_write_is_made(profile: tuple[GamePage, Watch]) -> None:
    game, _ = profile
    game.page.add_init_script(FAILING_WRITES)
    game.open()
    game.page.evaluate("window.storageIsFull = true")
    game.play(WON["moves"][:1])
    game.shows("[data-board]").to_have_attribute("data-saved", "false")
    game.page.evaluate("window.storageIsFull = false")
    assert game.page.evaluate(TAP_AND_READ_SAVED, "P1") == "false"  # its write not yet known made
    game.shows("[data-board]").to_have_attribute("data-saved", "true")  # made, and told
    expect(game.page.locator("[data-save-warning]")).to_be_hidden()
    game.open()
    assert game.figures() == (10, 1)  # the move made while storage was full, saved once it worked


def test_storage_that_throws_on_every_write_from_the_start(profile: tuple[GamePage, Watch]) -> None:
    game, _ = profile
    game.page.add_init_script(FAILING_WRITES.replace("window.storageIsFull", "true"))
    game.open()
    assert game.board("data-saved") == "false"
    game.play(WON["moves"][:3])
    assert game.figures()[1] == 3 and game.board("data-saved") == "false"


def test_a_long_bad_code_is_cut_short_and_never_widens_the_page(game: GamePage) -> None:
    """Echoed input is cut; long words wrap."""
    game.play_code("Q" * 2000)
    assert 0 < len(game.message()) < 200
    game.page.set_viewport_size({"width": 400, "height": 800})
    try:
        game.open("?deal=" + "Z" * 6000)
        assert 0 < len(game.message()) < 200
        assert not game.scrolls_sideways()
    finally:
        game.page.set_viewport_size({"width": 1000, "height": 800})


def test_an_english_browser_sees_english_from_the_first_paint(browser: Browser, site: str) -> None:
    """Before Python is up, the page's words follow the browser's language."""
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # hold the runtime: the page stays before ready
    page.goto(site + f"?deal={CODE}")
    try:
        early = GamePage(page, site)
        early.expect_root("lang", "en")
        expect(page.locator('button[data-action="undo"]').first).to_have_text("Undo")
        expect(page.locator("[data-loading]")).to_contain_text("Loading")
        assert early.is_loading()
    finally:
        for route in held:
            route.abort()
        context.close()


def test_a_page_back_from_the_cache_takes_the_newer_game_silently(
    browser_type: BrowserType, browser_context_args: dict[str, Any], site: str
) -> None:
    """A page restored by the back/forward cache re-reads storage and adopts
    the newer game without the "another tab" message, overwriting nothing."""
    browser = browser_type.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, ignore_default_args=["--disable-back-forward-cache"]
    )
    try:
        context = browser.new_context(**browser_context_args)
        first = GamePage(context.new_page(), site).open()
        first.play(WON["moves"][:1])
        # The service worker claims its clients once, when it activates; a claim evicts a page from the
        # back/forward cache, so it must have happened before this page goes to sleep there.
        first.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        # Nor may the interpreter snapshot still be in the making (a Worker writing Cache Storage): the page
        # would not be kept in the cache then. Its fate is known once it is stored (or off, dropped, failed).
        first.page.wait_for_function(
            "['stored', 'off', 'dropped', 'failed'].includes(document.documentElement.dataset.snapshot)",
            timeout=120_000,
        )
        first.page.evaluate("window.sleptInTheCache = true")
        first.page.goto(site + "rules-en.html")
        other = first.tab()
        other.play(WON["moves"][1:3])
        newer = other.saved()
        first.page.go_back(wait_until="commit")
        first.page.wait_for_function("window.sleptInTheCache === true")  # restored, not reloaded
        first.expect_board("data-moves", "3")
        position = ("code", "moves", "undone")
        assert first.message() == "" and [first.saved()[k] for k in position] == [newer[k] for k in position]
        assert not first.dialog("confirm").is_visible()
    finally:
        browser.close()


CSP_PROBE = (
    "window.cspViolations = [];"
    "document.addEventListener('securitypolicyviolation',"
    " e => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))"
)
PAGES = ("", "rules-fi.html", "rules-en.html", "examples-fi.html", "examples-en.html")


def test_no_page_breaks_its_content_security_policy_online_or_offline(browser: Browser, site: str) -> None:
    """Every page carries the policy, and nothing on it (the page's own code, PyScript, Pyodide, the
    service worker's responses) is refused during a whole won game, online and then offline."""
    context = browser.new_context(locale="en-GB")
    context.add_init_script(CSP_PROBE)
    try:
        game = GamePage(context.new_page(), site).open()
        game.play(WON["moves"])
        assert game.board("data-status") == "won"
        game.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        for online in (True, False):
            context.set_offline(not online)
            for name in PAGES:
                page = context.new_page()
                page.goto(site + name)
                if name == "":
                    GamePage(page, site).wait_ready()
                policy = page.locator('meta[http-equiv="Content-Security-Policy"]')
                assert policy.count() == 1, f"{name or 'index.html'} has no policy"
                assert page.evaluate("window.cspViolations") == [], f"{name or 'index.html'} online={online}"
                page.close()
        assert game.read("window.cspViolations") == []
    finally:
        context.close()
