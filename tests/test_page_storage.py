"""Storage across the thread under CPython (webapp/browser/page_storage.py, saving.py): the shell
writes through a dict of the page's items, and the page — here a model of static/applier.js's
storage section, on ``FakeStorage`` — makes each batch's writes, tells the refused ones back, holds
what a pagehide writes and makes it then. A refused write runs today's failure paths; a pagehide
writes the game with its clock; a statistics job whose group another tab changed runs again; a
storage event's value is what storage holds."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from halfmoon import PLACES, DealCode, Place, load
from support.fakes import FakeClock, FakeStorage, make_app, play
from support.testdata import WON
from webapp.app.actions import Action, Dialog
from webapp.app.app import App
from webapp.browser.early_record import EarlyRecord
from webapp.browser.page_storage import PageStorage, Write, write_checked
from webapp.browser.saving import GAME_KEYS, Saving
from webapp.draw.view import View, build
from webapp.mirror.document import Event
from webapp.stats.record import Stats
from webapp.stats.stored import dumps, loads
from webapp.store.records import Done
from webapp.store.storage import write_item
from webapp.store.storage_keys import BACKUP_KEY, GAME_KEY, SNAPSHOT_KEY, STATS_KEY

ILLEGAL = json.dumps(
    {"format": "half-moon-game", "version": 2, "code": WON["code"], "moves": ["P1+P2"], "undone": []}
    | {"elapsed_ms": 0, "dealt_at": 0, "from_file": False},
    separators=(",", ":"),
)


class Page:
    """static/applier.js's storage section, on ``storage``: a batch's writes made in order (after a
    refused one, the rest skipped), the refused told back; holds written at ``pagehide``."""

    def __init__(self, storage: FakeStorage) -> None:
        self.storage = storage
        self.held: dict[str, list[Any]] = {}
        self.told: Callable[[str, Any], None] = lambda what, value: None
        self.written: dict[str, int] = {}
        self.own_at_pagehide: dict[str, tuple[str | None, str | None]] = {}
        self.failing: set[str] = set()
        self.now = 0.0

    def apply(self, batch: list[list[Any]]) -> None:
        refused: list[list[Any]] = []
        landed: list[str] = []
        for name, key, *args in batch:
            if name == "hold":
                self.held[key] = args
            elif name == "unhold":
                self.held.pop(key, None)
            else:
                self._store(refused, key, args[0], args[1:])
                if key in self.failing and not refused:
                    self.failing.discard(key)
                    landed.append(key)
                elif refused and refused[-1][0] == key:
                    landed = [made for made in landed if made != key]
        if refused:
            self.told("stored", refused)
        if landed:
            self.told("landed", [[key, self.storage.items.get(key), self.written[key]] for key in landed])

    def _store(self, refused: list[list[Any]], key: str, value: str | None, expected: list[Any]) -> None:
        self.written[key] = self.written.get(key, 0) + 1
        was = self.storage.items.get(key)
        own = self.own_at_pagehide.pop(key, None)
        unchanged = bool(expected) and (was == expected[0] or own == (expected[0], was))
        if refused:
            refused.append([key, "skipped", was, *expected[:1]])
        elif expected and not unchanged:
            refused.append([key, "changed", was, expected[0]])
        else:
            try:
                self.put(key, value)
            except RuntimeError as error:
                self.failing.add(key)
                refused.append([key, str(error), was, *expected[:1]])

    def put(self, key: str, value: str | None) -> None:
        if value is None:
            self.storage.removeItem(key)
        else:
            self.storage.setItem(key, value)

    def read(self, keys: list[str]) -> dict[str, str | None]:
        return {key: self.storage.items.get(key) for key in keys}

    def store_group(self, writes: list[list[Any]]) -> list[list[Any]]:
        for key, *_ in writes:
            self.written[key] = self.written.get(key, 0) + 1
        changed = [key for key, _value, expected in writes if self.storage.items.get(key) != expected]
        if changed:
            return [[key, "changed", self.storage.items.get(key)] for key in changed]
        before = dict(self.storage.items)
        try:
            for key, value, _expected in writes:
                self.put(key, value)
        except RuntimeError as error:
            self.storage.items = before
            return [[key, str(error), before.get(key)]]
        return []

    def pagehide(self) -> None:
        entries = []
        for key, (value, expected, clock) in self.held.items():
            before = self.storage.items.get(key)
            if before == expected:
                if clock:
                    elapsed, at, most = clock
                    value = str(int(min(most, elapsed + max(0, self.now - at)))).join(value)
                self.put(key, value)
                entries.append([key, self.storage.items.get(key), self.written.get(key, 0)])
                self.own_at_pagehide[key] = (before, self.storage.items.get(key))
        self.held = {}
        if entries:
            self.told("held", entries)


class Link:
    """The lead's link as the storage sees it: operations join the batch, news goes to its handler."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.ops: list[list[Any]] = []
        self.handlers: dict[str, Callable[[Any], None]] = {}
        page.told = lambda what, value: self.handlers[what](value)

    def record(self, *op: Any) -> None:
        self.ops.append(list(op))

    def on(self, what: str, handler: Callable[[Any], None]) -> None:
        self.handlers[what] = handler

    async def ask(self, name: str, *args: Any) -> Any:
        return {"read": self.page.read, "store-group": self.page.store_group}[name](*args)

    def apply_now(self) -> None:
        """The batch applied by the page (the end of a page call); what it tells back, handled."""
        while self.ops:
            batch, self.ops = self.ops, []
            self.page.apply(batch)


