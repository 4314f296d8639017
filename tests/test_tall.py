"""The second geometry of the arc (R1.4) for tall windows, and the arrows on it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import PILES, PLACES, RESERVE, Place
from halfmoon.layout import ARC, GEOMETRIES, TALL, TALL_HALF_COLUMNS, Cell, _tall, crossover
from support.access import arrow_targets
from webapp.app.keyboard import ARROWS, neighbour


def test_the_tall_geometry_is_computed_the_same_every_time() -> None:
    assert _tall() == TALL and list(TALL) == list(PLACES)
    assert GEOMETRIES["arc"].cells is ARC and GEOMETRIES["tall"].cells is TALL
    assert (GEOMETRIES["arc"].columns, GEOMETRIES["tall"].columns) == (9, 7)


def test_r1_4_the_left_piles_stand_under_the_top_rows_first_pile_pile_1_at_the_bottom() -> None:
    assert [TALL[p] for p in PILES[:3]] == [Cell(row=4, column=1), Cell(row=3, column=1), Cell(row=2, column=1)]
    assert TALL[Place.P4].column == TALL[Place.P3].column


def test_r1_4_seven_piles_span_the_top_row() -> None:
    assert [TALL[p] for p in PILES[3:10]] == [Cell(row=1, column=c) for c in (1, 3, 5, 7, 9, 11, 13)]
    assert TALL[Place.P10].column + 1 == TALL_HALF_COLUMNS


def test_r1_4_two_piles_down_the_right_side_under_the_corner() -> None:
    assert [TALL[p] for p in PILES[10:]] == [Cell(row=2, column=13), Cell(row=3, column=13)]


def test_r1_4_the_reserve_in_two_rows_of_four_centred_between_the_sides() -> None:
    assert [TALL[p] for p in RESERVE[:4]] == [Cell(row=2, column=c) for c in (4, 6, 8, 10)]
    assert [TALL[p] for p in RESERVE[4:]] == [Cell(row=3, column=c) for c in (4, 6, 8, 10)]
    left, right = TALL[Place.P3].column, TALL[Place.P11].column
    assert (TALL[Place.R1].column + TALL[Place.R4].column) / 2 == (left + right) / 2


@pytest.mark.parametrize("name", list(GEOMETRIES))
def test_every_place_has_its_own_cell_and_no_two_cards_overlap(name: str) -> None:
    geometry = GEOMETRIES[name]
    cells = list(geometry.cells.values())
    assert len(set(cells)) == 20
    assert all(1 <= c.row <= geometry.rows and 1 <= c.column <= geometry.half_columns - 1 for c in cells)
    for a in cells:
        assert not any(b != a and b.row == a.row and abs(b.column - a.column) < 2 for b in cells)


@given(st.integers(100, 300), st.integers(1, 1000), st.integers(1, 1000))
def test_the_tall_geometry_gives_wider_cards_exactly_under_the_crossover(row: int, width: int, height: int) -> None:
    """In a box W × H a card is min(W / columns, H / (rows × row)) wide; under the crossover's
    aspect ratio the tall geometry's cards are wider, over it both are the same (R1.4)."""
    numerator, denominator = crossover((row, 100))

    def card(name: str) -> float:
        g = GEOMETRIES[name]
        return min(width / g.columns, height * 100 / (g.rows * row))

    if width * denominator < height * numerator:
        assert card("tall") > card("arc")
    else:
        assert card("tall") == card("arc")


def reachable(start: Place, geometry: str) -> set[Place]:
    seen, todo = {start}, [start]
    while todo:
        place = todo.pop()
        for key in ARROWS:
            if (nxt := neighbour(place, key, geometry)) not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("start", PLACES, ids=str)
def test_every_place_is_reachable_with_the_arrows_in_the_tall_geometry(start: Place) -> None:
    assert reachable(start, "tall") == set(PLACES)


def test_the_arrows_follow_the_geometry_on_screen() -> None:
    p = Place
    # Pile 1 stands under the first reserve card on the tall table, left of it on the arc.
    assert neighbour(p("R5"), "ArrowDown", "tall") == p("P1") and neighbour(p("R5"), "ArrowDown", "arc") == p("R5")
    assert neighbour(p("P1"), "ArrowRight", "tall") == p("R6") and neighbour(p("P1"), "ArrowRight", "arc") == p("R5")
    assert neighbour(p("P4"), "ArrowDown", "tall") == p("P3") and neighbour(p("P10"), "ArrowDown", "tall") == p("P11")
    assert neighbour(p("R5"), "ArrowDown", "unknown") == p("R5")  # the arc


@given(st.sampled_from(list(GEOMETRIES)), st.floats(3.0, 3.8))
def test_the_arrows_agree_with_the_rule_the_page_tests_read_on_screen(name: str, row: float) -> None:
    """Whatever a row's height on screen (in half-columns: 1.66 card widths and the gaps), each arrow
    goes where the contract's rule, read from the places' centres (``arrow_targets`` of the page
    tests), says it may (the tall geometry's rows are far taller than they are wide)."""
    geometry = GEOMETRIES[name]
    centres = {str(p): [c.column + 1.0, c.row * row] for p, c in geometry.cells.items()}
    for place in PLACES:
        for key in ARROWS:
            allowed = arrow_targets(centres, str(place), key)
            assert allowed is None or str(neighbour(place, key, name)) in allowed, (place, key)
