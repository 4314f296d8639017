"""Sharing and copying: the deal's link and a game's result (the system share sheet where there is one,
else the clipboard), a replay link, and the saved game as text. Each tells the player how it went through
``tell`` (a message key and its values)."""

from __future__ import annotations

from collections.abc import Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

from webapp.browser.dom import window

Tell = Callable[..., None]


def here() -> str:
    """The page's address without its query and fragment: a link to a deal adds its own query."""
    return str(window.location.href).split("?")[0].split("#")[0]


async def share(tell: Tell) -> None:
    url = str(window.location.href)
    said = ("link-shared", "link-copied", "link-not-copied")
    await _share_or_copy({"title": "Half Moon", "url": url}, url, tell, said, url=url)


async def share_result(text: str, tell: Tell) -> None:
    """A spoiler-free result (webapp/draw/history.py), its link inside the text."""
    await _share_or_copy({"text": text}, text, tell, ("result-shared", "result-copied", "result-not-copied"))


async def _share_or_copy(
    data: dict[str, str], copied: str, tell: Tell, said: tuple[str, str, str], **failed: str
) -> None:
    """The system share sheet where the browser has one, the clipboard otherwise. A share the player
    cancels says nothing; ``said``: shared, copied, or not (with the values ``failed``)."""
    try:
        if hasattr(window.navigator, "share"):
            await window.navigator.share(to_js(data, dict_converter=js.Object.fromEntries))
            tell(said[0])
        else:
            await window.navigator.clipboard.writeText(copied)
            tell(said[1])
    except Exception as error:
        if "AbortError" not in str(error):
            tell(said[2], **failed)


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