class Shell:
    """The shell on the page's storage, as start.py makes it: the App, the early record, Saving."""

    def __init__(self, storage: FakeStorage, waiting: Callable[[], list[Write]] = lambda: [], **ports: Any) -> None:
        self.page = Page(storage)
        self.link = link = Link(self.page)
        self.clock = FakeClock()
        self.storage = PageStorage(dict(storage.items), link.record, GAME_KEYS)
        self.app: App = make_app(self.storage, now_ms=self.clock, **ports)  # type: ignore[arg-type]
        self.early = EarlyRecord(self.app, self.shown)
        self.saving = Saving(self.app, self.storage, link.record, self.clock, self.early, waiting)
        self.early.changed = self.saving.hold
        self.app.store.in_doubt = self.saving.doubtful.__contains__
        link.on("stored", self.saving.refused)
        link.on("landed", self.saving.landed)
        link.on("held", self.saving.held)
        self.link.apply_now()

    def shown(self) -> View:
        return build(self.app)

    def play(self, moves: list[str]) -> None:
        """Each tap a page call: its batch applied, the early record (and what pagehide writes) after it."""
        for move in moves:
            play(self.app, [move])
            self.early.write()
            self.link.apply_now()


def test_a_game_write_the_page_refuses_says_not_saved_until_storage_works_again() -> None:
    storage = FakeStorage()
    shell = Shell(storage)
    shell.play(WON["moves"][:1])
    first = storage.items[GAME_KEY]
    storage.writes_left = 0  # full from now on
    shell.play(WON["moves"][1:2])
    assert not shell.app.saved and not build(shell.app).saved  # the save warning, "not saved"
    assert storage.items[GAME_KEY] == first and shell.storage.getItem(GAME_KEY) == first
    assert shell.app.sync.known == first  # what this tab knows is what storage holds
    storage.writes_left = -1
    shell.play(WON["moves"][2:3])  # the next change tries the page again
    assert shell.app.saved and load(storage.items[GAME_KEY]).game == shell.app.game


