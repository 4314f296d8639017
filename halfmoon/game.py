"""A game of Half Moon: the position, the moves made, and the ways to act on it.

``Game`` is to Half Moon what ``chess.Board`` is to chess: ``remove`` applies a move or raises a
specific ``IllegalMoveError``; ``tap`` runs the selection rules of R3 on top of it; ``undo``,
``redo`` and ``restart`` walk the history (R7). ``status`` is the end state as a value (R6).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product

from .cards import FACE_RANKS, PLACES, Card, Place
from .deal import DealCode, Layout
from .errors import (
    EmptyPlaceError,
    GameOverError,
    IllegalMoveError,
    LayoutError,
    NothingToRedoError,
    NothingToUndoError,
)
from .moves import Kind, Move, Removal, removal_kind

UNDO_DEPTH = 100
"""R7.1: undo reaches the 100 most recent moves. A game has at most 48, so every move is reachable."""

WON_MOVES = 48
WON_SCORE = 520


class Status(enum.StrEnum):
    """The end state as a value (R6)."""

    PLAYING = "playing"
    WON = "won"
    DEAD_END = "dead-end"


class TapKind(enum.StrEnum):
    """What one tap did (R3)."""

    IGNORED = "ignored"  # R3.8: an empty place
    SELECTED = "selected"  # R3.1, R3.5
    DESELECTED = "deselected"  # R3.2
    REMOVED = "removed"  # R3.3, R3.5: the pair or trio is gone
    CLEARED = "cleared"  # R3.3, R3.4: no combination, nothing selected now
    RESELECTED = "reselected"  # R3.6: same face rank, the tapped card is the only one selected


class TapError(enum.StrEnum):
    """Why a combination failed, said when "Move errors" is on (R4.1)."""

    SUM_NOT_11 = "sum-not-11"
    TRIO_NEEDED = "trio-needed"


@dataclass(frozen=True, slots=True)
class TapResult:
    kind: TapKind
    place: Place
    removal: Removal | None = None
    error: TapError | None = None


@dataclass(frozen=True, slots=True)
class DeadEndReport:
    """What is missing among the playable cards at a dead end (R6.2), without any search.

    ``values`` are the playable number values, none of whose partners (11 − v) is playable;
    ``faces_present`` and ``faces_missing`` are ranks 11–13 that are and are not playable.
    """

    values: tuple[int, ...]
    faces_present: tuple[int, ...]
    faces_missing: tuple[int, ...]

    @property
    def partners(self) -> tuple[int, ...]:
        return tuple(11 - v for v in self.values)


@dataclass(slots=True)
class _History:
    made: list[Removal] = field(default_factory=list)
    undone: list[Removal] = field(default_factory=list)  # a stack: the last one is redone first


class Game:
    """One deal being played. Create it with ``from_code``, ``new`` or ``from_layout``."""

    def __init__(self, layout: Layout, code: DealCode | None = None) -> None:
        self.code = code
        self._initial = layout
        self._stacks: list[list[Card]] = []
        self._history = _History()
        self._selection: list[Place] = []
        self.started = False
        """R5.4: the clock starts with the first tap of a deal."""
        self.elapsed_ms = 0
        self._set_up()

    # Creating a game

    @classmethod
    def from_code(cls, code: DealCode | str) -> Game:
        """The deal a code names (R7.3); text is read with ``DealCode.parse``."""
        deal = code if isinstance(code, DealCode) else DealCode.parse(code)
        return cls(deal.layout(), deal)

    @classmethod
    def new(cls) -> Game:
        """A new random deal (R7.3)."""
        return cls.from_code(DealCode.random())

    @classmethod
    def from_layout(cls, piles: Sequence[Sequence[Card | str]], reserve: Sequence[Card | str | None]) -> Game:
        """A game from an explicit layout, for rules fixtures such as R9. It has no code.

        Piles are listed bottom to top and may hold fewer than 8 cards; a reserve slot may be empty.
        No card may appear more than twice (R1.1).
        """

        def card(c: Card | str) -> Card:
            return c if isinstance(c, Card) else Card.parse(c)

        if len(piles) != 12 or len(reserve) != 8:
            raise LayoutError("a layout has 12 piles and 8 reserve slots")
        layout = Layout(
            piles=tuple(tuple(card(c) for c in pile) for pile in piles),
            reserve=tuple(None if c is None else card(c) for c in reserve),
        )
        if any(len(pile) > 8 for pile in layout.piles):
            raise LayoutError("a pile holds at most 8 cards")
        every = [c for pile in layout.piles for c in pile] + [c for c in layout.reserve if c]
        if any(n > 2 for n in Counter(every).values()):
            raise LayoutError("two decks hold each card twice at most")
        return cls(layout)

    def _set_up(self) -> None:
        self._stacks = [list(pile) for pile in self._initial.piles]
        self._stacks += [[] if c is None else [c] for c in self._initial.reserve]

    # The position

    @property
    def initial_layout(self) -> Layout:
        return self._initial

    def top(self, place: Place) -> Card | None:
        """The card shown at a place (R1.3), or None when it is empty (R2.5)."""
        stack = self._stacks[place.position]
        return stack[-1] if stack else None

    def count(self, place: Place) -> int:
        return len(self._stacks[place.position])

    def cards(self, place: Place) -> tuple[Card, ...]:
        """All cards at a place, bottom to top (the hidden ones too: for tools and tests)."""
        return tuple(self._stacks[place.position])

    def playable(self) -> dict[Place, Card]:
        """R2.1: every pile's top card and every card still in the reserve."""
        return {p: s[-1] for p, s in zip(PLACES, self._stacks, strict=True) if s}

    @property
    def cards_left(self) -> int:
        return sum(len(s) for s in self._stacks)

    # Moves

    def legal_moves(self) -> Iterator[Move]:
        """Every legal removal among the playable cards (R2), places in board order."""
        playable = list(self.playable().items())
        numbers = [(p, c) for p, c in playable if not c.is_face]
        for i, (p, c) in enumerate(numbers):
            for q, d in numbers[i + 1 :]:
                if c.value + d.value == 11:
                    yield Move((p, q))
        by_rank = [[p for p, c in playable if c.rank == r] for r in FACE_RANKS]
        for trio in product(*by_rank):
            yield Move(tuple(trio))

    def has_legal_move(self) -> bool:
        """R6.2 without enumeration: a value and its partner, or all three faces, are playable."""
        ranks = {c.rank for c in self.playable().values()}
        return any(v in ranks and 11 - v in ranks for v in range(1, 6)) or all(r in ranks for r in FACE_RANKS)

    def is_legal(self, move: Move) -> bool:
        try:
            self._check(move)
        except IllegalMoveError:
            return False
        return True

    def _check(self, move: Move) -> Removal:
        if self.is_won:
            raise GameOverError()
        cards = []
        for place in move.places:
            card = self.top(place)
            if card is None:
                raise EmptyPlaceError(place=str(place))
            cards.append(card)
        return Removal(move, tuple(cards), removal_kind(cards))

    def remove(self, move: Move | str | Iterable[Place | str]) -> Removal:
        """Remove a pair (R2.2) or a trio (R2.3) from any places (R2.4), or raise and change nothing.

        Making a move clears the redo list (R7.5) and the selection.
        """
        removal = self._check(_as_move(move))
        self._apply(removal)
        self._history.undone.clear()
        return removal

    def _apply(self, removal: Removal) -> None:
        for place in removal.move.places:
            self._stacks[place.position].pop()
        self._history.made.append(removal)
        self._selection.clear()
        self.started = True

    @property
    def move_stack(self) -> tuple[Removal, ...]:
        """The moves made, oldest first."""
        return tuple(self._history.made)

    @property
    def undone_moves(self) -> tuple[Removal, ...]:
        """The moves redo would make, next first (R7.5)."""
        return tuple(reversed(self._history.undone))

    # Figures and the end state

    @property
    def moves(self) -> int:
        """R5.2: the number of removals made."""
        return len(self._history.made)

    @property
    def score(self) -> int:
        """R5.1: 10 a pair, 15 a trio."""
        return sum(r.kind.points for r in self._history.made)

    @property
    def pairs(self) -> int:
        return sum(r.kind is Kind.PAIR for r in self._history.made)

    @property
    def trios(self) -> int:
        return sum(r.kind is Kind.TRIO for r in self._history.made)

    @property
    def status(self) -> Status:
        """R6.1 won when no card is left; R6.2 dead end when no removal is legal; else playing."""
        if self.is_won:
            return Status.WON
        return Status.PLAYING if self.has_legal_move() else Status.DEAD_END

    @property
    def is_won(self) -> bool:
        """R6.1, without the dead-end scan that ``status`` also makes."""
        return not any(self._stacks)

    @property
    def clock_runs(self) -> bool:
        """R5.4: the clock runs from the first tap until a win or a dead end (the host adds visibility)."""
        return self.started and self.status is Status.PLAYING

    def dead_end_report(self) -> DeadEndReport | None:
        """Why the game is stuck (R6.2), or None when it is not at a dead end."""
        if self.status is not Status.DEAD_END:
            return None
        ranks = {c.rank for c in self.playable().values()}
        return DeadEndReport(
            values=tuple(sorted(r for r in ranks if r <= 10)),
            faces_present=tuple(r for r in FACE_RANKS if r in ranks),
            faces_missing=tuple(r for r in FACE_RANKS if r not in ranks),
        )

    # Undo, redo, restart (R7)

    @property
    def can_undo(self) -> bool:
        """R7.1: undo works from a dead end but not after a win."""
        return bool(self._history.made) and not self.is_won

    @property
    def can_redo(self) -> bool:
        return bool(self._history.undone)

    def undo(self) -> Removal:
        """Put the last move's cards back exactly where they were (R7.1)."""
        if not self.can_undo:
            raise NothingToUndoError()
        removal = self._history.made.pop()
        for place, card in zip(removal.move.places, removal.cards, strict=True):
            self._stacks[place.position].append(card)
        self._history.undone.append(removal)
        self._selection.clear()
        return removal

    def redo(self) -> Removal:
        """Re-apply the most recently undone move (R7.5)."""
        if not self.can_redo:
            raise NothingToRedoError()
        removal = self._history.undone.pop()
        self._apply(removal)
        return removal

    def restart(self) -> None:
        """Deal the same cards again: history, redo, selection and clock are cleared (R7.3, R7.5, R5.4)."""
        self._set_up()
        self._history = _History()
        self._selection.clear()
        self.started = False
        self.elapsed_ms = 0

    # Tapping (R3) and what the page shows about the selection (R4.2)

    @property
    def selection(self) -> tuple[Place, ...]:
        """The selected places, in tap order. Not saved: a loaded game has nothing selected."""
        return tuple(self._selection)

    def tap(self, place: Place | str) -> TapResult:
        """One tap on a place, exactly as R3 says. The app never picks a card for the player (R3.7)."""
        place = Place.parse(place) if isinstance(place, str) else place
        card = self.top(place)
        if card is None:
            return TapResult(TapKind.IGNORED, place)
        self.started = True
        if place in self._selection:
            self._selection.remove(place)
            return TapResult(TapKind.DESELECTED, place)
        if not self._selection:
            self._selection.append(place)
            return TapResult(TapKind.SELECTED, place)
        first = self.top(self._selection[0])
        assert first is not None
        if first.is_face:
            return self._tap_with_faces(place, card)
        return self._tap_with_number(place, card)

    def _tap_with_number(self, place: Place, card: Card) -> TapResult:
        """R3.3 and R3.4: one number card is selected."""
        first = self._selection[0]
        if not card.is_face and card.value + self._top(first).value == 11:
            return TapResult(TapKind.REMOVED, place, removal=self.remove(Move((first, place))))
        self._selection.clear()
        return TapResult(TapKind.CLEARED, place, error=TapError.SUM_NOT_11)

    def _tap_with_faces(self, place: Place, card: Card) -> TapResult:
        """R3.4, R3.5 and R3.6: one or two face cards of different ranks are selected."""
        if not card.is_face:
            self._selection.clear()
            return TapResult(TapKind.CLEARED, place, error=TapError.TRIO_NEEDED)
        if card.rank in {self._top(p).rank for p in self._selection}:
            self._selection[:] = [place]
            return TapResult(TapKind.RESELECTED, place, error=TapError.TRIO_NEEDED)
        self._selection.append(place)
        if len(self._selection) < 3:
            return TapResult(TapKind.SELECTED, place)
        return TapResult(TapKind.REMOVED, place, removal=self.remove(Move(tuple(self._selection))))

    def _top(self, place: Place) -> Card:
        card = self.top(place)
        assert card is not None, "a selected place always holds a card"
        return card

    def dimmed(self) -> frozenset[Place]:
        """R4.2 "Layout help": the playable cards that cannot complete a removal with the selection."""
        if not self._selection:
            return frozenset()
        selected = [self._top(p) for p in self._selection]
        if selected[0].is_face:
            taken = {c.rank for c in selected}

            def useless(c: Card) -> bool:
                return not c.is_face or c.rank in taken
        else:
            partner = 11 - selected[0].value

            def useless(c: Card) -> bool:
                return c.is_face or c.value != partner

        return frozenset(p for p, c in self.playable().items() if p not in self._selection and useless(c))

    # Comparison and notation

    def record(self) -> str:
        """The game record: the code and the moves made, e.g. ``HM1-N-AAAAAAB P1+P8 P8+P5+P3``."""
        return " ".join([str(self.code or "-"), *(str(r.move) for r in self._history.made)])

    def _key(self) -> tuple[object, ...]:
        return (
            self.code,
            self._initial,
            [r.move for r in self._history.made],
            [r.move for r in self._history.undone],
            self.elapsed_ms,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # a game changes: it is not hashable

    def __repr__(self) -> str:
        return f"<Game {self.record()!r} {self.status}>"


def _as_move(move: Move | str | Iterable[Place | str]) -> Move:
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.parse(move)
    return Move(tuple(p if isinstance(p, Place) else Place.parse(p) for p in move))
