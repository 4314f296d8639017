"""Deal codes, format HM1: the game's FEN (deal-codes.md, R1.2, R7.3).

``HM1-N-XXXXXXX`` names deal number XXXXXXX (base 26, ``A`` = 0). The number seeds SplitMix64,
which drives an unbiased Fisher–Yates shuffle of the 104 cards; the shuffled list is dealt into
12 piles of 8 and 8 reserve slots. This algorithm is a public contract: never change a step.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterator
from dataclasses import dataclass

from .cards import Card
from .errors import (
    CodeCharacterError,
    CodeLengthError,
    CodeShapeError,
    EmptyCodeError,
    UnknownKindError,
    UnknownVersionError,
)

VERSION = "HM1"
KIND_NORMAL = "N"
DIGITS = 7
DEAL_COUNT = 26**DIGITS
_MASK = (1 << 64) - 1
_LETTERS = string.ascii_uppercase


def splitmix64(state: int) -> Iterator[int]:
    """SplitMix64 outputs from the given state (deal-codes.md step 2), all arithmetic mod 2⁶⁴."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def _below(source: Iterator[int], k: int) -> int:
    """An unbiased integer in 0…k−1 by rejection (deal-codes.md step 3)."""
    limit = (1 << 64) - ((1 << 64) % k)
    while True:
        x = next(source)
        if x < limit:
            return x % k


def shuffled_indices(number: int) -> list[int]:
    """Card indices 0…103 after the Fisher–Yates shuffle of deal ``number`` (steps 1–4)."""
    order = list(range(104))
    source = splitmix64(number)
    for i in range(103, 0, -1):
        j = _below(source, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@dataclass(frozen=True, slots=True)
class Layout:
    """Cards on the table: each pile bottom to top, each reserve slot holding one card or none."""

    piles: tuple[tuple[Card, ...], ...]
    reserve: tuple[Card | None, ...]


@dataclass(frozen=True, order=True, slots=True)
class DealCode:
    """A deal's number and its canonical text ``HM1-N-XXXXXXX``."""

    number: int

    def __post_init__(self) -> None:
        if not 0 <= self.number < DEAL_COUNT:
            raise ValueError(f"deal number {self.number} is outside 0…{DEAL_COUNT - 1}")

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read a code, forgiving case and surrounding white space; refuse anything else (R7.3)."""
        canonical = text.strip().upper()
        if not canonical:
            raise EmptyCodeError(text)
        parts = canonical.split("-")
        if len(parts) != 3:
            raise CodeShapeError(text)
        version, kind, digits = parts
        if version != VERSION:
            raise UnknownVersionError(text, version=version)
        if kind != KIND_NORMAL:
            raise UnknownKindError(text, kind=kind)
        if len(digits) != DIGITS:
            raise CodeLengthError(text, length=len(digits))
        number = 0
        for char in digits:
            if char not in _LETTERS:
                raise CodeCharacterError(text, char=char)
            number = number * 26 + _LETTERS.index(char)
        return cls(number)

    @classmethod
    def from_text(cls, text: str) -> DealCode:
        """Read a code typed by a player: a bare code, or a whole shared link with ``?deal=``."""
        stripped = text.strip()
        if "?" in stripped or "://" in stripped:
            deal = query_value(stripped, "deal")
            if deal is not None:
                return cls.parse(deal)
        return cls.parse(stripped)

    @classmethod
    def random(cls, rng: random.Random | None = None) -> DealCode:
        """A new deal, uniform over all 26⁷ numbers (deal-codes.md "Form")."""
        return cls((rng or random.SystemRandom()).randrange(DEAL_COUNT))

    @property
    def text(self) -> str:
        digits = []
        n = self.number
        for _ in range(DIGITS):
            n, d = divmod(n, 26)
            digits.append(_LETTERS[d])
        return f"{VERSION}-{KIND_NORMAL}-{''.join(reversed(digits))}"

    def layout(self) -> Layout:
        """The deal itself (deal-codes.md step 5): list[8p…8p+7] is pile p+1, list[96…] the reserve."""
        cards = [Card.from_index(i) for i in shuffled_indices(self.number)]
        piles = tuple(tuple(cards[8 * p : 8 * p + 8]) for p in range(12))
        return Layout(piles=piles, reserve=tuple(cards[96:]))

    def __str__(self) -> str:
        return self.text


def query_value(url: str, name: str) -> str | None:
    """The first ``name=`` value in a URL's query, percent-decoded, or None.

    Written out rather than taken from urllib.parse, whose import alone costs about 70 ms at the
    page's start under Pyodide.
    """
    query = url.split("#", 1)[0].partition("?")[2]
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if _unquote(key) == name:
            return _unquote(value)
    return None


def _unquote(text: str) -> str:
    parts = text.replace("+", " ").split("%")
    out = bytearray(parts[0].encode())
    for part in parts[1:]:
        if len(part) >= 2 and all(c in string.hexdigits for c in part[:2]):
            out.append(int(part[:2], 16))
            out += part[2:].encode()
        else:
            out += ("%" + part).encode()
    return out.decode("utf-8", "replace")