def test_while_storage_refuses_a_change_is_never_said_saved_even_by_its_own_answer() -> None:
    """The answer of a change is drawn before the page tries its write: after a refusal, it says
    "not saved" until the page tells a write made, and then "saved" without another change."""
    storage = FakeStorage()
    shell = Shell(storage)
    shell.play(WON["moves"][:1])
    storage.writes_left = 0
    shell.play(WON["moves"][1:2])
    for move in WON["moves"][2:4]:
        play(shell.app, [move])
        assert not build(shell.app).saved  # the answer as drawn, the write still to be tried
        shell.link.apply_now()
        assert not build(shell.app).saved
    storage.writes_left = -1
    play(shell.app, WON["moves"][4:5])
    assert not build(shell.app).saved  # not yet known made
    shell.link.apply_now()  # made, and told: saved once more
    assert build(shell.app).saved and load(storage.items[GAME_KEY]).game == shell.app.game
    assert shell.app.sync.known == storage.items[GAME_KEY]


def test_a_refusal_told_after_the_next_tap_s_write_is_the_same_failure_not_another_tab_s_game() -> None:
    """The page tells a refusal behind the events forwarded before it applied the batch: the next
    tap's write expected the refused one, and is refused as changed."""
    storage = FakeStorage()
    shell = Shell(storage)
    shell.play(WON["moves"][:1])
    first, told = storage.items[GAME_KEY], []
    storage.writes_left = 0
    shell.page.told = lambda what, value: told.append((what, value))  # held back, as behind a queued tap
    shell.play(WON["moves"][1:3])
    for what, value in told:
        shell.link.handlers[what](value)
    shell.link.apply_now()
    assert shell.app.dialog is Dialog.NONE and not shell.app.saved  # not asked: "not saved"
    assert storage.items[GAME_KEY] == first and shell.app.sync.known == first


def test_a_backup_the_page_refuses_leaves_the_record_in_place_and_says_so() -> None:
    storage = FakeStorage({GAME_KEY: ILLEGAL})
    real = storage.setItem

    def no_backup(key: str, value: str) -> None:
        if key == BACKUP_KEY:
            raise RuntimeError("QuotaExceededError")
        real(key, value)

    storage.setItem = no_backup  # type: ignore[method-assign]
    shell = Shell(storage)
    assert storage.items[GAME_KEY] == ILLEGAL and BACKUP_KEY not in storage.items
    assert shell.app.message is not None and shell.app.message.key == "refused-left-in-place"
    assert not shell.app.saved
    shell.play(WON["moves"][:1])
    assert storage.items[GAME_KEY] == ILLEGAL  # never written over


def test_another_tab_s_game_not_yet_heard_of_is_never_written_over_unasked() -> None:
    storage = FakeStorage()
    shell = Shell(storage)
    shell.play(WON["moves"][:1])
    other = make_app(storage)  # another tab, whose write this tab has not heard of yet
    play(other, WON["moves"][:1])
    other.command("undo")  # type: ignore[arg-type]
    theirs = storage.items[GAME_KEY]
    storage.writes_left = -1
    shell.play(WON["moves"][1:2])  # this tab's write finds storage changed: refused, then met
    assert storage.items[GAME_KEY] == theirs
    assert shell.app.dialog is Dialog.CONFIRM  # asked which game to keep (this tab's change unsaved)


def test_pagehide_writes_the_game_with_its_clock_and_the_early_record_naming_it() -> None:
    storage = FakeStorage()
    shell = Shell(storage)
    shell.play(WON["moves"][:2])
    shell.page.now = shell.clock.now + 7_000  # the page's clock at pagehide; the worker hears nothing
    elapsed = shell.app.elapsed_ms()
    shell.page.pagehide()
    saved = load(storage.items[GAME_KEY])
    assert saved.game == shell.app.game and saved.elapsed_ms == elapsed + 7_000
    assert json.loads(storage.items[SNAPSHOT_KEY])["game"] == storage.items[GAME_KEY]
    assert shell.app.sync.known == storage.items[GAME_KEY]  # told: this tab's own write


