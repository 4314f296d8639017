"""Motion on the board (Pyodide only), through the Web Animations API: it never delays play.

The board's attributes and text change at the tap, motion or not; the motion is drawn over them. A
removed card leaves as a copy of its face (a "ghost", ``aria-hidden`` and never tappable) that
lifts and fades over the place, the card beneath already shown; a win sends a glow along the arc,
and a dead end fades its message in. The next tap never waits: a new ghost simply starts beside
an old one. With ``prefers-reduced-motion: reduce`` nothing moves. Keyframes and timings are
operations of the page's copy (webapp/mirror/), applied by the page as one optional effect
(effects.py): where Web Animations fail, the board is drawn all the same and nothing moves.
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
LEAVE = {"duration": LEAVE_MS, "easing": "ease-in", "fill": "forwards"}
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

    @property
    def on(self) -> bool:
        return not self.reduced()

    def ghost(self, place: Element) -> Element | None:
        """A copy of the top card of ``place`` as it shows now, for ``removed``: taken before the place
        shows the card beneath. None under reduced motion."""
        if not self.on:
            return None
        with self.document.effect(warning(EFFECT)):
            ghost = self.document.createElement("div")
            ghost.className = "card ghost face" if place.hasAttribute("data-face") else "card ghost"
            ghost.setAttribute("aria-hidden", "true")
            ghost.setAttribute("data-suit", place.getAttribute("data-suit") or "")
            top = place.firstElementChild
            for child in top.children if top is not None else ():
                ghost.append(child.cloneNode(True))
        return ghost

    def removed(self, leaving: list[tuple[Element, Element | None]]) -> None:
        """Each (place, ghost): the copy lifts and fades over the place, the card beneath shown at
        once. One animation per card: on a phone each running animation asks the page's thread for
        frames, which the taps after it wait behind. The copy's animation starts before it is shown:
        one whose animation fails is never left over the card (the page skips the rest of the effect)."""
        for place, ghost in leaving:
            if ghost is None:
                continue
            with self.document.effect(warning(EFFECT)):
                ghost.animate(LEAVE_FRAMES, LEAVE, then_remove=True)
                place.insertBefore(ghost, place.lastElementChild)  # the button stays first, the count last

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
