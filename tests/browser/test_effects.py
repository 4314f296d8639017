"""Optional effects never break the game (docs/ui-contract.md "optional effects"), in Chromium: sound with
no working Web Audio, the motion without Web Animations, the clipboard, the downloaded file, the address,
the storage that lasts and the install prompt, each made to fail. No uncaught error, at most one console
warning per effect, the page drawn and the game played on as if the effect had worked. The share sheet
refused or cancelled: tests/browser/test_share_and_history.py.

On the shared page, each failure put back after its test; in a context of its own where the failure must
be there from the page's start (sound on from the stored preferences, the storage asked at the start)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from support.page_storage import with_keys
from support.pageobject import CODE, GamePage
from support.testdata import DEAD_END, WON
from support.worker_probe import in_worker

SOUND_ON = with_keys("localStorage.setItem(PREFERENCES_KEY, JSON.stringify({theme: 'system', sound: true}));")
NO_AUDIO = {
    "missing": "delete window.AudioContext; delete window.webkitAudioContext;",
    "refused": """window.AudioContext = class {
        constructor() { throw new DOMException('not allowed to start', 'NotAllowedError'); } };""",
}
"""Web Audio that cannot play: no AudioContext at all, or one whose constructor refuses."""
# The places of the animations the page's own script started (the motion layer: Web Animations), not
# the stylesheet's animations and transitions.
SCRIPTED = """() => document.getAnimations()
    .filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition))
    .map(a => a.effect.target.closest('[data-place]')?.dataset.place ?? a.effect.target.tagName)"""
HIDDEN_AND_BACK = """() => {
  dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}));
  document.dispatchEvent(new Event('visibilitychange'));
}"""
# Python's garbage collected at once, in the game's worker (its start hands the page a port that runs
# Python there): a task whose failure nobody awaited is reported on the console when it is freed, which
# would otherwise be some time after the test.
COLLECTED = in_worker("import gc; gc.collect()")
# A card's copy left showing over a place (the motion's ghost, unseen but while its animation runs).
LEFT_OVER = """() => [...document.querySelectorAll('[data-board] [data-place] > [aria-hidden="true"]:not([data-slot])')]
    .filter(copy => getComputedStyle(copy).opacity !== '0').length"""


HARNESS = "Service Worker registration blocked by Playwright"
"""The one warning of the tests' own making (a profile of its own blocks the service worker)."""


class Console:
    """A page's uncaught errors, console errors and console warnings from the moment it is made."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.warnings: list[str] = []
        page.on("console", self.said)
        page.on("pageerror", self.thrown)

    def said(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)
        elif message.type == "warning" and message.text != HARNESS:
            self.warnings.append(message.text)

    def thrown(self, error: Any) -> None:
        self.errors.append(str(error))

    def stop(self) -> None:
        self.page.remove_listener("console", self.said)
        self.page.remove_listener("pageerror", self.thrown)

    def check(self, effects: int = 1) -> None:
        """No error, once every failure is reported; at most one warning for each effect that failed."""
        self.page.evaluate(COLLECTED)
        assert self.errors == [], f"errors: {self.errors}"
        assert len(self.warnings) <= effects, f"more than one warning for each failed effect: {self.warnings}"


def settled(game: GamePage) -> None:
    """The motion's animations ended (those of the last tap too: its changes are on the page first)."""
    game.settle()
    game.page.wait_for_function(f"({SCRIPTED})().length === 0")


@pytest.fixture
def seen(game: GamePage) -> Iterator[Console]:
    said = Console(game.page)
    yield said
    said.stop()


@pytest.fixture
def own(browser: Browser, browser_context_args: dict[str, Any], site: str) -> Iterator[tuple[Page, str]]:
    """A profile of its own: its page and the site."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    yield context.new_page(), site
    context.close()


BROKEN = {
    "animations": (
        """() => { window.realAnimate = Element.prototype.animate;
            Element.prototype.animate = () => { throw new DOMException('none here', 'NotSupportedError'); }; }""",
        "() => { Element.prototype.animate = window.realAnimate; }",
    ),
    "clipboard": (
        "() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError')); }",
        "() => { delete navigator.clipboard.writeText; }",
    ),
    "download": (
        """() => { window.realObjectURL = URL.createObjectURL;
            URL.createObjectURL = () => { throw new DOMException('blocked', 'SecurityError'); }; }""",
        "() => { URL.createObjectURL = window.realObjectURL; }",
    ),
    "address": (
        "() => { history.replaceState = () => { throw new DOMException('too many calls', 'SecurityError'); }; }",
        "() => { delete history.replaceState; }",
    ),
}
"""An API of the shared page made to fail, and how it is put back."""


@pytest.fixture
def broken(game: GamePage, request: pytest.FixtureRequest) -> Iterator[GamePage]:
    """The shared page with the API named by the test's parameter failing, put back whatever happens."""
    script, undo = BROKEN[request.param]
    game.page.evaluate(script)
    try:
        yield game
    finally:
        game.page.evaluate(undo)


