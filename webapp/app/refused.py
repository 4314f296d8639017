"""Which places a tap refuses: the engine decides, on a copy of the game, before the tap
is made; the page marks them (``data-refused``) with a brief cue and no words (R4.1 keeps the
reason for the "Move errors" setting)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from halfmoon import Place
from webapp.app.actions import Dialog

if TYPE_CHECKING:
    from webapp.app.app import App


def refused(app: App, place: Place) -> tuple[Place, ...]:
    """The selected card or cards and the tapped one, when a tap on ``place`` would combine nothing
    (R3.3, R3.4: the selection is cleared; R3.6: the tapped card becomes the only one selected);
    otherwise none. A tap the App ignores (a dialog open, a replay shown) refuses nothing."""
    game = app.game
    if app.dialog is not Dialog.NONE or app.replay is not None or not game.selection:
        return ()
    if game.copy().tap(place).error is None:
        return ()
    return (*game.selection, place)
