"""The page's behaviour as plain Python: commands, confirmations, messages, saving and the clock.

``App`` receives what the player does (``tap``, ``command``, ``set_setting``) and what the browser
reports (visibility, another tab's change) and keeps the state the page shows. Every rule question
goes to the engine; this module only decides what to say, what to ask and when to save. What it
says is a ``Message`` (a key and values): the view puts it into words each time it draws.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from halfmoon import Clock, DealCode, Game, HalfMoonError, Place, SavedGame, TapKind, load
from halfmoon.deal import query_value

from . import announce
from .storage import GAME_KEY, SETTINGS_KEY, Store
from .strings import Elapsed, Message, pick_language


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
    KEYS = "keys"  # the dialog listing every key (issue 12)


BROWSER_ACTIONS = frozenset({Action.SHARE, Action.INSTALL, Action.UPDATE, Action.COPY_GAME})
"""Actions that are browser plumbing only (the share sheet, the service worker): webapp/dom.py."""


class Setting(enum.StrEnum):
    """Every ``data-setting`` of the page."""

    MOVE_ERRORS = "move-errors"
    LAYOUT_HELP = "layout-help"
    LANGUAGE = "language"
    KEY_SHORTCUTS = "key-shortcuts"  # WCAG 2.1.4: single-key shortcuts can be turned off


class Dialog(enum.StrEnum):
    NONE = ""
    WON = "won"
    DEAD_END = "dead-end"
    CONFIRM = "confirm"
    SETTINGS = "settings"
    KEYS = "keys"


class Replacing(enum.StrEnum):
    """What would replace the game in progress (R7.6): the confirmation says which."""

    NEW = "new"
    RESTART = "restart"
    CODE = "code"


@dataclass(frozen=True, slots=True)
class Pending:
    """A replacement of the game in progress waiting for the player's yes (R7.6)."""

    kind: Replacing
    code: DealCode


