"""The look and sound preferences as stored: under ``storage_keys.PREFERENCES_KEY``, never inside
the settings record (copies of the page already deployed would drop names they do not know).

Read with a size and depth limit; a value that is not a record at all is removed and the defaults
used; names this page does not know (a newer version's) are kept through every write, as the
settings' are. The theme is also read before the first paint by static/theme.js, told the key and
the theme names by the build (sitegen/skeleton.py)."""

from __future__ import annotations

import enum
import json
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from webapp.store.storage import Backend, flat_record, read_item, remove_item, write_item
from webapp.store.storage_keys import PREFERENCES_KEY

PREFERENCES_CHARS = 1_000


class Theme(enum.StrEnum):
    """``data-setting="theme"``: the system's (``prefers-color-scheme``) or a chosen one."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"


class Preference(enum.StrEnum):
    """The ``data-setting`` controls stored here, not in the settings record."""

    THEME = "theme"
    SOUND = "sound"


@dataclass(frozen=True, slots=True)
class Preferences:
    """The theme and the sound: this device's choices, kept apart from the settings record."""

    theme: Theme = Theme.SYSTEM
    sound: bool = False  # autoplay rules, and a shared room: off until the player turns it on


def _known(data: dict[str, Any]) -> dict[str, Any]:
    known: dict[str, Any] = {}
    if data.get("theme") in tuple(Theme):
        known["theme"] = Theme(data["theme"])
    if type(data.get("sound")) is bool:
        known["sound"] = data["sound"]
    return known


class PreferenceStore:
    """Reads and writes the preferences; a failing storage only means they are not remembered."""

    def __init__(self, backend: Backend | None) -> None:
        self._backend = backend
        self._other: dict[str, object] = {}
        """Names this page does not know (a newer version's): kept as they are whenever it writes."""

    @staticmethod
    def concerns(key: str | None) -> bool:
        """Whether another tab's change of ``key`` (None: storage cleared) changed the preferences."""
        return key in (PREFERENCES_KEY, None)

    def load(self) -> Preferences:
        text = read_item(self._backend, PREFERENCES_KEY)
        if text is None:
            return Preferences()
        data = flat_record(text, PREFERENCES_CHARS)
        if data is None:
            remove_item(self._backend, PREFERENCES_KEY)
            return Preferences()
        known = _known(data)
        names = {f.name for f in fields(Preferences)}
        self._other = {name: value for name, value in data.items() if name not in names}
        return replace(Preferences(), **known)

    def save(self, preferences: Preferences) -> bool:
        return write_item(self._backend, PREFERENCES_KEY, json.dumps({**self._other, **asdict(preferences)}))

    def changed(self, preferences: Preferences, name: Preference, value: str | bool) -> Preferences:
        """``name`` set from its control and stored; an unknown theme name is refused (``Theme(value)``)."""
        if name is Preference.THEME:
            chosen = replace(preferences, theme=Theme(str(value)))
        else:
            chosen = replace(preferences, sound=bool(value))
        self.save(chosen)
        return chosen
