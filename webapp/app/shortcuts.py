"""The installed app's shortcuts: addresses that open a command of the page, ``?daily``
(the daily deal, as the command does: resumed when saved, asked first over a game in progress,
R7.6) and ``?stats`` (the statistics). The manifest lists them (sitegen/manifest.py); the page
reads them from its address at start, so they work offline too (the service worker answers any
query with the page). The early paint paints no saved board under ``?daily`` (static/early-paint.js
is told this name by the build): the daily deal may be another deal than the saved one."""

from __future__ import annotations

from halfmoon.deal import DEAL_QUERY, query_value
from webapp.app.actions import Action

SHORTCUTS = {"daily": Action.DAILY, "stats": Action.STATS}
"""The address's name → the command it runs."""
OTHER_DEALS = tuple(name for name, action in SHORTCUTS.items() if action is Action.DAILY)
"""Names that may open another deal than the saved one: the early paint paints no saved board then."""


def shortcut(query: str) -> Action | None:
    """The command the address names (``?daily`` or ``?stats``, with or without a value), or None;
    a ``deal=`` link names its deal and wins over a shortcut."""
    if query_value(query, DEAL_QUERY) is not None:
        return None
    return next((action for name, action in SHORTCUTS.items() if query_value(query, name) is not None), None)
