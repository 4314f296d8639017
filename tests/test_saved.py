"""The saved game: versioned JSON, validated whole (load(save(record)) == record)."""

from __future__ import annotations

import json

import pytest

from halfmoon import Game, SavedGame, SaveError, i18n, load, save
from halfmoon import errors as e
from halfmoon.jsontext import nesting_depth, parse_json
from halfmoon.saved import MAX_CHARS, MAX_ELAPSED_MS, MAX_MOMENT_MS
from support.testdata import WON, plain_id, play


def saved_game() -> SavedGame:
    game = play(WON["code"], WON["moves"][:10])
    game.undo()
    game.undo()
    return SavedGame(game, elapsed_ms=61_500, dealt_at=1_764_500_000_000, from_file=True)


def test_round_trip() -> None:
    record = saved_game()
    again = load(save(record))
    assert again == record
    assert again.game == record.game and again.game is not record.game
    assert [str(r) for r in again.game.undone_moves] == WON["moves"][8:10]
    assert (again.elapsed_ms, again.dealt_at, again.from_file) == (61_500, 1_764_500_000_000, True)
    assert load(save(record).encode("utf-8")) == record  # a file's bytes


def test_a_game_alone_is_saved_with_a_fresh_clock() -> None:
    game = play(WON["code"], WON["moves"][:3])
    again = load(save(game))
    assert again == SavedGame(game) and (again.elapsed_ms, again.dealt_at, again.from_file) == (0, 0, False)


def test_the_saved_form() -> None:
    data = json.loads(save(saved_game()))
    assert data == {
        "format": "half-moon-game",
        "version": 2,
        "code": "HM1-N-AAAAAAB",
        "moves": WON["moves"][:8],
        "undone": WON["moves"][8:10],  # the next redo first
        "elapsed_ms": 61_500,
        "dealt_at": 1_764_500_000_000,
        "from_file": True,
    }
    assert " " not in save(saved_game())  # compact


def test_a_version_1_record_still_loads() -> None:
    old = {
        "format": "half-moon-game",
        "version": 1,
        "code": "HM1-N-AAAAAAB",
        "moves": WON["moves"][:8],
        "undone": WON["moves"][8:10],
        "elapsed_ms": 61_500,
    }
    record = load(json.dumps(old))
    assert record.game == saved_game().game
    assert (record.elapsed_ms, record.dealt_at, record.from_file) == (61_500, 0, False)
    with pytest.raises(e.SaveUnknownFieldError) as raised:  # ours, malformed: version 1 had no dealt_at
        load(json.dumps({**old, "dealt_at": 5}))
    assert raised.value.params == {"field": "dealt_at"}


def test_a_won_game_and_a_daily_game_round_trip() -> None:
    won = SavedGame(play(WON["code"], WON["moves"]), elapsed_ms=MAX_ELAPSED_MS, dealt_at=MAX_MOMENT_MS)
    assert load(save(won)) == won
    daily = Game.from_code("HM1-D-20261130")
    daily.remove(next(iter(daily.legal_moves)))
    assert load(save(daily)).game == daily


def test_a_game_from_a_layout_is_not_saved(r9: Game) -> None:
    with pytest.raises(e.ForeignRecordError) as raised:
        save(r9)
    assert raised.value.params == {"reason": "no-code"}


def tampered(**changes: object) -> str:
    data = json.loads(save(saved_game()))
    data.update(changes)
    return json.dumps(data)


