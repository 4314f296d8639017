"""localStorage, used defensively: it may be missing, full, throw, or hold anything at all.

Its keys are in webapp/store/storage_keys.py. Nothing read is trusted: every value is parsed with a size and
depth limit first; a saved game then goes through the engine's full validation, settings through
a strict check. What is not a Half Moon record at all is removed (the player is told); a record of
ours that fails validation is moved to a backup only when that write succeeds — otherwise it stays
where it is and the game runs from memory, unsaved. No write replaces it meanwhile.
"""

from __future__ import annotations

import contextlib
import enum
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Protocol

from halfmoon import ForeignRecordError, HalfMoonError, SavedGame, SaveError, SaveNewerError, load
from halfmoon.i18n import LANGUAGES
from halfmoon.jsontext import MAX_DEPTH, parse_json
from halfmoon.saved import MAX_CHARS
from webapp.store.storage_keys import BACKUP_KEY, GAME_KEY, SETTINGS_KEY, SNAPSHOT_KEY

FLAT_DEPTH = MAX_DEPTH
"""The nesting a settings or preferences record may have: the parser's usual depth, since a newer
version's names may hold more than flat values. The early theme script is told it (sitegen/skeleton.py)."""
BACKUPS = 3
"""At most three refused saved games are kept, oldest dropped first."""
SETTINGS_CHARS = 1_000


def backup_chars(record_chars: int) -> int:
    """The longest list of BACKUPS records of up to ``record_chars`` each, as ``json.dumps`` writes
    it (an escaped character takes at most six): a list of ours is never too long to read back,
    so a new backup never writes over the older ones."""
    return BACKUPS * (6 * record_chars + 4) + 2  # quotes and ", " around each


class Backend(Protocol):
    """The part of the Web Storage API we use (``window.localStorage``, or a dict-like fake)."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


def read_item(backend: Backend | None, key: str) -> str | None:
    """The stored text, or None: no storage, nothing stored (``null`` under Pyodide) or a throw."""
    if backend is None:
        return None
    try:
        value = backend.getItem(key)
    except Exception:  # the browser may throw anything here (SecurityError, …)
        return None
    return value if isinstance(value, str) else None


def write_item(backend: Backend | None, key: str, value: str) -> bool:
    """Whether the write was made."""
    if backend is None:
        return False
    try:
        backend.setItem(key, value)
    except Exception:  # QuotaExceededError, SecurityError, …
        return False
    return True


def remove_item(backend: Backend | None, key: str) -> None:
    if backend is not None:
        with contextlib.suppress(Exception):  # nothing more to do: the next read refuses it again
            backend.removeItem(key)


def flat_record(text: str, max_chars: int) -> dict[str, Any] | None:
    """A record of names and values (the settings, the preferences) within ``max_chars``, or None
    when it is not one (then it is removed and the defaults used). Its own values are flat, but a
    newer version's names may hold more: nesting is refused only past ``FLAT_DEPTH``."""
    try:
        data = parse_json(text, max_chars=max_chars, max_depth=FLAT_DEPTH)
    except HalfMoonError:
        return None
    return data if isinstance(data, dict) else None


@dataclass(frozen=True, slots=True)
class Settings:
    """R4.1 and R4.2 are off by default (R4.3: remembered); no language means "ask the browser"."""

    move_errors: bool = False
    layout_help: bool = False
    four_colour: bool = False
    key_shortcuts: bool = True  # WCAG 2.1.4: on by default, can be turned off
    language: str | None = None
    # Read before Python starts, by startup/pyodide-start.mjs: on unless turned off.
    fast_start: bool = True


class Kept(enum.StrEnum):
    """What became of a refused saved game; the message says which (webapp/text/game_table.py ``refused-…``)."""

    REMOVED = "removed"  # not a Half Moon record at all
    BACKED_UP = "backed-up"  # ours but not valid: moved to the backups
    LEFT_IN_PLACE = "left-in-place"  # ours, but the backup could not be written: never overwritten
    NEWER = "newer"  # a newer version's: left in place, never overwritten (this copy may be old)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a saved game was not taken, and what became of its record."""

    error: SaveError
    kept: Kept


