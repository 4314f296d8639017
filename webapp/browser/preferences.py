"""The look and sound preferences on the page: the theme's ``<select>`` and the sound's
checkbox in the settings dialog, stored under a key of their own (webapp/store/prefs.py), followed
from another tab at once.

The theme itself is applied by static/theme.js, the render-blocking head script that resolves it
before the first paint (``<html data-theme>``, ``theme-color``, the system's changes while open):
this module only hands it the player's choice (the page function ``theme``), so the rule is in one place."""

from __future__ import annotations

from typing import Any

from webapp.app.app import App
from webapp.browser.page_link import Link
from webapp.browser.sound import Speaker
from webapp.draw.sounds import cue
from webapp.draw.view import View
from webapp.mirror.document import Document
from webapp.store.prefs import Preference, PreferenceStore
from webapp.store.storage import Backend


class Preferred:
    def __init__(
        self,
        document: Document,
        backend: Backend | None,
        link: Link,
    ) -> None:
        self.store = PreferenceStore(backend)
        self.now = self.store.load()
        self.controls = {name: document.one(f'[data-setting="{name}"]') for name in Preference}
        self.speaker = Speaker(document, link)
        self.link = link
        self.show()

    def change(self, name: Preference, control: Any) -> None:
        value = str(control.value) if name is Preference.THEME else bool(control.checked)
        self.now = self.store.changed(self.now, name, value)
        self.show()

    def storage_changed(self, key: str | None) -> None:
        """Another tab changed storage (the storage event): the preferences again, if they changed."""
        if self.store.concerns(key):
            self.now = self.store.load()
            self.show()

    def show(self) -> None:
        self.controls[Preference.THEME].value = str(self.now.theme)
        self.controls[Preference.SOUND].checked = self.now.sound
        self.speaker.on = self.now.sound
        self.link.port("theme", str(self.now.theme))

    def after(self, last: View | None, app: App, refused: bool) -> None:
        """What the last change sounds like; with sound off, nothing more than this test."""
        if self.speaker.on:
            self.speaker.play(cue(last, app, refused))
