"""Whole games: a win (R5.3, R6.1), a dead end (R6.2), undo, redo and restart (R7)."""

from __future__ import annotations

import pytest
from testdata import DEAD_END, WON

from halfmoon import (
    PLACES,
    WON_MOVES,
    WON_SCORE,
    Game,
    GameOverError,
    NothingToRedoError,
    NothingToUndoError,
    Status,
    i18n,
)


def play(code: str, moves: list[str]) -> Game:
    game = Game.from_code(code)
    for move in moves:
        game.remove(move)
    return game


def test_r5_3_a_won_game_is_48_moves_and_520_points() -> None:
    game = play(WON["code"], WON["moves"])
    assert game.status is Status.WON
    assert (game.moves, game.score) == (WON_MOVES, WON_SCORE) == (48, 520)
    assert (game.pairs, game.trios) == (40, 8)
    assert game.cards_left == 0


def test_r7_1_after_a_win_undo_is_off() -> None:
    game = play(WON["code"], WON["moves"])
    assert not game.can_undo
    with pytest.raises(NothingToUndoError):
        game.undo()
    with pytest.raises(GameOverError):
        game.remove("P1+P2")


def test_a_win_by_tapping_alone() -> None:
    game = Game.from_code(WON["code"])
    for move in WON["moves"]:
        *first, last = move.split("+")
        for place in first:
            game.tap(place)
        assert game.tap(last).kind == "removed"
    assert game.status is Status.WON and game.score == 520


def test_r6_2_a_dead_end_reached_from_a_real_code() -> None:
    game = play(DEAD_END["code"], DEAD_END["moves"])
    assert game.status is Status.DEAD_END
    assert list(game.legal_moves()) == []
    report = game.dead_end_report()
    assert report is not None
    assert report.values == (6, 7, 8, 9, 10) and report.faces_missing == (12, 13)
    assert "5, 4, 3, 2 or A" in i18n.dead_end_text(report, "en")
    assert "rouva ja kuningas puuttuvat" in i18n.dead_end_text(report, "fi")


def test_r7_1_undo_works_from_a_dead_end_and_the_clock_may_run_again() -> None:
    game = play(DEAD_END["code"], DEAD_END["moves"])
    assert not game.clock_runs
    game.undo()
    assert game.status is Status.PLAYING and game.clock_runs
    assert game.dead_end_report() is None


def test_r7_1_undo_puts_every_card_back_and_lowers_the_figures() -> None:
    game = Game.from_code(WON["code"])
    start = [game.cards(p) for p in PLACES]
    for move in WON["moves"][:-1]:
        game.remove(move)
    for _ in range(WON_MOVES - 1):
        game.undo()
    assert [game.cards(p) for p in PLACES] == start
    assert (game.score, game.moves) == (0, 0)
    assert not game.can_undo


def test_r7_5_redo_reapplies_in_order_until_a_new_move() -> None:
    game = play(WON["code"], WON["moves"][:5])
    after_five = [game.cards(p) for p in PLACES]
    game.undo()
    game.undo()
    assert [str(r.move) for r in game.undone_moves] == WON["moves"][3:5]
    game.redo()
    game.redo()
    assert [game.cards(p) for p in PLACES] == after_five and game.score == play(WON["code"], WON["moves"][:5]).score
    with pytest.raises(NothingToRedoError):
        game.redo()
    game.undo()
    game.remove(WON["moves"][4])
    assert not game.can_redo
    game.undo()
    assert game.can_redo
    game.remove(next(m for m in game.legal_moves() if str(m) != WON["moves"][4]))
    assert not game.can_redo


def test_restart_deals_the_same_cards_and_clears_everything() -> None:
    game = play(WON["code"], WON["moves"][:6])
    game.undo()
    game.elapsed_ms = 5000
    game.restart()
    assert game == Game.from_code(WON["code"])
    assert not game.can_undo and not game.can_redo and not game.started
    assert game.record() == "HM1-N-AAAAAAB"


def test_r6_2_status_is_checked_right_after_the_deal() -> None:
    assert Game.from_code(WON["code"]).status is Status.PLAYING


def test_r5_4_the_clock_starts_with_the_first_tap() -> None:
    game = Game.from_code(WON["code"])
    assert not game.clock_runs
    game.tap("P1")
    assert game.clock_runs


def test_game_record_is_the_code_and_the_moves() -> None:
    game = play(WON["code"], WON["moves"][:3])
    assert game.record() == "HM1-N-AAAAAAB " + " ".join(WON["moves"][:3])


def test_r7_1_every_move_of_a_game_is_within_undo_reach() -> None:
    from halfmoon.game import UNDO_DEPTH

    assert WON_MOVES <= UNDO_DEPTH == 100
