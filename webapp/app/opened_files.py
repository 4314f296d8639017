"""Files the player opens: a saved game (the page's "Save to file") and a statistics export, each
validated whole before anything changes (docs/ui-contract.md "the game as a file")."""

from __future__ import annotations

import datetime

from halfmoon import SavedGame, load
from webapp.stats.export import import_text
from webapp.stats.history import History
from webapp.stats.record import Stats, day_key
from webapp.stats.record_errors import StatsFutureError
from webapp.store.records import identity


def game_file(text: str, on_table: SavedGame, now_ms: int) -> SavedGame:
    """The game of a saved-game file, or the engine's error. A file of the game on the table (the same
    identity: a checkpoint of it) continues that game; a file of another game is another game from the
    moment it is opened: it gets a new identity then, and counts as played from its next removal."""
    record = load(text)
    record.from_file = True  # its time may be older than the player's: it never sets the fastest win
    if identity(record) != identity(on_table):  # never the identity of the game it replaces
        record.dealt_at = max(now_ms, on_table.dealt_at + 1)
    return record


def stats_file(text: str, today: datetime.date | None) -> tuple[Stats, History | None]:
    """The statistics of an export and its history (None: an older export has none), each validated
    whole, or the error that says why not; a daily deal won
    after ``today`` + 2 days (the most local dates differ across the date line) is not believed. The
    stored record is never refused for a future date: a clock set back must not cost the player theirs."""
    stats, history = import_text(text)
    if today is not None and stats.daily_won:
        latest = day_key(today + datetime.timedelta(days=2))
        future = [key for key in stats.daily_won if key > latest]
        if future:
            raise StatsFutureError(f"{future[0][:4]}-{future[0][4:6]}-{future[0][6:]}")
    return stats, history
