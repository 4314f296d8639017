"""The board before Python has booted: the early paint from the saved snapshot, and queued taps.

On the shared page, which has no service worker: a worker would answer from its cache, where a
route cannot hold the engine back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from halfmoon import PLACES
from support.page_storage import with_keys
from support.pageobject import GamePage
from support.testdata import WON
from webapp.store.storage_keys import STATS_KEY

BOARD = """() => [...document.querySelectorAll('[data-board] [data-place]')].map(p => {
  const b = p.querySelector('button').getBoundingClientRect();
  return [p.dataset.place, p.dataset.card, p.dataset.count, p.querySelector('button').getAttribute('aria-label'),
          Math.round(b.x + scrollX), Math.round(b.y + scrollY), Math.round(b.width), Math.round(b.height)];
})"""


def same(board: Any, other: Any) -> bool:
    """The same cards, counts and names, and the same boxes to within a pixel of rounding."""
    return all(
        a[:4] == b[:4] and all(abs(x - y) <= 1 for x, y in zip(a[4:], b[4:], strict=True))
        for a, b in zip(board, other, strict=True)
    )


EDIT = with_keys("""(() => { const s = JSON.parse(localStorage.getItem(SNAPSHOT_KEY)); %s;
  localStorage.setItem(SNAPSHOT_KEY, JSON.stringify(s)); })()""")


class Gate:
    """Holds back the game's zip, so that the page stays before ready until the test lets it go."""

    ZIP = "**/static/build/app.zip"

    def __init__(self, page: Page) -> None:
        self.held: list[Route] = []
        self.closed = False
        page.route(self.ZIP, self.hold)

    def hold(self, route: Route) -> None:
        if self.closed:
            self.held.append(route)
        else:
            route.continue_()

    def open(self) -> None:
        self.closed = False
        while self.held:
            self.held.pop().continue_()


@pytest.fixture
def gate(game: GamePage) -> Iterator[Gate]:
    gate = Gate(game.page)
    yield gate
    gate.open()
    game.page.unroute(Gate.ZIP)


def before_ready(game: GamePage, gate: Gate, query: str = "") -> Any:
    gate.closed = True
    # The last taps' answers applied and saved, with the early-paint record each writes in its batch,
    # before the page is left.
    game.settle()
    game.page.goto(game.site + query, wait_until="domcontentloaded")
    assert game.is_loading()
    return game.read(BOARD)


def until_ready(game: GamePage, gate: Gate) -> None:
    gate.open()
    game.wait_ready()


def test_the_saved_board_is_painted_before_python_and_kept(game: GamePage, gate: Gate) -> None:
    game.play(WON["moves"][:3])
    # let the last deselected card settle (a short transition) before measuring the boxes: once the
    # last tap's changes are on the page, so that its transition has begun
    game.settle()
    game.page.wait_for_function("document.getAnimations().length === 0")
    live = game.read(BOARD)
    early = before_ready(game, gate)
    assert same(early, live)  # every card, count, name and position, before Python has booted
    until_ready(game, gate)
    assert same(game.read(BOARD), live)  # the live board replaced it without a change or a jump
    assert game.figures() == (35, 3)


@pytest.mark.parametrize(
    "tamper",
    [
        with_keys("localStorage.setItem(SNAPSHOT_KEY, '{not json')"),
        EDIT % 's.game = s.game.replace(\'"moves":[\', \'"moves":["P9+P10",\')',
        EDIT % "s.places[3].place['data-card'] = '<img src=x onerror=alert(1)>'",
        EDIT % "s.places[3].button.onclick = 'alert(1)'",
    ],
    ids=["corrupt", "stale", "hostile-card", "foreign-attribute"],
)
def test_a_stale_or_corrupt_snapshot_is_ignored(game: GamePage, gate: Gate, tamper: str) -> None:
    game.play(WON["moves"][:2])
    cards = game.cards()
    game.page.goto(game.site + "rules-en.html")  # off the game (which saves on leaving), same origin
    game.page.evaluate(tamper)
    early = before_ready(game, gate)
    assert all(card == "" for _, card, *_ in early), early  # the face-down frame, nothing from the snapshot
    assert game.page.locator("img").count() == 0
    until_ready(game, gate)
    assert game.cards() == cards and game.figures() == (20, 2)


def test_a_link_to_another_deal_is_not_painted_with_the_saved_board_and_asks_first(game: GamePage, gate: Gate) -> None:
    game.play(WON["moves"][:1])
    early = before_ready(game, gate, "?deal=HM1-N-AAAAAAZ")
    assert all(card == "" for _, card, *_ in early)
    until_ready(game, gate)
    game.cancel()  # R7.6: the game in progress is replaced only after confirming
    assert game.board("data-code") == "HM1-N-AAAAAAB" and game.figures() == (10, 1)
    assert game.page.url.endswith("?deal=HM1-N-AAAAAAB")


def test_taps_before_ready_are_applied_once_in_order(game: GamePage, gate: Gate) -> None:
    game.play(WON["moves"][:1])
    before_ready(game, gate)
    first, second = WON["moves"][1].split("+")
    game.tap(first, second)  # on the early-painted board
    assert game.queued() == sorted([first, second])
    until_ready(game, gate)
    assert game.figures() == (20, 2) and game.selected() == []
    assert game.queued() == []
    saved = game.saved()
    assert saved["moves"] == WON["moves"][:2]


