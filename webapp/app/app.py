"""The page's behaviour as plain Python: ``App`` receives what the player does (``tap``, ``command``,
``set_setting``) and what the browser reports (visibility, another tab's change), and keeps the state
the page shows. Every rule question goes to the engine; the App decides what to say (a ``Message``,
put into words when drawn), what to ask (R7.6) and when to save. Its commands come in groups, one module
each: the game (game_commands.py), the statistics, the daily deal and files (stats_commands.py), the
replays (replay_commands.py), all on the state and saving of state.py. Beside it: the table and its
clock, links, replays, the two-tab rule (webapp/app/*.py)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from halfmoon import DealCode, Game, Place, SavedGame, TapKind
from webapp.app import announce, told
from webapp.app.actions import DIALOG_ACTIONS, REPLAY_ACTIONS, REPLAY_STEPS, Action, Dialog, Pending, Replacing, Setting
from webapp.app.game_on_table import Table
from webapp.app.replay import Watching
from webapp.app.replay_commands import ReplayCommands
from webapp.app.stats_commands import StatsCommands
from webapp.app.tabs import Sync
from webapp.store.records import Locked, Tally, at_once
from webapp.store.storage import Store
from webapp.store.storage_keys import GAME_KEY, HISTORY_KEY, SETTINGS_KEY, STATS_KEY
from webapp.text.words import Message, pick_language


class App(StatsCommands, ReplayCommands):
    def __init__(
        self,
        store: Store,
        now_ms: Callable[[], float],
        browser_language: str = "",
        query: str = "",
        new_code: Callable[[], DealCode] = DealCode.random,
        wall_ms: Callable[[], int] = lambda: 0,
        today: Callable[[], datetime.date | None] = datetime.date.today,
        locked: Locked = at_once,
    ) -> None:
        self.store = store
        self._now = now_ms
        self._new_code = new_code
        self._today = today
        self.tally = Tally(store, today, locked)
        self.visible = True
        self.saved = True
        self.settings = store.load_settings()
        self.lang = pick_language(self.settings.language, browser_language)
        self.message: Message | None = None
        self.dialog = Dialog.NONE
        self.pending: Pending | None = None
        self.watching = Watching(now_ms)
        self.announcement: Message | None = None
        self.announced = 0
        self._handlers: dict[Action, Callable[[str], None]] = {
            Action.UNDO: lambda _: self._undo(),
            Action.REDO: lambda _: self._redo(),
            Action.RESTART: lambda _: self._replace(Replacing.RESTART, self.code),
            Action.NEW: lambda _: self._replace(Replacing.NEW, self._new_code()),
            Action.PLAY_CODE: self._play_code,
            Action.CONFIRM: lambda _: self._confirm(),
            Action.CANCEL: lambda _: self._cancel(),
            **{action: partial(self._open, dialog) for action, dialog in DIALOG_ACTIONS.items()},
            Action.DAILY: lambda _: self._daily(),
            Action.STATS: lambda _: self._open_stats(),
            Action.STATS_RESET: lambda _: self._ask(Pending(Replacing.STATS_RESET, self.code)),
            **{action: partial(self._watch, action) for action in REPLAY_STEPS},
            Action.REPLAY_EXIT: lambda _: self._exit_replay(),
            Action.PLAY_DEAL: lambda _: self._play_deal(),
            Action.HISTORY_REPLAY: partial(self._past, replay=True),
            Action.HISTORY_PLAY: partial(self._past, replay=False),
        }
        stored, refused = store.load_game()
        self.sync = Sync(store, store.saved_game_text() if stored else None)
        self.table = Table(stored or SavedGame(Game.from_code(new_code()), dealt_at=wall_ms()), now_ms, wall_ms)
        self._announce_end()
        self.message = told.at_start(refused, self.tally, today() is not None) or self.message
        self._open_link(query)
        self._persist()

    # What the player does

    def tap(self, place: Place) -> tuple[Place, ...]:
        """A tap on a place (R3). Move errors are said only when that setting is on (R4.1). The answer
        is what the tap refused, which the page marks (``data-refused``) with a brief cue: the
        selected card or cards and the tapped one when it combined nothing (R3.3, R3.4; R3.6 leaves
        the tapped card selected), else nothing; a tap the App ignores (a dialog open, a replay
        shown) refuses nothing. Only a removal changes what is saved (the selection is not saved,
        docs/ui-contract.md), so only a removal saves, or any tap while the game is not saved (saving
        again as soon as storage takes it); the clock's time goes with the next save, as when the page
        hides."""
        if self.dialog is not Dialog.NONE:
            return ()
        if self.replay:  # a tap only pauses a replay
            self.watching.pause()
            return ()
        self.message = None
        selected = self.game.selection
        result = self.game.tap(place)
        if result.kind is not TapKind.IGNORED:
            self.table.clock.start()  # R5.4: the first tap of a deal starts the clock
            self._sync_clock()
        if result.error and self.settings.move_errors:
            self.message = Message.of("move-error", reason=result.error)
        self._announce(announce.tap(result, self.game))
        if result.kind is TapKind.REMOVED:
            self._counted()
            self._announce_end()
        if result.kind is TapKind.REMOVED or not self.saved:
            self._persist()
        return (*selected, place) if result.error is not None else ()

    def clear_selection(self) -> None:
        """Escape on the board: each selected card deselected (R3.2)."""
        if self.dialog is Dialog.NONE and self.replay is None and self.game.selection:
            for place in self.game.selection:
                self.game.tap(place)
            self._announce(announce.cleared())

    def command(self, action: Action, value: str = "") -> None:
        """A button with ``data-action`` (docs/ui-contract.md). An unknown action, or one that is
        browser plumbing (``BROWSER_ACTIONS``), is an error here, never silently ignored."""
        action = Action(action)
        if self.replay and action not in REPLAY_ACTIONS:
            return  # every other command is inert while replaying
        if action is not Action.CLOSE:  # closing a dialog keeps what its actions said
            self.message = None
        self._handlers[action](value)
        self._persist()

    def set_setting(self, name: Setting, value: str | bool) -> None:
        """A control with ``data-setting``; an unknown name is an error (``Setting(name)``). Fast
        start takes effect at the next start."""
        name = Setting(name)
        if name is Setting.LANGUAGE:
            value = self.lang = pick_language(str(value), "")
        changes: dict[str, Any] = {name.field: value if name is Setting.LANGUAGE else bool(value)}
        self.settings = replace(self.settings, **changes)
        if name is Setting.LANGUAGE:
            self._persist()  # the early-paint record names the language its words are in
        self.store.save_settings(self.settings)

    # What the browser reports

    def set_visible(self, visible: bool) -> None:
        """R5.4: the clock pauses while the page is hidden; the game is saved when it is hidden."""
        self.visible = visible
        self._persist()

    def storage_changed(self, key: str | None) -> None:
        """Another tab wrote its statistics, settings or game (the rule: webapp/app/tabs.py)."""
        if key in (STATS_KEY, HISTORY_KEY, None):
            self.tally.refresh()
        if key == SETTINGS_KEY:
            self.settings = self.store.load_settings()
            self.lang = pick_language(self.settings.language, self.lang)
            return
        if key not in (GAME_KEY, None):
            return
        self._meet_other_tab(told=True)

    def resumed(self) -> None:
        """Storage may hold another game than this tab last knew, or this tab's may now be saved (the
        page came back from the back/forward cache; a refused write is saved again, or one made
        after it): the game is met and saved again, and said saved or not."""
        self._persist()