def _known_settings(data: dict[str, Any]) -> dict[str, Any]:
    """The names of our settings record that this page knows, each with a value of its kind (R4.3)."""
    kinds = {f.name: f.default for f in fields(Settings)}
    return {
        name: value
        for name, value in data.items()
        if name in kinds and (type(value) is bool if isinstance(kinds[name], bool) else value in (None, *LANGUAGES))
    }


class Store:
    """Reads and writes the game, its backups, the settings and the early-paint record."""

    def __init__(self, backend: Backend | None) -> None:
        self._backend = backend
        self._held = False
        """A refused saved game could not be backed up, or a newer version wrote it: it is left in place
        and never overwritten."""
        self._other_settings: dict[str, object] = {}
        """Settings this page does not know (a newer version's): kept as they are whenever it writes."""
        self.in_doubt: Callable[[str], bool] = lambda _key: False
        """Whether a write of the key is not yet known to be made: storage across a thread, where the
        last one was refused and none is known made since (webapp/browser/saving.py ``Saving``)."""

    def _read(self, key: str) -> str | None:
        return read_item(self._backend, key)

    def _write(self, key: str, value: str) -> bool:
        return write_item(self._backend, key, value)

    def _remove(self, key: str) -> None:
        remove_item(self._backend, key)

    # The saved game

    def load_game(self) -> tuple[SavedGame | None, Refusal | None]:
        """The saved game, or None; and what became of a saved game that was refused."""
        text = self._read(GAME_KEY)
        if text is None:
            return None, None
        try:
            return load(text), None
        except SaveError as error:
            return None, Refusal(error, self.set_aside(text, error))

    def set_aside(self, text: str, error: SaveError) -> Kept:
        """A refused saved game: what is not ours is removed; ours is backed up, or else left
        where it is and never overwritten (``save_game`` then refuses to write)."""
        if isinstance(error, ForeignRecordError):
            self._remove(GAME_KEY)
            return Kept.REMOVED
        if isinstance(error, SaveNewerError):
            self._held = True
            return Kept.NEWER
        if self.back_up(BACKUP_KEY, text, MAX_CHARS):
            self._remove(GAME_KEY)
            return Kept.BACKED_UP
        self._held = True
        return Kept.LEFT_IN_PLACE

    def back_up(self, key: str, text: str, record_chars: int) -> bool:
        """Keep a refused record of ours under ``key`` (the newest BACKUPS); whether that write succeeded."""
        return self._write(key, json.dumps([*self.backups(key, record_chars), text][-BACKUPS:]))

    def backups(self, key: str = BACKUP_KEY, record_chars: int = MAX_CHARS) -> list[str]:
        """The refused records kept under ``key``, oldest first (anything else there is not ours);
        by default the saved games."""
        try:
            value = parse_json(self._read(key) or "[]", max_chars=backup_chars(record_chars), max_depth=1)
        except HalfMoonError:
            return []
        return [v for v in value if isinstance(v, str)][-BACKUPS:] if isinstance(value, list) else []

    def save_game(self, text: str) -> bool:
        """Write the saved game's text; False while that fails (or a refused record must stay in place)."""
        return not self._held and self._write(GAME_KEY, text)

    def game_in_doubt(self) -> bool:
        """Whether a write of the game was refused and none is known made since (``in_doubt``): the
        game is not said saved."""
        return self.in_doubt(GAME_KEY)

    def saved_game_text(self) -> str | None:
        return self._read(GAME_KEY)

    def save_snapshot(self, text: str) -> None:
        """The early-paint record (webapp/draw/view.py): a failure here only costs the early paint."""
        self._write(SNAPSHOT_KEY, text)

    # Settings

    def load_settings(self) -> Settings:
        """The stored settings: the names this page knows are read, any others (a newer version's) kept
        for every later write; a value that is not a record at all is removed and the defaults used."""
        text = self._read(SETTINGS_KEY)
        if text is None:
            return Settings()
        data = flat_record(text, SETTINGS_CHARS)
        if data is None:
            self._remove(SETTINGS_KEY)
            return Settings()
        known = _known_settings(data)
        self._other_settings = {name: value for name, value in data.items() if name not in known}
        return replace(Settings(), **known)

    def save_settings(self, settings: Settings) -> bool:
        return self._write(SETTINGS_KEY, json.dumps({**self._other_settings, **asdict(settings)}))
