"""The page's behaviour as plain Python: commands, confirmations, messages, saving and the clock.

``App`` receives what the player does (``tap``, ``command``, ``set_setting``) and what the browser
reports (visibility, another tab's change) and keeps the state the page shows. Every rule question
goes to the engine; this module only decides what to say, what to ask and when to save.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from halfmoon import Clock, DealCode, Game, HalfMoonError, Place, Status, TapKind, format_time, load, save
from halfmoon.deal import query_value
from halfmoon.i18n import dead_end_text, error_message, won_text

from .storage import GAME_KEY, SETTINGS_KEY, Store
from .strings import pick_language, text


class Dialog(enum.StrEnum):
    NONE = ""
    WON = "won"
    DEAD_END = "dead-end"
    CONFIRM = "confirm"
    SETTINGS = "settings"


@dataclass(frozen=True, slots=True)
class Pending:
    """A replacement of the game in progress waiting for the player's yes (R7.6)."""

    kind: str  # "new", "restart" or "code"
    code: DealCode


class App:
    def __init__(
        self,
        store: Store,
        now_ms: Callable[[], float],
        browser_languages: Sequence[str] = (),
        query: str = "",
        new_code: Callable[[], DealCode] = DealCode.random,
    ) -> None:
        self.store = store
        self._now = now_ms
        self._new_code = new_code
        self.visible = True
        self._saving = True
        self.settings = store.load_settings()
        self.lang = pick_language(self.settings.language, browser_languages)
        self.message = ""
        self.dialog = Dialog.NONE
        self.pending: Pending | None = None
        saved, refused = store.load_game()
        self.game = saved or Game.from_code(new_code())
        self.clock = Clock(self.game.elapsed_ms)
        self._announce_end()
        if refused:
            self.message = text("save-restored", self.lang)
        self._open_link(query)
        self._persist()

    # What the player does

    def tap(self, place: Place) -> None:
        """A tap on a place (R3). Move errors are said only when that setting is on (R4.1)."""
        if self.dialog is not Dialog.NONE:
            return
        self.message = ""
        result = self.game.tap(place)
        if result.error and self.settings.move_errors:
            self.message = error_message(result.error.value, {}, self.lang)
        if result.kind is TapKind.REMOVED:
            self._announce_end()
        self._persist()

    def command(self, action: str, value: str = "") -> None:
        """A button with ``data-action`` (ui-contract.md)."""
        self.message = ""
        handlers: dict[str, Callable[[], None]] = {
            "undo": self._undo,
            "redo": self._redo,
            "restart": lambda: self._replace("restart", self.game.code),
            "new": lambda: self._replace("new", self._new_code()),
            "play-code": lambda: self._play_code(value),
            "confirm": self._confirm,
            "cancel": self._cancel,
            "settings": lambda: self._open(Dialog.SETTINGS),
            "close": lambda: self._open(Dialog.NONE),
        }
        if action in handlers:
            handlers[action]()
        self._persist()

    def set_setting(self, name: str, value: str | bool) -> None:
        if name == "language" and isinstance(value, str):
            self.lang = pick_language(value, ())
            self.settings = replace(self.settings, language=self.lang)
            self._persist()  # the early-paint snapshot holds the accessible names in this language
        elif name == "move-errors":
            self.settings = replace(self.settings, move_errors=bool(value))
        elif name == "layout-help":
            self.settings = replace(self.settings, layout_help=bool(value))
        elif name == "fast-start":  # takes effect at the next start
            self.settings = replace(self.settings, fast_start=bool(value))
        self.store.save_settings(self.settings)

    def say(self, key: str, **params: str) -> None:
        """A message from the browser side (link copied, a new version)."""
        self.message = text(key, self.lang, **params)

    # What the browser reports

    def set_visible(self, visible: bool) -> None:
        """R5.4: the clock pauses while the page is hidden; the game is saved when it is hidden."""
        self.visible = visible
        self._persist()

    def storage_changed(self, key: str | None) -> None:
        """Another tab wrote to storage: adopt its game rather than silently overwrite it."""
        if key == SETTINGS_KEY:
            self.settings = self.store.load_settings()
            self.lang = pick_language(self.settings.language, (self.lang,))
            return
        if key not in (GAME_KEY, None):
            return
        stored = self.store.saved_game_text()
        if stored is None or stored == save(self.game):
            return
        try:
            game = load(stored)
        except HalfMoonError:
            return  # not trusted; our next save replaces it
        self._start(game)
        self.message = text("other-tab", self.lang)
        self._announce_end()

    # Figures for the page

    def time_text(self) -> str:
        return format_time(self.clock.elapsed_ms(self._now()))

    @property
    def in_progress(self) -> bool:
        """R7.6: a move made and the game not over."""
        return self.game.moves > 0 and self.game.status is Status.PLAYING

    @property
    def query(self) -> str:
        """The address's query for the deal on the table (ui-contract.md "the address")."""
        return f"?deal={self.game.code}"

    # Inside

    def _undo(self) -> None:
        if self.game.can_undo:
            self.game.undo()
            self.dialog = Dialog.NONE

    def _redo(self) -> None:
        if self.game.can_redo:
            self.game.redo()
            self.dialog = Dialog.NONE
            self._announce_end()

    def _replace(self, kind: str, code: DealCode | None) -> None:
        """New deal, restart or a deal by code: ask first when a game is in progress (R7.6)."""
        assert code is not None, "a game on the page always has a code"
        if self.in_progress:
            self.pending = Pending(kind, code)
            self.dialog = Dialog.CONFIRM
        else:
            self._start(Game.from_code(code))

    def _play_code(self, typed: str) -> None:
        try:
            code = DealCode.from_text(typed)
        except HalfMoonError as error:
            self.message = text("bad-code", self.lang, reason=error.message(self.lang))
            return
        if code == self.game.code and self.in_progress:
            self.message = text("same-deal", self.lang, code=str(code))
            return
        self._replace("code", code)

    def _open_link(self, query: str) -> None:
        """``?deal=`` in the address: resume that deal if saved, else open it (asking first, R7.6)."""
        deal = query_value(query, "deal")
        if deal is None:
            return
        try:
            code = DealCode.parse(deal)
        except HalfMoonError as error:
            self.message = text("bad-link", self.lang, reason=error.message(self.lang))
            return
        if code != self.game.code:
            self._replace("code", code)

    def _confirm(self) -> None:
        if self.pending:
            self._start(Game.from_code(self.pending.code))

    def _cancel(self) -> None:
        self.pending = None
        self.dialog = Dialog.NONE

    def _open(self, dialog: Dialog) -> None:
        self.dialog = dialog

    def _start(self, game: Game) -> None:
        self.game = game
        self.clock.reset(game.elapsed_ms)
        self.pending = None
        self.dialog = Dialog.NONE
        self._announce_end()

    def _announce_end(self) -> None:
        """R6.1 and R6.2: the end is said in the message and in a dialog (also right after a deal)."""
        self._sync_clock()
        if self.game.status is Status.WON:
            self.dialog = Dialog.WON
            self.message = won_text(self.game, self.time_text(), self.lang)
        report = self.game.dead_end_report()
        if report:
            self.dialog = Dialog.DEAD_END
            self.message = dead_end_text(report, self.lang)

    def _sync_clock(self) -> None:
        self.clock.run(self._now(), self.game.clock_runs and self.visible)
        self.game.elapsed_ms = self.clock.elapsed_ms(self._now())

    def _persist(self) -> None:
        """Save after every change; say once when saving stops working (the game plays on)."""
        self._sync_clock()
        saved = self.store.save_game(self.game, self.lang, self.time_text())
        if self._saving and not saved:
            self.message = text("cannot-save", self.lang)
        self._saving = saved
