"""The first game's introduction as stored: its own key (``storage_keys.INTRO_KEY``), never inside
the settings. The early paint reads the same rule before Python runs (static/early-paint.js, told
the keys by the build): shown on a first visit (``storage.first_visit``) and
while the key says ``shown``."""

from __future__ import annotations

import contextlib

from webapp.store.storage import Backend, first_visit
from webapp.store.storage_keys import INTRO_KEY

SHOWN = "shown"
DONE = "done"


def showing(backend: Backend | None) -> bool:
    """Whether a page opened now shows the introduction (the early paint's rule). Without storage,
    or with a storage that throws, never: it could not be dismissed for good."""
    if backend is None:
        return False
    try:
        state = backend.getItem(INTRO_KEY)
    except Exception:  # the browser may throw anything here (SecurityError, …)
        return False
    return state == SHOWN if isinstance(state, str) else first_visit(backend)  # JavaScript's null is not None


def mark(backend: Backend | None, state: str) -> None:
    """Store the introduction's state; a failing storage only means it may be shown again."""
    if backend is not None:
        with contextlib.suppress(Exception):  # QuotaExceededError, SecurityError, …
            backend.setItem(INTRO_KEY, state)
