"""Where the 20 places sit (R1.4): an arc of piles open downward, the reserve in its middle."""

from __future__ import annotations

from halfmoon import PILES, PLACES, RESERVE, Place
from halfmoon.layout import ARC, HALF_COLUMNS, ROWS, Cell, _arc


def test_the_arc_is_computed_the_same_every_time() -> None:
    assert _arc() == ARC and list(ARC) == list(PLACES)


def test_r1_4_three_piles_up_the_left_side_pile_1_at_the_bottom() -> None:
    assert [ARC[p] for p in PILES[:3]] == [Cell(row=4, column=1), Cell(row=3, column=1), Cell(row=2, column=1)]


def test_r1_4_seven_piles_along_the_top_left_to_right() -> None:
    assert [ARC[p] for p in PILES[3:10]] == [Cell(row=1, column=c) for c in (3, 5, 7, 9, 11, 13, 15)]


def test_r1_4_two_piles_down_the_right_side_under_the_corner() -> None:
    assert [ARC[p] for p in PILES[10:]] == [Cell(row=2, column=HALF_COLUMNS - 1), Cell(row=3, column=HALF_COLUMNS - 1)]


def test_r1_4_the_reserve_in_two_rows_of_four_in_the_middle() -> None:
    assert [ARC[p] for p in RESERVE[:4]] == [Cell(row=2, column=c) for c in (6, 8, 10, 12)]
    assert [ARC[p] for p in RESERVE[4:]] == [Cell(row=3, column=c) for c in (6, 8, 10, 12)]
    top = [ARC[p].column for p in PILES[3:10]]
    middle = (top[0] + top[-1]) / 2
    assert (ARC[Place.R1].column + ARC[Place.R4].column) / 2 == middle  # centred under the top row


def test_every_place_has_its_own_cell_on_the_grid() -> None:
    cells = list(ARC.values())
    assert len(set(cells)) == 20
    assert all(1 <= c.row <= ROWS and 1 <= c.column <= HALF_COLUMNS - 1 for c in cells)
    for a in cells:  # a card spans two half-columns: no two overlap
        assert not any(b != a and b.row == a.row and abs(b.column - a.column) < 2 for b in cells)
