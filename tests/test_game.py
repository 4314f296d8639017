"""Whole games: a win (R5.3, R6.1), a dead end (R6.2), undo, redo and restart (R7), and the game as a
value: copy, equality, its text, whether it is in progress (R7.6)."""

from __future__ import annotations

import re

import pytest

from halfmoon import (
    PLACES,
    WON_MOVES,
    WON_SCORE,
    Card,
    DealCode,
    Game,
    GameOverError,
    Kind,
    Move,
    NothingToRedoError,
    NothingToUndoError,
    Place,
    Status,
    TapKind,
)
from support.testdata import DEAD_END, VECTORS, WON, play, r9_game


def position(game: Game) -> list[tuple[Card, ...]]:
    return [game.cards(p) for p in PLACES]


def test_r5_3_a_won_game_is_40_pairs_and_8_trios_48_moves_and_520_points() -> None:
    game = play(WON["code"], WON["moves"])
    assert game.status is Status.WON and game.is_won and game.is_over
    assert (game.pairs, game.trios) == (40, 8)
    assert (game.moves, game.score) == (48, 520)
    assert (game.moves, game.score) == (WON_MOVES, WON_SCORE)  # the engine's constants are a real win's
    assert game.cards_left == 0 and game.playable() == {}
    assert [r.kind for r in game.move_stack].count(Kind.TRIO) == 8
    assert game.dead_end_report() is None


def test_r7_1_after_a_win_undo_is_off() -> None:
    game = play(WON["code"], WON["moves"])
    assert not game.can_undo
    with pytest.raises(NothingToUndoError):
        game.undo()
    with pytest.raises(GameOverError):
        game.remove("P1+P2")
    assert not game.is_legal(Move.parse("P1+P2"))
    assert not game.legal_moves and game.legal_moves.count() == 0


def test_a_win_by_tapping_alone() -> None:
    game = Game.from_code(WON["code"])
    for move in WON["moves"]:
        *first, last = move.split("+")
        for place in first:
            assert game.tap(place).kind is TapKind.SELECTED
        result = game.tap(last)
        assert result.kind is TapKind.REMOVED and result.removal is not None and str(result.removal) == move
    assert game.status is Status.WON and (game.moves, game.score) == (48, 520)


def test_r6_2_a_dead_end_reached_from_a_real_code() -> None:
    game = play(DEAD_END["code"], DEAD_END["moves"])
    assert game.status is Status.DEAD_END and game.is_over and not game.is_won
    assert not game.legal_moves and list(game.legal_moves) == [] and game.legal_moves.count() == 0
    report = game.dead_end_report()
    assert report is not None
    assert report.values == (6, 7, 8, 9, 10) and report.partners == (5, 4, 3, 2, 1)
    assert report.faces_missing == (12, 13)


def test_r7_1_undo_works_from_a_dead_end_and_the_game_runs_again() -> None:
    game = play(DEAD_END["code"], DEAD_END["moves"])
    assert game.can_undo
    removal = game.undo()
    assert str(removal) == DEAD_END["moves"][-1]
    assert game.status is Status.PLAYING and not game.is_over
    assert game.dead_end_report() is None


def test_r7_1_undo_puts_every_card_back_and_lowers_the_figures() -> None:
    game = Game.from_code(WON["code"])
    start = position(game)
    figures = [(0, 0)]
    for move in WON["moves"][:-1]:
        game.remove(move)
        figures.append((game.score, game.moves))
    for _ in range(WON_MOVES - 1):  # R7.1: all 47 are within the 100 most recent moves
        assert (game.score, game.moves) == figures.pop()
        game.undo()
    assert position(game) == start
    assert (game.score, game.moves) == (0, 0) == figures.pop()
    assert not game.can_undo
    with pytest.raises(NothingToUndoError):
        game.undo()


def test_r7_5_redo_reapplies_in_order_until_a_new_move() -> None:
    game = play(WON["code"], WON["moves"][:5])
    after_five = position(game)
    assert not game.can_redo
    game.undo()
    game.undo()
    assert [str(r.move) for r in game.undone_moves] == WON["moves"][3:5]
    assert str(game.redo()) == WON["moves"][3]
    assert str(game.redo()) == WON["moves"][4]
    assert position(game) == after_five and game == play(WON["code"], WON["moves"][:5])
    with pytest.raises(NothingToRedoError):
        game.redo()
    game.undo()
    game.remove(WON["moves"][4])
    assert not game.can_redo
    game.undo()
    assert game.can_redo
    game.remove(next(m for m in game.legal_moves if str(m) != WON["moves"][4]))
    assert not game.can_redo and game.undone_moves == ()


