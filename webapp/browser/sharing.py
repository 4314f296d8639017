"""Sharing and copying: the deal's link and a game's result (the system share sheet where there is one,
else the clipboard), a replay link, and the saved game as text. Each tells the player how it went through
``tell`` (a message key and its values; "" for nothing). The share sheet and the clipboard are optional
effects (effects.py) whose failure the player is told of: they are never left to throw."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from webapp.browser.page_link import Link

Tell = Callable[..., None]


class Refused(Exception):
    """The page's share sheet or clipboard refused; ``name`` is the browser's error name."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class Sharing:
    """The page's share sheet (where there is one) and clipboard; each answer awaited."""

    def __init__(self, link: Link, can_share: bool) -> None:
        self._link = link
        self.can_share = can_share

    async def share(self, data: dict[str, str]) -> None:
        await self._answered("share", data)

    async def copy(self, text: str) -> None:
        await self._answered("copy", text)

    async def _answered(self, name: str, value: object) -> None:
        error = await self._link.ask(name, value)
        if error:
            raise Refused(str(error))


async def share(sharing: Sharing, url: str, tell: Tell) -> None:
    """The page's own address."""
    said = Said("link-shared", "link-copied", "link-copied-instead", "link-not-copied")
    await _share_or_copy(sharing, {"title": "Half Moon", "url": url}, url, tell, said, url=url)


async def share_result(sharing: Sharing, text: str, tell: Tell) -> None:
    """A spoiler-free result (webapp/draw/share_and_history.py), its link inside the text."""
    said = Said("result-shared", "result-copied", "result-copied-instead", "result-not-copied")
    await _share_or_copy(sharing, {"text": text}, text, tell, said)


class Said(NamedTuple):
    """The message keys of a share: shared, copied (no share sheet), copied instead (the sheet refused),
    not copied."""

    shared: str
    copied: str
    instead: str
    failed: str


async def _share_or_copy(
    sharing: Sharing, data: dict[str, str], copied: str, tell: Tell, said: Said, **failed: str
) -> None:
    """The system share sheet where the browser has one, the clipboard otherwise, or when the sheet is
    refused (no permission, or the tap's user activation used up on the way through Python). A share the
    player cancels says nothing, and leaves nothing of what an earlier one said."""
    copied_key = said.copied
    if sharing.can_share:
        try:
            await sharing.share(data)
            tell(said.shared)
            return
        except Exception as error:
            if getattr(error, "name", "") == "AbortError":
                tell("")
                return
            copied_key = said.instead
    try:
        await sharing.copy(copied)
        tell(copied_key)
    except Exception:
        tell(said.failed, **failed)


async def copy_replay_link(sharing: Sharing, url: str, tell: Tell) -> None:
    try:
        await sharing.copy(url)
        tell("replay-link-copied")
    except Exception:
        tell("link-not-copied", url=url)


async def copy_game(sharing: Sharing, text: str, tell: Tell) -> None:
    """While the game cannot be saved, the player can keep it as text (the saved-game JSON)."""
    try:
        await sharing.copy(text)
        tell("game-copied")
    except Exception:
        tell("game-not-copied")
