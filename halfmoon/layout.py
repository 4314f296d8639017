"""Where the 20 places sit on screen (R1.4): two geometries of the same arc.

``ARC`` is the game board's in wide windows and every diagram's (R1.5); ``TALL`` is the game board's
in tall windows, where it gives wider cards (``crossover``).

The piles form an arc open downward: pile 1 at the bottom of the left side, up the left side to
pile 3, piles 4–10 left to right along the top, piles 11 and 12 down the right side under the
corner. The reserve sits in the middle in two rows of four, R1–R4 above R5–R8.

Positions are cells of a grid of 4 rows and 18 half-columns; every card spans two half-columns,
so that the reserve's four cards can be centred under the seven of the top row.

In ``TALL`` the three left piles and the two right ones stand under the ends of the top row
instead of beside it, so that the seven piles of the top row span the board's width: 4 rows and
14 half-columns. Still 3 on the left (pile 1 at the bottom), 7 on top, 2 on the right below the
corner, and the reserve in two rows of four centred between the sides (R1.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import gcd

from .cards import PLACES, Place

ROWS = 4
HALF_COLUMNS = 18
CARD_ROW = (166, 100)
"""A row of the board is 1.66 card widths tall on the page (the card is 1.4, the selection's lift
and a pile's edges take the rest), as a fraction: the stylesheet sizes the rows with it, the
crossover and the arrow keys' idea of distance follow from it."""


@dataclass(frozen=True, slots=True)
class Cell:
    """Where a place's card sits on the board's grid (R1.4)."""

    row: int  # 1 … ROWS
    column: int  # the first of the two half-columns the card spans, 1 … HALF_COLUMNS − 1


def _cells(half_columns: int, reserve_column: int, top_pile: int) -> dict[Place, Cell]:
    """Piles 1–3 up the left side, 4–10 along the top (``top_pile`` in its first column), 11–12 down
    the right side; the reserve in two rows of four from ``reserve_column`` (R1.4)."""
    cells: dict[Place, Cell] = {}
    for place in PLACES:
        n = place.number
        if not place.is_pile:
            cells[place] = Cell(row=2 if n <= 4 else 3, column=reserve_column + 2 * ((n - 1) % 4))
        elif n <= 3:
            cells[place] = Cell(row=5 - n, column=1)
        elif n <= 10:
            cells[place] = Cell(row=1, column=2 * (n - top_pile) + 1)
        else:
            cells[place] = Cell(row=n - 9, column=half_columns - 1)
    return cells


def _arc() -> dict[Place, Cell]:
    """The arc of R1.4: the side piles beside the ends of the top row."""
    return _cells(HALF_COLUMNS, reserve_column=6, top_pile=3)


ARC: dict[Place, Cell] = _arc()


TALL_HALF_COLUMNS = 14


def _tall() -> dict[Place, Cell]:
    """The tall table: piles 1 and 4 share the first column, 10 and 11 the last (the side piles stand
    under the ends of the top row)."""
    return _cells(TALL_HALF_COLUMNS, reserve_column=4, top_pile=4)


TALL: dict[Place, Cell] = _tall()


@dataclass(frozen=True, slots=True)
class Geometry:
    """One way of placing the arc on a grid (R1.4): its name on the page, its size, its cells."""

    name: str
    rows: int
    half_columns: int
    cells: Mapping[Place, Cell]

    @property
    def columns(self) -> int:
        """How many cards wide the grid is."""
        return self.half_columns // 2


GEOMETRIES: dict[str, Geometry] = {
    "arc": Geometry("arc", ROWS, HALF_COLUMNS, ARC),
    "tall": Geometry("tall", ROWS, TALL_HALF_COLUMNS, TALL),
}
"""The board's geometries by name: ``arc`` (every diagram's, R1.5) and ``tall``."""


def crossover(card_row: tuple[int, int] = CARD_ROW) -> tuple[int, int]:
    """The table's aspect ratio (width / height, a reduced fraction) under which ``TALL`` gives
    wider cards than ``ARC``, for a row ``card_row`` (numerator, denominator) card widths tall: in
    a box of width W and height H the arc's cards are min(W / 9, H / (4 × row)) wide and the tall
    geometry's min(W / 7, …): the same where the height limits both, wider in ``TALL`` where the
    width limits the arc, that is where W / H < 9 / (4 × row) (R1.4)."""
    numerator, denominator = HALF_COLUMNS // 2 * card_row[1], ROWS * card_row[0]
    common = gcd(numerator, denominator)
    return numerator // common, denominator // common
