"""Saving across the thread (storage: webapp/browser/page_storage.py): a write the page refused is
saved again, and what a ``pagehide`` would write is held by the page.

A refused write: the page tells it at once (``stored``), before any later event. The dict takes back
what storage holds, and the change that wrote the key is saved again with that key refusing at once:
the game (its backups and "not saved" with it) or the statistics' records, through the very code
paths of a write that throws. The refusing lasts for that save alone: the next change tries the page
again, as a write tries storage again today, so that a storage that works again is used again. Until
the page tells that a write of the key was made (``landed``), the game is not said saved: a change's
own answer, made before its write's fate is known, never shows "saved" between two refusals.

``pagehide``: the worker cannot write then (the page may be frozen before it answers). With every
change (in its batch, with the early-paint record, and at once when the page is hidden), Python
hands the page what a pagehide would write — the game with its clock, the early-paint
record naming it, what the statistics' jobs still waiting for the lock would write — and the page
writes it at ``pagehide`` itself, each only while storage still holds what Python read (a
compare-and-set: another tab's game is never written over unasked). A running clock is the page's to
read then: the held text has a gap where the time goes, filled from the page's clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from halfmoon import save
from halfmoon.saved import MAX_ELAPSED_MS
from webapp.app import told
from webapp.app.actions import Replacing
from webapp.app.app import App
from webapp.browser.early_record import EarlyRecord
from webapp.browser.page_storage import PageStorage, Write, text_or_none
from webapp.store.storage_keys import (
    BACKUP_KEY,
    GAME_KEY,
    HISTORY_BACKUP_KEY,
    HISTORY_KEY,
    SNAPSHOT_KEY,
    STATS_BACKUP_KEY,
    STATS_KEY,
)

GAME_KEYS = frozenset({GAME_KEY, BACKUP_KEY})
"""The keys written by compare-and-set outside the statistics' lock (``PageStorage.checked``): the
two-tab rule decides what becomes of another tab's game."""
RECORD_KEYS = frozenset({STATS_KEY, STATS_BACKUP_KEY, HISTORY_KEY, HISTORY_BACKUP_KEY})
CHANGED = "changed"
"""The error of a checked write whose key another tab wrote meanwhile."""
SKIPPED = "skipped"
"""The error of a write the page did not try, after another write of its batch failed (a removal
that follows a backup must not be made without it)."""
GAP = 314159265358979
"""The time written where the page puts the clock's time at ``pagehide``: fifteen digits, so that it
appears nowhere else in a game's text or in the record that quotes it."""
Clock = list[float]
"""``[elapsed_ms, at_ms, max_ms]``: the game's time at the page's ``performance.now()`` ``at_ms``, running."""
Held = tuple[str | None, str | None, Clock | None]
"""What the page holds for a key: the value (None: removed; with ``GAP`` where the time goes), the
value storage must hold for it to be written, and the clock whose time fills the gap."""


