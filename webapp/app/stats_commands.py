"""The ``App``'s commands on the statistics, the daily deal and files: the statistics opened or reset,
the daily deal of today, a saved-game file or a statistics file opened (each replaces what it holds
after a yes, R7.6)."""

from __future__ import annotations

from halfmoon import DealCode, HalfMoonError
from webapp.app import opened_files
from webapp.app.actions import Dialog, Pending, Replacing
from webapp.app.game_commands import GameCommands
from webapp.text.words import Message


class StatsCommands(GameCommands):
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
