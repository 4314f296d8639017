"""The game on the table: its saved record (the engine's game, its identity, its clock) and the
play clock of R5.4, which runs only while the game is not over and the player can see it."""

from __future__ import annotations

from collections.abc import Callable

from halfmoon import Clock, DealCode, Game, SavedGame
from webapp.app.replay import replay_query


class Table:
    def __init__(self, record: SavedGame, now_ms: Callable[[], float], wall_ms: Callable[[], int]) -> None:
        self._now = now_ms
        self._wall = wall_ms
        self.record = record
        self.clock = Clock(record.elapsed_ms, started=record.game.moves > 0)

    @property
    def game(self) -> Game:
        return self.record.game

    @property
    def code(self) -> DealCode:
        assert self.game.code is not None, "a game on the page always has a code"
        return self.game.code

    def dealt(self, code: DealCode) -> SavedGame:
        """A game dealt (or restarted) now: the moment is part of its identity."""
        return SavedGame(Game.from_code(code), dealt_at=self._wall())

    def put(self, record: SavedGame) -> None:
        self.record = record
        self.clock.reset(record.elapsed_ms, started=record.game.moves > 0)

    def replay_query(self) -> str:
        """The replay link of the game on the table (``share-replay``)."""
        return replay_query(self.code, [r.move for r in self.game.move_stack])

    def now(self) -> int:
        """The wall clock, ms since the epoch: a game's identity is the moment it was dealt."""
        return self._wall()

    def elapsed_ms(self) -> int:
        return self.clock.elapsed_ms(self._now())

    def sync_clock(self, shown: bool) -> None:
        """R5.4: the clock runs while the game is not over and ``shown`` (the page visible, no
        replay over it); the record carries its time."""
        self.clock.run(self._now(), not self.game.is_over and shown)
        self.record.elapsed_ms = self.clock.elapsed_ms(self._now())

    def keep_larger_time(self, elapsed_ms: int, shown: bool) -> None:
        """Of two equal positions (this tab's and another's), the larger elapsed time is kept."""
        if elapsed_ms > self.elapsed_ms():
            self.clock.reset(elapsed_ms, started=True)
            self.sync_clock(shown)
