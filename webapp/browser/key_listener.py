"""The keyboard and the spoken results in the browser (Pyodide only); the decisions are in
webapp/app/keyboard.py and webapp/app/announce.py. The keys are handed the board's buttons, the
page's ``Controls`` and each ``View`` as drawn: they never reach into the page or the App.

The board is one Tab stop: its 20 buttons carry ``tabindex="-1"`` but the one the focus last
stood on (or where Tab first enters, ``keyboard.entry``), which carries ``tabindex="0"``. A place
that empties keeps its button (``aria-disabled``), so the focus is never lost. Shortcuts (and
while a replay is shown, Space and Escape for it) act only while no dialog is open and the focus
is not in a form control; in a dialog Escape closes it (the dialog's ``cancel`` event,
webapp/browser/page.py).
"""

from __future__ import annotations

import functools
from typing import Any, Protocol

from halfmoon import PLACES, Place
from webapp.app.actions import Action, Dialog
from webapp.app.keyboard import BOARD_KEYS, Key, ReplayKey, neighbour, replay_key, shortcut, shortcut_keys
from webapp.browser.dom import found, listen
from webapp.browser.ports import Layout
from webapp.draw.view import View
from webapp.mirror.batch import Rule
from webapp.mirror.keys import key_name

FORM_CONTROLS = "input, select, textarea, [contenteditable]"
SPEAK_AFTER_MS = 60
"""The live region is emptied, then filled a moment later (by the page: no call to Python in between),
so that a repeated sentence is spoken again."""
SPOKEN = "spoken"
"""The name of the page's delayed writes of the live region (``Document.later``)."""


def claimed(view: View) -> tuple[Rule, ...]:
    """The keys whose browser default the page prevents in this state, as ``on_keydown`` acts on them:
    none while a dialog is open or the focus is in a form control, the board's keys on the board, the
    replay's keys while a replay is shown (Space neither scrolls the page nor presses a card, but
    presses a focused command button), and the shortcuts."""
    if view.dialog is not Dialog.NONE:
        return ()
    return _claimed(view.replay is not None, view.key_shortcuts)


@functools.cache
def _claimed(replaying: bool, singles: bool) -> tuple[Rule, ...]:
    """Made once per state: every render publishes them, and they follow from these two alone."""
    unless = f"{FORM_CONTROLS}, dialog[open]"
    board = tuple(key_name(k) for k in BOARD_KEYS)
    rules = [Rule("keydown", "[data-board] [data-place]", unless, board, any_modifiers=True)]
    if replaying:
        space, escape = (key_name(" "),), (key_name("Escape"),)
        rules += [
            Rule("keydown", None, unless, escape, any_modifiers=True),
            Rule("keydown", None, f"{unless}, button", space, any_modifiers=True),
            Rule("keydown", "[data-board]", unless, space, any_modifiers=True),
        ]
    shortcuts = tuple(key_name(k.key, k.ctrl, k.meta, k.shift, k.alt) for k in shortcut_keys(singles))
    rules.append(Rule("keydown", None, unless, shortcuts))
    return tuple(rules)


class Controls(Protocol):
    """What a key may ask of the page (webapp/browser/page.py); each is drawn at once."""

    def act(self, action: Action) -> None: ...
    def clear_selection(self) -> None: ...
    def pause_replay(self) -> None: ...


class Keys:
    def __init__(
        self, document: Any, layout: Layout, board: Any, buttons: dict[Place, Any], controls: Controls
    ) -> None:
        self.document = document
        self.layout = layout
        self.board = board
        self.buttons = buttons
        self.controls = controls
        self.view: View | None = None  # as last drawn: what the keys act on
        self.focused: Place | None = None  # the place the focus last stood on
        self.tab_stop: Place | None = None  # the one board button with tabindex 0
        self.region = document.querySelector("[data-announce]")
        self.spoken = 0
        self._listeners = [listen(document, "keydown", self.on_keydown), listen(board, "focusin", self.on_focusin)]
        layout.on_resize(self.on_resize)
        self.on_resize()

    # Events

    def on_keydown(self, event: Any) -> None:
        view = self.view
        if view is None or event.isComposing or view.dialog is not Dialog.NONE:
            return
        target = event.target
        if found(self.document.querySelector("dialog[open]")) or found(target.closest(FORM_CONTROLS)):
            return
        if view.replay is not None and self.replay_key(event):
            return
        place = target.closest("[data-board] [data-place]")
        if found(place) and event.key in BOARD_KEYS:
            self.move(neighbour(Place(place.dataset.place), event.key, self.geometry()))
            return
        if event.key == "Escape":
            self.controls.clear_selection()
            return
        key = Key(event.key, bool(event.ctrlKey), bool(event.metaKey), bool(event.shiftKey), bool(event.altKey))
        action = shortcut(key, view.key_shortcuts)
        if action is not None:
            self.controls.act(action)

    def replay_key(self, event: Any) -> bool:
        """While a replay is shown: Space plays or pauses, Escape pauses (``keyboard.replay_key``);
        whether the key was one of them."""
        button = event.target.closest("button")
        key = replay_key(event.key, on_command=found(button) and not found(button.closest("[data-board]")))
        if key is None:
            return False
        if key is ReplayKey.TOGGLE:
            self.controls.act(Action.REPLAY_PLAY)
        else:
            self.controls.pause_replay()
        return True

    def on_focusin(self, event: Any) -> None:
        place = event.target.closest("[data-place]")
        if found(place):
            self.focused = Place(place.dataset.place)
            self.roving()

    def geometry(self) -> str:
        """The geometry on screen (halfmoon/layout.py), as the stylesheet's container query chose it."""
        return self.layout.geometry()

    def on_resize(self) -> None:
        """The table's box changed: the board says which geometry it shows (``data-geometry``)."""
        shown = self.geometry()
        if shown and self.board.getAttribute("data-geometry") != shown:
            self.board.setAttribute("data-geometry", shown)

    def move(self, place: Place) -> None:
        self.focused = place
        self.roving()
        self.buttons[place].focus()

    # Drawing

    def render(self, view: View) -> None:
        last, self.view = self.view, view
        self.document.claim("keys", claimed(view))
        self.roving()
        if last is None:  # what was said before the page was drawn is not said again
            self.spoken = view.announced
        elif view.lang != last.lang:  # a sentence said in the other language is not left on the page
            self.region.textContent = ""
            self.document.drop_later(SPOKEN)  # nor one still to be said
        if view.announced != self.spoken and view.announcement:
            self.spoken = view.announced
            self.region.textContent = ""
            with self.document.later(SPOKEN, SPEAK_AFTER_MS):  # only the latest sentence is said
                self.region.textContent = view.announcement

    def roving(self) -> None:
        """One Tab stop for the board: the last focused place, else where Tab first enters."""
        if self.view is None:
            return
        current = self.focused or self.view.entry
        if current is self.tab_stop:
            return
        for place in PLACES if self.tab_stop is None else (self.tab_stop,):
            self.buttons[place].tabIndex = -1
        self.buttons[current].tabIndex = 0
        self.tab_stop = current
