"""The early-paint record kept in step with the page (webapp/draw/view.py ``snapshot``, painted by
static/early-paint.js on the next visit before Python is up)."""

from __future__ import annotations

from collections.abc import Callable

from webapp.app.app import App
from webapp.browser.ports import Timers
from webapp.draw.view import View, snapshot


class EarlyRecord:
    def __init__(self, app: App, timers: Timers, shown: Callable[[], View | None]) -> None:
        """``shown``: the view on the page now."""
        self.app = app
        self.timers = timers
        self.shown = shown
        self._due = False
        self._written: tuple[object, ...] = ()

    def soon(self) -> None:
        """The record written after the next frame: it serves the next visit, not this tap, and
        would be a large part of the tap's time."""
        if not self._due:
            self._due = True
            self.timers.after_frame(self.write)

    def write(self) -> None:
        """The record of what is on screen now, if it changed (called at once when the page hides)."""
        self._due = False
        view = self.shown()
        if view is None or view.replay is not None:
            return  # the board shows the replay, not the saved game
        saved = self.app.sync.known  # what this page last wrote or read: no storage read per render
        drawn = (saved, view.lang, view.root, view.info)  # the board at rest follows from the saved text
        if view.saved and saved is not None and drawn != self._written:
            self.app.store.save_snapshot(snapshot(view, self.app.game, saved))
            self._written = drawn
