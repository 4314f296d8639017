"""Motion on the board (Pyodide only), through the Web Animations API: it never delays play.

The board's attributes and text change at the tap, motion or not; the motion is drawn over them. A
removed card leaves as a copy of its face (a "ghost", ``aria-hidden``, never tappable, and unseen
while it does not move) that lifts and fades over the place, the card beneath already shown; a win
sends a glow along the arc, and a dead end fades its message in. The next tap never waits: a place
whose card leaves again while its copy still moves starts the copy again with the new card. With
``prefers-reduced-motion: reduce`` nothing moves. Keyframes and timings are operations of the page's
copy (webapp/mirror/), each animation applied by the page as one optional effect (effects.py): where
Web Animations fail, the board is drawn all the same and nothing moves.
"""

from __future__ import annotations

from collections.abc import Callable

from webapp.browser.effects import warning
from webapp.mirror.document import Document
from webapp.mirror.element import Element

LEAVE_MS = 220
CELEBRATE_MS = 700
STAGGER_MS = 45
LEAVE_FRAMES = [
    {"transform": "none", "opacity": 1},
    {"transform": "translateY(-35%) scale(1.08) rotate(-4deg)", "opacity": 0},
]
LEAVE = {"duration": LEAVE_MS, "easing": "ease-in"}  # then unseen again: the stylesheet's opacity 0
GLOW_FRAMES = [
    {"transform": "none", "boxShadow": "0 0 0 0 rgba(255, 210, 74, 0)"},
    {"transform": "scale(1.08)", "boxShadow": "0 0 22px 8px rgba(255, 210, 74, 0.9)"},
    {"transform": "none", "boxShadow": "0 0 0 0 rgba(255, 210, 74, 0)"},
]
NOTICE_FRAMES = [{"opacity": 0}, {"opacity": 1}]
NOTICE = {"duration": 600, "easing": "ease-out"}
EFFECT = "motion"


class Motion:
    def __init__(self, document: Document, reduced: Callable[[], bool]) -> None:
        """``reduced``: whether the player asks for reduced motion now."""
        self.document = document
        self.reduced = reduced
        self._copies: dict[int, Element] = {}
        """Each place's ghost, by the place's key: made at the place's first removal and kept, so that
        a removal changes texts and starts an animation, where an element added and taken away lays
        the whole page out and makes and drops a layer."""

    @property
    def on(self) -> bool:
        return not self.reduced()

    def ghost(self, place: Element) -> Element | None:
        """The ghost of ``place`` showing its top card as it shows now, for ``removed``: drawn before
        the place shows the card beneath. None under reduced motion."""
        if not self.on:
            return None
        ghost = self._copies.get(place.key) or self._made(place)
        ghost.className = "ghost face" if place.hasAttribute("data-face") else "ghost"
        for name in ("data-suit", "data-rank"):
            ghost.setAttribute(name, place.getAttribute(name) or "")
        for copy, shown in zip(ghost.children, place.one("button").children, strict=True):
            copy.textContent = shown.textContent
        return ghost

    def _made(self, place: Element) -> Element:
        """A ghost with an empty copy of each part of the card's face (its rank, suit and pip), put over
        the place: the button stays first, the count last. Not a ``card``: what the place's state does
        to its card (dimmed, refused, empty) is not the leaving card's."""
        ghost = self.document.createElement("div")
        ghost.setAttribute("aria-hidden", "true")
        for part in place.one("button").children:
            copy = self.document.createElement(part.tag.lower())
            copy.className = part.className
            ghost.append(copy)
        place.insertBefore(ghost, place.lastElementChild)
        self._copies[place.key] = ghost
        return ghost

    def removed(self, ghosts: list[Element]) -> None:
        """Each ghost lifts and fades over its place, the card beneath shown at once. One animation per
        card: on a phone each running animation asks the page's thread for frames, which the taps after
        it wait behind. Where the animation fails, the ghost stays unseen."""
        for ghost in ghosts:
            with self.document.effect(warning(EFFECT)):
                ghost.animate(LEAVE_FRAMES, LEAVE)

    def ended(self, status: str, buttons: list[Element | None], message: Element) -> None:
        """A win: a glow along the arc, place by place. A dead end: its message fades in."""
        if not self.on:
            return
        with self.document.effect(warning(EFFECT)):
            if status == "won":
                for i, button in enumerate(buttons):
                    if button is not None:
                        timing = {"duration": CELEBRATE_MS, "delay": i * STAGGER_MS, "easing": "ease-in-out"}
                        button.animate(GLOW_FRAMES, timing)
            elif status == "dead-end":
                message.animate(NOTICE_FRAMES, NOTICE)
