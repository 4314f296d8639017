"""The rules, case by case: R2 removals, R3 tapping, R4 settings, R5 figures, R9 the seed's example."""

from __future__ import annotations

import pytest

from halfmoon import (
    Card,
    EmptyPlaceError,
    Game,
    Kind,
    LayoutError,
    Move,
    NotATrioError,
    NotElevenError,
    Place,
    Status,
    TapError,
    TapKind,
    i18n,
)
from halfmoon import errors as e

P = Place


def pick(game: Game, *places: str) -> list[TapKind]:
    kinds = []
    for name in places:
        result = game.tap(name)
        assert result.place is Place.parse(name)  # every tap says where it was
        kinds.append(result.kind)
    return kinds


# R9: the seed's worked example, move by move


def test_r9_move_1_five_of_spades_and_six_of_diamonds(r9: Game) -> None:
    assert pick(r9, "P1", "P8") == [TapKind.SELECTED, TapKind.REMOVED]
    assert (r9.score, r9.moves) == (10, 1)
    assert r9.top(P.P8) == Card.parse("JC") and r9.top(P.P1) == Card.parse("7H")


def test_r9_move_2_trio_removed_on_the_third_tap(r9: Game) -> None:
    r9.remove("P1+P8")
    assert pick(r9, "P8", "P5") == [TapKind.SELECTED, TapKind.SELECTED]
    assert r9.count(P.P8) == 1
    result = r9.tap("P3")
    assert result.kind is TapKind.REMOVED and result.removal is not None
    assert result.removal.kind is Kind.TRIO and str(result.removal.move) == "P8+P5+P3"
    assert (r9.score, r9.moves) == (25, 2)
    assert r9.top(P.P8) is None and r9.top(P.P5) is None and r9.top(P.P3) is None


def test_r9_failed_tap_sum_six_clears(r9: Game) -> None:
    r9.tap("P1")
    result = r9.tap("P2")
    assert (result.kind, result.error, result.place) == (TapKind.CLEARED, TapError.SUM_NOT_11, P.P2)
    assert r9.selection == () and r9.moves == 0


def test_r9_failed_tap_number_then_face_clears(r9: Game) -> None:
    r9.tap("P1")
    result = r9.tap("P3")
    assert (result.kind, result.error) == (TapKind.CLEARED, TapError.SUM_NOT_11)
    assert r9.selection == ()


def test_r9_failed_tap_two_kings_the_second_is_selected(r9: Game) -> None:
    r9.tap("P3")
    result = r9.tap("P12")
    assert (result.kind, result.error, result.place) == (TapKind.RESELECTED, TapError.TRIO_NEEDED, P.P12)
    assert r9.selection == (P.P12,)


# R3 tapping


def test_r3_1_and_r3_2_select_and_deselect(r9: Game) -> None:
    assert r9.tap("P1").kind is TapKind.SELECTED
    assert r9.selection == (P.P1,)
    assert pick(r9, "P1") == [TapKind.DESELECTED]
    assert not r9.selection


def test_r3_2_deselect_only_that_card(r9: Game) -> None:
    pick(r9, "P5", "P3")  # queen, king
    assert r9.tap("P5").kind is TapKind.DESELECTED
    assert r9.selection == (P.P3,)


def test_r3_3_pair_from_two_reserve_slots(r9: Game) -> None:
    assert pick(r9, "R3", "R4") == [TapKind.SELECTED, TapKind.CLEARED]  # 3 + 4
    assert pick(r9, "R1", "R8") == [TapKind.SELECTED, TapKind.REMOVED]  # 10 + A
    assert r9.top(P.R1) is None and r9.top(P.R8) is None


def test_r3_4_face_then_number_clears_with_the_trio_reason(r9: Game) -> None:
    r9.tap("P3")
    result = r9.tap("P1")
    assert (result.kind, result.error) == (TapKind.CLEARED, TapError.TRIO_NEEDED)
    assert r9.selection == ()


def test_r3_4_two_faces_then_number_clears(r9: Game) -> None:
    pick(r9, "P5", "P3")
    assert r9.tap("R1").kind is TapKind.CLEARED and r9.selection == ()


def test_r3_6_same_rank_face_becomes_the_only_selected_card(r9: Game) -> None:
    pick(r9, "P5", "P3")  # Q♥, K♥
    result = r9.tap("P12")  # the other K♥
    assert result.kind is TapKind.RESELECTED
    assert r9.selection == (P.P12,)


def test_r3_7_a_two_face_selection_is_never_completed_for_the_player(r9: Game) -> None:
    pick(r9, "R7", "P5")  # J♥, Q♥: a king is playable, but nothing happens until it is tapped
    assert r9.selection == (P.R7, P.P5) and r9.moves == 0


def test_r3_8_tapping_an_empty_place_does_nothing(r9: Game) -> None:
    r9.remove("R1+R8")
    r9.tap("P1")
    assert pick(r9, "R1") == [TapKind.IGNORED]
    assert r9.selection == (P.P1,)


