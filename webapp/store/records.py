"""The statistics kept in localStorage (``half-moon:stats``), the history of games beside them
(``half-moon:history``), and what the page records in them.

The rules of webapp/store/storage.py apply: the stored text is parsed with size and depth limits and
validated whole (webapp/stats/stored.py ``loads``, webapp/stats/history.py ``loads``); what is not a Half
Moon record at all is removed; a record of ours that fails validation is moved to a backup (at most three)
only when that write succeeds — otherwise it stays in place and nothing is recorded over it (one set of
rules for both records: webapp/store/trusted.py).

Every change is a read-modify-write done whole inside one ``Locked`` job: the page runs it under a Web
Lock (webapp/browser/locks.py), so that two tabs finishing games at the same moment never write over
each other's count, and reads the stored record again inside it, so two tabs never count one game twice
(docs/ui-contract.md, "What counts"): each game is recorded by its identity, its code and the moment it
was dealt. A job may therefore run after the event that asked for it: it takes the event's values with
it, and answers whether it was stored through ``done``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from functools import partial
from typing import Protocol

from halfmoon import SavedGame
from halfmoon.line import line_text
from webapp.stats import history as past
from webapp.stats.history import Finished, History, add
from webapp.stats.record import Figures, GameId, Stats, day_key, figures, record_ended, record_played
from webapp.stats.stored import MAX_CHARS, dumps, loads
from webapp.store.storage import Store
from webapp.store.storage_keys import HISTORY_BACKUP_KEY, HISTORY_KEY, STATS_BACKUP_KEY, STATS_KEY
from webapp.store.trusted import Trusted

Done = Callable[[bool], None]
"""Told whether a change was stored (False: the storage refused it; the previous record stays)."""


class Locked(Protocol):
    """Runs ``job`` (a whole read-modify-write of the record, answering whether it was stored) while no
    other tab of this site runs one, then hands its answer to ``done``."""

    def __call__(self, job: Callable[[], bool], done: Done) -> None: ...


def at_once(job: Callable[[], bool], done: Done) -> None:
    """No lock (CPython, or a browser without Web Locks): the job runs now."""
    done(job())


def identity(record: SavedGame) -> GameId:
    return GameId(str(record.game.code), record.dealt_at)


def was_played(record: SavedGame) -> bool:
    """Played from the first removal, also after undoing back to the start."""
    return bool(record.game.move_stack or record.game.undone_moves)


class Tally:
    """The statistics record of this device and its history of games, and the events of the game that
    change them: both are read, changed and written in one job under the lock."""

    def __init__(self, store: Store, today: Callable[[], datetime.date | None], locked: Locked = at_once) -> None:
        self.store = store
        self.today = today
        self.locked = locked
        self.kept = Trusted(store, (STATS_KEY, STATS_BACKUP_KEY), MAX_CHARS, (loads, dumps), Stats())
        self.past = Trusted(
            store, (HISTORY_KEY, HISTORY_BACKUP_KEY), past.MAX_CHARS, (past.loads, past.dumps), History()
        )
        self.persistent: bool | None = None
        """Whether the browser keeps this site's storage (``navigator.storage``); None until known."""
        self.busy = 0
        """Changes asked for and not yet made (each waits for the lock): the figures shown will change."""
        self.playing: set[GameId] = set()
        """Games whose first removal is being recorded (waiting for the lock): their later removals
        before the win ask for nothing more, so fast play never queues a job per removal."""
        self.history_unsaved = False
        """A finished game's statistics were stored but not its place in the history (said once)."""
        self._figures: tuple[Stats, datetime.date | None, Figures] | None = None
        self.refresh()

    @property
    def stats(self) -> Stats:
        return self.kept.value

    @property
    def history(self) -> History:
        return self.past.value

    def refresh(self) -> None:
        """Read the stored records again (at start, before recording, on another tab's write)."""
        self.kept.refresh()
        self.past.refresh()

    def backups(self) -> list[str]:
        return self.kept.backups()

    def _write(self, stats: Stats) -> bool:
        """An event's record written; whether it was. A write that fails keeps the previous record, here
        as in storage: the figures shown are always the stored ones."""
        if stats is self.stats or self.kept.held:
            return True  # the event changed nothing (already counted), or a record of ours is held
        return self.kept.write(stats)

    # Events (docs/ui-contract.md, "What counts"). Each takes what it records from the record now.

    def removal(self, record: SavedGame, done: Done) -> None:
        """A removal made (a tap or a redo): the game is played (once: later removals read and write
        nothing, for tap latency), and won at the win."""
        game, won = identity(record), record.game.is_won
        if not won and (game in self.playing or any(seen.game == game for seen in self.stats.seen)):
            done(True)
            return
        ended, finished = self._ending(record, won=True) if won else (None, None)

        def change(stats: Stats) -> Stats:
            stats = record_played(stats, game)
            return ended(stats) if ended else stats

        def recorded(stored: bool) -> None:
            self.playing.discard(game)  # stored: now in ``seen``; refused: the next removal asks again
            done(stored)

        self.playing.add(game)
        self._change(change, finished, recorded)

    def replaced(self, record: SavedGame, done: Done) -> None:
        """The game is replaced or restarted: a played game not won ends not won."""
        if record.game.is_won or not was_played(record):
            done(True)
            return
        self._change(*self._ending(record, won=False), done)

    def replace(self, stats: Stats, history: History | None, done: Done) -> None:
        """An imported record, or the empty one (reset), with its history (None: the history stays, an
        older export has none): written whole, also over held ones. Both or neither: if the history
        cannot be written, the statistics are put back, and the previous records stay, here and in
        storage."""

        def job() -> bool:
            before = self.store._read(STATS_KEY)
            if not self.kept.write(stats):
                return False
            if history is not None and not self.past.write(history):
                self.kept.put_back(before)
                return False
            self.kept.held = False
            self.past.held = self.past.held and history is None
            return True

        self._locked(job, done)

    def _ending(self, record: SavedGame, won: bool) -> tuple[Callable[[Stats], Stats], Finished]:
        """The game's end as it is now (its time, score, line and today's date), to record later."""
        game, elapsed_ms, score, today = identity(record), record.elapsed_ms, record.game.score, self.today()
        ended = partial(
            record_ended,
            game=game,
            won=won,
            elapsed_ms=elapsed_ms,
            score=score,
            today=today,
            from_file=record.from_file,
        )
        day = "" if today is None else day_key(today)
        line = line_text([removal.move for removal in record.game.move_stack])
        return ended, Finished(game.code, game.dealt_at, day, str(record.game.status), score, elapsed_ms, line)

    def _change(self, change: Callable[[Stats], Stats], finished: Finished | None, done: Done) -> None:
        """Read the stored records, change them, write them: one job under the lock. A finished game
        goes into the history once its statistics are stored (never twice: ``add`` knows its identity)."""

        def job() -> bool:
            self.refresh()
            if not self._write(change(self.stats)):
                return False
            history = self.history if finished is None or self.past.held else add(self.history, finished)
            if history is not self.history and not self.past.write(history):
                self.history_unsaved = True
            return True

        self._locked(job, done)

    def _locked(self, job: Callable[[], bool], done: Done) -> None:
        self.busy += 1

        def finished(stored: bool) -> None:
            self.busy -= 1
            done(stored)

        self.locked(job, finished)

    # Figures

    def figures(self) -> Figures:
        """The figures of today, computed again only when the record or the date changed."""
        today = self.today()
        cached = self._figures
        if cached is None or cached[0] is not self.stats or cached[1] != today:
            cached = (self.stats, today, figures(self.stats, today))
            self._figures = cached
        return cached[2]