def test_a_selection_writes_nothing_and_pagehide_still_saves_the_time_played_since() -> None:
    """The selection is not saved (docs/ui-contract.md): taps that remove nothing change nothing in
    storage and hand the page nothing new to hold for the game; the clock's time is still saved."""
    storage = FakeStorage()
    shell = Shell(storage)
    shell.play(WON["moves"][:1])
    before = dict(storage.items)
    for place in (Place.P5, Place.P5, Place.P5, Place.P1):  # selected, deselected, a pair refused
        shell.clock.now += 1_500
        shell.app.tap(place)
        shell.early.write()
        assert not [op for op in shell.link.ops if op[0] != "hold" or op[1] == GAME_KEY]
        shell.link.apply_now()
    assert storage.items == before
    shell.page.now = shell.clock.now + 2_000
    elapsed = shell.app.elapsed_ms()
    shell.page.pagehide()
    assert load(storage.items[GAME_KEY]).elapsed_ms == elapsed + 2_000
    assert json.loads(storage.items[SNAPSHOT_KEY])["game"] == storage.items[GAME_KEY]


def test_the_early_record_after_a_new_deal_shows_that_deal_s_cards() -> None:
    """Two deals, no move made in either: the record names the second and shows its cards (R1.3: a
    place's top card), never the first deal's board."""
    codes = iter([DealCode(1), DealCode(2)])
    storage = FakeStorage()
    shell = Shell(storage, new_code=lambda: next(codes))
    shell.early.write()
    shell.app.command(Action.NEW)
    shell.early.write()
    shell.link.apply_now()
    record = json.loads(storage.items[SNAPSHOT_KEY])
    game = load(record["game"]).game
    assert game.code == DealCode(2) and record["code"] == str(DealCode(2))
    shown = [place["place"]["data-card"] for place in record["places"]]
    assert shown == [card.text if (card := game.top(place)) else "" for place in PLACES]


def test_a_write_on_its_way_at_pagehide_is_this_tab_s_newer_game_not_another_tab_s() -> None:
    """A pagehide the page outlives (the back/forward cache) while a tap's answer is on its way: that
    answer's write finds the pagehide's own write, not another tab's, and the news of the pagehide,
    heard after it, is older than it."""
    storage = FakeStorage()
    shell = Shell(storage)
    shell.play(WON["moves"][:1])
    told: list[tuple[str, Any]] = []
    shell.page.told = lambda what, value: told.append((what, value))
    shell.app.command(Action.UNDO)  # answered, not yet applied by the page
    shell.page.now = shell.clock.now + 3_000
    shell.page.pagehide()
    shell.link.apply_now()
    for what, value in told:
        shell.link.handlers[what](value)
    shell.link.apply_now()
    assert shell.app.dialog is Dialog.NONE and shell.app.saved
    assert load(storage.items[GAME_KEY]).game == shell.app.game == load(shell.storage.getItem(GAME_KEY) or "").game
    shell.play(WON["moves"][:1])  # and the next change saves as ever
    assert shell.app.saved and load(storage.items[GAME_KEY]).game == shell.app.game


def test_pagehide_writes_nothing_over_another_tab_s_game() -> None:
    storage = FakeStorage()
    shell = Shell(storage)
    shell.play(WON["moves"][:2])
    storage.items[GAME_KEY] = theirs = storage.items[GAME_KEY].replace('"dealt_at":', '"dealt_at":1')
    shell.page.pagehide()
    assert storage.items[GAME_KEY] == theirs


def test_a_storage_event_takes_what_storage_holds_unless_this_tab_s_write_is_newer() -> None:
    backend = PageStorage({STATS_KEY: "a", "other": 1}, lambda *op: None, frozenset())
    assert backend.items == {STATS_KEY: "a"}  # only text: what the page could not read is nothing
    backend.setItem(STATS_KEY, "mine")
    backend.on_storage(Event("storage", None, {"key": STATS_KEY, "newValue": "theirs", "written": 0}))
    assert backend.getItem(STATS_KEY) == "mine"  # forwarded before the page made this tab's write
    backend.on_storage(Event("storage", None, {"key": STATS_KEY, "newValue": "theirs", "written": 1}))
    assert backend.getItem(STATS_KEY) == "theirs"
    backend.on_storage(Event("storage", None, {"key": None, "newValue": None, "written": 0}))
    assert backend.items == {}  # storage cleared


