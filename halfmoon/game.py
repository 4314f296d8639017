"""A game of Half Moon: the position, the moves made, and the ways to act on it.

``Game`` is to Half Moon what ``chess.Board`` is to chess: ``remove`` applies a move or raises a
specific ``IllegalMoveError``; ``tap`` runs the selection rules of R3 on top of it; ``undo``,
``redo`` and ``restart`` walk the history (R7). ``status`` is the end state as a value (R6).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from .cards import FACE_RANKS, PILES, PLACES, RESERVE, Card, Place
from .deal import DealCode, Layout
from .errors import (
    EmptyPlaceError,
    GameOverError,
    IllegalMoveError,
    LayoutError,
    NothingToRedoError,
    NothingToUndoError,
)
from .i18n import card_short
from .moves import (
    DeadEndReport,
    Fit,
    Kind,
    Move,
    Removal,
    fit,
    removal_kind,
)
from .outcomes import Status, TapError, TapKind, TapResult


@dataclass(slots=True)
class _History:
    """The removals made, in order (R7.1), and those undone since, which redo makes again (R7.5)."""

    made: list[Removal] = field(default_factory=list)
    undone: list[Removal] = field(default_factory=list)  # a stack: the last one is redone first


class LegalMoves:
    """The legal removals of a game, found when asked: a live view like python-chess's.

    ``bool(game.legal_moves)`` stops at the first one (the dead-end check of R6.2), ``move in
    game.legal_moves`` checks one, ``count()`` counts them; iteration yields places in board order.
    """

    def __init__(self, game: Game) -> None:
        self._game = game

    def __iter__(self) -> Iterator[Move]:
        playable = list(self._game.playable().items())
        for i, (p, c) in enumerate(playable):
            for j in range(i + 1, len(playable)):
                q, d = playable[j]
                result = fit([c], d)
                if result is Fit.COMPLETES:
                    yield Move((p, q))
                elif result is Fit.EXTENDS:
                    yield from (Move((p, q, r)) for r, e in playable[j + 1 :] if fit([c, d], e) is Fit.COMPLETES)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._game.is_legal(move)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(map(str, self))})>"


class Game:
    """One deal being played. Create it with ``from_code``, ``new`` or ``from_layout``.

    Two games are equal when they hold the same deal, the same moves made and the same moves
    undone: the position and its history. The selection and the clock are not part of it.
    """

    def __init__(self, layout: Layout, code: DealCode | None = None) -> None:
        self.code = code
        self._initial = layout
        self._stacks: list[list[Card]] = []
        self._history = _History()
        self._selection: list[Place] = []
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

        if len(piles) != len(PILES) or len(reserve) != len(RESERVE):
            raise LayoutError("shape")
        layout = Layout(
            piles=tuple(tuple(card(c) for c in pile) for pile in piles),
            reserve=tuple(None if c is None else card(c) for c in reserve),
        )
        if any(len(pile) > Place.P1.capacity for pile in layout.piles):
            raise LayoutError("pile-too-high")
        every = [c for pile in layout.piles for c in pile] + [c for c in layout.reserve if c]
        if any(n > 2 for n in Counter(every).values()):
            raise LayoutError("card-thrice")
        return cls(layout)

    def _set_up(self) -> None:
        self._stacks = [list(pile) for pile in self._initial.piles]
        self._stacks += [[] if c is None else [c] for c in self._initial.reserve]
        self._status: Status | None = None

    def copy(self) -> Game:
        """An independent game in the same position, with the same history and selection."""
        twin = Game(self._initial, self.code)
        twin._stacks = [list(stack) for stack in self._stacks]
        twin._history = _History(list(self._history.made), list(self._history.undone))
        twin._selection = list(self._selection)
        return twin

    # The position

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

    @property
    def legal_moves(self) -> LegalMoves:
        """Every legal removal among the playable cards (R2), as a live view."""
        return LegalMoves(self)

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
        self._status = None
        self._history.made.append(removal)
        self._selection.clear()

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
        """R6.1 won when no card is left; R6.2 dead end when no removal is legal; else playing.

        Kept for the position it was found for: a move, an undo or a restart forgets it."""
        if self._status is None:
            self._status = Status.WON if self.is_won else Status.PLAYING if self.legal_moves else Status.DEAD_END
        return self._status

    @property
    def is_won(self) -> bool:
        """R6.1, without the dead-end scan that ``status`` also makes."""
        return not any(self._stacks)

    @property
    def is_over(self) -> bool:
        """Won or at a dead end: the clock stops (R5.4) until a dead end is undone."""
        return self.status is not Status.PLAYING

    @property
    def in_progress(self) -> bool:
        """R7.6: from the first removal (even if all were undone since) while neither won nor at a dead end.

        Replacing a game in progress asks first.
        """
        return bool(self._history.made or self._history.undone) and self.status is Status.PLAYING

    @property
    def can_restart(self) -> bool:
        """Restart (R7.3) changes something: a move was made or undone (also after a win: play again)."""
        return bool(self._history.made or self._history.undone)

    def dead_end_report(self) -> DeadEndReport | None:
        """Why the game is stuck (R6.2), or None when it is not at a dead end."""
        if self.status is not Status.DEAD_END:
            return None
        ranks = {c.rank for c in self.playable().values()}
        return DeadEndReport(
            values=tuple(sorted(r for r in ranks if r not in FACE_RANKS)),
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
        self._status = None
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
        """Deal the same cards again: history, redo and selection are cleared (R7.3, R7.5, R3.8)."""
        self._set_up()
        self._history = _History()
        self._selection.clear()

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
            return TapResult(TapKind.IGNORED, place)  # R3.8
        if place in self._selection:
            self._selection.remove(place)
            return TapResult(TapKind.DESELECTED, place)  # R3.2
        if not self._selection:
            self._selection.append(place)
            return TapResult(TapKind.SELECTED, place)  # R3.1
        first = self._top(self._selection[0])
        error = TapError.SUM_NOT_11 if first.value is not None else TapError.TRIO_NEEDED  # R4.1
        result = fit(self._selected_cards(), card)
        if result is Fit.COMPLETES:
            return TapResult(TapKind.REMOVED, place, removal=self.remove(Move((*self._selection, place))))
        if result is Fit.EXTENDS:
            self._selection.append(place)
            return TapResult(TapKind.SELECTED, place)  # R3.5
        if result is Fit.REPEATS:
            self._selection[:] = [place]
            return TapResult(TapKind.RESELECTED, place, error=error)  # R3.6
        self._selection.clear()
        return TapResult(TapKind.CLEARED, place, error=error)  # R3.3, R3.4

    def _top(self, place: Place) -> Card:
        card = self.top(place)
        assert card is not None, "a selected place always holds a card"
        return card

    def _selected_cards(self) -> list[Card]:
        return [self._top(p) for p in self._selection]

    def dimmed(self) -> frozenset[Place]:
        """R4.2 "Layout help": the playable cards that cannot complete a removal with the selection."""
        if not self._selection:
            return frozenset()
        chosen = self._selected_cards()
        return frozenset(
            p
            for p, c in self.playable().items()
            if p not in self._selection and fit(chosen, c) not in (Fit.COMPLETES, Fit.EXTENDS)
        )

    # Comparison and notation

    def record(self) -> str:
        """The game record: the code and the moves made, e.g. ``HM1-N-AAAAAAB P1+P8 P8+P5+P3``."""
        return " ".join([str(self.code or "-"), *(str(r.move) for r in self._history.made)])

    def board(self, lang: str) -> str:
        """The table as people read it, in Finnish or English: ``P1 8♣ (8)`` for every place."""
        return self._table(lambda card: card_short(card, lang))

    def __str__(self) -> str:
        """The table in card text, ``P1 8C (8)`` for every place (docs/deal-codes.md "Card text")."""
        return self._table(lambda card: card.text)

    def _table(self, face: Callable[[Card], str]) -> str:
        def cell(place: Place) -> str:
            card = self.top(place)
            return f"{place!s:>3} {face(card) if card else '--':<4}({self.count(place)})"

        rows = (PILES[:6], PILES[6:], RESERVE)
        return "\n".join(" ".join(cell(p) for p in row) for row in rows)

    def _key(self) -> tuple[object, ...]:
        return (
            self.code,
            self._initial,
            [r.move for r in self._history.made],
            [r.move for r in self._history.undone],
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
