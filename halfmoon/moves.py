"""Removals and their notation: the game's SAN (R2).

A move is written as its places joined by ``+`` in tap order: ``P1+P8`` for a pair,
``P8+P5+P3`` for a trio. ``Move.parse`` also takes the typed forms ``p1 p8`` and ``p1,p8``.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import FACE_RANKS, Card, Place
from .errors import MoveSizeError, MoveTextError, NotATrioError, NotElevenError, PlaceTextError, RepeatedPlaceError

PAIR_POINTS = 10
TRIO_POINTS = 15
_SEPARATORS = re.compile(r"[+,\s]+")


class Kind(enum.StrEnum):
    PAIR = "pair"
    TRIO = "trio"

    @property
    def points(self) -> int:
        """R5.1: a pair scores 10, a trio 15."""
        return PAIR_POINTS if self is Kind.PAIR else TRIO_POINTS


@dataclass(frozen=True, slots=True)
class Move:
    """The places of one removal, in tap order."""

    places: tuple[Place, ...]

    def __post_init__(self) -> None:
        if len(self.places) not in (2, 3):
            raise MoveSizeError(count=len(self.places))
        if len(set(self.places)) != len(self.places):
            raise RepeatedPlaceError(move="+".join(self.places))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``P1+P8``, ``p1 p8`` or ``p1,p8`` (any case and spacing)."""
        tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
        try:
            places = tuple(Place.parse(t) for t in tokens)
        except PlaceTextError:
            raise MoveTextError(text) from None
        if len(places) not in (2, 3):
            raise MoveTextError(text)
        return cls(places)

    def __str__(self) -> str:
        return "+".join(self.places)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def removal_kind(cards: Sequence[Card]) -> Kind:
    """Which removal these cards make, or the specific error why they make none (R2.2, R2.3)."""
    if len(cards) == 2 and not any(c.is_face for c in cards):
        if cards[0].value + cards[1].value == 11:
            return Kind.PAIR
        raise NotElevenError()
    if len(cards) == 3 and sorted(c.rank for c in cards) == list(FACE_RANKS):
        return Kind.TRIO
    if cards[0].is_face:
        raise NotATrioError()
    raise NotElevenError()


@dataclass(frozen=True, slots=True)
class Removal:
    """A move made: its places and the cards it took from them."""

    move: Move
    cards: tuple[Card, ...]
    kind: Kind

    def __str__(self) -> str:
        return str(self.move)
