"""Sharing and copying: the deal's link and a game's result (the system share sheet where there is one,
else the clipboard), a replay link, and the saved game as text.

The share sheet and the clipboard need the tap's user activation, which is spent by the time Python,
in its worker, hears of the tap: so Python publishes on each share and copy button the offer it makes
now (a property of the button, written with the rest of the page), the page carries it out in the
click's own task (static/page-offers.js) and tells the outcome, which Python says to the player. Each
is an optional effect (effects.py) whose failure the player is told of."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from webapp.app.actions import Action
from webapp.browser.page_link import Link
from webapp.mirror.element import Element

Tell = Callable[..., None]
OUTCOME = "offer"
"""The news of an offer carried out: ``[action, outcome]``, the outcome one of ``Said``'s fields
(``shared``, ``copied``, ``instead``, ``failed``) or ``cancelled`` (a share the player cancelled)."""


class Said(NamedTuple):
    """The message keys of an offer's outcomes: shared, copied (no share sheet), copied instead (the
    sheet refused), not copied; whether the failure names the link."""

    shared: str
    copied: str
    instead: str
    failed: str
    names_link: bool = False


SAID = {
    Action.SHARE: Said("link-shared", "link-copied", "link-copied-instead", "link-not-copied", names_link=True),
    Action.SHARE_RESULT: Said("result-shared", "result-copied", "result-copied-instead", "result-not-copied"),
    Action.SHARE_REPLAY: Said("", "replay-link-copied", "", "link-not-copied", names_link=True),
    Action.COPY_GAME: Said("", "game-copied", "", "game-not-copied"),
}


class Offers:
    """The offer each share and copy button makes, kept up to date, and its outcome said."""

    def __init__(self, buttons: dict[Action, list[Element]], link: Link, tell: Tell) -> None:
        self._buttons = buttons
        self._copied: dict[Action, str] = {}
        self._tell = tell
        link.on(OUTCOME, self._carried_out)

    def offer(self, action: Action, copied: str | None, shared: dict[str, str] | None = None) -> None:
        """What ``action``'s buttons offer now: ``shared`` on the share sheet where there is one, else
        ``copied`` on the clipboard; None: nothing (the button does nothing on the page)."""
        value: Any = None if copied is None else {"action": action.value, "share": shared, "copy": copied}
        if copied is not None:
            self._copied[action] = copied
        for button in self._buttons[action]:
            button.halfmoonOffer = value

    def _carried_out(self, told: Any) -> None:
        action, outcome = Action(str(told[0])), str(told[1])
        said = SAID[action]
        if outcome == "cancelled":
            self._tell("")  # nothing said, and nothing left of what an earlier share said
        elif outcome == "failed" and said.names_link:
            self._tell(said.failed, url=self._copied.get(action, ""))
        else:
            self._tell(getattr(said, outcome))
