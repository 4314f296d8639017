"""The page's behaviour as plain Python: commands, confirmations, messages, saving and the clock.

``App`` receives what the player does (``tap``, ``command``, ``set_setting``) and what the browser
reports (visibility, another tab's change) and keeps the state the page shows. Every rule question
goes to the engine; this module only decides what to say, what to ask and when to save. What it
says is a ``Message`` (a key and values): the view puts it into words each time it draws.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from halfmoon import Clock, DealCode, Game, HalfMoonError, Place, SavedGame, SaveError, TapKind, load, save
from halfmoon.deal import query_value

from . import announce
from . import stats as st
from .records import STATS_KEY, Tally, was_played
from .replay import Replay, replay_query
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
    # Issue 13: statistics, the daily deal, files
    DAILY = "daily"
    STATS = "stats"
    STATS_EXPORT = "stats-export"
    STATS_RESET = "stats-reset"
    GAME_EXPORT = "game-export"
    SHARE_REPLAY = "share-replay"
    REPLAY_FIRST = "replay-first"
    REPLAY_BACK = "replay-back"
    REPLAY_FORWARD = "replay-forward"
    REPLAY_LAST = "replay-last"
    REPLAY_PLAY = "replay-play"
    REPLAY_EXIT = "replay-exit"
    PLAY_DEAL = "play-deal"
    KEYS = "keys"  # the dialog listing every key (issue 12)


BROWSER_ACTIONS = frozenset(
    {
        Action.SHARE,
        Action.INSTALL,
        Action.UPDATE,
        Action.COPY_GAME,
        Action.STATS_EXPORT,
        Action.GAME_EXPORT,
        Action.SHARE_REPLAY,
    }
)
"""Actions that are browser plumbing only (the share sheet, the service worker): webapp/dom.py."""
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
    stats: st.Stats | None = None
    """The statistics read from a file (``STATS_IMPORT``)."""


class App:
    def __init__(
        self,
        store: Store,
        now_ms: Callable[[], float],
        browser_languages: Sequence[str] = (),
        query: str = "",
        new_code: Callable[[], DealCode] = DealCode.random,
        wall_ms: Callable[[], int] = lambda: 0,
        today: Callable[[], datetime.date] = datetime.date.today,
    ) -> None:
        self.store = store
        self._now = now_ms
        self._wall = wall_ms
        self._new_code = new_code
        self._today = today
        self.tally = Tally(store, today)
        self.visible = True
        self.saved = True
        self.settings = store.load_settings()
        self.lang = pick_language(self.settings.language, browser_languages)
        self.message: Message | None = None
        self.dialog = Dialog.NONE
        self.pending: Pending | None = None
        self.replay: Replay | None = None
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
            Action.DAILY: lambda _: self._daily(),
            Action.STATS: lambda _: self._open_stats(),
            Action.STATS_RESET: lambda _: self._ask(Pending(Replacing.STATS_RESET, self.code)),
            Action.REPLAY_FIRST: lambda _: self._step(lambda r: 0),
            Action.REPLAY_BACK: lambda _: self._step(lambda r: r.step - 1),
            Action.REPLAY_FORWARD: lambda _: self._step(lambda r: r.step + 1),
            Action.REPLAY_LAST: lambda _: self._step(lambda r: r.steps),
            Action.REPLAY_PLAY: lambda _: self._toggle_replay(),
            Action.REPLAY_EXIT: lambda _: self._exit_replay(),
            Action.PLAY_DEAL: lambda _: self._play_deal(),
            Action.KEYS: lambda _: self._open(Dialog.KEYS),
        }
        stored, refused = store.load_game()
        self._known_text = self._saved_position = store.saved_game_text() if stored else None
        """The saved game's text as this page last wrote or read it (anything else there now was
        written by another tab, or while this page slept in the back/forward cache), and the text of
        the last position this page saved itself."""
        self.record = stored or self._dealt(Game.from_code(new_code()))
        self.clock = Clock(self.record.elapsed_ms, started=self.game.moves > 0)
        self._announce_end()
        if refused:
            self.message = Message.of(f"refused-{refused.kept}", reason=refused.error)
        elif self.tally.refused:
            self.message = Message.of("stats-restored", reason=self.tally.refused)
        self._open_link(query)
        self._persist()

    @property
    def saved_text(self) -> str | None:
        """The saved game's text as this page last wrote or read it."""
        return self._known_text

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
        if self.replay:  # a tap only pauses a replay
            self.pause_replay()
            return
        self.message = None
        result = self.game.tap(place)
        if result.kind is not TapKind.IGNORED:
            self.clock.start()  # R5.4: the first tap of a deal starts the clock
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
        self.message = None
        self._handlers[action](value)
        self._persist()

    def set_setting(self, name: Setting, value: str | bool) -> None:
        """A control with ``data-setting``; an unknown name is an error (``Setting(name)``)."""
        name = Setting(name)
        if name is Setting.LANGUAGE:
            self.lang = pick_language(str(value), ())
            self.settings = replace(self.settings, language=self.lang)
            self._persist()  # the early-paint record names the language its words are in
        elif name is Setting.MOVE_ERRORS:
            self.settings = replace(self.settings, move_errors=bool(value))
        elif name is Setting.LAYOUT_HELP:
            self.settings = replace(self.settings, layout_help=bool(value))
        elif name is Setting.FOUR_COLOUR:
            self.settings = replace(self.settings, four_colour=bool(value))
        elif name is Setting.KEY_SHORTCUTS:
            self.settings = replace(self.settings, key_shortcuts=bool(value))
        elif name is Setting.FAST_START:  # takes effect at the next start
            self.settings = replace(self.settings, fast_start=bool(value))
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
        if key in (STATS_KEY, None):
            self.tally.refresh()
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
        self._known_text = self._saved_position = stored
        if record.game == self.game:
            self._keep_larger_time(record.elapsed_ms)
            return
        self._start(record)
        self.message = Message.of("other-tab")

    def resumed(self) -> None:
        """The page came back from the back/forward cache: storage may hold a newer game."""
        self._persist()

    # Figures for the page

    def elapsed_ms(self) -> int:
        return self.clock.elapsed_ms(self._now())

    @property
    def query(self) -> str:
        """The address's query for the deal on the table (docs/ui-contract.md "the address")."""
        return self.replay.query if self.replay else f"?deal={self.code}"

    @property
    def shown(self) -> Game:
        """The game on the board: the replay's position while one is shown, else the saved game."""
        return self.replay.game if self.replay else self.game

    def replay_link_query(self) -> str:
        """The replay link of the game on the table (``share-replay``)."""
        return replay_query(self.code, [r.move for r in self.game.move_stack])

    def pause_replay(self) -> None:
        """A tap, Escape (or Space) stops a replay that is playing; it stays at its step."""
        if self.replay:
            self.replay.playing = False

    def replay_tick(self) -> bool:
        return self.replay is not None and self.replay.tick(self._now())

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
            self._end_game()
            self._start(record or self._dealt(Game.from_code(code)))

    def _play_code(self, typed: str) -> None:
        line = query_value(typed.strip(), "line") if "?" in typed else None
        try:
            code = DealCode.from_text(typed)
        except HalfMoonError as error:
            self.message = Message.of("bad-code", reason=error)
            return
        if line is not None:
            self._open_replay(code, line)
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
        line = query_value(query, "line")
        if line is not None:
            self._open_replay(code, line)
        elif code != self.code:
            self._replace(Replacing.CODE, code)

    def _confirm(self) -> None:
        pending = self.pending
        if pending is None:
            return
        if pending.kind.is_stats:
            self.tally.replace(pending.stats or st.Stats())
            self.pending = None
            self.dialog = Dialog.STATS
            self.message = Message.of("stats-imported" if pending.stats else "stats-cleared")
            return
        if pending.kind is not Replacing.STORED:  # another tab's game: that tab counts what it ended
            self._end_game()
        self._start(pending.record or self._dealt(Game.from_code(pending.code)))

    def _cancel(self) -> None:
        if self.pending and self.pending.kind is Replacing.STORED:
            self._saved_position = save(self.record)  # the player keeps this tab's game: save it
        about_stats = self.pending is not None and self.pending.kind.is_stats
        self.pending = None
        self.dialog = Dialog.STATS if about_stats else Dialog.NONE

    def _open(self, dialog: Dialog) -> None:
        self.dialog = dialog

    # Issue 13: statistics, the daily deal, files

    def _counted(self) -> None:
        """A removal made (a tap or a redo): the game is played, and won at the win."""
        self.tally.played(self.record)
        if self.game.is_won:
            self._sync_clock()
            self.tally.ended(self.record, won=True)

    def _end_game(self) -> None:
        """The game on the table is replaced or restarted: a played game not won ends not won."""
        if not self.game.is_won and was_played(self.record):
            self._sync_clock()
            self.tally.ended(self.record, won=False)

    def _daily(self) -> None:
        """The daily deal of the local date now; the saved game resumes when it is that deal."""
        code = DealCode.daily(self._today())
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
        """A saved-game file: validated whole, then it replaces the game (asking first, R7.6)."""
        self.message = None
        try:
            record = load(text)
        except HalfMoonError as error:
            self.message = Message.of("bad-game-file", reason=error)
            return
        record.from_file = True
        assert record.game.code is not None, "a loaded game always has a code"
        self._replace(Replacing.FILE, record.game.code, record)
        self._persist()

    def open_stats_file(self, text: str) -> None:
        """A statistics file: validated whole, then it replaces the statistics after a yes."""
        self.message = None
        try:
            stats = st.loads(text)
        except HalfMoonError as error:
            self.message = Message.of("bad-stats-file", reason=error)
            return
        self._ask(Pending(Replacing.STATS_IMPORT, self.code, stats=stats))

    # Issue 13: replays

    def _open_replay(self, code: DealCode, line: str) -> None:
        """A replay link: validated whole; an illegal or malformed line opens nothing and says where."""
        try:
            self.replay = Replay.open(code, line)
        except HalfMoonError as error:
            self.message = Message.of("bad-replay", reason=error)
            return
        self.dialog = Dialog.NONE

    def _step(self, to: Callable[[Replay], int]) -> None:
        if self.replay:
            self.pause_replay()
            self.replay.go(to(self.replay))

    def _toggle_replay(self) -> None:
        if self.replay:
            self.replay.toggle(self._now())

    def _exit_replay(self) -> None:
        self.replay = None
        self._announce_end()

    def _play_deal(self) -> None:
        if self.replay:
            code = self.replay.code
            self.replay = None
            self._replace(Replacing.CODE, code)

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
        self.clock.run(self._now(), not self.game.is_over and self.visible and self.replay is None)
        self.record.elapsed_ms = self.clock.elapsed_ms(self._now())

    def _persist(self) -> None:
        """Save after every change; while saving fails the page says so (the game plays on).

        A game another tab saved meanwhile (whose storage event this page missed) is never
        overwritten unasked: when its position differs, the player chooses which game to keep.
        """
        self._sync_clock()
        if self._overwrites_another_game():
            return
        text = save(self.record)
        self.saved = self.store.save_game(text)
        if self.saved:
            self._known_text = self._saved_position = text

    def _overwrites_another_game(self) -> bool:
        if self.pending and self.pending.kind is Replacing.STORED:
            return True  # the player is choosing between the two games: write neither
        stored = self.store.saved_game_text()
        if stored is None or stored == self._known_text:
            return False
        try:
            record = load(stored)
        except SaveError as error:  # written behind our back and not a valid game: set aside first
            self.store.set_aside(stored, error)
            return False
        if record.game == self.game:
            self._keep_larger_time(record.elapsed_ms)
            return False
        self._known_text = stored
        if self._last_change_was_saved():
            self._start(record)  # nothing of this tab's is lost: take the newer game silently
        else:
            self.pending = Pending(Replacing.STORED, self.code, record)
            self.dialog = Dialog.CONFIRM
            self.saved = False
        return True

    def _last_change_was_saved(self) -> bool:
        try:
            return self._saved_position is not None and load(self._saved_position).game == self.game
        except HalfMoonError:
            return False
