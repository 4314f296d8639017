"""The one rule predicate ``fit`` (R2.2, R2.3, R3.3 – R3.6), and that everything asking it agrees:
tapping (R3), layout help (R4.2), the legal moves and the dead-end check (R6.2)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import PLACES, Card, DealCode, Fit, Game, Move, Place, Status, Suit, TapKind, completes, fit, partner
from halfmoon.deal import DEAL_COUNT

NUMBERS = range(1, 11)
FACES = (11, 12, 13)
RANKS = range(1, 14)


def card(rank: int, suit: Suit = Suit.HEARTS) -> Card:
    return Card(rank, suit)


# partner and the card values (R2.2)


def test_r2_2_partners_are_the_pairs_summing_to_11() -> None:
    assert [(v, partner(v)) for v in NUMBERS] == [
        (1, 10),
        (2, 9),
        (3, 8),
        (4, 7),
        (5, 6),
        (6, 5),
        (7, 4),
        (8, 3),
        (9, 2),
        (10, 1),
    ]


def test_r2_2_values_ace_1_to_10_and_faces_have_none() -> None:
    assert [card(r).value for r in RANKS] == [*NUMBERS, None, None, None]
    assert [card(r).is_face for r in RANKS] == [False] * 10 + [True] * 3


# fit, case by case, against the rules' own words


@pytest.mark.parametrize("first", RANKS)
@pytest.mark.parametrize("second", RANKS)
@pytest.mark.parametrize("suits", [(Suit.HEARTS, Suit.HEARTS), (Suit.CLUBS, Suit.SPADES)])
def test_fit_of_one_chosen_card(first: int, second: int, suits: tuple[Suit, Suit]) -> None:
    chosen, tapped = [card(first, suits[0])], card(second, suits[1])
    if first <= 10 and second <= 10:
        expected = Fit.COMPLETES if first + second == 11 else Fit.FAILS  # R2.2, R3.3: suits do not matter
    elif first <= 10 or second <= 10:
        expected = Fit.FAILS  # R3.4: a number and a face never combine
    elif first == second:
        expected = Fit.REPEATS  # R3.6
    else:
        expected = Fit.EXTENDS  # R3.5: a face of a rank not yet chosen, the trio not yet whole
    assert fit(chosen, tapped) is expected
    assert completes(chosen, tapped) is (expected is Fit.COMPLETES)


@pytest.mark.parametrize(("first", "second"), [(a, b) for a in FACES for b in FACES if a != b])
@pytest.mark.parametrize("third", RANKS)
def test_fit_of_two_chosen_faces(first: int, second: int, third: int) -> None:
    chosen, tapped = [card(first), card(second, Suit.SPADES)], card(third, Suit.CLUBS)
    if third <= 10:
        expected = Fit.FAILS  # R3.4
    elif third in (first, second):
        expected = Fit.REPEATS  # R3.6
    else:
        expected = Fit.COMPLETES  # R2.3: J + Q + K, any suits
    assert fit(chosen, tapped) is expected
    assert completes(chosen, tapped) is (expected is Fit.COMPLETES)


def test_r2_3_face_cards_never_pair() -> None:
    assert not any(completes([card(a)], card(b)) for a in FACES for b in FACES)


# Everything that asks fit agrees (Hypothesis over positions reached by random legal play)


@st.composite
def positions(draw: st.DrawFn) -> Game:
    game = Game.from_code(DealCode(draw(st.integers(min_value=0, max_value=DEAL_COUNT - 1))))
    for _ in range(draw(st.integers(min_value=0, max_value=48))):
        moves = list(game.legal_moves)
        if not moves:
            break
        game.remove(draw(st.sampled_from(moves)))
    if draw(st.booleans()) and game.can_undo:
        game.undo()
    return game


def oracle_moves(game: Game) -> set[frozenset[Place]]:
    """Every legal removal by brute force, straight from R2.2 and R2.3, as sets of places."""
    tops = game.playable()
    found: set[frozenset[Place]] = set()
    for p, q in itertools.combinations(tops, 2):
        a, b = tops[p].value, tops[q].value
        if a is not None and b is not None and a + b == 11:
            found.add(frozenset((p, q)))
    for trio in itertools.combinations(tops, 3):
        if sorted(tops[p].rank for p in trio) == list(FACES):
            found.add(frozenset(trio))
    return found


@settings(max_examples=40, deadline=None)
@given(positions())
def test_legal_moves_are_exactly_the_rules_removals(game: Game) -> None:
    view = game.legal_moves
    moves = list(view)
    assert {frozenset(m.places) for m in moves} == oracle_moves(game)
    assert len(moves) == len({frozenset(m.places) for m in moves}) == view.count()  # each removal once
    assert bool(view) is (len(moves) > 0)
    for move in moves:
        assert move in view and game.is_legal(move)
        assert Move(tuple(reversed(move.places))) in view  # any order of the same cards (R2.4)
        twin = game.copy()
        twin.remove(move)
        assert twin.moves == game.moves + 1
    assert "P1+P2" not in view  # not a Move: never "in"


@settings(max_examples=40, deadline=None)
@given(positions())
def test_bool_legal_moves_is_not_a_dead_end(game: Game) -> None:
    has_move = bool(game.legal_moves)
    assert has_move is (game.status is Status.PLAYING)
    assert (game.status is Status.DEAD_END) is (not has_move and game.cards_left > 0)
    report = game.dead_end_report()
    assert (report is None) is (game.status is not Status.DEAD_END)
    if report is not None:
        ranks = {c.rank for c in game.playable().values()}
        assert set(report.values) == ranks - set(FACES)
        assert not set(report.partners) & ranks  # no playable value has its partner playable
        assert set(report.faces_missing) == set(FACES) - ranks and report.faces_missing
        assert list(report.values) == sorted(report.values)


@settings(max_examples=40, deadline=None)
@given(positions(), st.lists(st.sampled_from(PLACES), min_size=1, max_size=2))
def test_dimmed_is_what_a_tap_would_neither_complete_nor_extend(game: Game, taps: list[Place]) -> None:
    for place in taps:
        game.tap(place)
    dimmed = game.dimmed()
    selection = game.selection
    if not selection:
        assert dimmed == frozenset()
        return
    chosen = [game.top(p) for p in selection]
    assert dimmed <= set(game.playable()) - set(selection)
    for place, top in game.playable().items():
        if place in selection:
            continue
        twin = game.copy()
        result = twin.tap(place)
        kind = result.kind
        assert result.place is place
        assert (place not in dimmed) is (kind in (TapKind.REMOVED, TapKind.SELECTED))
        assert (kind is TapKind.REMOVED) is completes(chosen, top)  # type: ignore[arg-type]
        if kind is TapKind.REMOVED:
            assert Move((*selection, place)) in game.legal_moves
            assert twin.selection == ()
        elif kind is TapKind.SELECTED:
            assert twin.selection == (*selection, place)
        elif kind is TapKind.RESELECTED:
            assert twin.selection == (place,)
        else:
            assert kind is TapKind.CLEARED and twin.selection == ()


@pytest.mark.parametrize(
    ("piles", "reserve", "expected"),
    [
        ([["5H"], ["6S"]], [], ["P1+P2"]),
        ([["JH"], ["QS"], ["KD"]], [], ["P1+P2+P3"]),
        ([["JH"], ["QS"], ["KD"], ["KC"]], ["AH", "TH"], ["P1+P2+P3", "P1+P2+P4", "R1+R2"]),
        ([["KD"], ["JH"], ["7C"], ["QS"]], ["4D"], ["P1+P2+P4", "P3+R1"]),
        ([["5H"], ["5S"], ["KD"], ["KC"]], [], []),
    ],
)
def test_legal_moves_of_small_layouts_in_board_order(
    piles: list[list[str]], reserve: list[str], expected: list[str]
) -> None:
    game = Game.from_layout(piles + [[]] * (12 - len(piles)), reserve + [None] * (8 - len(reserve)))
    assert [str(m) for m in game.legal_moves] == expected
    assert game.legal_moves.count() == len(expected) and bool(game.legal_moves) is bool(expected)