def test_a_replay_link_of_the_saved_deal_is_not_painted_with_the_saved_board(game: GamePage, gate: Gate) -> None:
    game.play(WON["moves"][:3])
    line = ".".join(WON["moves"])
    early = before_ready(game, gate, f"?deal={WON['code']}&line={line}")
    assert all(card == "" for _, card, *_ in early), early  # the face-down frame, as for a deal it does not know
    game.tap(*WON["moves"][3].split("+"), force=True)
    assert game.queued() == []  # nothing queued for the replay
    until_ready(game, gate)
    assert (game.board("data-replay"), game.board("data-step"), game.figures()) == ("true", "0", (0, 0))
    game.action("replay-exit")
    assert game.figures() == (35, 3) and game.board("data-replay") is None


# The first visit's first deal: webapp/app/opening.py FIRST_DEAL, as docs/deal-codes.md deals it.
FIRST_DEAL = "HM1-N-DHAQATX"
FIRST_TOPS = [
    "KC",
    "8S",
    "QD",
    "6H",
    "QS",
    "QC",
    "9C",
    "KC",
    "2H",
    "KS",
    "QS",
    "AH",
    "6S",
    "7H",
    "5D",
    "KD",
    "9D",
    "AS",
    "JD",
    "JH",
]
KEPT = "() => JSON.stringify(Object.entries(localStorage))"
PUT_BACK = "(kept) => { localStorage.clear(); for (const [k, v] of JSON.parse(kept)) localStorage.setItem(k, v); }"


@pytest.fixture
def empty_storage(game: GamePage) -> Iterator[None]:
    """A first visit: nothing of the game's stored (the shared page's storage is put back after)."""
    game.page.goto(game.site + "rules-en.html")  # off the game (which saves on leaving), same origin
    kept = game.read(KEPT)
    game.page.evaluate("localStorage.clear()")
    yield
    game.page.goto(game.site + "rules-en.html")
    game.page.evaluate(PUT_BACK, kept)


def test_a_first_visit_shows_the_first_deals_cards_at_once_and_keeps_the_taps_made_before_ready(
    game: GamePage, gate: Gate, empty_storage: None
) -> None:
    early = before_ready(game, gate, "")
    assert [card for _, card, *_ in early] == FIRST_TOPS  # real cards before Python has booted
    assert game.info("code") == FIRST_DEAL
    game.tap("P7", "P9")  # 9♣ + 2♥ = 11 (R3), on the painted board
    assert game.queued() == ["P7", "P9"]
    until_ready(game, gate)
    assert game.board("data-code") == FIRST_DEAL and game.figures() == (10, 1)
    assert game.queued() == []


@pytest.mark.parametrize("query", ["?deal=HM1-N-AAAAAAZ", "?stored"], ids=["a-link", "a-returning-player"])
def test_the_first_deal_is_painted_only_on_a_first_visit_to_the_plain_address(
    game: GamePage, gate: Gate, empty_storage: None, query: str
) -> None:
    if query == "?stored":  # statistics, and nothing else, from an earlier visit
        game.store(STATS_KEY, "{}")
        query = ""
    early = before_ready(game, gate, query)
    assert all(card == "" for _, card, *_ in early), early  # the face-down frames
    game.tap("P7", "P9", force=True)
    assert game.queued() == []  # no tap lands on a frame
    until_ready(game, gate)
    assert game.board("data-code") != FIRST_DEAL and game.figures() == (0, 0)


RECORD = with_keys("JSON.parse(localStorage.getItem(SNAPSHOT_KEY) || 'null')")
# The record once it holds the saved game (not the one before): the early paint's own condition.
RECORD_OF = with_keys(f"""(before) => {{
  const record = {RECORD};
  return record && record.game !== before && record.game === localStorage.getItem(GAME_KEY) ? record : null;
}}""")


def test_the_record_follows_each_move_without_leaving_the_page(game: GamePage) -> None:
    """Written in the batch of each change, not only when the page is left: a tab that is killed
    keeps a record of its last position."""
    before = game.read(f"({RECORD} || {{}}).game")
    first = WON["moves"][0].split("+")[0]
    count = game.count(first)
    game.play(WON["moves"][:1])
    record = game.page.wait_for_function(RECORD_OF, arg=before).json_value()
    place = record["places"][[str(p) for p in PLACES].index(first)]["place"]
    assert place["data-count"] == str(count - 1)  # the removal, as the next visit will paint it


FIRST_FRAME = """() => requestAnimationFrame(() => {  // run just before the first frame is drawn
  const places = [...document.querySelectorAll('[data-board] [data-place]')];
  window.firstFrame = {lang: document.documentElement.lang, cards: places.map(p => p.dataset.card || '')};
})"""


def test_the_first_frame_of_a_first_visit_shows_the_first_deals_cards_in_the_browser_s_language(
    browser: Browser, browser_context_args: dict[str, Any], site: str
) -> None:
    """Chromium draws no frame before the early paint has run (index.html's ``rel=expect``): never the
    face-down frames or the default language's words first, and the board is laid out once."""
    context = browser.new_context(**browser_context_args, service_workers="block")  # a new profile
    page = context.new_page()
    page.add_init_script(script=f"({FIRST_FRAME})()")
    page.goto(site)
    page.wait_for_function("window.firstFrame !== undefined")
    assert page.evaluate("window.firstFrame") == {"lang": "en", "cards": FIRST_TOPS}
    context.close()