def test_r7_after_47_moves_undo_to_the_start_and_redo_every_move_gives_the_same_game() -> None:
    """R7.1 and R7.5 over the longest line that can still be undone (the 48th move wins, R7.1): the same
    position, score and history of moves, and the game goes on to its win."""
    game = play(WON["code"], WON["moves"][:-1])
    after = (position(game), game.score, game.moves, [str(r.move) for r in game.move_stack])
    for _ in range(WON_MOVES - 1):
        game.undo()
    assert (position(game), game.score, game.moves, game.move_stack) == (
        position(Game.from_code(WON["code"])),
        0,
        0,
        (),
    )
    assert [str(r.move) for r in game.undone_moves] == WON["moves"][:-1] and not game.can_undo
    for _ in range(WON_MOVES - 1):
        game.redo()
    assert (position(game), game.score, game.moves, [str(r.move) for r in game.move_stack]) == after
    assert game == play(WON["code"], WON["moves"][:-1]) and not game.can_redo and game.undone_moves == ()
    game.remove(WON["moves"][-1])
    assert game.status is Status.WON and (game.score, game.moves) == (WON_SCORE, WON_MOVES)


def test_restart_deals_the_same_cards_and_clears_everything() -> None:
    game = play(WON["code"], WON["moves"][:6])
    game.undo()
    game.tap("P1")
    game.restart()
    assert game == Game.from_code(WON["code"])
    assert position(game) == position(Game.from_code(WON["code"]))
    assert not game.can_undo and not game.can_redo and game.selection == ()
    assert (game.score, game.moves) == (0, 0)
    assert game.record() == "HM1-N-AAAAAAB"


def test_r6_2_status_is_checked_right_after_the_deal() -> None:
    assert Game.from_code(WON["code"]).status is Status.PLAYING


def test_game_record_is_the_code_and_the_moves() -> None:
    game = play(WON["code"], WON["moves"][:3])
    assert game.record() == "HM1-N-AAAAAAB " + " ".join(WON["moves"][:3])
    assert Game.from_code(WON["code"]).record() == "HM1-N-AAAAAAB"


def test_from_code_takes_text_or_a_code() -> None:
    assert Game.from_code("hm1-n-aaaaaab") == Game.from_code(DealCode(1))
    assert Game.from_code("HM1-N-AAAAAAB").code == DealCode(1)


def test_remove_takes_a_move_text_or_places() -> None:
    first = WON["moves"][0]
    for form in (Move.parse(first), first, first.split("+"), [Place.parse(p) for p in first.split("+")]):
        game = Game.from_code(WON["code"])
        removal = game.remove(form)
        assert str(removal.move) == first and game.moves == 1


def test_the_position_as_values() -> None:
    game = Game.from_code(WON["code"])
    layout = DealCode(1).layout()
    assert game.cards(Place.P1) == layout.piles[0] and game.top(Place.P1) == layout.piles[0][-1]
    assert game.count(Place.P12) == 8 and game.count(Place.R8) == 1 and game.cards_left == 104
    assert game.playable() == {p: game.top(p) for p in PLACES}
    removal = game.remove(WON["moves"][0])
    for place, card in zip(removal.move.places, removal.cards, strict=True):
        assert layout.piles[place.number - 1][-1] == card if place.is_pile else layout.reserve[place.number - 1] == card
    assert game.cards_left == 102


# Copy and equality: the position and the history, never the selection (nor the clock, which is apart)


def test_copy_is_equal_and_independent() -> None:
    game = play(WON["code"], WON["moves"][:4])
    game.undo()
    game.tap("P2")
    twin = game.copy()
    assert twin == game and twin is not game
    assert position(twin) == position(game) and twin.selection == game.selection
    assert twin.undone_moves == game.undone_moves and twin.code == game.code
    twin.redo()
    assert twin != game and game.moves == 3 and twin.moves == 4 and game.can_redo
    twin.undo()
    twin.tap("P5")
    assert game.selection == (Place.P2,)
    game.remove(WON["moves"][3])
    assert twin.moves == 3 and twin.can_redo and position(twin) != position(game)
    twin.restart()
    assert game.moves == 4


def test_equality_ignores_the_selection_but_not_undone_moves() -> None:
    a, b = play(WON["code"], WON["moves"][:3]), play(WON["code"], WON["moves"][:3])
    a.tap("P1")
    assert a == b
    a.undo()
    b.undo()
    assert a == b
    b.redo()
    b.undo()
    assert a == b
    c = play(WON["code"], WON["moves"][:2])
    assert position(c) == position(a) and c != a  # the same cards, but a can redo
    assert a != Game.from_code(WON["code"]) and a != "HM1-N-AAAAAAB"
    assert Game.from_code(DealCode(1)) != Game.from_code(DealCode(2))


def test_a_game_is_not_hashable() -> None:
    with pytest.raises(TypeError):
        hash(Game.from_code(WON["code"]))


