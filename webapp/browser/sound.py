"""Sound effects, off by default: the tones of webapp/draw/sounds.py, synthesized by the page's Web
Audio (an oscillator and a gain envelope per tone; no file, no request; static/page-services.js).

Silent with the setting off (the tap path then only reads a flag). The page makes no ``AudioContext``
before the player's first interaction with it (``navigator.userActivation``: the browsers' autoplay
rule) and tells which sounds it started. Each is recorded on ``<html data-sounds>`` (an internal hook
for the tests, docs/ui-contract.md) only then: a sound that would not be heard is never recorded.
Where Web Audio is missing or refuses (an optional effect, effects.py), the page is silent and the
game goes on."""

from __future__ import annotations

from typing import Any

from webapp.browser.effects import warning
from webapp.browser.page_link import Link
from webapp.draw.sounds import TONES, Sound
from webapp.mirror.document import Document

RECORDED = 10
"""The hook keeps the names of the last few sounds started."""
PEAK = 0.18
QUIET = 0.0001  # an exponential ramp cannot reach zero


class Speaker:
    def __init__(self, document: Document, link: Link) -> None:
        self.on = False
        self._document = document
        self._link = link
        self._started: list[str] = []
        link.on("sounded", self._sounded)

    def play(self, sound: Sound | None) -> None:
        if sound is not None and self.on:
            with self._document.effect(warning("sound")):
                self._link.port("sound", sound.value, [list(tone) for tone in TONES[sound]], PEAK, QUIET)

    def _sounded(self, name: Any) -> None:
        self._started = [*self._started, str(name)][-RECORDED:]
        self._document.documentElement.setAttribute("data-sounds", " ".join(self._started))
