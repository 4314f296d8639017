"""What the player and the page can ask of the shell: every ``data-action``, ``data-setting`` and
dialog of the page (docs/ui-contract.md), and a replacement waiting for a yes (R7.6)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from halfmoon import DealCode, SavedGame
from webapp.stats.history import History
from webapp.stats.record import Stats


class Action(enum.StrEnum):
    """Every ``data-action`` of the page (docs/ui-contract.md)."""

    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"
    NEW = "new"
    PLAY_CODE = "play-code"
    CONFIRM = "confirm"
    CANCEL = "cancel"
    SETTINGS = "settings"
    CLOSE = "close"
    SHARE = "share"
    INSTALL = "install"
    UPDATE = "update"
    COPY_GAME = "copy-game"
    # Statistics, the daily deal, files
    DAILY = "daily"
    STATS = "stats"
    STATS_EXPORT = "stats-export"
    STATS_RESET = "stats-reset"
    STATS_PERSIST = "stats-persist"  # ask the browser to keep the site's storage
    GAME_EXPORT = "game-export"
    SHARE_REPLAY = "share-replay"
    REPLAY_FIRST = "replay-first"
    REPLAY_BACK = "replay-back"
    REPLAY_FORWARD = "replay-forward"
    REPLAY_LAST = "replay-last"
    REPLAY_PLAY = "replay-play"
    REPLAY_EXIT = "replay-exit"
    PLAY_DEAL = "play-deal"
    KEYS = "keys"  # the dialog listing every key
    MENU = "menu"  # the other commands, where the window cannot show them all
    INTRO_CLOSE = "intro-close"  # the first game's introduction, dismissed for good
    SHARE_RESULT = "share-result"  # a spoiler-free result
    HISTORY_REPLAY = "history-replay"  # a game of the history: its own line as a replay
    HISTORY_PLAY = "history-play"  # a game of the history: its deal played (R7.6)


BROWSER_ACTIONS = frozenset(
    {
        Action.SHARE,
        Action.INSTALL,
        Action.UPDATE,
        Action.COPY_GAME,
        Action.STATS_EXPORT,
        Action.STATS_PERSIST,
        Action.GAME_EXPORT,
        Action.SHARE_REPLAY,
        Action.MENU,
        Action.INTRO_CLOSE,
        Action.SHARE_RESULT,
    }
)
"""Actions that are browser plumbing only (the share sheet, the service worker): webapp/browser/."""
REPLAY_STEPS = frozenset(
    {Action.REPLAY_FIRST, Action.REPLAY_BACK, Action.REPLAY_FORWARD, Action.REPLAY_LAST, Action.REPLAY_PLAY}
)
"""A replay's own commands (webapp/app/replay.py ``Watching``)."""
REPLAY_ACTIONS = frozenset(
    {
        Action.REPLAY_FIRST,
        Action.REPLAY_BACK,
        Action.REPLAY_FORWARD,
        Action.REPLAY_LAST,
        Action.REPLAY_PLAY,
        Action.REPLAY_EXIT,
        Action.PLAY_DEAL,
        Action.CONFIRM,  # what play-deal asks (R7.6)
        Action.CANCEL,
        Action.SETTINGS,  # the language is chosen there, and stays free while replaying
        Action.CLOSE,
        Action.MENU,  # it holds the settings
    }
)
"""The only commands while a replay is shown."""


class Setting(enum.StrEnum):
    """Every ``data-setting`` of the page."""

    MOVE_ERRORS = "move-errors"
    LAYOUT_HELP = "layout-help"
    FOUR_COLOUR = "four-colour"
    FAST_START = "fast-start"
    LANGUAGE = "language"
    KEY_SHORTCUTS = "key-shortcuts"  # WCAG 2.1.4: single-key shortcuts can be turned off

    @property
    def field(self) -> str:
        """Its field of the stored settings (webapp/store/storage.py ``Settings``)."""
        return self.value.replace("-", "_")


class Dialog(enum.StrEnum):
    NONE = ""
    WON = "won"
    DEAD_END = "dead-end"
    CONFIRM = "confirm"
    SETTINGS = "settings"
    STATS = "stats"
    KEYS = "keys"


class Replacing(enum.StrEnum):
    """What would replace the game in progress (R7.6): the confirmation says which."""

    NEW = "new"
    RESTART = "restart"
    CODE = "code"
    STORED = "stored"  # the game another tab saved meanwhile
    FILE = "file"
    STATS_IMPORT = "stats-import"
    """Not the game: the statistics replaced by an imported file (asked first too)."""
    STATS_RESET = "stats-reset"

    @property
    def is_stats(self) -> bool:
        """The statistics are replaced, not the game."""
        return self in (Replacing.STATS_IMPORT, Replacing.STATS_RESET)


@dataclass(frozen=True, slots=True)
class Pending:
    """A replacement of the game in progress (R7.6), or of the statistics, waiting for a yes."""

    kind: Replacing
    code: DealCode
    record: SavedGame | None = None
    """The game to take: another tab's (``STORED``) or one opened from a file (``FILE``)."""
    stats: Stats | None = None
    """The statistics read from a file (``STATS_IMPORT``)."""
    history: History | None = None
    """The history of games read from the same file (None: an older export without one)."""


DIALOG_ACTIONS = {Action.SETTINGS: Dialog.SETTINGS, Action.KEYS: Dialog.KEYS, Action.CLOSE: Dialog.NONE}
"""Commands that only open (or close) a dialog."""
