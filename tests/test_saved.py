"""The saved game: versioned JSON, validated whole (load(save(g)) == g)."""

from __future__ import annotations

import json

import pytest
from testdata import WON

from halfmoon import Game, SaveError, load, save
from halfmoon import errors as e


def saved_game() -> Game:
    game = Game.from_code(WON["code"])
    for move in WON["moves"][:10]:
        game.remove(move)
    game.undo()
    game.undo()
    game.elapsed_ms = 61_500
    return game


def test_round_trip() -> None:
    game = saved_game()
    again = load(save(game))
    assert again == game
    assert [str(r) for r in again.undone_moves] == WON["moves"][8:10]
    assert again.elapsed_ms == 61_500 and again.started


def test_the_saved_form() -> None:
    data = json.loads(save(saved_game()))
    assert data == {
        "format": "half-moon-game",
        "version": 1,
        "code": "HM1-N-AAAAAAB",
        "moves": WON["moves"][:8],
        "undone": WON["moves"][8:10],  # the next redo first
        "elapsed_ms": 61_500,
    }


def test_a_game_from_a_layout_is_not_saved(r9: Game) -> None:
    with pytest.raises(SaveError):
        save(r9)


def tampered(**changes: object) -> str:
    data = json.loads(save(saved_game()))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", SaveError),
        ("{", SaveError),
        ("[]", SaveError),
        ("null", SaveError),
        ('"x"', SaveError),
        ("[" * 100_000, SaveError),
        (tampered(format="other"), SaveError),
        (tampered(version=2), e.SaveVersionError),
        (tampered(version="1"), e.SaveVersionError),
        (tampered(extra=1), SaveError),
        (tampered(code="HM1-N-AAAA"), SaveError),
        (tampered(code=7), SaveError),
        (tampered(moves="P1+P8"), SaveError),
        (tampered(moves=[1, 2]), SaveError),
        (tampered(moves=["P1+P1"]), SaveError),
        (tampered(moves=["<img src=x>"]), SaveError),
        (tampered(moves=["P1+P2"]), e.SaveMoveError),
        (tampered(undone=["P1+P2"]), e.SaveMoveError),
        (tampered(moves=WON["moves"] + ["P1+P2"]), SaveError),
        (tampered(elapsed_ms=-1), SaveError),
        (tampered(elapsed_ms=1.5), SaveError),
        (tampered(elapsed_ms=True), SaveError),
        (tampered(elapsed_ms=10**20), SaveError),
    ],
)
def test_a_bad_save_is_refused_whole(text: str, error: type[SaveError]) -> None:
    with pytest.raises(error) as raised:
        load(text)
    assert raised.value.message("fi") and raised.value.message("en")


def test_an_illegal_move_is_reported_with_its_number() -> None:
    moves = [*WON["moves"][:3], "P1+P2"]
    with pytest.raises(e.SaveMoveError) as raised:
        load(tampered(moves=moves, undone=[]))
    assert raised.value.params["number"] == 4
