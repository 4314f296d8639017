"""The keyboard, as plain Python: which key does what, and where the arrows go on the board.

The board is one Tab stop (a roving tabindex, webapp/browser/key_listener.py); the arrow keys move the focus
to the nearest place in that direction on the arc and the reserve as the board shows them
(either geometry of halfmoon/layout.py: the page says which is on screen), so every place is
reachable from every other with the arrows alone. Shortcuts start the same commands as
the buttons (and so ask the same R7.6 confirmation); the single-key ones can be turned off
(WCAG 2.1.4), the Ctrl/⌘ combinations and the arrows stay.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from halfmoon import PLACES, Game, Place
from halfmoon.layout import CARD_ROW, GEOMETRIES, Geometry
from webapp.app.actions import Action
from webapp.text.keyboard_table import KEY_LETTERS

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}

SINGLE_KEYS = {letter.lower(): Action(action) for action, letter in KEY_LETTERS.items()}
"""Single-key shortcuts (turned off by the ``key-shortcuts`` setting)."""


class ReplayKey(enum.Enum):
    TOGGLE = "toggle"
    PAUSE = "pause"


def replay_key(key: str, on_command: bool) -> ReplayKey | None:
    """While a replay is shown: Space plays or pauses, Escape pauses. Space on a focused command
    button presses that button instead (the board's buttons are inert while replaying)."""
    if key == "Escape":
        return ReplayKey.PAUSE
    if key == " " and not on_command:
        return ReplayKey.TOGGLE
    return None


@dataclass(frozen=True, slots=True)
class Key:
    """A keydown as the browser reports it."""

    key: str
    ctrl: bool = False
    meta: bool = False
    shift: bool = False
    alt: bool = False


ROW_HALF_COLUMNS = 2 * CARD_ROW[0] / CARD_ROW[1]
"""A row's height in half-columns (a card is two half-columns wide and a row 1.66 cards tall), so
that "nearest" here is the nearest on screen, in either geometry."""


def _centre(geometry: Geometry, place: Place) -> tuple[float, float]:
    """A place's centre in half-columns, across and down: a card spans two half-columns."""
    cell = geometry.cells[place]
    return cell.column + 1.0, cell.row * ROW_HALF_COLUMNS


def neighbour(place: Place, key: str, geometry: str = "arc") -> Place:
    """The nearest place within 45° of the arrow's direction (off-axis distance weighs double) in
    the geometry on screen (its name in ``layout.GEOMETRIES``; an unknown name is the arc), or
    ``place`` itself at the edge. Home and End go to the first and last place."""
    if key == "Home":
        return PLACES[0]
    if key == "End":
        return PLACES[-1]
    shown = GEOMETRIES.get(geometry, GEOMETRIES["arc"])
    dx, dy = ARROWS[key]
    x, y = _centre(shown, place)
    best: tuple[float, Place] | None = None
    for other in PLACES:
        ox, oy = _centre(shown, other)
        along = (ox - x) * dx + (oy - y) * dy
        across = abs((ox - x) * dy) + abs((oy - y) * dx)
        if other is place or along <= 0 or across > along:  # within 45° of the arrow
            continue
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, other)
    return best[1] if best else place


def entry(game: Game) -> Place:
    """Where Tab first enters the board: the first non-empty place in P1 … P12, R1 … R8 order,
    never a place chosen for a move (R3.7)."""
    return next((p for p in PLACES if game.count(p)), PLACES[0])


BOARD_KEYS = (*ARROWS, "Home", "End")
"""The keys that move the focus on the board (``neighbour``)."""


@functools.cache
def shortcut_keys(singles: bool) -> tuple[Key, ...]:
    """Every key with its modifiers that starts a command (``shortcut``): their default is the page's."""
    names = sorted({*SINGLE_KEYS, "z", "y"})
    held = [(bool(mask & 1), bool(mask & 2), bool(mask & 4), bool(mask & 8)) for mask in range(16)]
    keys = (Key(name, ctrl, meta, shift, alt) for name in names for ctrl, meta, shift, alt in held)
    return tuple(key for key in keys if shortcut(key, singles) is not None)


def shortcut(key: Key, singles: bool) -> Action | None:
    """The command a key starts, or None. Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z and Ctrl+Y redo."""
    command = key.ctrl or key.meta
    name = key.key.lower()
    if command and not key.alt:
        if name == "z":
            return Action.REDO if key.shift else Action.UNDO
        return Action.REDO if name == "y" and not key.shift else None
    if not singles or key.alt:
        return None
    return SINGLE_KEYS.get(key.key if key.key == "?" else name)
