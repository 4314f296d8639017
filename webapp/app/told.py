"""What the page says about its stored records, outside any command: at start (a saved game, the
statistics or the history refused) and when a finished game could not be recorded."""

from __future__ import annotations

from webapp.store.records import Tally
from webapp.store.storage import Kept, Refusal
from webapp.text.words import Message

RECORD_KEPT = {Kept.REMOVED: "restored", Kept.BACKED_UP: "backed-up", Kept.LEFT_IN_PLACE: "held", Kept.NEWER: "newer"}
"""The statistics' and the history's message (``stats-…``, ``history-…``) for what became of a refused record."""


def at_start(refused: Refusal | None, tally: Tally, daily_known: bool) -> Message | None:
    """One message at start, the most important first: the saved game, the statistics, then the history
    refused (each newer one told once: nothing is written over it), else a date without daily deals."""
    if refused:
        return Message.of(f"refused-{refused.kept}", reason=refused.error)
    for record, name in ((tally.kept, "stats"), (tally.past, "history")):
        if record.refused and record.kept:
            return Message.of(f"{name}-{RECORD_KEPT[record.kept]}", reason=record.refused)
    return None if daily_known else Message.of("daily-unavailable")


def recorded(written: bool, tally: Tally) -> Message | None:
    """A finished game's recording: the statistics refused it, or only the history did (said once)."""
    if not written:
        return Message.of("stats-not-recorded")
    unsaved, tally.history_unsaved = tally.history_unsaved, False
    return Message.of("history-not-recorded") if unsaved else None
