"""Deal codes, format HM1: the game's FEN (docs/deal-codes.md, R1.2, R7.3).

``HM1-N-XXXXXXX`` names deal number XXXXXXX (base 26, ``A`` = 0) and ``HM1-D-YYYYMMDD`` the daily
deal of a date. The number (or 2⁶³ + YYYYMMDD) seeds SplitMix64,
which drives an unbiased Fisher–Yates shuffle of the 104 cards; the shuffled list is dealt into
12 piles of 8 and 8 reserve slots. This algorithm is a public contract: never change a step.
"""

from __future__ import annotations

import datetime
import enum
import random
import re
import string
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import (
    CodeCharacterError,
    CodeLengthError,
    CodeShapeError,
    DailyDateError,
    DailyDigitsError,
    DailyYearError,
    DealCodeError,
    DealNumberError,
    EmptyCodeError,
    UnknownKindError,
    UnknownVersionError,
)

VERSION = "HM1"
DIGITS = 7
DEAL_COUNT = 26**DIGITS
DAILY_DIGITS = 8
DAILY_BASE = 1 << 63
"""A daily deal's generator starts at 2⁶³ + YYYYMMDD, which no numbered deal can reach."""
FIRST_DAILY = datetime.date(2000, 1, 1)
DEAL_QUERY = "deal"
"""The name of a link's deal code in its query (``?deal=CODE``): every reader and writer of links,
the early paint included (the build writes it in), takes it from here."""
LINE_QUERY = "line"
"""The name of a replay link's line of play in its query (``&line=M1.M2…``, halfmoon/line.py)."""
MAX_LINK = 2000
"""A typed code or pasted link longer than this is no link to a deal (links are under 100 characters)."""
_ASCII_DIGITS = "0123456789"
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