@pytest.mark.parametrize("action", ["undo", "restart"])
def test_r3_8_undo_and_restart_clear_the_selection(r9: Game, action: str) -> None:
    r9.remove("R1+R8")
    r9.tap("P1")
    getattr(r9, action)()
    assert r9.selection == ()


# R4.2 layout help: the exact darkened set


def test_r4_2_nothing_darkened_without_a_selection(r9: Game) -> None:
    assert r9.dimmed() == frozenset()


def test_r4_2_with_a_number_selected_all_but_its_partners_are_darkened(r9: Game) -> None:
    r9.tap("P1")  # 5♠: its partners are the sixes, 6♦ on pile 8 and 6♠ in R2
    assert r9.dimmed() == frozenset(Place) - {P.P1, P.P8, P.R2}


def test_r4_2_with_faces_selected_numbers_and_taken_ranks_are_darkened(r9: Game) -> None:
    r9.tap("P3")  # K♥
    assert r9.dimmed() == frozenset(Place) - {P.P3, P.P5, P.R7}
    r9.tap("P5")  # Q♥
    assert r9.dimmed() == frozenset(Place) - {P.P3, P.P5, P.R7}


def test_r4_2_a_darkened_card_can_still_be_tapped(r9: Game) -> None:
    r9.tap("P1")
    assert P.P2 in r9.dimmed()
    assert r9.tap("P2").kind is TapKind.CLEARED


# R2 removals through remove()


@pytest.mark.parametrize(
    ("move", "error"),
    [
        ("P1+P2", NotElevenError),  # 5 + A
        ("P1+P3", NotElevenError),  # number first
        ("P3+P1", NotATrioError),  # face first
        ("P3+P12+P5", NotATrioError),  # two kings
        ("P1+P8+P2", NotElevenError),
        ("P3+P5", NotATrioError),  # two faces never pair (R2.3)
        ("P1+P8+R2", NotElevenError),  # 5 + 6 is a pair: a third card makes it no removal
        ("P1+R2+P8", NotElevenError),
        ("P5+P3+R7+P12", None),  # four places are not a move at all
    ],
)
def test_r2_an_illegal_removal_is_refused_and_never_applied(r9: Game, move: str, error: type[Exception] | None) -> None:
    before = [r9.cards(p) for p in Place]
    with pytest.raises(error or e.MoveTextError) as raised:
        r9.remove(move)
    assert type(raised.value) is (error or e.MoveTextError)
    assert not r9.is_legal(Move.parse(move)) if error else True
    assert [r9.cards(p) for p in Place] == before and r9.moves == 0


def test_r2_5_an_emptied_place_stays_empty(r9: Game) -> None:
    r9.remove("R1+R8")
    for move in ("R1+P2", "P2+R8", "P5+P3+R1"):
        with pytest.raises(EmptyPlaceError) as raised:
            r9.remove(move)
        assert raised.value.params["place"] in ("R1", "R8")
    assert r9.moves == 1 and r9.count(P.P2) == 1


def test_r2_removals_and_their_kinds(r9: Game) -> None:
    pair = r9.remove("P1+P8")
    assert pair.kind is Kind.PAIR and [c.text for c in pair.cards] == ["5S", "6D"]
    trio = r9.remove("P8+P5+P3")
    assert trio.kind is Kind.TRIO and [c.text for c in trio.cards] == ["JC", "QH", "KH"]
    assert r9.score == Kind.PAIR.points + Kind.TRIO.points == 25
    assert r9.pairs == 1 and r9.trios == 1


def test_moves_name_two_or_three_distinct_places() -> None:
    for text in ("P1", "P1+P2+P3+P4", ""):
        with pytest.raises(e.MoveTextError) as raised:
            Move.parse(text)
        assert raised.value.params == {"text": text}
    for text, place in (("P1+P1", "P1"), ("p1 P1", "P1"), ("P1+P8+P1", "P1")):  # a place named twice
        with pytest.raises(e.MoveRepeatError) as repeated:
            Move.parse(text)
        assert repeated.value.params == {"text": text, "place": place}
    with pytest.raises(e.MovePlaceError) as not_a_place:  # and which token is no place
        Move.parse("P1+X2")
    assert not_a_place.value.params == {"text": "P1+X2", "place": "X2"}
    with pytest.raises(e.MoveTextError) as made:
        Move((Place.P1, Place.P1))
    assert made.value.params == {"text": "P1+P1"}
    with pytest.raises(e.MoveTextError):
        Move((Place.P1,))
    with pytest.raises(e.MoveTextError):
        Move.parse("P1+P2+P3+P4")
    with pytest.raises(e.MoveTextError):
        Move.parse("P1")
    with pytest.raises(e.MoveTextError):
        Move.parse("P1+Q9")
    assert str(Move.parse(" p8  p5,p3 ")) == "P8+P5+P3"
    assert Move.parse("r1,+ P12").places == (Place.R1, Place.P12)
    assert str(Move.parse("P1" + " " * 96 + "P8")) == "P1+P8"  # 100 characters
    with pytest.raises(e.MoveTextError) as long:
        Move.parse("P1" + " " * 97 + "P8")
    assert long.value.params == {"text": "P1" + " " * 97 + "P8"}
    assert repr(Move.parse("p1 p8")) == "Move.parse('P1+P8')"


