"""The history of games in the statistics dialog (``[data-history]``, drawn by webapp/draw/history.py):
one table row a game, every word set as text, each row's two commands real buttons (the page's one click
listener reads their row). Drawn again only when the history or the language changed."""

from __future__ import annotations

from typing import Any

from webapp.app.app import App
from webapp.browser.dom import document, query, set_attributes
from webapp.draw.history import HistoryRow, history_note, history_rows


class HistoryPanel:
    def __init__(self) -> None:
        self.rows = query("[data-history]")
        self.table = self.rows.closest("table")
        self.note = query("[data-history-note]")
        self._drawn: tuple[object, ...] = ()

    def prepare(self, app: App) -> None:
        drawn = (app.tally.history, app.lang)
        if drawn != self._drawn:
            rows = history_rows(app.tally.history, app.lang)
            self.note.textContent = history_note(app.tally.history, app.lang)
            self.table.hidden = not rows
            self.rows.replaceChildren(*(self._row(row) for row in rows))
            self._drawn = drawn

    @staticmethod
    def _row(row: HistoryRow) -> Any:
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
