"""Which sound a change of the game makes, and what each sound is: a few synthesized
tones (Web Audio, webapp/browser/sound.py plays them; no sound file, no request).

The sound follows what the page says to a screen reader (webapp/app/announce.py): a removal, an
undo, the win and the dead end that a removal brings; and a tap that combined nothing
(``App.tap`` answers it). Nothing sounds while a replay is shown, nor for an action taken while a
modal dialog was open (the dead-end dialog's Undo included): the win's and the dead end's own
sounds play as their dialog opens, since the player acted on the board."""

from __future__ import annotations

import enum

from webapp.app.actions import Dialog
from webapp.app.app import App
from webapp.draw.view import View


class Sound(enum.StrEnum):
    REMOVAL = "removal"
    REFUSED = "refused"
    UNDO = "undo"
    WIN = "win"
    DEAD_END = "dead-end"


Tone = tuple[str, float, float, float]
"""An oscillator's wave, its frequency (Hz), when it starts and how long it lasts (seconds)."""

TONES: dict[Sound, tuple[Tone, ...]] = {
    Sound.REMOVAL: (("triangle", 660.0, 0.0, 0.09), ("triangle", 990.0, 0.06, 0.12)),
    Sound.REFUSED: (("square", 196.0, 0.0, 0.08), ("square", 165.0, 0.07, 0.12)),
    Sound.UNDO: (("sine", 587.0, 0.0, 0.08), ("sine", 440.0, 0.06, 0.12)),
    Sound.WIN: tuple(("triangle", f, 0.12 * i, 0.22) for i, f in enumerate((523.0, 659.0, 784.0, 1047.0))),
    Sound.DEAD_END: (("sine", 392.0, 0.0, 0.25), ("sine", 311.0, 0.2, 0.25), ("sine", 262.0, 0.4, 0.4)),
}

_ENDS = {Dialog.WON: Sound.WIN, Dialog.DEAD_END: Sound.DEAD_END}


def cue(last: View | None, app: App, refused: bool) -> Sound | None:
    """The sound of what changed since ``last`` was drawn; ``refused``: the tap combined nothing."""
    if last is None or last.dialog is not Dialog.NONE or last.replay is not None or app.replay is not None:
        return None
    if refused:
        return Sound.REFUSED
    if app.announced == last.announced or app.announcement is None:
        return None
    key = app.announcement.key
    if key in ("say-removed", "say-redone"):
        return _ENDS.get(app.dialog, Sound.REMOVAL)
    return Sound.UNDO if key == "say-undone" else None
