"""The optional effects' guard: sound, motion, the address, a downloaded file, the install prompt, the
storage that lasts. An effect is never part of the game: one that throws (an API missing, refused or
broken in this browser) is skipped, the page is already drawn and recorded, and the game goes on. Each
effect's first failure is said once per page, as a console warning (never an error: nothing is wrong
with the game)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import js  # type: ignore[import-not-found]

_warned: set[str] = set()


async def awaited(effect: str, start: Callable[[], Awaitable[Any]]) -> Any:
    """What ``start()`` resolves to; None if it throws or rejects, and the effect is skipped."""
    try:
        return await start()
    except Exception as error:
        _failed(effect, error)
        return None


def warning(effect: str) -> str:
    """What the console says when ``effect`` fails (the page adds the error of an effect it applies)."""
    return f"Half Moon: {effect} did not work here; the game goes on without it"


def _failed(effect: str, error: Exception) -> None:
    if effect not in _warned:
        _warned.add(effect)
        js.console.warn(f"{warning(effect)} ({error})")
