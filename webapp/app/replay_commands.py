"""The ``App``'s commands on replays: a step of the replay shown, leaving it, playing its deal, and a
game of the history replayed or played again."""

from __future__ import annotations

from halfmoon import DealCode
from webapp.app import links
from webapp.app.actions import Action, Replacing
from webapp.app.game_commands import GameCommands


class ReplayCommands(GameCommands):
    def _watch(self, action: Action, _value: str = "") -> None:
        self.watching.command(action)

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
