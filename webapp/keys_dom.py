"""The keyboard and the spoken results in the browser (Pyodide only); the decisions are in
webapp/keyboard.py and webapp/announce.py.

The board is one Tab stop: its 20 buttons carry ``tabindex="-1"`` but the one the focus last
stood on (or where Tab first enters, ``keyboard.entry``), which carries ``tabindex="0"``. A place
that empties keeps its button (``aria-disabled``), so the focus is never lost. Shortcuts (and
while a replay is shown, Space and Escape for it) act only while no dialog is open and the focus
is not in a form control; in a dialog Escape closes it (the dialog's ``cancel`` event,
webapp/dom.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]

from halfmoon import PLACES, Place

from .announce import sentence
from .controller import Action, Dialog, Setting
from .keyboard import ARROWS, Key, ReplayKey, entry, neighbour, replay_key, shortcut

if TYPE_CHECKING:
    from .dom import Page
    from .view import View

FORM_CONTROLS = "input, select, textarea, [contenteditable]"
SPEAK_AFTER_MS = 60
"""The live region is emptied, then filled a moment later, so that a repeated sentence is spoken again."""


class Keys:
    def __init__(self, page: Page, document: Any, window: Any) -> None:
        self.page = page
        self.document = document
        self.window = window
        self.focused: Place | None = None  # the place the focus last stood on
        self.tab_stop: Place | None = None  # the one board button with tabindex 0
        self.region = document.querySelector("[data-announce]")
        self.shortcuts_box = document.querySelector(f'[data-setting="{Setting.KEY_SHORTCUTS}"]')
        self.spoken = page.app.announced
        self.lang = page.app.lang
        self.timer: Any = None
        self.sentence = ""
        self._proxies = [create_proxy(self.on_keydown), create_proxy(self.on_focusin), create_proxy(self.speak)]
        document.addEventListener("keydown", self._proxies[0])
        page.board.addEventListener("focusin", self._proxies[1])

    # Events

    def on_keydown(self, event: Any) -> None:
        app = self.page.app
        if event.defaultPrevented or event.isComposing or app.dialog is not Dialog.NONE:
            return
        target = event.target
        if _found(self.document.querySelector("dialog[open]")) or _found(target.closest(FORM_CONTROLS)):
            return
        if app.replay is not None and self.replay_key(event):
            return
        place = target.closest("[data-board] [data-place]")
        if _found(place) and (event.key in ARROWS or event.key in ("Home", "End")):
            event.preventDefault()
            self.move(neighbour(Place(place.dataset.place), event.key))
            return
        if event.key == "Escape":
            app.clear_selection()
            self.page.render()
            return
        key = Key(event.key, bool(event.ctrlKey), bool(event.metaKey), bool(event.shiftKey), bool(event.altKey))
        action = shortcut(key, app.settings.key_shortcuts)
        if action is not None:
            event.preventDefault()
            self.page.on_action(action)
            self.page.render()

    def replay_key(self, event: Any) -> bool:
        """While a replay is shown: Space plays or pauses, Escape pauses (``keyboard.replay_key``);
        whether the key was one of them."""
        button = event.target.closest("button")
        key = replay_key(event.key, on_command=_found(button) and not _found(button.closest("[data-board]")))
        if key is None:
            return False
        event.preventDefault()  # Space neither scrolls the page nor presses a card
        if key is ReplayKey.TOGGLE:
            self.page.app.command(Action.REPLAY_PLAY)
        else:
            self.page.app.pause_replay()
        self.page.render()
        return True

    def on_focusin(self, event: Any) -> None:
        place = event.target.closest("[data-place]")
        if _found(place):
            self.focused = Place(place.dataset.place)
            self.roving()

    def move(self, place: Place) -> None:
        self.focused = place
        self.roving()
        self.page.buttons[place].focus()

    # Drawing

    def render(self, view: View) -> None:
        self.roving()
        self.shortcuts_box.checked = self.page.app.settings.key_shortcuts
        app = self.page.app
        if view.lang != self.lang:  # a sentence said in the other language is not left on the page
            self.lang = view.lang
            self.sentence = self.region.textContent = ""
        if app.announced != self.spoken and app.announcement is not None:
            self.spoken = app.announced
            self.sentence = sentence(app.announcement, view.lang)
            self.region.textContent = ""
            if self.timer is not None:
                self.window.clearTimeout(self.timer)  # only the latest sentence is said
            self.timer = self.window.setTimeout(self._proxies[2], SPEAK_AFTER_MS)

    def speak(self) -> None:
        self.timer = None
        self.region.textContent = self.sentence

    def roving(self) -> None:
        """One Tab stop for the board: the last focused place, else where Tab first enters."""
        current = self.focused or entry(self.page.app.game)
        if current is self.tab_stop:
            return
        for place in PLACES if self.tab_stop is None else (self.tab_stop,):
            self.page.buttons[place].tabIndex = -1
        self.page.buttons[current].tabIndex = 0
        self.tab_stop = current


def _found(element: Any) -> bool:
    """DOM look-ups answer JavaScript's null as ``jsnull``, not None."""
    return element is not None and element is not jsnull