def without(field: str) -> str:
    data = json.loads(save(saved_game()))
    del data[field]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", e.ForeignRecordError),
        ("{", e.ForeignRecordError),
        ("[]", e.ForeignRecordError),
        ("null", e.ForeignRecordError),
        ('"x"', e.ForeignRecordError),
        ("[" * 100_000, e.ForeignRecordError),
        ("[" * 20, e.ForeignRecordError),
        (" " * (MAX_CHARS + 1), e.ForeignRecordError),
        (tampered(format="other"), e.ForeignRecordError),
        (without("format"), e.ForeignRecordError),
        (tampered(version=3), e.SaveNewerError),  # a newer app's: never removed nor written over
        (tampered(version=0), e.SaveVersionError),
        (tampered(version="2"), e.SaveVersionError),
        (tampered(version=2.0), e.SaveVersionError),
        (tampered(version=True), e.SaveVersionError),
        (without("version"), e.SaveVersionError),
        (tampered(extra=1), e.SaveNewerError),  # a field the latest version does not know: a newer app's
        (without("from_file"), e.SaveMissingFieldError),  # names our format: ours, malformed
        (tampered(code="HM1-N-AAAA"), e.SaveFieldError),
        (tampered(code=7), e.SaveFieldError),
        (tampered(code=None), e.SaveFieldError),
        (tampered(moves="P1+P8"), e.SaveFieldError),
        (tampered(moves=[1, 2]), e.SaveFieldError),
        (tampered(moves=["P1+P1"]), e.SaveFieldError),
        (tampered(moves=["<img src=x>"]), e.SaveFieldError),
        (tampered(undone=None), e.SaveFieldError),
        (tampered(undone=["P1"]), e.SaveFieldError),
        (tampered(moves=["P1+P2"]), e.SaveMoveError),
        (tampered(undone=["P1+P2"]), e.SaveMoveError),
        (tampered(moves=WON["moves"] + ["P1+P2"]), e.SaveFieldError),
        (tampered(moves=WON["moves"][:40], undone=[*WON["moves"][40:48], "P1+P2"]), e.SaveFieldError),
        (tampered(elapsed_ms=-1), e.SaveFieldError),
        (tampered(elapsed_ms=1.5), e.SaveFieldError),
        (tampered(elapsed_ms=True), e.SaveFieldError),
        (tampered(elapsed_ms=MAX_ELAPSED_MS + 1), e.SaveFieldError),
        (tampered(elapsed_ms="5"), e.SaveFieldError),
        (tampered(dealt_at=-1), e.SaveFieldError),
        (tampered(dealt_at=MAX_MOMENT_MS + 1), e.SaveFieldError),
        (tampered(dealt_at=None), e.SaveFieldError),
        (tampered(from_file=1), e.SaveFieldError),
        (tampered(from_file="true"), e.SaveFieldError),
    ],
)
def test_a_bad_save_is_refused_whole(text: str, error: type[SaveError]) -> None:
    with pytest.raises(error) as raised:
        load(text)
    assert type(raised.value) is error
    assert all(raised.value.key in i18n.TEXTS[lang] for lang in i18n.LANGUAGES)  # said in its own words


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (tampered(code="x"), "code"),
        (tampered(code=7), "code"),
        (tampered(moves=["P1+P2+P3+P4"]), "moves"),
        (tampered(moves=WON["moves"] + ["P1+P2"]), "moves"),
        (tampered(moves=None), "moves"),
        (tampered(undone=[3]), "undone"),
        (tampered(moves=WON["moves"][:40], undone=[*WON["moves"][40:48], "P1+P2"]), "undone"),
        (tampered(elapsed_ms=-1), "elapsed_ms"),
        (tampered(dealt_at=-1), "dealt_at"),
        (tampered(from_file=0), "from_file"),
        (without("from_file"), "from_file"),
        (without("moves"), "moves"),
    ],
)
def test_a_bad_field_is_named(text: str, field: str) -> None:
    with pytest.raises(e.SaveFieldError) as raised:
        load(text)
    assert raised.value.params["field"] == field


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not-json"),
        ("[" * 9, "too-deep"),
        ("1" * (MAX_CHARS + 1), "too-long"),
        ("[1]", "not-object"),
        ('{"format": "x"}', "format"),
    ],
)
def test_a_foreign_record_says_why(text: str, reason: str) -> None:
    with pytest.raises(e.ForeignRecordError) as raised:
        load(text)
    assert raised.value.params["reason"] == reason
    with pytest.raises(e.ForeignRecordError) as from_bytes:
        load(text.encode())
    assert from_bytes.value.params["reason"] == reason


def test_bytes_that_are_not_utf_8_are_foreign() -> None:
    with pytest.raises(e.ForeignRecordError) as raised:
        load(b"\xff\xfe{}")
    assert raised.value.params["reason"] == "not-text"
    with pytest.raises(e.ForeignRecordError) as long:
        load(b" " * (4 * MAX_CHARS + 1))
    assert long.value.params["reason"] == "too-long"


