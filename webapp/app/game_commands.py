"""The ``App``'s commands on the game: undo and redo, a new deal, a restart, a deal by its code or by a
link, and the question asked before a game in progress is replaced (R7.6) with its yes and no."""

from __future__ import annotations

from halfmoon import DealCode, HalfMoonError, SavedGame, save
from webapp.app import announce, links
from webapp.app.actions import Dialog, Pending, Replacing
from webapp.app.state import AppState
from webapp.stats.history import History
from webapp.stats.record import Stats
from webapp.text.words import Message


class GameCommands(AppState):
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

    def _open_replay(self, code: DealCode, line: str) -> None:
        """A replay link: validated whole; an illegal or malformed line opens nothing and says where."""
        try:
            self.watching.open(code, line)
        except HalfMoonError as error:
            self.message = Message.of("bad-replay", reason=error)
            return
        self.dialog = Dialog.NONE

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
