"""Where the 20 places sit on screen (R1.4): one geometry for the game board and every diagram.

The piles form an arc open downward: pile 1 at the bottom of the left side, up the left side to
pile 3, piles 4–10 left to right along the top, piles 11 and 12 down the right side under the
corner. The reserve sits in the middle in two rows of four, R1–R4 above R5–R8.

Positions are cells of a grid of 4 rows and 18 half-columns; every card spans two half-columns,
so that the reserve's four cards can be centred under the seven of the top row.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import PLACES, Place

ROWS = 4
HALF_COLUMNS = 18


@dataclass(frozen=True, slots=True)
class Cell:
    row: int  # 1 … ROWS
    column: int  # the first of the two half-columns the card spans, 1 … HALF_COLUMNS − 1


def _arc() -> dict[Place, Cell]:
    cells: dict[Place, Cell] = {}
    for place in PLACES:
        n = place.number
        if not place.is_pile:
            cells[place] = Cell(row=2 if n <= 4 else 3, column=6 + 2 * ((n - 1) % 4))
        elif n <= 3:
            cells[place] = Cell(row=5 - n, column=1)
        elif n <= 10:
            cells[place] = Cell(row=1, column=2 * (n - 3) + 1)
        else:
            cells[place] = Cell(row=n - 9, column=HALF_COLUMNS - 1)
    return cells


ARC: dict[Place, Cell] = _arc()
