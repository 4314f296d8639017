"""Removals, their notation (the game's SAN), and the one statement of the pair and trio rule (R2).

A move is written as its places joined by ``+`` in tap order: ``P1+P8`` for a pair,
``P8+P5+P3`` for a trio. ``Move.parse`` also takes the typed forms ``p1 p8`` and ``p1,p8``.

``fit(selection, card)`` is the rule itself: how one more card goes with the cards already
chosen. Tapping (R3), layout help (R4.2), the legal moves and the dead-end check (R6.2) all ask it.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Place
from .errors import MovePlaceError, MoveRepeatError, MoveTextError, NotATrioError, NotElevenError, PlaceTextError

PAIR_SUM = 11
PAIR_POINTS = 10
TRIO_POINTS = 15
_SEPARATORS = re.compile(r"[+,\s]+")
MAX_MOVE_TEXT = 100
"""A typed move is three places and some spacing: longer text is refused before it is split."""


class Kind(enum.StrEnum):
    PAIR = "pair"
    TRIO = "trio"

    @property
    def points(self) -> int:
        """R5.1: a pair scores 10, a trio 15."""
        return PAIR_POINTS if self is Kind.PAIR else TRIO_POINTS


WON_PAIRS = 40
WON_TRIOS = 8
WON_MOVES = WON_PAIRS + WON_TRIOS
"""R5.3: a won game is always 40 pairs and 8 trios, 48 moves (R7.1's undo depth of 100 covers them all)."""
WON_SCORE = WON_PAIRS * Kind.PAIR.points + WON_TRIOS * Kind.TRIO.points
"""R5.3: 520 points."""


class Fit(enum.Enum):
    """How a card goes with the cards chosen before it (R2.2, R2.3, as taps meet them in R3)."""

    COMPLETES = "completes"  # the pair sums to 11 (R2.2), or the third face completes J+Q+K (R2.3)
    EXTENDS = "extends"  # a face of a rank not yet chosen, the trio not yet whole (R3.5)
    REPEATS = "repeats"  # a face of a rank already chosen (R3.6)
    FAILS = "fails"  # a number that does not sum to 11, or a number with a face (R3.3, R3.4)


def partner(value: int) -> int:
    """R2.2: the value that makes a pair with ``value`` (A+10, 2+9, 3+8, 4+7, 5+6)."""
    return PAIR_SUM - value


def fit(chosen: Sequence[Card], card: Card) -> Fit:
    """How ``card`` goes with ``chosen`` (one number card, or one or two faces of different ranks).

    This is the whole removal rule: a pair is two number cards summing to 11 (R2.2); a trio is a
    jack, a queen and a king (R2.3); face cards never pair and numbers never join faces (R3.4).
    """
    first = chosen[0].value
    if first is not None:
        return Fit.COMPLETES if card.value is not None and card.value == partner(first) else Fit.FAILS
    if card.value is not None:
        return Fit.FAILS
    if card.rank in {c.rank for c in chosen}:
        return Fit.REPEATS
    return Fit.COMPLETES if len(chosen) == 2 else Fit.EXTENDS


def completes(chosen: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` makes a removal with ``chosen`` (R2.2, R2.3)."""
    return fit(chosen, card) is Fit.COMPLETES


def removal_kind(cards: Sequence[Card]) -> Kind:
    """Which removal these cards make, in this order, or the error why they make none.

    The reason follows the first card, as R4.1 decides: a number first needs a sum of 11, a face
    first needs a jack, a queen and a king.
    """
    for i in range(1, len(cards)):
        result = fit(cards[:i], cards[i])
        last = i == len(cards) - 1
        if (result is Fit.COMPLETES) != last or result in (Fit.FAILS, Fit.REPEATS):
            break
    else:
        return Kind.PAIR if len(cards) == 2 else Kind.TRIO
    raise NotElevenError() if cards[0].value is not None else NotATrioError()


@dataclass(frozen=True, slots=True)
class Move:
    """The places of one removal, in tap order: two or three different places."""

    places: tuple[Place, ...]

    def __post_init__(self) -> None:
        if len(self.places) not in (2, 3) or len(set(self.places)) != len(self.places):
            raise MoveTextError("+".join(self.places))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``P1+P8``, ``p1 p8`` or ``p1,p8`` (any case and spacing), or raise ``MoveTextError``
        (``MovePlaceError`` for a token that is no place, ``MoveRepeatError`` for a place named twice)."""
        if len(text) > MAX_MOVE_TEXT:
            raise MoveTextError(text)
        tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
        if len(tokens) not in (2, 3):
            raise MoveTextError(text)
        places: list[Place] = []
        for token in tokens:
            try:
                place = Place.parse(token)
            except PlaceTextError:
                raise MovePlaceError(text, token) from None
            if place in places:
                raise MoveRepeatError(text, place)
            places.append(place)
        return cls(tuple(places))

    def __str__(self) -> str:
        return "+".join(self.places)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Removal:
    """A move made: its places and the cards it took from them."""

    move: Move
    cards: tuple[Card, ...]
    kind: Kind

    def __str__(self) -> str:
        return str(self.move)


@dataclass(frozen=True, slots=True)
class DeadEndReport:
    """What is missing among the playable cards at a dead end (R6.2), found without any search.

    ``values`` are the playable number values, none of whose partners (``partner(v)``) is
    playable; ``faces_missing`` are the face ranks (11–13) of which no card is playable.
    """

    values: tuple[int, ...]
    faces_missing: tuple[int, ...]

    @property
    def partners(self) -> tuple[int, ...]:
        return tuple(partner(v) for v in self.values)
