"""Daily deal codes against their reference deals (deal-codes.md "Daily deals"), and lines of
play as replay links carry them (halfmoon/line.py)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import DealCode, DealCodeError, HalfMoonError, Move
from halfmoon.errors import LineLengthError, LineMoveError, LineTextError
from halfmoon.i18n import error_text
from halfmoon.line import MAX_LINE_TEXT, line_text, parse_line, play_line
from support.testdata import WON

DAILY = json.loads((Path(__file__).parent.parent / "docs" / "hm1-daily-vectors.json").read_text("utf-8"))


@pytest.mark.parametrize("vector", DAILY["deals"], ids=lambda v: v["code"])
def test_every_daily_vector_is_dealt_card_for_card(vector: dict[str, object]) -> None:
    code = DealCode.from_text(str(vector["code"]).lower())
    layout = code.layout()
    assert str(code) == vector["code"]
    assert code.date == datetime.date(*map(int, (vector["code"][6:10], vector["code"][10:12], vector["code"][12:])))  # type: ignore[index]
    assert DealCode.daily(code.date) == code
    assert [[c.text for c in pile] for pile in layout.piles] == vector["piles"]
    assert [c.text if c else "" for c in layout.reserve] == vector["reserve"]


def test_every_refused_daily_code_is_refused_with_its_own_message() -> None:
    said = {}
    for text in DAILY["refused"]:
        with pytest.raises(DealCodeError) as caught:
            DealCode.parse(text)
        said[text] = (error_text(caught.value, "en"), error_text(caught.value, "fi"))
    keys = {error_text(DealCodeError(""), "en")}
    assert all(en not in keys and fi for en, fi in said.values()), said
    # Full-width digits are digits to str.isdigit(), never to a deal code.
    assert "HM1-D-２０２６１１３０" in said


def test_a_won_line_round_trips_and_wins() -> None:
    moves = parse_line(".".join(WON["moves"]))
    assert line_text(moves) == ".".join(WON["moves"])
    assert play_line(DealCode.parse(WON["code"]), moves).is_won


def test_a_query_decoded_line_reads_the_same() -> None:
    assert parse_line("P4 P7.p5 p6") == (Move.parse("P4+P7"), Move.parse("P5+P6"))
    assert parse_line("") == ()


@pytest.mark.parametrize(
    ("text", "number", "why"),
    [
        ("P4+P7.P4", 2, "“P4” is not a move: write two or three different places"),
        ("P4+P7..P5+P6", 2, "“” is not a move: write two or three different places"),
        ("X1+P2", 1, "“X1” is not a place (P1–P12 or R1–R8)."),
        ("P13+P1", 1, "“P13” is not a place (P1–P12 or R1–R8)."),
        ("Р4+P7", 1, "“Р4” is not a place (P1–P12 or R1–R8)."),  # a Cyrillic Р, a lookalike
        ("P1+P1", 1, "“P1+P1” is not a move: P1 is named twice."),
        ("P4+P4", 1, "“P4+P4” is not a move: P4 is named twice."),
    ],
)
def test_a_malformed_line_says_at_which_move_and_why(text: str, number: int, why: str) -> None:
    with pytest.raises(LineTextError) as caught:
        parse_line(text)
    assert caught.value.params["number"] == number
    said = error_text(caught.value, "en")
    assert said.startswith(f"Move {number} (") and why in said, said
    assert "at most" not in said  # the reason is the move's own, not the line's length


def test_a_too_long_line_is_refused_as_too_long() -> None:
    for text in (".".join(["P1+P2"] * 49), "P" * (MAX_LINE_TEXT + 1)):
        with pytest.raises(LineLengthError) as caught:
            parse_line(text)
        assert error_text(caught.value, "en") == "The line is too long: a won game is 48 moves, one dot between them."


def test_an_illegal_move_says_at_which_move() -> None:
    moves = parse_line(".".join([*WON["moves"][:3], "P1+P2"]))
    with pytest.raises(LineMoveError) as caught:
        play_line(DealCode.parse(WON["code"]), moves)
    assert caught.value.params["number"] == 4
    assert error_text(caught.value, "fi").startswith("Siirtosarjan siirto 4 (P1+P2)")


@given(st.text(max_size=600))
def test_any_text_is_a_line_or_a_typed_error(text: str) -> None:
    try:
        moves = parse_line(text)
    except LineTextError as error:
        assert error_text(error, "en")
        return
    try:
        play_line(DealCode.parse(WON["code"]), moves)
    except HalfMoonError as error:
        assert isinstance(error, LineMoveError) and error_text(error, "fi")