# --- sound ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("audio", sorted(NO_AUDIO))
def test_sound_that_cannot_play_is_silent_and_the_game_plays_on(own: tuple[Page, str], audio: str) -> None:
    page, site = own
    page.add_init_script(SOUND_ON + NO_AUDIO[audio])
    said = Console(page)
    game = GamePage(page, site).open(f"?deal={CODE}")
    assert game.checked("sound") is True
    game.play(WON["moves"][:1])  # a removal: its sound cannot play
    assert game.figures() == (10, 1)
    settled(game)
    game.action("undo")
    page.evaluate(HIDDEN_AND_BACK)
    assert game.figures() == (0, 0)
    game.play(WON["moves"][:2])
    assert game.figures() == (20, 2)
    settled(game)
    first = WON["moves"][2].split("+")[0]
    game.tap(first)  # a plain selecting tap: nothing leaves, nothing moves
    assert game.read(SCRIPTED) == [], "a selecting tap replayed a removal's motion"
    assert game.selected() == [first]
    assert game.root("data-sounds") in (None, "")  # nothing was heard
    said.check()


# --- the motion: Web Animations ------------------------------------------------------------------------


@pytest.mark.parametrize("broken", ["animations"], indirect=True)
def test_motion_that_cannot_start_leaves_the_board_drawn_and_the_win_shown(broken: GamePage, seen: Console) -> None:
    game = broken
    game.play(WON["moves"][:1])
    assert game.figures() == (10, 1)
    assert game.read(LEFT_OVER) == 0, "a copy of a removed card was left over the board"
    game.play_line(WON["moves"][1:-1])
    game.play(WON["moves"][-1:])  # the win: its glow cannot start either
    expect(game.dialog("end")).to_be_visible()
    assert game.board("data-status") == "won"
    assert game.read(LEFT_OVER) == 0
    seen.check()


# --- the clipboard -------------------------------------------------------------------------------------


@pytest.mark.parametrize("broken", ["clipboard"], indirect=True)
def test_a_clipboard_that_refuses_is_said_and_the_game_plays_on(broken: GamePage, seen: Console) -> None:
    game = broken
    game.play(WON["moves"][:1])
    game.action("share-replay")
    game.expect_message("The link could not be copied: ", part=True)
    game.play(WON["moves"][1:2])
    assert game.figures() == (20, 2)
    seen.check(0)


# --- the downloaded file -------------------------------------------------------------------------------


@pytest.mark.parametrize("broken", ["download"], indirect=True)
def test_a_file_that_cannot_be_downloaded_leaves_the_game_as_it_was(broken: GamePage, seen: Console) -> None:
    game = broken
    game.play(WON["moves"][:1])
    game.action("game-export")
    game.action("game-export")  # again: still one warning
    game.play(WON["moves"][1:2])
    assert game.figures() == (20, 2)
    assert game.saved()["moves"] == WON["moves"][:2]
    seen.check()


# --- the address -------------------------------------------------------------------------------------


@pytest.mark.parametrize("broken", ["address"], indirect=True)
def test_an_address_that_cannot_change_leaves_the_new_deal_played(broken: GamePage, seen: Console) -> None:
    game = broken
    game.play_code(DEAD_END["code"])
    assert game.board("data-code") == DEAD_END["code"]
    game.play(DEAD_END["moves"][:1])
    assert game.figures()[1] == 1
    settled(game)
    game.play_code(CODE)
    game.confirm()  # a game in progress: asked first (R7.6)
    assert game.board("data-code") == CODE and game.figures() == (0, 0)
    seen.check()


# --- the install prompt ----------------------------------------------------------------------------------

FAILING_OFFER = {
    "throws": "() => { throw new DOMException('not now', 'InvalidStateError'); }",
    "rejects": "() => Promise.reject(new DOMException('not now', 'NotAllowedError'))",
}
"""The browser's offer to install (headless Chromium never makes one) whose prompt fails."""


@pytest.mark.parametrize("how", sorted(FAILING_OFFER))
def test_an_install_prompt_that_fails_leaves_the_game_as_it_was(game: GamePage, seen: Console, how: str) -> None:
    game.page.evaluate(
        f"""() => {{ const event = new Event('beforeinstallprompt', {{cancelable: true}});
            event.prompt = {FAILING_OFFER[how]}; dispatchEvent(event); }}"""
    )
    expect(game.command("install")).to_be_visible()
    game.action("install")
    expect(game.command("install")).to_be_hidden()  # the offer is used: the browser makes a new one
    game.play(WON["moves"][:1])
    assert game.figures() == (10, 1)
    seen.check()


# --- the storage that lasts --------------------------------------------------------------------------------

NO_PERSISTENCE = """navigator.storage.persisted = () => Promise.reject(new DOMException('no', 'SecurityError'));
navigator.storage.persist = () => Promise.reject(new DOMException('no', 'SecurityError'));"""


def test_a_storage_that_cannot_say_or_promise_to_last_leaves_the_game_as_it_was(own: tuple[Page, str]) -> None:
    page, site = own
    page.add_init_script(NO_PERSISTENCE)
    said = Console(page)
    game = GamePage(page, site).open(f"?deal={CODE}")
    game.play_line(WON["moves"])  # the first finished game: the page asks, silently
    expect(game.dialog("end")).to_be_visible()
    game.action("close")
    game.action("stats")
    game.action("stats-persist")
    game.expect_dialog_message(
        "stats", "The browser did not promise to keep the data: export the statistics to a file to be safe."
    )
    assert game.attribute("[data-stats]", "data-won") == "1"
    said.check()
