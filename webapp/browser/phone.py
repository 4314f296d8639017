"""The first minute on a phone, in the browser (Pyodide only): the menu of the other
commands, the first game's introduction and the cue of a combination that removed nothing. The
decisions are in webapp/app/intro.py and webapp/app/app.py (``App.tap``); the stylesheet decides where the
menu is needed (static/app.css)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from halfmoon import Place
from webapp.app.intro import Intro
from webapp.browser.dom import found, listen
from webapp.browser.ports import Timers
from webapp.mirror.document import Document
from webapp.mirror.element import Element
from webapp.store.storage import Backend

REFUSED_MS = 300
"""How long the places of a refused combination carry ``data-refused`` (the cue's 240 ms shake,
or under reduced motion a static outline, lasts while it does)."""


class Menu:
    """``[data-menu]``, a non-modal popover opened by ``data-action="menu"`` (the browser's own
    ``popovertarget``: Escape and a click outside close it, and the focus returns to the button).
    Its button says whether it is open (``aria-expanded``); a command chosen in it closes it first,
    the focus on the menu's button, so that a dialog the command opens gives the focus back there."""

    def __init__(self, document: Document) -> None:
        self.menu = document.one("[data-menu]")
        self.button = document.one('[data-action="menu"]')
        self._listeners = [listen(self.menu, "toggle", self.on_toggle)]

    def on_toggle(self, event: Any) -> None:
        self.button.setAttribute("aria-expanded", "true" if str(event.newState) == "open" else "false")

    def chosen(self, button: Any) -> None:
        """A command of the menu was clicked: an open menu closes, the focus on its button."""
        if found(button.closest("[data-menu]")) and self.menu.matches(":popover-open"):
            self.menu.hidePopover()
            self.button.focus()


class IntroView:
    """``[data-intro]``: shown from the first paint of a first visit (the early paint un-hides it)."""

    def __init__(self, document: Document, storage: Backend | None) -> None:
        self.element = document.one("[data-intro]")
        self.intro = Intro(storage, shown=found(self.element) and not self.element.hidden)

    def render(self, moves: int, replaying: bool) -> None:
        """Hidden while a replay is shown (its cards take no taps), back after it while not done."""
        shown = self.intro.after(moves, replaying) and not replaying
        if self.element.hidden == shown:
            self.element.hidden = not shown

    def close(self) -> None:
        self.intro.dismiss()


class Cue:
    """Marks the places of a refused combination for ``REFUSED_MS``; a new one replaces it."""

    def __init__(self, places: dict[Place, Element], timers: Timers) -> None:
        self.places = places
        self.timers = timers
        self.marked: list[Element] = []
        self.timer: Any = None
        self.alternate = False

    def show(self, places: Iterable[Place]) -> None:
        self.clear()
        self.marked = [self.places[p] for p in places]
        if not self.marked:
            return
        # A place marked a moment ago shakes again: each cue alternates the shake's animation name
        # (class "alternate", app.css). Reading a layout figure would restart it too, but lays out the
        # whole page inside the tap, many times the tap's own work (tools/bench_page.py's tap -> DOM).
        self.alternate = not self.alternate
        for element in self.marked:
            element.classList.toggle("alternate", self.alternate)
            element.setAttribute("data-refused", "true")
        self.timer = self.timers.later(REFUSED_MS, self.clear)

    def clear(self, *_: Any) -> None:
        if self.timer is not None:
            self.timers.cancel(self.timer)
            self.timer = None
        for element in self.marked:
            element.removeAttribute("data-refused")
        self.marked = []
