"""localStorage, used defensively: it may be missing, full, or hold anything.

Keys carry the project prefix, since every project of a github.io owner shares one origin.
Nothing read from storage is trusted: a saved game goes through the engine's full validation,
and settings through a strict check; what fails is moved to a backup key, never destroyed.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Protocol

from halfmoon import PLACES, Game, HalfMoonError, load, save
from halfmoon.i18n import LANGUAGES, place_label, rank_short

PREFIX = "half-moon:"
GAME_KEY = PREFIX + "game"
BACKUP_KEY = PREFIX + "game-backup"
SETTINGS_KEY = PREFIX + "settings"
SNAPSHOT_KEY = PREFIX + "snapshot"


class Backend(Protocol):
    """The part of the Web Storage API we use (``window.localStorage``, or a dict-like fake)."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Settings:
    """R4.1 and R4.2 are off by default (R4.3: remembered); no language means "ask the browser"."""

    move_errors: bool = False
    layout_help: bool = False
    language: str | None = None
    # Read before Python starts, by startup/pyodide-start.mjs: on unless turned off.
    fast_start: bool = True


class Store:
    """Reads and writes the game and the settings; ``working`` turns false once storage fails."""

    def __init__(self, backend: Backend | None) -> None:
        self._backend = backend
        self.working = backend is not None

    def _read(self, key: str) -> str | None:
        if self._backend is None:
            return None
        try:
            value = self._backend.getItem(key)
        except Exception:  # the browser may throw anything here (SecurityError, …)
            self.working = False
            return None
        return value if isinstance(value, str) else None

    def _write(self, key: str, value: str) -> bool:
        if self._backend is None:
            return False
        try:
            self._backend.setItem(key, value)
        except Exception:  # QuotaExceededError, SecurityError, …
            self.working = False
            return False
        self.working = True
        return True

    def _remove(self, key: str) -> None:
        if self._backend is not None:
            try:
                self._backend.removeItem(key)
            except Exception:
                self.working = False

    def load_game(self) -> tuple[Game | None, bool]:
        """The saved game, or None; and whether a saved game was refused (and backed up)."""
        text = self._read(GAME_KEY)
        if text is None:
            return None, False
        try:
            return load(text), False
        except HalfMoonError:
            if self._write(BACKUP_KEY, text):
                self._remove(GAME_KEY)
            return None, True

    def save_game(self, game: Game, lang: str, time_text: str) -> bool:
        """The game, then the snapshot that paints it on the next visit before Python is up."""
        saved = self._write(GAME_KEY, save(game))
        return saved and self._write(SNAPSHOT_KEY, json.dumps(snapshot(game, lang, time_text)))

    def saved_game_text(self) -> str | None:
        return self._read(GAME_KEY)

    def load_settings(self) -> Settings:
        text = self._read(SETTINGS_KEY)
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        language = data.get("language")
        return Settings(
            move_errors=data.get("move_errors") is True,
            layout_help=data.get("layout_help") is True,
            language=language if language in LANGUAGES else None,
            fast_start=data.get("fast_start") is not False,
        )

    def save_settings(self, settings: Settings) -> bool:
        return self._write(SETTINGS_KEY, json.dumps(asdict(settings)))


def snapshot(game: Game, lang: str, time_text: str) -> dict[str, object]:
    """What the board shows, for the early paint in index.html (which checks it against the saved
    game's code and move count, and sets only attributes and text from it)."""
    places = []
    for place in PLACES:
        card = game.top(place)
        face = [rank_short(card.rank, lang), card.suit.symbol] if card else ["", ""]
        places.append([card.text if card else "", game.count(place), place_label(game, place, lang), *face])
    info = {"time": time_text, "score": str(game.score), "moves": str(game.moves), "code": str(game.code)}
    return {"version": 1, "code": str(game.code), "moves": game.moves, "info": info, "places": places}