def shuffled_indices(seed: int) -> list[int]:
    """Card indices 0…103 after the Fisher–Yates shuffle from generator state ``seed`` (steps 1–4)."""
    order = list(range(104))
    source = splitmix64(seed)
    for i in range(103, 0, -1):
        j = _below(source, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@dataclass(frozen=True, slots=True)
class Layout:
    """Cards on the table: each pile bottom to top, each reserve slot holding one card or none."""

    piles: tuple[tuple[Card, ...], ...]
    reserve: tuple[Card | None, ...]


class DealKind(enum.StrEnum):
    """The kinds of deal of format HM1 (deal-codes.md "Form")."""

    NUMBERED = "N"
    DAILY = "D"


@dataclass(frozen=True, order=True, slots=True)
class DealCode:
    """A deal's name: ``HM1-N-XXXXXXX`` (deal number, base 26) or ``HM1-D-YYYYMMDD`` (a date).

    ``number`` is the deal number of a numbered deal, and the date written as the decimal number
    YYYYMMDD for a daily deal. Either way it names one deal forever (R7.3).
    """

    number: int
    kind: DealKind = DealKind.NUMBERED

    def __post_init__(self) -> None:
        if self.kind is DealKind.NUMBERED and not 0 <= self.number < DEAL_COUNT:
            raise DealNumberError(self.number)
        if self.kind is DealKind.DAILY:
            _daily_date(str(self.number).zfill(DAILY_DIGITS), str(self.number))

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read a code, forgiving case and surrounding white space; refuse anything else (R7.3)."""
        canonical = text.strip().upper()
        if not canonical:
            raise EmptyCodeError(text)
        parts = canonical.split("-")
        if len(parts) != 3:
            raise CodeShapeError(text)
        version, kind, body = parts
        if version != VERSION:
            raise UnknownVersionError(text, version=version)
        if kind == DealKind.DAILY:
            return cls.daily(_daily_date(body, text))
        if kind != DealKind.NUMBERED:
            raise UnknownKindError(text, kind=kind)
        return cls(_deal_number(body, text))

    @classmethod
    def from_text(cls, text: str) -> DealCode:
        """Read a code typed by a player: a bare code, or a whole shared link with ``?deal=``."""
        stripped = text.strip()
        if len(stripped) > MAX_LINK:
            raise CodeShapeError(text)
        if "?" in stripped:  # a link: only its query can name the deal
            deal = query_value(stripped, DEAL_QUERY)
            if deal is not None:
                return cls.parse(deal)
        return cls.parse(stripped)

    @classmethod
    def random(cls, rng: random.Random | None = None) -> DealCode:
        """A new numbered deal, uniform over all 26⁷ numbers (deal-codes.md "Form")."""
        return cls((rng or random.SystemRandom()).randrange(DEAL_COUNT))

    @classmethod
    def daily(cls, day: datetime.date) -> DealCode:
        """The daily deal of a date (deal-codes.md "Daily deals"): the same for everyone that day."""
        if day < FIRST_DAILY:
            raise DailyYearError(day.strftime("%Y%m%d"))
        return cls(day.year * 10000 + day.month * 100 + day.day, DealKind.DAILY)

    @property
    def date(self) -> datetime.date | None:
        """The date a daily deal belongs to; None for a numbered deal."""
        if self.kind is DealKind.NUMBERED:
            return None
        year, rest = divmod(self.number, 10000)
        return datetime.date(year, *divmod(rest, 100))

    @property
    def seed(self) -> int:
        """The generator's starting state (step 2): the number, or 2⁶³ + YYYYMMDD for a daily deal."""
        return self.number if self.kind is DealKind.NUMBERED else DAILY_BASE + self.number

    @property
    def text(self) -> str:
        if self.kind is DealKind.DAILY:
            return f"{VERSION}-{self.kind}-{self.number:08d}"
        digits = []
        n = self.number
        for _ in range(DIGITS):
            n, d = divmod(n, 26)
            digits.append(_LETTERS[d])
        return f"{VERSION}-{self.kind}-{''.join(reversed(digits))}"

    def layout(self) -> Layout:
        """The deal itself (deal-codes.md step 5): list[8p…8p+7] is pile p+1, list[96…] the reserve."""
        cards = [Card.from_index(i) for i in shuffled_indices(self.seed)]
        piles = tuple(tuple(cards[8 * p : 8 * p + 8]) for p in range(12))
        return Layout(piles=piles, reserve=tuple(cards[96:]))

    def __str__(self) -> str:
        return self.text


def _deal_number(body: str, text: str) -> int:
    """Seven letters A–Z read as a base-26 number, most significant first."""
    if len(body) != DIGITS:
        raise CodeLengthError(text, length=len(body))
    number = 0
    for char in body:
        if char not in _LETTERS:
            raise CodeCharacterError(text, char=char)
        number = number * 26 + _LETTERS.index(char)
    return number


def _daily_date(body: str, text: str) -> datetime.date:
    """Eight ASCII digits naming a real date from 2000 on. ``str.isdigit`` would take full-width
    and other Unicode digits, so the characters are checked against ``0``–``9`` themselves."""
    if len(body) != DAILY_DIGITS or any(c not in _ASCII_DIGITS for c in body):
        raise DailyDigitsError(text)
    try:
        day = datetime.date(int(body[:4]), int(body[4:6]), int(body[6:]))
    except ValueError:
        raise DailyDateError(text) from None
    if day < FIRST_DAILY:
        raise DailyYearError(text)
    return day


def is_leap(year: int) -> bool:
    """The Gregorian rule (the ``calendar`` module is not in the page's trimmed standard library)."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def daily_date(digits: str) -> datetime.date | None:
    """The date eight ASCII digits ``YYYYMMDD`` name as a daily deal's (a real date from 1 January
    2000 on, deal-codes.md), or None: the daily rule of ``DealCode``, for records that keep dates."""
    try:
        return _daily_date(digits, digits)
    except DealCodeError:
        return None


_DAY = (
    r"(?:(?:0[13578]|1[02])(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)(?:0[1-9]|[12][0-9]|30)|02(?:0[1-9]|1[0-9]|2[0-9]))"
)
_DATE_LIST = re.compile(rf"(?:[2-9][0-9]{{3}}{_DAY},)*")
"""Dates YYYYMMDD of the years 2000 … 9999, each followed by a comma; 29 February is checked apart."""


def are_daily_dates(keys: Sequence[str]) -> bool:
    """Whether ``daily_date`` accepts every key: the same rule, for ten thousand dates at once.

    One regular expression over all the keys instead of a ``datetime.date`` each (a statistics
    record may hold ten thousand dates, checked at every read). With every key eight characters
    long, the nine-character matches of the expression are exactly the keys and their commas.
    """
    if not keys:
        return True
    joined = ",".join(keys) + ","
    if set(map(len, keys)) != {DAILY_DIGITS} or _DATE_LIST.fullmatch(joined) is None:
        return False
    leap_day = joined.find("0229,")
    while leap_day >= 0:  # a month and day, since every match ends at a comma
        if not is_leap(int(joined[leap_day - 4 : leap_day])):
            return False
        leap_day = joined.find("0229,", leap_day + 5)
    return True


def link_query(code: DealCode, line: str | None = None) -> str:
    """A link's query naming the deal ``code`` and, when given, the line of play to replay on it,
    as written (a line's ``+`` stays literal, never ``%2B``)."""
    query = f"?{DEAL_QUERY}={code}"
    return query if line is None else f"{query}&{LINE_QUERY}={line}"


def query_value(url: str, name: str) -> str | None:
    """The first ``name=`` value in a URL's query, percent-decoded, or None.

    Written out rather than taken from urllib.parse, whose import alone is a noticeable part of the
    page's start under Pyodide.
    """
    query = url.split("#", 1)[0].partition("?")[2]
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if _unquote(key) == name:
            return _unquote(value)
    return None


def _unquote(text: str) -> str:
    """Percent-decoding as UTF-8; a byte that is not UTF-8 (or a lone surrogate typed in) becomes U+FFFD."""
    parts = text.replace("+", " ").split("%")
    out = bytearray(_utf8(parts[0]))
    for part in parts[1:]:
        if len(part) >= 2 and all(c in string.hexdigits for c in part[:2]):
            out.append(int(part[:2], 16))
            out += _utf8(part[2:])
        else:
            out += _utf8("%" + part)
    return out.decode("utf-8", "replace")


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")  # plain encode() raises on a lone surrogate
