"""The statistics in the page: ``data-stats`` (always current), and the dialog's words, chart and
calendar (drawn by webapp/draw/statsview.py) and history of games (webapp/browser/history_panel.py)."""

from __future__ import annotations

from webapp.app.app import App
from webapp.browser.dom import set_attributes
from webapp.browser.history_panel import HistoryPanel
from webapp.browser.ports import Timers
from webapp.draw.statsview import stats_attributes, stats_markup, stats_rows
from webapp.mirror.document import Document
from webapp.stats.record import Figures


class StatsPanel:
    """``data-stats`` (always current), and the dialog's words, chart and calendar: drawn while it
    is open, and once ahead when the page is idle after start."""

    def __init__(self, document: Document, timers: Timers) -> None:
        self.document = document
        self.box = document.one("[data-stats]")
        self.chart = document.one("[data-stats-chart]")
        self.calendar = document.one("[data-stats-calendar]")
        self.history = HistoryPanel(document, timers)
        self._shown: tuple[Figures, bool | None, bool] | None = None
        self._drawn: tuple[object, ...] = ()

    def render(self, app: App, open_: bool) -> None:
        shown = (app.tally.figures(), app.tally.persistent, app.tally.busy > 0)
        if shown != self._shown:
            set_attributes(self.box, stats_attributes(*shown))
            self._shown = shown
        if open_:
            self.prepare(app)

    def prepare(self, app: App) -> None:
        """The dialog's words, chart and calendar, drawn once for the figures, the language and the
        date: reopening draws nothing. Also done once the page is idle after start (``start``), so
        that the first opening need not draw either."""
        figures = app.tally.figures()
        # The record, not only its figures: equal figures can come with other daily dates (an
        # import), which the calendar draws. The tally keeps one object per stored text, so the
        # comparison is mostly by identity.
        drawn = (app.tally.stats, app.lang, app.tally.today(), app.tally.persistent)
        if drawn != self._drawn:
            self.draw(app, figures)
            self._drawn = drawn
        self.history.prepare(app)

    def draw(self, app: App, figures: Figures) -> None:
        rows = []
        for label, value in stats_rows(figures, app.lang, app.tally.persistent):
            term, detail = self.document.createElement("dt"), self.document.createElement("dd")
            term.textContent, detail.textContent = label, value
            rows += [term, detail]
        self.box.replaceChildren(*rows)
        chart, calendar = stats_markup(app.tally.stats, figures, app.tally.today(), app.lang)
        # Made from validated numbers and dates, every text escaped (webapp/draw/chart.py, calendar.py).
        self.chart.markup(chart)
        self.calendar.markup(calendar)