class App:
    def __init__(
        self,
        store: Store,
        now_ms: Callable[[], float],
        browser_languages: Sequence[str] = (),
        query: str = "",
        new_code: Callable[[], DealCode] = DealCode.random,
        wall_ms: Callable[[], int] = lambda: 0,
    ) -> None:
        self.store = store
        self._now = now_ms
        self._wall = wall_ms
        self._new_code = new_code
        self.visible = True
        self.saved = True
        self.settings = store.load_settings()
        self.lang = pick_language(self.settings.language, browser_languages)
        self.message: Message | None = None
        self.dialog = Dialog.NONE
        self.pending: Pending | None = None
        self.announcement: Message | None = None
        self.announced = 0
        """Counts announcements, so that the page says a repeated outcome again."""
        self._handlers: dict[Action, Callable[[str], None]] = {
            Action.UNDO: lambda _: self._undo(),
            Action.REDO: lambda _: self._redo(),
            Action.RESTART: lambda _: self._replace(Replacing.RESTART, self.code),
            Action.NEW: lambda _: self._replace(Replacing.NEW, self._new_code()),
            Action.PLAY_CODE: self._play_code,
            Action.CONFIRM: lambda _: self._confirm(),
            Action.CANCEL: lambda _: self._cancel(),
            Action.SETTINGS: lambda _: self._open(Dialog.SETTINGS),
            Action.CLOSE: lambda _: self._open(Dialog.NONE),
            Action.KEYS: lambda _: self._open(Dialog.KEYS),
        }
        stored, refused = store.load_game()
        self.record = stored or self._dealt(Game.from_code(new_code()))
        self.clock = Clock(self.record.elapsed_ms, started=self.game.moves > 0)
        self._announce_end()
        if refused:
            self.message = Message.of("save-restored", reason=refused)
        self._open_link(query)
        self._persist()

    @property
    def game(self) -> Game:
        return self.record.game

    @property
    def code(self) -> DealCode:
        assert self.game.code is not None, "a game on the page always has a code"
        return self.game.code

    # What the player does

    def tap(self, place: Place) -> None:
        """A tap on a place (R3). Move errors are said only when that setting is on (R4.1)."""
        if self.dialog is not Dialog.NONE:
            return
        self.message = None
        result = self.game.tap(place)
        if result.kind is not TapKind.IGNORED:
            self.clock.start()  # R5.4: the first tap of a deal starts the clock
        if result.error and self.settings.move_errors:
            self.message = Message.of("move-error", reason=result.error)
        self._announce(announce.tap(result, self.game))
        if result.kind is TapKind.REMOVED:
            self._announce_end()
        self._persist()

    def clear_selection(self) -> None:
        """Escape on the board: each selected card deselected (R3.2)."""
        if self.dialog is Dialog.NONE and self.game.selection:
            for place in self.game.selection:
                self.game.tap(place)
            self._announce(announce.cleared())

    def command(self, action: Action, value: str = "") -> None:
        """A button with ``data-action`` (docs/ui-contract.md). An unknown action, or one that is
        browser plumbing (``BROWSER_ACTIONS``), is an error here, never silently ignored."""
        self.message = None
        self._handlers[Action(action)](value)
        self._persist()

    def set_setting(self, name: Setting, value: str | bool) -> None:
        """A control with ``data-setting``; an unknown name is an error (``Setting(name)``)."""
        name = Setting(name)
        if name is Setting.LANGUAGE:
            self.lang = pick_language(str(value), ())
            self.settings = replace(self.settings, language=self.lang)
            self._persist()  # the early-paint record holds the words in this language
        elif name is Setting.MOVE_ERRORS:
            self.settings = replace(self.settings, move_errors=bool(value))
        elif name is Setting.LAYOUT_HELP:
            self.settings = replace(self.settings, layout_help=bool(value))
        elif name is Setting.KEY_SHORTCUTS:
            self.settings = replace(self.settings, key_shortcuts=bool(value))
        self.store.save_settings(self.settings)

    def say(self, key: str, **params: str) -> None:
        """A message from the browser side (link copied, a new version)."""
        self.message = Message.of(key, **params)

    # What the browser reports

    def set_visible(self, visible: bool) -> None:
        """R5.4: the clock pauses while the page is hidden; the game is saved when it is hidden."""
        self.visible = visible
        self._persist()

    def storage_changed(self, key: str | None) -> None:
        """Another tab wrote to storage: adopt its game when its position differs from ours.

        A change of the clock alone (the other tab merely opened, or was shown) is no reason to
        disturb this one: of two equal positions the larger elapsed time is kept.
        """
        if key == SETTINGS_KEY:
            self.settings = self.store.load_settings()
            self.lang = pick_language(self.settings.language, (self.lang,))
            return
        if key not in (GAME_KEY, None):
            return
        stored = self.store.saved_game_text()
        if stored is None:
            return
        try:
            record = load(stored)
        except HalfMoonError:
            return  # not trusted; our next save replaces it
        if record.game == self.game:
            self._keep_larger_time(record.elapsed_ms)
            return
        self._start(record)
        self.message = Message.of("other-tab")

    # Figures for the page

    def elapsed_ms(self) -> int:
        return self.clock.elapsed_ms(self._now())

    @property
    def query(self) -> str:
        """The address's query for the deal on the table (docs/ui-contract.md "the address")."""
        return f"?deal={self.code}"

    # Inside

    def _undo(self) -> None:
        if self.game.can_undo:
            self._announce(announce.undone(self.game.undo(), self.game))
            self.dialog = Dialog.NONE

    def _redo(self) -> None:
        if self.game.can_redo:
            self._announce(announce.removed("say-redone", self.game.redo(), self.game))
            self.dialog = Dialog.NONE
            self._announce_end()

    def _replace(self, kind: Replacing, code: DealCode) -> None:
        """New deal, restart or a deal by code: ask first when a game is in progress (R7.6)."""
        if self.game.in_progress:
            self.pending = Pending(kind, code)
            self.dialog = Dialog.CONFIRM
        else:
            self._start(self._dealt(Game.from_code(code)))

    def _play_code(self, typed: str) -> None:
        try:
            code = DealCode.from_text(typed)
        except HalfMoonError as error:
            self.message = Message.of("bad-code", reason=error)
            return
        if code == self.code and self.game.in_progress:
            self.message = Message.of("same-deal", code=str(code))
            return
        self._replace(Replacing.CODE, code)

    def _open_link(self, query: str) -> None:
        """``?deal=`` in the address: resume that deal if saved, else open it (asking first, R7.6)."""
        deal = query_value(query, "deal")
        if deal is None:
            return
        try:
            code = DealCode.parse(deal)
        except HalfMoonError as error:
            self.message = Message.of("bad-link", reason=error)
            return
        if code != self.code:
            self._replace(Replacing.CODE, code)

    def _confirm(self) -> None:
        if self.pending:
            self._start(self._dealt(Game.from_code(self.pending.code)))

    def _cancel(self) -> None:
        self.pending = None
        self.dialog = Dialog.NONE

    def _open(self, dialog: Dialog) -> None:
        self.dialog = dialog

    def _dealt(self, game: Game) -> SavedGame:
        """A game dealt (or restarted) now: the moment is part of its identity."""
        return SavedGame(game, dealt_at=self._wall())

    def _start(self, record: SavedGame) -> None:
        self.record = record
        self.clock.reset(record.elapsed_ms, started=record.game.moves > 0)
        self.pending = None
        self.dialog = Dialog.NONE
        self._announce(announce.dealt(record.game))
        self._announce_end()

    def _announce(self, message: Message) -> None:
        self.announcement = message
        self.announced += 1

    def _keep_larger_time(self, elapsed_ms: int) -> None:
        if elapsed_ms > self.elapsed_ms():
            self.clock.reset(elapsed_ms, started=True)
            self._sync_clock()

    def _announce_end(self) -> None:
        """R6.1 and R6.2: the end is said in the message and in a dialog (also right after a deal)."""
        self._sync_clock()
        game = self.game
        if game.is_won:
            self.dialog = Dialog.WON
            self.message = Message.of("won", time=Elapsed(self.elapsed_ms()), score=game.score, moves=game.moves)
        elif report := game.dead_end_report():
            self.dialog = Dialog.DEAD_END
            self.message = Message.of("dead-end", report=report)

    def _sync_clock(self) -> None:
        self.clock.run(self._now(), not self.game.is_over and self.visible)
        self.record.elapsed_ms = self.clock.elapsed_ms(self._now())

    def _persist(self) -> None:
        """Save after every change; while saving fails the page says so (the game plays on)."""
        self._sync_clock()
        self.saved = self.store.save_game(self.record)
