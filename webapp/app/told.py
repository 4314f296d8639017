"""What the page says about its stored records, outside any command: at start (a saved game, the
statistics or the history refused) and when a finished game could not be recorded."""

from __future__ import annotations

from webapp.stats.stored import StatsNewerError
from webapp.store.records import Tally
from webapp.store.storage import Refusal
from webapp.text.words import Message


def at_start(refused: Refusal | None, tally: Tally, daily_known: bool) -> Message | None:
    """One message at start, the most important first: the saved game, the statistics, then the history
    refused (each newer one told once: nothing is written over it), else a date without daily deals."""
    if refused:
        return Message.of(f"refused-{refused.kept}", reason=refused.error)
    for record, name in ((tally.kept, "stats"), (tally.past, "history")):
        if record.refused:
            newer = isinstance(record.refused, StatsNewerError)
            return Message.of(f"{name}-newer" if newer else f"{name}-restored", reason=record.refused)
    return None if daily_known else Message.of("daily-unavailable")


def recorded(written: bool, tally: Tally) -> Message | None:
    """A finished game's recording: the statistics refused it, or only the history did (said once)."""
    if not written:
        return Message.of("stats-not-recorded")
    unsaved, tally.history_unsaved = tally.history_unsaved, False
    return Message.of("history-not-recorded") if unsaved else None
