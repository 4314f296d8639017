"""Cards and places: the vocabulary of the game (R1, R2, deal-codes.md "Card text")."""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from .errors import CardTextError, PlaceTextError

RANK_CHARS = "A23456789TJQK"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
FACE_RANKS = (JACK, QUEEN, KING)


class Suit(enum.Enum):
    """The four suits, in the order the deal algorithm numbers them (deal-codes.md step 1)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUITS = tuple(Suit)
_SUIT_ORDER = {suit: number for number, suit in enumerate(SUITS)}


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One card. The two copies of a card in the two decks are equal: only places tell them apart.

    Cards are ordered by rank, then by suit in the card-index order of deal-codes.md step 1
    (clubs, diamonds, hearts, spades): ``sorted()`` works on any collection of cards."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not ACE <= self.rank <= KING:
            raise CardTextError(str(self.rank))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Card index 0…103 as in deal-codes.md step 1 (the deck, index div 52, is not kept)."""
        within = index % 52
        return cls(rank=within % 13 + 1, suit=SUITS[within // 13])

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read card text such as ``7H``, ``TD`` or ``QS`` (deal-codes.md "Card text")."""
        if len(text) != 2 or text[0] not in RANK_CHARS:
            raise CardTextError(text)
        try:
            suit = Suit(text[1])
        except ValueError:
            raise CardTextError(text) from None
        return cls(RANK_CHARS.index(text[0]) + 1, suit)

    @property
    def text(self) -> str:
        return RANK_CHARS[self.rank - 1] + self.suit.value

    @property
    def is_face(self) -> bool:
        """Jack, queen or king: removed only as a trio (R2.3)."""
        return self.rank >= JACK

    @property
    def value(self) -> int | None:
        """The value of a number card, ace = 1 … 10 (R2.2); None for a face card, which has none."""
        return None if self.is_face else self.rank

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, _SUIT_ORDER[self.suit]) < (other.rank, _SUIT_ORDER[other.suit])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"


class Place(enum.StrEnum):
    """The 20 places of the table: piles P1…P12 and reserve slots R1…R8 (R1.2)."""

    P1 = "P1"
    P2 = "P2"
    P3 = "P3"
    P4 = "P4"
    P5 = "P5"
    P6 = "P6"
    P7 = "P7"
    P8 = "P8"
    P9 = "P9"
    P10 = "P10"
    P11 = "P11"
    P12 = "P12"
    R1 = "R1"
    R2 = "R2"
    R3 = "R3"
    R4 = "R4"
    R5 = "R5"
    R6 = "R6"
    R7 = "R7"
    R8 = "R8"

    @classmethod
    def parse(cls, text: str) -> Place:
        """Read a place forgivingly in case and white space: ``p1``, `` R8 ``."""
        try:
            return cls(text.strip().upper())
        except ValueError:
            raise PlaceTextError(text) from None

    @property
    def is_pile(self) -> bool:
        return self.value[0] == "P"

    @property
    def number(self) -> int:
        """1…12 for a pile, 1…8 for a reserve slot."""
        return int(self.value[1:])

    @property
    def position(self) -> int:
        """Position in PLACES: piles 0…11, then reserve 12…19."""
        return _POSITIONS[self]

    @property
    def capacity(self) -> int:
        """Cards dealt there: 8 for a pile, 1 for a reserve slot (R1.2)."""
        return 8 if self.is_pile else 1


PLACES: tuple[Place, ...] = tuple(Place)
_POSITIONS = {place: index for index, place in enumerate(PLACES)}
PILES: tuple[Place, ...] = PLACES[:12]
RESERVE: tuple[Place, ...] = PLACES[12:]