def test_str_is_exactly_the_card_text_table() -> None:
    game = Game.from_code("HM1-N-AAAAAAB")
    game.remove("R1+R6")  # 10♦ + A♣: two reserve slots empty
    assert str(game).splitlines() == [
        " P1 8C  (8)  P2 QS  (8)  P3 KC  (8)  P4 9D  (8)  P5 6D  (8)  P6 5D  (8)",
        " P7 2H  (8)  P8 7C  (8)  P9 QH  (8) P10 QC  (8) P11 TS  (8) P12 8D  (8)",
        " R1 --  (0)  R2 KD  (1)  R3 JD  (1)  R4 TC  (1)  R5 JD  (1)  R6 --  (0)  R7 4H  (1)  R8 7S  (1)",
    ]


# The table as text, checked against the reference deal of docs/hm1-vectors.json

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANKS = {  # docs/deal-codes.md "Card text": 10♥, Q♠; the Finnish interface writes J, Q, K as V, D, R
    "fi": {"T": "10", "J": "V", "Q": "D", "K": "R"},
    "en": {"T": "10", "J": "J", "Q": "Q", "K": "K"},
}
CELL = r" *(P1[0-2]|P[1-9]|R[1-8]) (\S+) +\(([0-8])\)"


def shown(card: str, lang: str | None) -> str:
    """A card as the table shows it: its card text (``lang`` None), or its face in that language."""
    return card if lang is None else RANKS[lang].get(card[0], card[0]) + SUITS[card[1]]


def reference_table(code: str, moves: list[str]) -> dict[str, list[str]]:
    """Each place's cards, bottom to top: the reference deal of docs/ (deal-codes.md "The reference
    vectors"), each move taking away the top card of every place it names (R2.5)."""
    deal = next(d for d in VECTORS if d["code"] == code)
    table = {f"P{n}": list(pile) for n, pile in enumerate(deal["piles"], start=1)}
    table |= {f"R{n}": [card] for n, card in enumerate(deal["reserve"], start=1)}
    for move in moves:
        for place in move.split("+"):
            table[place].pop()
    return table


@pytest.mark.parametrize("lang", ["fi", "en", None], ids=["board-fi", "board-en", "str-card-text"])
def test_the_table_as_text_shows_every_place_s_top_card_and_count(lang: str | None) -> None:
    moves = WON["moves"][:8]
    reference = reference_table(WON["code"], moves)
    tops = {place: cards[-1] for place, cards in reference.items() if cards}
    assert {card[0] for card in tops.values()} >= {"T", "J", "Q", "K"}  # a ten and every face are shown
    assert len(tops) < len(PLACES)  # and some places are empty
    game = play(WON["code"], moves)
    text = str(game) if lang is None else game.board(lang)
    rows = text.splitlines()
    assert [re.fullmatch(f"(?:{CELL})+", row) is not None for row in rows] == [True] * 3, text
    cells = [re.findall(CELL, row) for row in rows]
    assert [place for place, _, _ in cells[2]] == [f"R{n}" for n in range(1, 9)]  # the reserve: a row of its own
    assert [place for row in cells for place, _, _ in row] == [str(p) for p in PLACES]
    read = {place: (face, int(count)) for row in cells for place, face, count in row}
    expected = {place: (shown(cards[-1], lang) if cards else "--", len(cards)) for place, cards in reference.items()}
    assert read == expected


def test_repr_names_the_record_and_the_status() -> None:
    game = play(WON["code"], WON["moves"][:2])
    assert repr(game) == f"<Game {game.record()!r} playing>"
    dead = play(DEAD_END["code"], DEAD_END["moves"])
    assert repr(dead) == f"<Game {dead.record()!r} dead-end>"
    assert repr(dead.legal_moves) == "<LegalMoves ()>"
    r9 = r9_game()
    assert repr(r9.legal_moves) == "<LegalMoves (" + ", ".join(map(str, r9.legal_moves)) + ")>"
    assert repr(r9.legal_moves).startswith("<LegalMoves (P1+P8, ")
    assert r9.record() == "-"  # a game from a layout has no code


# R7.6: a game in progress; restart changes something


def test_r7_6_in_progress_from_the_first_removal() -> None:
    game = Game.from_code(WON["code"])
    assert not game.in_progress and not game.can_restart
    game.tap("P1")
    assert not game.in_progress  # a tap is not a removal
    game.remove(WON["moves"][0])
    assert game.in_progress and game.can_restart
    game.undo()
    assert game.moves == 0 and game.in_progress and game.can_restart  # even if every removal was undone
    game.restart()
    assert not game.in_progress and not game.can_restart


def test_r7_6_a_won_game_or_a_dead_end_is_not_in_progress() -> None:
    won = play(WON["code"], WON["moves"])
    assert not won.in_progress and won.can_restart  # play the deal again
    dead = play(DEAD_END["code"], DEAD_END["moves"])
    assert not dead.in_progress and dead.can_restart
    dead.undo()
    assert dead.in_progress


def test_r7_6_a_deal_dead_from_the_start_is_never_in_progress() -> None:
    game = Game.from_layout([["AH"], ["2H"]] + [[]] * 10, [None] * 8)
    assert not game.in_progress and not game.can_restart and game.is_over
