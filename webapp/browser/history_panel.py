"""The history of games in the statistics dialog (``[data-history-list]``, drawn by
webapp/draw/share_and_history.py): a disclosure, closed at first, holding one table row a game, every word set as
text, each row's two commands real buttons (the page's one click listener reads their row).

Its rows are drawn only while it is open, and a task after the dialog opened: a hundred rows cost
Pyodide some tens of milliseconds to make and the browser as many to lay out, which opening the
statistics must not wait for (tools/bench_stats_page.py). Drawn again only when the history or the
language changed; rows that no longer hold go at once."""

from __future__ import annotations

from typing import Any

from webapp.app.app import App
from webapp.browser.dom import listen, set_attributes
from webapp.browser.ports import Timers
from webapp.draw.share_and_history import HistoryRow, history_note, history_rows
from webapp.mirror.document import Document


class HistoryPanel:
    def __init__(self, document: Document, timers: Timers) -> None:
        self.document = document
        self.timers = timers
        self.details = document.one("[data-history-list]")
        self.rows = document.one("[data-history]")
        self.table = self.details.one("table")
        self.note = document.one("[data-history-note]")
        self._app: App | None = None
        self._drawn: tuple[object, ...] = ()
        self._listener = listen(self.details, "toggle", lambda _event: self._draw_soon())

    def prepare(self, app: App) -> None:
        """The note now; the rows a task later, if the list is open and they changed."""
        self._app = app
        self.note.textContent = history_note(app.tally.history, app.lang)
        self._draw_soon()

    def _draw_soon(self) -> None:
        app = self._app
        if app is None or (app.tally.history, app.lang) == self._drawn:
            return
        # Rows of another history or language are taken away at once, never shown (not even for the
        # task before the new ones, nor when the list is next opened).
        self.rows.replaceChildren()
        self._drawn = ()
        if self.details.open:
            self.timers.later(0, lambda: self._draw(app))

    def _draw(self, app: App) -> None:
        drawn = (app.tally.history, app.lang)
        if drawn != self._drawn:
            rows = history_rows(app.tally.history, app.lang)
            self.table.hidden = not rows
            self.rows.replaceChildren(*(self._row(self.document, row) for row in rows))
            self._drawn = drawn

    @staticmethod
    def _row(document: Document, row: HistoryRow) -> Any:
        element = document.createElement("tr")
        set_attributes(element, row.attributes)
        for index, words in enumerate(row.cells):
            cell = document.createElement("th" if index == 1 else "td")  # the deal names the row
            if index == 1:
                cell.setAttribute("scope", "row")
            cell.textContent = words
            element.append(cell)
        commands = document.createElement("td")
        for action, words, name in row.commands:
            button = document.createElement("button")
            button.type = "button"
            set_attributes(button, (("data-action", action.value), ("aria-label", name)))
            button.textContent = words
            commands.append(button)
        element.append(commands)
        return element
