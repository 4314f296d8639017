"""Motion on the board (Pyodide only), through the Web Animations API: it never delays play.

The board's attributes and text change at the tap, motion or not; the motion is drawn over them. A
removed card leaves as a copy of its face (a "ghost", ``aria-hidden`` and never tappable) that
lifts and fades over the place while the card beneath fades in; a win sends a glow along the arc,
and a dead end fades its message in. The next tap never waits: a new ghost simply starts beside
an old one. With ``prefers-reduced-motion: reduce`` nothing moves. Keyframes and timings are
converted to JavaScript once, here, not on every tap. Motion is an optional effect (effects.py): where
Web Animations fail, the board is drawn all the same and nothing moves.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from webapp.browser.effects import guarded

LEAVE_MS = 220
ARRIVE_MS = 180
CELEBRATE_MS = 700
STAGGER_MS = 45


def _js(value: object) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


class Motion:
    def __init__(self, document: Any, window: Any, places: int) -> None:
        self.document = document
        self.reduce = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.leave_frames = _js(
            [
                {"transform": "none", "opacity": 1},
                {"transform": "translateY(-35%) scale(1.08) rotate(-4deg)", "opacity": 0},
            ]
        )
        self.leave_timing = _js({"duration": LEAVE_MS, "easing": "ease-in", "fill": "forwards"})
        self.arrive_frames = _js([{"opacity": 0.25, "transform": "scale(0.96)"}, {"opacity": 1, "transform": "none"}])
        self.arrive_timing = _js({"duration": ARRIVE_MS, "easing": "ease-out"})
        self.glow_frames = _js(
            [
                {"transform": "none", "boxShadow": "0 0 0 0 rgba(255, 210, 74, 0)"},
                {"transform": "scale(1.08)", "boxShadow": "0 0 22px 8px rgba(255, 210, 74, 0.9)"},
                {"transform": "none", "boxShadow": "0 0 0 0 rgba(255, 210, 74, 0)"},
            ]
        )
        self.glow_timings = [
            _js({"duration": CELEBRATE_MS, "delay": i * STAGGER_MS, "easing": "ease-in-out"}) for i in range(places)
        ]
        self.notice_frames = _js([{"opacity": 0}, {"opacity": 1}])
        self.notice_timing = _js({"duration": 600, "easing": "ease-out"})
        self._drop = create_proxy(lambda event: event.target.effect.target.remove())  # made once, kept

    @property
    def on(self) -> bool:
        return not self.reduce.matches

    def ghost(self, place: Any) -> Any:
        """A copy of the top card of ``place`` as it shows now, for ``removed``: taken before the place
        shows the card beneath. None under reduced motion."""
        if not self.on:
            return None
        ghost = self.document.createElement("div")
        ghost.className = "card ghost face" if place.hasAttribute("data-face") else "card ghost"
        ghost.setAttribute("aria-hidden", "true")
        ghost.setAttribute("data-suit", place.getAttribute("data-suit") or "")
        for child in place.firstElementChild.children:
            ghost.append(child.cloneNode(True))
        return ghost

    def removed(self, leaving: list[tuple[Any, Any]]) -> None:
        """Each (place, ghost): the copy lifts and fades over the place while the card beneath fades in."""
        guarded("motion", self._leave, [(place, ghost) for place, ghost in leaving if ghost is not None])

    def _leave(self, leaving: list[tuple[Any, Any]]) -> None:
        for place, ghost in leaving:
            # Started before the copy is shown: a copy whose animation fails is never left over the card.
            ghost.animate(self.leave_frames, self.leave_timing).addEventListener("finish", self._drop)
            place.insertBefore(ghost, place.lastElementChild)  # the button stays first, the count last
            place.firstElementChild.animate(self.arrive_frames, self.arrive_timing)

    def ended(self, status: str, buttons: list[Any], message: Any) -> None:
        """A win: a glow along the arc, place by place. A dead end: its message fades in."""
        if self.on:
            guarded("motion", self._end, status, buttons, message)

    def _end(self, status: str, buttons: list[Any], message: Any) -> None:
        if status == "won":
            for button, timing in zip(buttons, self.glow_timings, strict=False):
                button.animate(self.glow_frames, timing)
        elif status == "dead-end":
            message.animate(self.notice_frames, self.notice_timing)
