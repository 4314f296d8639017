"""Sound effects, off by default: the tones of webapp/draw/sounds.py synthesized by Web
Audio (an oscillator and a gain envelope per tone; no file, no request).

Silent with the setting off (the tap path then only reads a flag), and before the player's first
interaction with the page (``navigator.userActivation``: the browsers' autoplay rule), so no
``AudioContext`` is made before a gesture. Each sound started is recorded on ``<html data-sounds>``
(an internal hook for the tests, docs/ui-contract.md) only once a running context has started its
first node: a sound that would not be heard is never recorded. Where Web Audio is missing or refuses
(an optional effect, effects.py), the page is silent and the game goes on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from webapp.browser.effects import awaited, guarded
from webapp.browser.ports import Audio
from webapp.draw.sounds import TONES, Sound
from webapp.mirror.document import Document

RECORDED = 10
"""The hook keeps the names of the last few sounds started."""
PEAK = 0.18
QUIET = 0.0001  # an exponential ramp cannot reach zero


class Speaker:
    def __init__(self, document: Document, audio: Audio, run: Callable[[Any], None]) -> None:
        self.on = False
        self._root = document.documentElement
        self._audio = audio
        self._run = run
        self._context: Any = None
        self._started: list[str] = []

    def play(self, sound: Sound | None) -> None:
        if sound is not None and self.on and self._audio.interacted():
            guarded("sound", self._play, sound)

    def _play(self, sound: Sound) -> None:
        if self._context is None:
            self._context = self._audio.context()
        if self._context.state == "running":
            self._start(sound)
        else:  # made, or suspended by the browser, a moment ago: it runs once resumed
            self._run(awaited("sound", lambda: self._resumed(sound)))

    async def _resumed(self, sound: Sound) -> None:
        await self._context.resume()
        if self._context.state == "running":
            self._start(sound)

    def _start(self, sound: Sound) -> None:
        context = self._context
        now = float(context.currentTime)
        for wave, frequency, start, length in TONES[sound]:
            oscillator, gain = context.createOscillator(), context.createGain()
            oscillator.type = wave
            oscillator.frequency.value = frequency
            at, end = now + start, now + start + length
            gain.gain.setValueAtTime(QUIET, at)
            gain.gain.exponentialRampToValueAtTime(PEAK, at + 0.01)
            gain.gain.exponentialRampToValueAtTime(QUIET, end)
            oscillator.connect(gain)
            gain.connect(context.destination)
            oscillator.start(at)
            oscillator.stop(end + 0.02)
        if context.state == "running":
            self._started = [*self._started, sound.value][-RECORDED:]
            self._root.setAttribute("data-sounds", " ".join(self._started))
