"""The statistics file the player exports and imports: the statistics record (webapp/stats/stored.py) with
the history of games (webapp/stats/history.py) as one more field, ``history``, holding the history's own
record. An older export has no ``history``: it imports as the statistics alone and leaves the history as it is. A copy
of the page that predates the history refuses a newer export as "made by a newer version" (a field it does
not know), which is true, and changes nothing."""

from __future__ import annotations

import json

from halfmoon.jsontext import parse_json
from webapp.stats import history as past
from webapp.stats import stored
from webapp.stats.record import Stats

MAX_CHARS = stored.MAX_CHARS + past.MAX_CHARS + len(',"history":')
"""No export of ours is longer."""
MAX_DEPTH = max(stored.MAX_DEPTH, past.MAX_DEPTH + 1)
"""The statistics' fields, and the history's record one level down."""


def export_text(stats: Stats, history: past.History) -> str:
    """One JSON object: the statistics record's fields, then ``history``."""
    record = json.loads(stored.dumps(stats))
    return json.dumps({**record, "history": past.to_value(history)}, separators=(",", ":"), ensure_ascii=True)


def import_text(text: str | bytes) -> tuple[Stats, past.History | None]:
    """The statistics and history of an export, each validated whole (None: an older export, without a
    history); the errors of ``stored.loads`` and ``past.loads``, never another exception."""
    data = parse_json(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    if isinstance(data, dict) and "history" in data:
        history = data.pop("history")
        return stored.from_value(data), past.from_value(history)
    return stored.from_value(data), None
