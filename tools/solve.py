"""Development-only solver: searches a deal for a winning line.

It lives outside the ``halfmoon`` package on purpose, so that it can never be shipped to the page,
precached or zipped with the package: the app never says whether a deal can be won (R3.7, R7.4).

    python -m tools.solve HM1-N-AAAAAAB [--budget NODES]

prints a winning line in move notation, ``no win`` (the whole tree was searched) or ``unknown``
(the budget ran out first). Exit status 0, 1 or 3 for those; 2 for bad input.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field

from halfmoon import PLACES, DealCode, Game, HalfMoonError, Move, Status


class BudgetSpent(Exception):
    pass


@dataclass
class Search:
    game: Game
    budget: int
    nodes: int = 0
    dead: set[tuple[int, ...]] = field(default_factory=set)

    def position(self) -> tuple[int, ...]:
        """A deal's position is fully given by how many cards are left at each place."""
        return tuple(len(self.game.cards(p)) for p in PLACES)

    def candidates(self) -> list[Move]:
        """Legal moves without reserve twins (two reserve cards of one rank are interchangeable),
        the ones that uncover pile cards first, deeper piles before shallower."""
        seen: set[tuple[object, ...]] = set()
        unique = []
        for move in self.game.legal_moves:
            sig = tuple(sorted(str(p) if p.is_pile else f"R{self.game.top(p)}"[:2] for p in move.places))
            if sig not in seen:
                seen.add(sig)
                unique.append(move)
        return sorted(unique, key=lambda m: -sum(self.game.count(p) for p in m.places if p.is_pile))

    def solve(self) -> bool:
        if self.game.status is Status.WON:
            return True
        key = self.position()
        if key in self.dead:
            return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetSpent
        for move in self.candidates():
            self.game.remove(move)
            if self.solve():
                return True
            self.game.undo()
        self.dead.add(key)
        return False


def solve(game: Game, budget: int) -> list[Move] | str | None:
    """The winning moves from the game's position, None when proved unwinnable, or "unknown".
    The search plays on the game it is given: pass one made for it."""
    start = len(game.move_stack)
    search = Search(game, budget)
    sys.setrecursionlimit(10_000)
    try:
        won = search.solve()
    except BudgetSpent:
        won = None
    line = [r.move for r in game.move_stack[start:]]
    if won is None:
        return "unknown"
    return line if won else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Development-only Half Moon solver.")
    parser.add_argument("code")
    parser.add_argument("--budget", type=int, default=200_000, help="positions to search at most")
    args = parser.parse_args(argv)
    try:
        code = DealCode.parse(args.code)
    except HalfMoonError as error:
        print(f"solve: {error}", file=sys.stderr)
        return 2
    result = solve(Game.from_code(code), args.budget)
    if result == "unknown":
        print("unknown")
        return 3
    if result is None:
        print("no win")
        return 1
    print(" ".join(str(m) for m in result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