def test_the_version_is_echoed_short() -> None:
    with pytest.raises(e.SaveVersionError) as raised:
        load(tampered(version="9" * 100))
    assert raised.value.params["version"] == repr("9" * 100)[:40]


def test_an_illegal_move_is_reported_with_its_number() -> None:
    moves = [*WON["moves"][:3], "P1+P2"]
    with pytest.raises(e.SaveMoveError) as raised:
        load(tampered(moves=moves, undone=[]))
    assert raised.value.params["number"] == 4 and raised.value.params["move"] == "P1+P2"
    assert isinstance(raised.value.params["reason"], e.NotElevenError)
    with pytest.raises(e.SaveMoveError) as undone:
        load(tampered(moves=WON["moves"][:2], undone=[WON["moves"][2], "P1+P2"]))
    assert undone.value.params["number"] == 4


def test_a_record_undoing_a_win_is_refused() -> None:
    """R7.1: after a win undo is off, so moves and undone moves that win together were never played."""
    with pytest.raises(e.SaveFieldError) as raised:
        load(tampered(moves=WON["moves"][:40], undone=WON["moves"][40:]))
    assert raised.value.params["field"] == "undone"
    record = load(tampered(moves=WON["moves"][:40], undone=WON["moves"][40:47]))
    assert record.game.moves == 40 and [str(r) for r in record.game.undone_moves] == WON["moves"][40:47]
    assert load(tampered(moves=WON["moves"], undone=[])).game.is_won


# The JSON reader every record goes through (halfmoon/jsontext.py)


def reason(text: str | bytes, **limits: int) -> str:
    with pytest.raises(e.RecordTextError) as raised:
        parse_json(text, **{"max_chars": 100, **limits})
    assert type(raised.value) is e.RecordTextError
    return str(raised.value.params["reason"])


def test_json_within_the_limits_is_read() -> None:
    assert parse_json("[1]", max_chars=3) == [1]  # exactly the length limit
    assert parse_json(b"[1]", max_chars=3) == [1]
    assert parse_json("[[1]]", max_chars=10, max_depth=2) == [[1]]  # exactly the depth limit
    assert parse_json('{"a": "[[[["}', max_chars=20, max_depth=1) == {"a": "[[[["}
    assert parse_json("[" * 8 + "]" * 8, max_chars=100) is not None  # MAX_DEPTH is 8


def test_json_beyond_the_limits_is_refused_with_its_reason() -> None:
    assert reason("[1, 2]", max_chars=5) == "too-long"
    assert reason("[[[1]]]", max_depth=2) == "too-deep"
    assert reason("[" * 9 + "]" * 9) == "too-deep"
    assert reason("{") == "not-json"
    assert reason("X" * 9) == reason("]" * 9 + "[") == "not-json"  # only brackets and braces nest
    assert reason("1" * 5000, max_chars=6000) == "not-json"  # a number too long for int()
    assert reason(b"\xff") == "not-text"
    assert reason("😀😀😀".encode(), max_chars=3) == "not-json"  # 12 bytes, 3 characters: within the limits
    assert reason("😀😀😀 ".encode(), max_chars=3) == "too-long"  # 13 bytes
    assert reason(b"\xff" * 13, max_chars=3) == "too-long"  # bytes are measured before they are decoded


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("", 0),
        ("1", 0),
        ("[", 1),
        ("[]", 1),
        ("[][]", 1),
        ("[[]]", 2),
        ("[{}]", 2),
        ("{[", 2),
        ("[]]][[", 1),
        ('["[[["]', 1),
        (r'["\\"[[]', 3),  # an escaped backslash, then the string ends: two more levels
        (r'["\\\"[["]', 1),  # an escaped quote does not end the string
        (r'"\\"', 0),
        ('[{"a": "]]]"}]', 2),
        ("[[[]]][[", 3),
        ("[][[", 2),
        ("XX[{XX", 2),
    ],
    ids=plain_id,
)
def test_nesting_depth_outside_strings(text: str, depth: int) -> None:
    assert nesting_depth(text) == depth
