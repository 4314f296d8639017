"""The statistics kept in localStorage (``half-moon:stats``) and what the page records in them.

The rules of webapp/store/storage.py apply: the stored text is parsed with size and depth limits and
validated whole (webapp/stats/stored.py ``loads``); what is not a Half Moon record at all is removed; a
record of ours that fails validation is moved to a backup (at most three) only when that write
succeeds — otherwise it stays in place and nothing is recorded over it.

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

from halfmoon import HalfMoonError, SavedGame
from halfmoon.errors import RecordTextError
from webapp.stats.record import Figures, GameId, Stats, figures, record_ended, record_played
from webapp.stats.stored import MAX_CHARS, StatsError, StatsFormatError, StatsNewerError, dumps, loads
from webapp.store.keys import STATS_BACKUP_KEY, STATS_KEY
from webapp.store.storage import Store

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
    """The statistics record of this device, and the events of the game that change it."""

    def __init__(self, store: Store, today: Callable[[], datetime.date | None], locked: Locked = at_once) -> None:
        self.store = store
        self.today = today
        self.locked = locked
        self.stats = Stats()
        self.persistent: bool | None = None
        """Whether the browser keeps this site's storage (``navigator.storage``); None until known."""
        self.refused: HalfMoonError | None = None
        """Why the stored record was refused on the last read (the player is told once)."""
        self.busy = 0
        """Changes asked for and not yet made (each waits for the lock): the figures shown will change."""
        self._held = False
        self._figures: tuple[Stats, datetime.date | None, Figures] | None = None
        self._known: tuple[str, Stats] | None = None
        """The stored text this tally last read and accepted (or wrote), and its record: the same text
        again is that same (immutable) record, so opening the dialog does not parse and validate it
        again, and the figures and the drawing cached for it still hold. Any other text is read whole."""
        self.refresh()

    def refresh(self) -> None:
        """Read the stored record again (at start, before recording, on another tab's write)."""
        text = self.store._read(STATS_KEY)
        if text is None:
            self.stats = Stats()
            return
        known = self._known
        if known is not None and known[0] == text:
            self.stats = known[1]
            self._held = False
            return
        try:
            self.stats = loads(text)
            self._held = False
            self._known = (text, self.stats)
        except StatsNewerError as error:  # a newer version's: its known figures shown, nothing written over it
            self.stats, self._held = error.known or Stats(), True
            self.refused = error
        except (StatsFormatError, RecordTextError) as error:  # not our record: removed
            self.store._remove(STATS_KEY)
            self.stats, self.refused = Stats(), error
        except StatsError as error:  # ours, but untrusted: kept as a backup when that can be written
            if self.store.back_up(STATS_BACKUP_KEY, text, MAX_CHARS):
                self.store._remove(STATS_KEY)
            else:
                self._held = True
            self.stats, self.refused = Stats(), error

    def backups(self) -> list[str]:
        return self.store.backups(STATS_BACKUP_KEY, MAX_CHARS)

    def _write(self, stats: Stats) -> bool:
        """An event's record written; whether it was. A write that fails keeps the previous record, here
        as in storage: the figures shown are always the stored ones."""
        if stats is self.stats or self._held:
            return True  # the event changed nothing (already counted), or a record of ours is held
        if not self._stored(stats):
            return False
        self.stats = stats
        return True

    def _stored(self, stats: Stats) -> bool:
        """Write ``stats`` whole; a record longer than the limit is refused before it is written (never
        cut short, never found too long at the next start)."""
        text = dumps(stats)
        if len(text) > MAX_CHARS or not self.store._write(STATS_KEY, text):
            return False
        self._known = (text, stats)
        return True

    # Events (docs/ui-contract.md, "What counts"). Each takes what it records from the record now.

    def removal(self, record: SavedGame, done: Done) -> None:
        """A removal made (a tap or a redo): the game is played (once: later removals read and write
        nothing, for tap latency), and won at the win."""
        game, won = identity(record), record.game.is_won
        if not won and any(seen.game == game for seen in self.stats.seen):
            done(True)
            return
        ended = self._ending(record, won=True) if won else None

        def change(stats: Stats) -> Stats:
            stats = record_played(stats, game)
            return ended(stats) if ended else stats

        self._change(change, done)

    def replaced(self, record: SavedGame, done: Done) -> None:
        """The game is replaced or restarted: a played game not won ends not won."""
        if record.game.is_won or not was_played(record):
            done(True)
            return
        self._change(self._ending(record, won=False), done)

    def replace(self, stats: Stats, done: Done) -> None:
        """An imported record, or the empty one (reset): written whole, also over a held one (if it
        cannot be, the previous record stays, here and in storage)."""

        def job() -> bool:
            if not self._stored(stats):
                return False
            self._held = False
            self.stats = stats
            return True

        self._locked(job, done)

    def _ending(self, record: SavedGame, won: bool) -> Callable[[Stats], Stats]:
        """The game's end as it is now (its time, score and today's date), to record later."""
        game, elapsed_ms, score, today = identity(record), record.elapsed_ms, record.game.score, self.today()
        return partial(
            record_ended,
            game=game,
            won=won,
            elapsed_ms=elapsed_ms,
            score=score,
            today=today,
            from_file=record.from_file,
        )

    def _change(self, change: Callable[[Stats], Stats], done: Done) -> None:
        """Read the stored record, change it, write it: one job under the lock."""

        def job() -> bool:
            self.refresh()
            return self._write(change(self.stats))

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
