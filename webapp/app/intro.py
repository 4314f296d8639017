"""The first game's introduction, as plain Python: not a hint (R7.4 has none), one
sentence of the goal with a link to the rules. Shown from the first paint of a first visit (the
early paint decides, static/early-paint.js, and the page tells this class) until the player dismisses
it or makes the first removal; then gone for good, in this tab and every later visit."""

from __future__ import annotations

from webapp.store import intro_state
from webapp.store.storage import Backend


class Intro:
    def __init__(self, backend: Backend | None, shown: bool) -> None:
        """``shown``: what the page shows at start (the early paint's decision)."""
        self._backend = backend
        self.shown = shown
        if shown:  # a reload before it is done shows it again, though the game is stored by then
            intro_state.mark(backend, intro_state.SHOWN)

    def dismiss(self) -> None:
        """The close button, or the first removal: gone for good."""
        if self.shown:
            self.shown = False
            intro_state.mark(self._backend, intro_state.DONE)

    def after(self, moves: int, replaying: bool) -> bool:
        """After each change of the page: the first removal of the game on the table dismisses it
        (a replay's moves are not the player's). Whether it is still shown."""
        if moves > 0 and not replaying:
            self.dismiss()
        return self.shown
