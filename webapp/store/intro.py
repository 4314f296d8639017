"""The first game's introduction as stored (issue 23): its own key (``keys.INTRO_KEY``), never inside
the settings. The early paint reads the same rule before Python runs (static/early-paint.js, told
the keys by the build): shown on a first visit (none of ``keys.FIRST_VISIT_KEYS`` stored) and
while the key says ``shown``."""

from __future__ import annotations

import contextlib

from webapp.store.keys import FIRST_VISIT_KEYS, INTRO_KEY
from webapp.store.storage import Backend

SHOWN = "shown"
DONE = "done"


def showing(backend: Backend | None) -> bool:
    """Whether a page opened now shows the introduction (the early paint's rule). Without storage,
    or with a storage that throws, never: it could not be dismissed for good."""
    if backend is None:
        return False
    try:
        state = backend.getItem(INTRO_KEY)
        if state is not None:
            return state == SHOWN
        return all(backend.getItem(key) is None for key in FIRST_VISIT_KEYS)
    except Exception:  # the browser may throw anything here (SecurityError, …)
        return False


def mark(backend: Backend | None, state: str) -> None:
    """Store the introduction's state; a failing storage only means it may be shown again."""
    if backend is not None:
        with contextlib.suppress(Exception):  # QuotaExceededError, SecurityError, …
            backend.setItem(INTRO_KEY, state)
