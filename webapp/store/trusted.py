"""One record of ours under its own key, read and written by the statistics' trust rules (docs/trust.md):
the statistics record and the history of games (webapp/store/records.py) each are one ``Trusted``.

Read: the text is parsed with its size and depth limits and validated whole (``loads``); what is not a
record of ours at all (not a JSON object naming our format: another program of the origin may own the
key) is removed; a record of ours that fails any check — a field, a range, a relation, an older version —
is moved to the key's backups (at most three) only when that write succeeds, and otherwise left in place
and never written over (``held``); a newer version's is never removed nor written over, and what can be
read of it is shown. Written: whole, and a text longer than its limit is refused before it is written,
never cut.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from halfmoon import HalfMoonError
from halfmoon.errors import RecordTextError
from webapp.stats.record_errors import StatsError, StatsFormatError, StatsNewerError
from webapp.store.storage import Kept, Store

T = TypeVar("T")


class Trusted(Generic[T]):
    def __init__(
        self,
        store: Store,
        keys: tuple[str, str],
        max_chars: int,
        codec: tuple[Callable[[str], T], Callable[[T], str]],
        empty: T,
    ) -> None:
        self.store = store
        self.key, self.backup_key = keys
        self.max_chars = max_chars
        self.loads, self.dumps = codec
        self.empty = empty
        self.value = empty
        self.held = False
        """A record of ours that must not be written over (a newer version's, or one not backed up)."""
        self.refused: HalfMoonError | None = None
        """Why the stored record was refused on the last read (the player is told once)."""
        self.kept: Kept | None = None
        """What became of the record refused (removed, backed up, left in place, a newer one's)."""
        self._known: tuple[str, T] | None = None
        """The stored text last read and accepted (or written), and its record: the same text again is
        that same (immutable) record, not parsed and validated again. Any other text is read whole."""

    def refresh(self) -> None:
        """Read the stored record again."""
        text = self.store._read(self.key)
        if text is None:
            self.value = self.empty
            return
        known = self._known
        if known is not None and known[0] == text:
            self.value, self.held = known[1], False
            return
        try:
            self.value, self.held = self.loads(text), False
            self._known = (text, self.value)
        except StatsNewerError as error:  # a newer version's: what can be read shown, nothing written over it
            self.value, self.held, self.refused = error.known or self.empty, True, error  # type: ignore[assignment]
            self.kept = Kept.NEWER
        except (StatsFormatError, RecordTextError) as error:  # not our record: removed
            self.store._remove(self.key)
            self.value, self.refused, self.kept = self.empty, error, Kept.REMOVED
        except StatsError as error:  # ours, but malformed: kept as a backup when that can be written
            self.kept = self._set_aside(text)
            self.value, self.refused = self.empty, error

    def _set_aside(self, text: str) -> Kept:
        if self.store.back_up(self.backup_key, text, self.max_chars):
            self.store._remove(self.key)
            return Kept.BACKED_UP
        self.held = True
        return Kept.LEFT_IN_PLACE

    def write(self, value: T) -> bool:
        """``value`` written whole; whether it was. A write that
        fails keeps the previous record, here as in storage."""
        text = self.dumps(value)
        if len(text) > self.max_chars or not self.store._write(self.key, text):
            return False
        self._known = (text, value)
        self.value = value
        return True

    def put_back(self, text: str | None) -> None:
        """The stored text as it was before a write (None: there was none), and read again."""
        if text is None:
            self.store._remove(self.key)
        else:
            self.store._write(self.key, text)
        self.refresh()

    def backups(self) -> list[str]:
        return self.store.backups(self.backup_key, self.max_chars)
