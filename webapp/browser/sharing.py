"""Sharing and copying: the deal's link (the system share sheet where there is one, else the
clipboard), a replay link, and the saved game as text. Each tells the player how it went through
``tell`` (a message key and its values)."""

from __future__ import annotations

from collections.abc import Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

from webapp.browser.dom import window

Tell = Callable[..., None]


async def share(tell: Tell) -> None:
    url = str(window.location.href)
    try:
        if hasattr(window.navigator, "share"):
            data = to_js({"title": "Half Moon", "url": url}, dict_converter=js.Object.fromEntries)
            await window.navigator.share(data)
            tell("link-shared")
        else:
            await window.navigator.clipboard.writeText(url)
            tell("link-copied")
    except Exception as error:
        if "AbortError" not in str(error):
            tell("link-not-copied", url=url)


async def copy_replay_link(url: str, tell: Tell) -> None:
    try:
        await window.navigator.clipboard.writeText(url)
        tell("replay-link-copied")
    except Exception:
        tell("link-not-copied", url=url)


async def copy_game(text: str, tell: Tell) -> None:
    """While the game cannot be saved, the player can keep it as text (the saved-game JSON)."""
    try:
        await window.navigator.clipboard.writeText(text)
        tell("game-copied")
    except Exception:
        tell("game-not-copied")
