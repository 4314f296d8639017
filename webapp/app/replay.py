"""Watching a replay link (docs/ui-contract.md "watching a replay"), as plain Python.

A replay is a deal and a line of moves, validated whole when the link is opened (an illegal or
malformed line opens no replay: ``halfmoon.line`` says at which move it fails). It shows the
position after ``step`` moves; the saved game is not touched and counts nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from halfmoon import DealCode, Game, Move, Place
from halfmoon.deal import link_query
from halfmoon.line import line_text, parse_line, play_line
from webapp.app.actions import Action

PACE_MS = 1200
"""One step every 1.2 s when playing: time to see the cards highlighted before they leave."""


def replay_query(code: DealCode, moves: tuple[Move, ...] | list[Move]) -> str:
    """The link's query: ``?deal=CODE&line=M1.M2…`` with a literal ``+`` (never ``%2B``)."""
    return link_query(code, line_text(moves))


@dataclass(slots=True)
class Replay:
    """A line being watched on its deal: the step reached, whether it plays on its own, and the game
    at that step."""

    code: DealCode
    moves: tuple[Move, ...]
    step: int = 0
    playing: bool = False
    last_ms: float = 0.0
    game: Game = field(init=False)

    def __post_init__(self) -> None:
        self.game = Game.from_code(self.code)

    @classmethod
    def open(cls, code: DealCode, line: str) -> Replay:
        """The replay of ``line`` on ``code``, or the typed error at the first move that fails."""
        moves = parse_line(line)
        play_line(code, moves)
        return cls(code, moves)

    @property
    def steps(self) -> int:
        return len(self.moves)

    @property
    def query(self) -> str:
        return replay_query(self.code, self.moves)

    def next_places(self) -> tuple[Place, ...]:
        """The cards of the next step, highlighted before they leave."""
        return self.moves[self.step].places if self.step < self.steps else ()

    def go(self, step: int) -> None:
        self.step = max(0, min(step, self.steps))
        self.game = play_line(self.code, self.moves[: self.step])
        if self.step == self.steps:
            self.playing = False

    def toggle(self, now_ms: float) -> None:
        if not self.playing and self.step == self.steps:
            self.go(0)  # play from the start again
        self.playing = not self.playing
        self.last_ms = now_ms

    def tick(self, now_ms: float) -> bool:
        """Step on by itself at ``PACE_MS``; True when it stepped."""
        if not self.playing or now_ms - self.last_ms < PACE_MS:
            return False
        self.last_ms = now_ms
        self.go(self.step + 1)
        return True


class Watching:
    """The replay shown instead of the saved game, if any, and its commands (docs/ui-contract.md
    "watching a replay"): the saved game is untouched meanwhile."""

    def __init__(self, now_ms: Callable[[], float]) -> None:
        self.replay: Replay | None = None
        self._now = now_ms
        self._moves: dict[Action, Callable[[Replay], int]] = {
            Action.REPLAY_FIRST: lambda r: 0,
            Action.REPLAY_BACK: lambda r: r.step - 1,
            Action.REPLAY_FORWARD: lambda r: r.step + 1,
            Action.REPLAY_LAST: lambda r: r.steps,
        }

    def open(self, code: DealCode, line: str) -> None:
        """The replay of ``line``, validated whole: the typed error at the first move that fails."""
        self.replay = Replay.open(code, line)

    def command(self, action: Action) -> None:
        """A step command pauses and goes there; ``replay-play`` plays or pauses."""
        if self.replay is None:
            return
        if action is Action.REPLAY_PLAY:
            self.replay.toggle(self._now())
        else:
            self.pause()
            self.replay.go(self._moves[action](self.replay))

    def pause(self) -> None:
        """A tap, Escape (or Space) stops a replay that is playing; it stays at its step."""
        if self.replay:
            self.replay.playing = False

    def tick(self) -> bool:
        return self.replay is not None and self.replay.tick(self._now())

    def close(self) -> DealCode | None:
        """The replay left; the deal it showed."""
        code = self.replay.code if self.replay else None
        self.replay = None
        return code
