"""The statistics kept in localStorage (``half-moon:stats``) and what the page records in them.

The rules of webapp/store/storage.py apply: the stored text is parsed with size and depth limits and
validated whole (webapp/stats/stored.py ``loads``); what is not a Half Moon record at all is removed; a
record of ours that fails validation is moved to a backup (at most three) only when that write
succeeds — otherwise it stays in place and nothing is recorded over it. The stored record is read
again just before every recording, so two tabs never count one game twice (docs/ui-contract.md,
"What counts"): each game is recorded by its identity, its code and the moment it was dealt.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from halfmoon import HalfMoonError, SavedGame
from halfmoon.errors import RecordTextError
from webapp.stats.record import Figures, GameId, Stats, figures, record_ended, record_played
from webapp.stats.stored import MAX_CHARS, StatsError, StatsFormatError, StatsNewerError, dumps, loads
from webapp.store.keys import STATS_BACKUP_KEY, STATS_KEY
from webapp.store.storage import Store


def identity(record: SavedGame) -> GameId:
    return GameId(str(record.game.code), record.dealt_at)


def was_played(record: SavedGame) -> bool:
    """Played from the first removal, also after undoing back to the start."""
    return bool(record.game.move_stack or record.game.undone_moves)


class Tally:
    """The statistics record of this device, and the events of the game that change it."""

    def __init__(self, store: Store, today: Callable[[], datetime.date | None]) -> None:
        self.store = store
        self.today = today
        self.stats = Stats()
        self.persistent: bool | None = None
        """Whether the browser keeps this site's storage (``navigator.storage``); None until known."""
        self.refused: HalfMoonError | None = None
        """Why the stored record was refused on the last read (the player is told once)."""
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

    # Events (docs/ui-contract.md, "What counts")

    def played(self, record: SavedGame) -> bool:
        """Counted once: after the first removal, later ones read and write nothing (tap latency).
        Each event answers whether it was recorded (False: the storage refused the write)."""
        game = identity(record)
        if any(seen.game == game for seen in self.stats.seen):
            return True
        self.refresh()
        return self._write(record_played(self.stats, game))

    def ended(self, record: SavedGame, won: bool) -> bool:
        """Won at the win; not won when replaced or restarted (only a game that was played)."""
        if not won and not was_played(record):
            return True
        self.refresh()
        return self._write(
            record_ended(
                self.stats,
                identity(record),
                won=won,
                elapsed_ms=record.elapsed_ms,
                score=record.game.score,
                today=self.today(),
                from_file=record.from_file,
            )
        )

    def removal(self, record: SavedGame) -> bool:
        """A removal made (a tap or a redo): the game is played, and won at the win."""
        return self.played(record) and (not record.game.is_won or self.ended(record, won=True))

    def replaced(self, record: SavedGame) -> bool:
        """The game is replaced or restarted: a played game not won ends not won."""
        return record.game.is_won or self.ended(record, won=False)

    def replace(self, stats: Stats) -> bool:
        """An imported record, or the empty one (reset): written whole, also over a held one; whether
        it was (if not, the previous record stays, here and in storage)."""
        if not self._stored(stats):
            return False
        self._held = False
        self.stats = stats
        return True

    # Figures

    def figures(self) -> Figures:
        """The figures of today, computed again only when the record or the date changed."""
        today = self.today()
        cached = self._figures
        if cached is None or cached[0] is not self.stats or cached[1] != today:
            cached = (self.stats, today, figures(self.stats, today))
            self._figures = cached
        return cached[2]
