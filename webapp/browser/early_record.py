"""The early-paint record kept in step with the page (webapp/draw/view.py ``snapshot``, painted by
static/early-paint.js on the next visit before Python is up)."""

from __future__ import annotations

from collections.abc import Callable

from webapp.app.app import App
from webapp.draw.view import PlaceRecord, View, record_places, snapshot


class EarlyRecord:
    def __init__(self, app: App, shown: Callable[[], View | None]) -> None:
        """``shown``: the view on the page now."""
        self.app = app
        self.shown = shown
        self.changed: Callable[[], None] = lambda: None
        """Called with every write: what a pagehide would write is handed to the page, which holds
        it (webapp/browser/saving.py ``Saving.hold``)."""
        self._written: tuple[object, ...] = ()
        self._made: dict[tuple[object, ...], str] = {}
        """The records made for the last two things shown: a render asks for two of one board, for
        storage and for a pagehide (whose game's text leaves its time out)."""
        self._board: tuple[tuple[object, ...], list[PlaceRecord]] = ((), [])
        """The board at rest of both, and the language, deal and moves it was drawn for."""

    def write(self) -> None:
        """The record of what is on screen now, if it changed: in the batch of the change it follows,
        and again when the page hides. Its making lengthens the worker's answer a little; a timer
        for it later would cost the page a call and an answer more on every tap."""
        saved = self.app.sync.known  # what this page last wrote or read: no storage read per render
        view = self.shown()
        if view is not None and saved is not None:
            # The board at rest follows from the saved text. The time shown alone does not make a new
            # record: the record changes with the saved game, the language, the colours and the figures.
            drawn = (saved, view.lang, view.root, {**view.info, "time": ""})
            if drawn != self._written and (record := self.record(saved)) is not None:
                self.app.store.save_snapshot(record)
                self._written = drawn
        self.changed()  # after this write: what a pagehide writes goes over it

    def record(self, saved: str) -> str | None:
        """The record of what is on screen now, naming the saved game's text ``saved``; None while
        the board shows a replay (not the saved game) or the game is not saved."""
        view = self.shown()
        if view is None or view.replay is not None or not view.saved:
            return None
        shows = (saved, view.lang, view.root, tuple(view.info.items()))  # the board follows from ``saved``
        if shows not in self._made:
            self._made = dict(list(self._made.items())[-1:])
            self._made[shows] = snapshot(view, self._places(view.lang), saved)
        return self._made[shows]

    def _places(self, lang: str) -> list[PlaceRecord]:
        drawn = (lang, self.app.code, self.app.game.move_stack)
        if self._board[0] != drawn:
            self._board = (drawn, record_places(self.app.game, lang))
        return self._board[1]
