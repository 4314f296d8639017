"""The page's behaviour as plain Python: ``App`` receives what the player does (``tap``, ``command``,
``set_setting``) and what the browser reports (visibility, another tab's change), and keeps the state
the page shows. Every rule question goes to the engine; the App decides what to say (a ``Message``,
put into words when drawn), what to ask (R7.6) and when to save. Beside it: the table and its clock,
links, replays, the two-tab rule (webapp/app/*.py)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from halfmoon import DealCode, Game, HalfMoonError, Place, SavedGame, TapKind, save
from webapp.app import announce, links, opened_files, told
from webapp.app.actions import DIALOG_ACTIONS, REPLAY_ACTIONS, REPLAY_STEPS, Action, Dialog, Pending, Replacing, Setting
from webapp.app.game_on_table import Table
from webapp.app.replay import Replay, Watching
from webapp.app.tabs import Meeting, Sync
from webapp.stats.history import History
from webapp.stats.record import Stats
from webapp.store.records import Locked, Tally, at_once, identity
from webapp.store.storage import Store
from webapp.store.storage_keys import GAME_KEY, HISTORY_KEY, SETTINGS_KEY, STATS_KEY
from webapp.text.words import Message, pick_language


class App:
    def __init__(
        self,
        store: Store,
        now_ms: Callable[[], float],
        browser_languages: Sequence[str] = (),
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
        self.lang = pick_language(self.settings.language, browser_languages)
        self.message: Message | None = None
        self.dialog = Dialog.NONE
        self.pending: Pending | None = None
        self.watching = Watching(now_ms)
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

    @property
    def replay(self) -> Replay | None:
        return self.watching.replay

    @property
    def record(self) -> SavedGame:
        return self.table.record

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def code(self) -> DealCode:
        return self.table.code

    # What the player does

    def tap(self, place: Place) -> None:
        """A tap on a place (R3). Move errors are said only when that setting is on (R4.1)."""
        if self.dialog is not Dialog.NONE:
            return
        if self.replay:  # a tap only pauses a replay
            self.watching.pause()
            return
        self.message = None
        result = self.game.tap(place)
        if result.kind is not TapKind.IGNORED:
            self.table.clock.start()  # R5.4: the first tap of a deal starts the clock
        if result.error and self.settings.move_errors:
            self.message = Message.of("move-error", reason=result.error)
        self._announce(announce.tap(result, self.game))
        if result.kind is TapKind.REMOVED:
            self._counted()
            self._announce_end()
        self._persist()

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
            value = self.lang = pick_language(str(value), ())
        changes: dict[str, Any] = {name.field: value if name is Setting.LANGUAGE else bool(value)}
        self.settings = replace(self.settings, **changes)
        if name is Setting.LANGUAGE:
            self._persist()  # the early-paint record names the language its words are in
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
        """Another tab wrote its statistics, settings or game (the rule: webapp/app/tabs.py)."""
        if key in (STATS_KEY, HISTORY_KEY, None):
            self.tally.refresh()
        if key == SETTINGS_KEY:
            self.settings = self.store.load_settings()
            self.lang = pick_language(self.settings.language, (self.lang,))
            return
        if key not in (GAME_KEY, None):
            return
        self._meet_other_tab(told=True)

    def resumed(self) -> None:
        """The page came back from the back/forward cache: storage may hold a newer game."""
        self._persist()

    # Figures for the page

    def elapsed_ms(self) -> int:
        return self.table.elapsed_ms()

    # Inside

    def _undo(self) -> None:
        if self.game.can_undo:
            self._announce(announce.removed("say-undone", self.game.undo(), self.game))
            self.dialog = Dialog.NONE

    def _redo(self) -> None:
        if self.game.can_redo:
            self._announce(announce.removed("say-redone", self.game.redo(), self.game))
            self.dialog = Dialog.NONE
            self._counted()
            self._announce_end()

    def _replace(self, kind: Replacing, code: DealCode, record: SavedGame | None = None) -> None:
        """New deal, restart, a deal by code or a game file: ask first when a game is in progress (R7.6)."""
        if self.game.in_progress:
            self._ask(Pending(kind, code, record=record))
        else:
            self._end_game(record)
            self._start(record or self.table.dealt(code))

    def _play_code(self, text: str) -> None:
        try:
            link = links.typed(text)
        except HalfMoonError as error:
            self.message = Message.of("bad-code", reason=error)
            return
        if link.line is None and link.code == self.code and self.game.in_progress:
            self.message = Message.of("same-deal", code=str(link.code))
        else:
            self._follow(link)

    def _open_link(self, query: str) -> None:
        """``?deal=`` in the address: resume that deal if saved, else open it (asking first, R7.6)."""
        try:
            link = links.address(query)
        except HalfMoonError as error:
            self.message = Message.of("bad-link", reason=error)
            return
        if link and (link.line is not None or link.code != self.code):
            self._follow(link)

    def _follow(self, link: links.Link) -> None:
        if link.line is not None:
            self._open_replay(link.code, link.line)
        else:
            self._replace(Replacing.CODE, link.code)

    def _confirm(self) -> None:
        pending = self.pending
        if pending is None:
            return
        if pending.kind.is_stats:  # said once the write is known (it may wait for another tab's)
            said = "stats-imported" if pending.stats else "stats-cleared"
            self.pending, self.dialog = None, Dialog.STATS
            stats, history = (pending.stats, pending.history) if pending.stats else (Stats(), History())  # reset: both
            self.tally.replace(stats, history, lambda stored: self.say(said if stored else "stats-not-saved"))
            return
        if pending.kind is not Replacing.STORED:  # another tab's game: that tab counts what it ended
            self._end_game(pending.record)
        self._start(pending.record or self.table.dealt(pending.code))

    def _cancel(self) -> None:
        if self.pending and self.pending.kind is Replacing.STORED:
            self.sync.position = save(self.record)  # the player keeps this tab's game: save it
        about_stats = self.pending is not None and self.pending.kind.is_stats
        self.pending = None
        self.dialog = Dialog.STATS if about_stats else Dialog.NONE

    def _open(self, dialog: Dialog, _value: str = "") -> None:
        self.dialog = dialog

    def _watch(self, action: Action, _value: str = "") -> None:
        self.watching.command(action)

    # Statistics, the daily deal, files

    def _counted(self) -> None:
        """A removal made (a tap or a redo): the game is played, and won at the win."""
        self._sync_clock()
        self.tally.removal(self.record, self._recorded)

    def _end_game(self, next_record: SavedGame | None) -> None:
        """The game on the table is replaced or restarted: a played game not won ends not won, unless
        what replaces it is the same game (a file of it, webapp/app/opened_files.py)."""
        if next_record is None or identity(next_record) != identity(self.record):
            self._sync_clock()
            self.tally.replaced(self.record, self._recorded)

    def _recorded(self, written: bool) -> None:
        if said := told.recorded(written, self.tally):  # the figures stay those stored: the player is told
            self.message = said

    def _daily(self) -> None:
        """The daily deal of the local date now; the saved game resumes when it is that deal."""
        today = self._today()
        if today is None:  # the device's clock is outside the years of daily deals
            self.message = Message.of("daily-unavailable")
            return
        code = DealCode.daily(today)
        if code == self.code:
            self.dialog = Dialog.NONE
        else:
            self._replace(Replacing.CODE, code)

    def _open_stats(self) -> None:
        self.tally.refresh()
        self.dialog = Dialog.STATS

    def _ask(self, pending: Pending) -> None:
        self.pending = pending
        self.dialog = Dialog.CONFIRM

    def open_game_file(self, text: str) -> None:
        """A saved-game file (webapp/app/opened_files.py): it replaces the game after a yes (R7.6)."""
        if self._refused_while_replaying():
            return
        try:
            record = opened_files.game_file(text, self.record, self.table.now())
        except HalfMoonError as error:
            self.message = Message.of("bad-game-file", reason=error)
            return
        self._replace(Replacing.FILE, record.game.code or self.code, record)
        self._persist()

    def open_stats_file(self, text: str) -> None:
        """A statistics file: validated whole, then it replaces the statistics after a yes."""
        if self._refused_while_replaying():
            return
        try:
            stats, history = opened_files.stats_file(text, self._today())
        except HalfMoonError as error:
            self.message = Message.of("bad-stats-file", reason=error)
            return
        self._ask(Pending(Replacing.STATS_IMPORT, self.code, stats=stats, history=history))

    def _refused_while_replaying(self) -> bool:
        """A file arriving while a replay is shown (its input is disabled then) changes nothing."""
        self.message = Message.of("replay-file") if self.replay else None
        return self.replay is not None

    # Replays

    def _open_replay(self, code: DealCode, line: str) -> None:
        """A replay link: validated whole; an illegal or malformed line opens nothing and says where."""
        try:
            self.watching.open(code, line)
        except HalfMoonError as error:
            self.message = Message.of("bad-replay", reason=error)
            return
        self.dialog = Dialog.NONE

    def _exit_replay(self) -> None:
        self.watching.close()
        self._announce_end()

    def _past(self, row: str, replay: bool) -> None:
        """A game of the history (row 1 = the latest): its own line as a replay, or its deal played (R7.6)."""
        if finished := self.tally.history.row(row):
            self._follow(links.Link(DealCode.parse(finished.code), finished.line if replay else None))

    def _play_deal(self) -> None:
        code = self.watching.close()
        if code:
            self._replace(Replacing.CODE, code)

    def _start(self, record: SavedGame) -> None:
        self.table.put(record)
        self.pending = None
        self.dialog = Dialog.NONE
        self._announce(announce.dealt(record.game))
        self._announce_end()

    def _announce(self, message: Message) -> None:
        self.announcement = message
        self.announced += 1

    def _keep_larger_time(self, elapsed_ms: int) -> None:
        self.table.keep_larger_time(elapsed_ms, self.visible and self.replay is None)

    def _announce_end(self) -> None:
        """R6.1 and R6.2: the end is said in the message and in a dialog (also right after a deal)."""
        self._sync_clock()
        if end := announce.ended(self.game, self.elapsed_ms()):
            self.dialog, self.message = end

    def _sync_clock(self) -> None:
        self.table.sync_clock(self.visible and self.replay is None)

    def _persist(self) -> None:
        """Save after every change; while saving fails the page says so (the game plays on).

        A game another tab saved meanwhile (whose storage event this page missed) is never
        overwritten unasked: when its position differs, the player chooses which game to keep.
        """
        self._sync_clock()
        if self.pending and self.pending.kind is Replacing.STORED:
            return  # the player is choosing between the two games: write neither
        if self._meet_other_tab(told=False):
            return
        text = save(self.record)
        self.saved = self.store.save_game(text)
        if self.saved:
            self.sync.wrote(text)

    def _meet_other_tab(self, told: bool) -> bool:
        """Another tab's game in storage (webapp/app/tabs.py): whether it took this tab's place or
        a question about it is open, so that this tab must not save over it now."""
        met = self.sync.meet(self.game, told)
        if met is None:
            return False
        how, record = met
        if how is Meeting.SAME:
            self._keep_larger_time(record.elapsed_ms)
            return False
        if how is Meeting.ASK:
            self._ask(Pending(Replacing.STORED, self.code, record))
            self.saved = False
        else:
            self._start(record)
            if told:
                self.message = Message.of("other-tab")
        return True