class Saving:
    def __init__(
        self,
        app: App,
        storage: PageStorage,
        record: Callable[..., None],
        now_ms: Callable[[], float],
        early: EarlyRecord,
        waiting: Callable[[], list[Write]] = lambda: [],
    ) -> None:
        """``record``: adds an operation to the current batch; ``now_ms``: the page's clock (as the
        App's); ``waiting``: what the statistics' jobs waiting for the lock would write
        (webapp/browser/locks.py ``WebLocks.held``)."""
        self.app = app
        self.storage = storage
        self._record = record
        self._now = now_ms
        self.early = early
        self.waiting = waiting
        self.changed: Callable[[], None] = lambda: None
        """Called once a refused change was saved again: the page draws what it says."""
        self._held: dict[str, Held] = {}
        self.doubtful: set[str] = set()
        """Keys whose last write the page refused, and none is known made since (``landed``): while
        the game's is one, the game is not said saved, even by a change's own answer."""
        self._unlanded: dict[str, str | None] = {}
        """For each key whose write failed, what storage held before it: a write made before the
        failure was told (an event already on its way) expected the failed one, and is refused as
        changed while storage still holds this — the same failure, not another tab's game."""

    # A refused write

    def refused(self, entries: Any) -> None:
        """The page's ``stored`` news: ``[key, error, value now stored, value expected]`` for each
        write it did not make."""
        failed: set[str] = set()
        before: dict[str, str | None] = {}
        for key, error, now, *expected in entries:
            key, now, was = str(key), text_or_none(now), text_or_none(expected[0] if expected else None)
            self.storage.took(key, now)
            if error == CHANGED and key in self._unlanded and self._unlanded[key] == now:
                error, was = "", self._unlanded[key]  # built on a write of this tab's that never landed
            before.setdefault(key, was)
            if error not in (SKIPPED, CHANGED):
                failed.add(key)
                self._unlanded[key] = before[key]
        self.doubtful |= failed
        with self.storage.refused(failed):
            if before.keys() & GAME_KEYS:
                self._game_again(before)
            if failed & RECORD_KEYS:
                self._records_again()
        self.changed()

    def landed(self, entries: Any) -> None:
        """The page's ``landed`` news: ``[key, value now stored, writes of it made]`` for each key whose
        write was made after one of it was refused. What storage holds is taken unless a later write
        of ours is on its way (its own news follows); where the game's key is one, the game is saved
        once more and said saved."""
        keys = {str(key) for key, _now, _made in entries}
        for key, now, made in entries:
            if int(made) >= self.storage.sent.get(str(key), 0):
                self.storage.took(str(key), text_or_none(now))
            self._unlanded.pop(str(key), None)
        self.doubtful -= keys
        if GAME_KEY in keys:
            self.app.resumed()
        self.changed()

    def _game_again(self, before: dict[str, str | None]) -> None:
        """The game saved again: this tab knows the game it knew before its write (nothing of the
        write was made), a refused record is read again (a backup refused leaves it in place, and
        says so), and the game is saved, meeting another tab's (refused: "not saved")."""
        app = self.app
        if GAME_KEY in before:
            app.sync.known = app.sync.position = before[GAME_KEY]
        refusal = app.store.load_game()[1]
        if refusal is not None:
            app.message = told.at_start(refusal, app.tally, daily_known=True)
        app.resumed()

    def _records_again(self) -> None:
        """The statistics' records read again: one refused on reading is set aside again (its
        backup refused: left in place, and said)."""
        tally = self.app.tally
        tally.refresh()
        if said := told.at_start(None, tally, daily_known=True):
            self.app.message = said

    # What a pagehide writes

    def held(self, entries: Any) -> None:
        """The page's ``held`` news: what it wrote at ``pagehide`` (``[key, value then stored, how many
        of our writes of the key the page had made by then]``); it holds nothing more until told
        again. A write of ours made after the pagehide is newer than what the news says."""
        for key, now, made in entries:
            if int(made) < self.storage.sent.get(str(key), 0):
                continue
            self.storage.took(str(key), now)
            if key == GAME_KEY:  # this tab's own game, with its time: known, and its position saved
                self.app.sync.known = self.app.sync.position = self.storage.getItem(GAME_KEY)
        self._held = {}

    def hold(self) -> None:
        """What a pagehide would write now, handed to the page where it changed."""
        wanted: dict[str, Held] = {}
        game = self._game()
        if game is not None:
            text, clock = game
            wanted[GAME_KEY] = (text, self.app.sync.known, clock)
        saved = game[0] if game is not None else self.app.sync.known
        snapshot = self.early.record(saved) if saved is not None else None
        if snapshot is not None:
            wanted[SNAPSHOT_KEY] = (snapshot, self.storage.getItem(SNAPSHOT_KEY), game[1] if game else None)
        for key, value, expected in self._jobs():
            wanted[key] = (value, expected, None)
        for key, held in list(wanted.items()):
            value, expected, clock = held
            parts = value.split(str(GAP)) if value is not None and clock else value
            if clock and len(parts or ()) != 2:
                del wanted[key]  # the gap is not where the time goes alone: not held
            elif self._held.get(key) != held:
                self._record("hold", key, parts, expected, clock)
        for key in self._held.keys() - wanted.keys():
            self._record("unhold", key)
        self._held = wanted

    def _game(self) -> tuple[str, Clock | None] | None:
        """The game's text a pagehide would save (with ``GAP`` for a running clock's time), or None:
        the player is choosing between two games, or the game is not saved over (a refused one
        left in place)."""
        app, now = self.app, self._now()
        if app.pending is not None and app.pending.kind is Replacing.STORED:
            return None
        elapsed = app.table.clock.elapsed_ms(now)
        running = app.table.clock.running_since()  # the time moves: the page's to read
        text = save(replace(app.record, elapsed_ms=GAP if running else elapsed))
        if running and text.count(str(GAP)) != 1:
            running, text = None, save(replace(app.record, elapsed_ms=elapsed))
        with self.storage.trial() as writes:  # the Store decides whether it writes (a held record: never)
            app.store.save_game(text)
        if not writes:
            return None
        # The clock as it began running, not as it is now: what is held stays put from tap to tap.
        return text, [float(running[0]), running[1], float(MAX_ELAPSED_MS)] if running else None

    def _jobs(self) -> list[Write]:
        """What the waiting jobs would write; the statistics shown stay those stored."""
        tally = self.app.tally
        state = (tally.kept.value, tally.kept.held, tally.past.value, tally.past.held, tally.history_unsaved)
        try:
            return self.waiting()
        finally:
            tally.kept.value, tally.kept.held, tally.past.value, tally.past.held, tally.history_unsaved = state
