"""The first game's introduction as stored: its own key (``storage_keys.INTRO_KEY``), never inside
the settings. Whether a page shows it is the early paint's decision (static/early-paint.js, told the
key and ``SHOWN`` by the build: on a first visit, and while the key says ``SHOWN``); Python reads that
decision from the page and only writes the key."""

from __future__ import annotations

import contextlib

from webapp.store.storage import Backend
from webapp.store.storage_keys import INTRO_KEY

SHOWN = "shown"
DONE = "done"


def mark(backend: Backend | None, state: str) -> None:
    """Store the introduction's state; a failing storage only means it may be shown again."""
    if backend is not None:
        with contextlib.suppress(Exception):  # QuotaExceededError, SecurityError, …
            backend.setItem(INTRO_KEY, state)
