"""What the ``App`` holds, and what every group of its commands does with it: put a deal on the table,
ask before replacing a game (R7.6), announce, count a game for the statistics, save after every change
and meet a game another tab saved meanwhile (webapp/app/tabs.py). The command groups build on it
(webapp/app/game_commands.py, stats_commands.py, replay_commands.py)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from halfmoon import DealCode, Game, SavedGame, save
from webapp.app import announce, told
from webapp.app.actions import Dialog, Pending, Replacing
from webapp.app.game_on_table import Table
from webapp.app.replay import Replay, Watching
from webapp.app.tabs import Meeting, Sync
from webapp.store.records import Tally, identity
from webapp.store.storage import Settings, Store
from webapp.text.words import Message


class AppState:
    store: Store
    _now: Callable[[], float]
    _new_code: Callable[[], DealCode]
    _today: Callable[[], datetime.date | None]
    tally: Tally
    visible: bool
    saved: bool
    settings: Settings
    lang: str
    message: Message | None
    dialog: Dialog
    pending: Pending | None
    watching: Watching
    announcement: Message | None
    announced: int
    """Counts announcements, so that the page says a repeated outcome again."""
    sync: Sync
    table: Table

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

    def say(self, key: str, **params: str) -> None:
        """A message from the browser side (link copied, a new version)."""
        self.message = Message.of(key, **params)

    def elapsed_ms(self) -> int:
        return self.table.elapsed_ms()

    def _start(self, record: SavedGame) -> None:
        self.table.put(record)
        self.pending = None
        self.dialog = Dialog.NONE
        self._announce(announce.dealt(record.game))
        self._announce_end()

    def _ask(self, pending: Pending) -> None:
        self.pending = pending
        self.dialog = Dialog.CONFIRM

    def _announce(self, message: Message) -> None:
        self.announcement = message
        self.announced += 1

    def _announce_end(self) -> None:
        """R6.1 and R6.2: the end is said in the message and in a dialog (also right after a deal)."""
        self._sync_clock()
        if end := announce.ended(self.game, self.elapsed_ms()):
            self.dialog, self.message = end

    # The statistics' view of the game on the table

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

    # The clock, saving and the other tab

    def _keep_larger_time(self, elapsed_ms: int) -> None:
        self.table.keep_larger_time(elapsed_ms, self.visible and self.replay is None)

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
        written = self.store.save_game(text)
        if written:
            self.sync.wrote(text)
        self.saved = written and not self.store.game_in_doubt()

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