class Waiting:
    """Statistics jobs waiting for the lock; ``held`` is WebLocks.held's, on the shell's storage."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Callable[[], bool], Done]] = []
        self.storage: PageStorage | None = None

    def __call__(self, job: Callable[[], bool], done: Done) -> None:
        self.jobs.append((job, done))

    def held(self) -> list[Write]:
        assert self.storage is not None
        with self.storage.trial() as writes:
            for job, _done in self.jobs:
                job()
        return writes


def test_a_win_waiting_for_the_lock_is_written_at_pagehide_and_shown_only_once_stored() -> None:
    storage, waiting = FakeStorage(), Waiting()
    shell = Shell(storage, waiting.held, locked=waiting)
    waiting.storage = shell.storage
    shell.play(WON["moves"])
    assert shell.app.game.is_won and len(waiting.jobs) == 2  # played, then won: both waiting
    assert shell.app.tally.stats.won == 0 and STATS_KEY not in storage.items  # shown: what is stored
    shell.page.pagehide()
    assert loads(storage.items[STATS_KEY]).won == 1


def run_job(storage: FakeStorage, meanwhile: Callable[[int], None]) -> tuple[bool, int]:
    """A job counting a game played, on the shell's storage: ``meanwhile(attempt)`` runs between its
    read and its write, as another tab's write would land."""
    page, attempts = Page(storage), [0]
    backend = PageStorage(dict(storage.items), lambda *op: None, frozenset())

    async def ask(name: str, *args: Any) -> Any:
        if name == "store-group":
            meanwhile(attempts[0])
            attempts[0] += 1
        return {"read": page.read, "store-group": page.store_group}[name](*args)

    def change() -> tuple[bool, list[Write]]:
        with backend.compare_and_set() as writes:
            stats = loads(backend.getItem(STATS_KEY) or dumps(Stats()))
            stored = write_item(backend, STATS_KEY, dumps(Stats(played=stats.played + 1)))
        return stored, writes

    # In a thread of its own: a page test earlier in the session leaves Playwright's event loop running
    # in this one, where asyncio.run refuses to start another.
    with ThreadPoolExecutor(1) as thread:
        done = thread.submit(asyncio.run, write_checked(backend, ask, change, (STATS_KEY,))).result()
    return done, attempts[0]


def another_tab_plays(storage: FakeStorage) -> None:
    played = loads(storage.items[STATS_KEY]).played if STATS_KEY in storage.items else 0
    storage.items[STATS_KEY] = dumps(Stats(played=played + 1))


def test_a_job_whose_group_another_tab_changed_runs_again_on_its_values() -> None:
    storage = FakeStorage()
    stored, attempts = run_job(storage, lambda attempt: another_tab_plays(storage) if attempt == 0 else None)
    assert stored and attempts == 2
    assert loads(storage.items[STATS_KEY]).played == 2  # both counted


def test_a_job_changed_under_it_three_times_counts_as_not_stored() -> None:
    storage = FakeStorage()
    stored, attempts = run_job(storage, lambda _attempt: another_tab_plays(storage))
    assert not stored and attempts == 3
    assert loads(storage.items[STATS_KEY]).played == 3  # the other tab's three, none of this one's


def test_a_job_the_page_cannot_write_counts_as_not_stored_and_writes_nothing() -> None:
    storage = FakeStorage(writes=0)
    stored, _ = run_job(storage, lambda _attempt: None)
    assert not stored and STATS_KEY not in storage.items