def test_r2_4_any_mix_of_places_for_a_trio(r9: Game) -> None:
    assert r9.is_legal(Move.parse("R7+P5+P12"))  # reserve jack, pile queen, pile king


# Layouts


@pytest.mark.parametrize(
    ("piles", "reserve", "reason"),
    [
        ([[]] * 11, [None] * 8, "shape"),
        ([[]] * 12, [None] * 9, "shape"),
        ([["AH"] * 2 + ["2H"] * 2 + ["3H"] * 2 + ["4H"] * 2 + ["5H"]] + [[]] * 11, [None] * 8, "pile-too-high"),
        ([["AH"], ["AH"]] + [[]] * 10, ["AH"] + [None] * 7, "card-thrice"),
    ],
)
def test_a_layout_refusal_says_why(piles: list[list[str]], reserve: list[str | None], reason: str) -> None:
    with pytest.raises(LayoutError) as raised:
        Game.from_layout(piles, reserve)
    assert raised.value.params == {"reason": reason}
    assert all(i18n.text(f"reason-{reason}", lang) in i18n.error_text(raised.value, lang) for lang in i18n.LANGUAGES)


def test_a_layout_may_not_hold_a_card_three_times() -> None:
    with pytest.raises(LayoutError):
        Game.from_layout([["AH"], ["AH"], ["AH"]] + [[]] * 9, [None] * 8)
    with pytest.raises(LayoutError):
        Game.from_layout([[]] * 11, [None] * 8)
    with pytest.raises(LayoutError):
        Game.from_layout([[]] * 12, [None] * 7)
    with pytest.raises(LayoutError):
        Game.from_layout([["AH"] * 2 + ["2H"] * 2 + ["3H"] * 2 + ["4H"] * 2 + ["5H"]] + [[]] * 11, [None] * 8)
    twice = Game.from_layout(
        [["AH", "AH"], ["2H"] * 2 + ["3H"] * 2 + ["4H"] * 2 + ["5H"] * 2] + [[]] * 10, ["AS"] * 2 + [None] * 6
    )
    assert twice.count(P.P2) == 8 and twice.count(P.R1) == 1 and twice.top(P.R3) is None
    with pytest.raises(e.CardTextError):
        Game.from_layout([["1H"]] + [[]] * 11, [None] * 8)
    assert Game.from_layout([[Card.parse("AH")]] + [[]] * 11, [Card.parse("TS")] + [None] * 7).status is Status.PLAYING


def test_r6_2_a_layout_can_start_dead() -> None:
    game = Game.from_layout([["AH"], ["2H"]] + [[]] * 10, [None] * 8)
    assert game.status is Status.DEAD_END
    report = game.dead_end_report()
    assert report is not None and report.values == (1, 2) and report.partners == (10, 9)
    assert report.faces_missing == (11, 12, 13)


def test_r6_2_faces_present_count_in_the_report() -> None:
    game = Game.from_layout([["AH"], ["JH"], ["QS"]] + [[]] * 9, [None] * 8)
    report = game.dead_end_report()
    assert report is not None and report.values == (1,) and report.faces_missing == (13,)


# The vocabulary: cards and places (R1.2, deal-codes.md "Card text")


def test_card_text_and_symbols() -> None:
    from halfmoon import Suit

    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [Card.from_index(i).text for i in (0, 12, 13, 51, 52, 103)] == ["AC", "KC", "AD", "KS", "AC", "KS"]
    card = Card.parse("TD")
    assert (card.rank, card.suit, card.text, str(card), repr(card)) == (
        10,
        Suit.DIAMONDS,
        "TD",
        "TD",
        "Card.parse('TD')",
    )
    assert [Card.parse(r + "S").rank for r in "A23456789TJQK"] == list(range(1, 14))
    for bad in ("", "A", "ad", "1H", "AX", "10H", " AH", "XH", "AHS"):
        with pytest.raises(e.CardTextError) as raised:
            Card.parse(bad)
        assert raised.value.params == {"text": bad}
    for rank in (0, 14):
        with pytest.raises(e.CardTextError) as out_of_range:
            Card(rank, Suit.CLUBS)
        assert out_of_range.value.params == {"text": str(rank)}


def test_places_in_order() -> None:
    from halfmoon import PILES, PLACES, RESERVE

    assert [p.position for p in PLACES] == list(range(20))
    assert [p.number for p in PLACES] == [*range(1, 13), *range(1, 9)]
    assert [p.is_pile for p in PLACES] == [True] * 12 + [False] * 8
    assert [p.capacity for p in PLACES] == [8] * 12 + [1] * 8
    assert PLACES[:12] == PILES and PLACES[12:] == RESERVE and str(P.R8) == "R8"
    assert Place.parse(" p12\t") is P.P12 and Place.parse("r1") is P.R1
    for bad in ("", "P0", "P13", "R9", "Q1", "P 1", "1"):
        with pytest.raises(e.PlaceTextError) as raised:
            Place.parse(bad)
        assert raised.value.params["text"] == bad
