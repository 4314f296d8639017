"""Fuzzing every engine parser: any text, any JSON value, any bytes is either read or
refused with a typed NotationError — never another exception, never unbounded time or recursion."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from halfmoon import PLACES, Card, DealCode, Move, NotationError, Place, SavedGame, load, save
from halfmoon.jsontext import parse_json
from halfmoon.saved import MAX_CHARS
from support.testdata import MUTATION, WON

EXAMPLE_CPU_SECONDS = 2.0
"""A guard against a parser that never ends (or ends so late it is as bad), not a measure of speed:
an example that uses this much of this process's CPU time fails. Far above what any example takes, so
that a busy machine (which inflates CPU time too, through shared caches) never fails it; the speed
of the parsers is measured by tools/bench_engine.py. Hypothesis's own ``deadline`` measures wall
time, which a busy machine stretches at random, so the bound is checked on CPU time
(``read_or_refuse``)."""
fuzz = settings(
    max_examples=settings().max_examples if MUTATION else 300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

SURROGATES = ["\ud800", "\udfff", "\udcff", "HM1-N-\ud800AAAAAA", "?deal=\ud800", "P1+\udc80", "\ud83d"]
texts = st.text() | st.text(st.characters(codec=None)) | st.sampled_from(SURROGATES)
# Near misses are more useful than noise: text built from the alphabet of what each parser reads.
code_like = st.text(alphabet="HMNDhmnd1-AZaz0123456789 ?=&%:/\t２٠", max_size=24)
move_like = st.text(alphabet="PRpr0123456789+, \t\n", max_size=16)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | texts,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(texts, children, max_size=5),
    max_leaves=25,
)
PARSERS: dict[str, Callable[[str], object]] = {
    "DealCode.parse": DealCode.parse,
    "DealCode.from_text": DealCode.from_text,
    "Move.parse": Move.parse,
    "Card.parse": Card.parse,
    "Place.parse": Place.parse,
    "load": load,
    "parse_json": lambda text: parse_json(text, max_chars=MAX_CHARS),
}


def read_or_refuse(
    parse: Callable[[Any], object], value: object, seconds: float = EXAMPLE_CPU_SECONDS
) -> object | None:
    """The parsed value, or None when it was refused with a NotationError (anything else fails),
    in at most ``seconds`` of CPU time."""
    start = time.process_time()
    try:
        return parse(value)
    except NotationError:
        return None
    finally:
        assert time.process_time() - start < seconds, f"{parse} took too long"


@pytest.mark.parametrize("name", PARSERS)
@fuzz
@given(text=texts)
@example(text="")
@example(text="[" * 20_000)
@example(text="\ud800")
def test_any_text(name: str, text: str) -> None:
    read_or_refuse(PARSERS[name], text)


@fuzz
@given(text=code_like)
def test_near_codes(text: str) -> None:
    for parse in (DealCode.parse, DealCode.from_text):
        code = read_or_refuse(parse, text)
        if isinstance(code, DealCode):
            assert DealCode.parse(str(code)) == code  # what is accepted is shown canonically and read back
            assert str(code) == str(code).upper().strip() and len(code.layout().piles) == 12


@fuzz
@given(text=move_like)
def test_near_moves(text: str) -> None:
    move = read_or_refuse(Move.parse, text)
    if isinstance(move, Move):
        assert Move.parse(str(move)) == move and len(set(move.places)) == len(move.places) in (2, 3)
    place = read_or_refuse(Place.parse, text)
    assert place is None or place in PLACES


@fuzz
@given(value=json_values)
def test_any_json_value(value: object) -> None:
    text = json.dumps(value)
    read_or_refuse(load, text)
    read_or_refuse(load, text.encode("utf-8", "surrogatepass"))
    parsed = read_or_refuse(lambda t: parse_json(t, max_chars=10**6), text)
    if parsed is not None and value == value:  # NaN is never equal to itself
        assert json.dumps(parsed) == text


@fuzz
@given(data=st.binary(max_size=300))
def test_any_bytes(data: bytes) -> None:
    read_or_refuse(load, data)
    read_or_refuse(lambda b: parse_json(b, max_chars=MAX_CHARS), data)


def record() -> dict[str, object]:
    game = SavedGame(_won_game(10), elapsed_ms=1000, dealt_at=5, from_file=False)
    data: dict[str, object] = json.loads(save(game))
    return data


def _won_game(moves: int) -> Any:
    from support.testdata import play

    return play(WON["code"], WON["moves"][:moves])


FIELDS = list(record())


@fuzz
@given(field=st.sampled_from(FIELDS), value=json_values, version=st.sampled_from([1, 2]))
def test_a_record_with_one_field_replaced(field: str, value: object, version: int) -> None:
    data = record()
    data[field] = value
    data["version"] = version if field != "version" else value
    if version == 1 and field not in ("dealt_at", "from_file"):
        del data["dealt_at"], data["from_file"]
    loaded = read_or_refuse(load, json.dumps(data))
    if isinstance(loaded, SavedGame):
        assert load(save(loaded)) == loaded


@fuzz
@given(
    moves=st.lists(st.lists(st.sampled_from(PLACES), min_size=1, max_size=4).map("+".join), max_size=48),
    undone=st.lists(st.lists(st.sampled_from(PLACES), min_size=2, max_size=3).map("+".join), max_size=10),
)
def test_a_record_with_random_moves(moves: list[str], undone: list[str]) -> None:
    data = record()
    data["moves"], data["undone"] = WON["moves"][:5] + moves, undone
    loaded = read_or_refuse(load, json.dumps(data))
    if isinstance(loaded, SavedGame):
        assert load(save(loaded)) == loaded and loaded.game.moves == len(moves) + 5


@fuzz
@given(cut=st.integers(min_value=0, max_value=2000), junk=texts)
def test_a_cut_or_spliced_record(cut: int, junk: str) -> None:
    text = save(SavedGame(_won_game(48)))
    read_or_refuse(load, text[:cut])
    read_or_refuse(load, text[:cut] + junk + text[cut:])


# The extremes


def bounded(parse: Callable[[Any], object], value: object, seconds: float = 2.0) -> None:
    read_or_refuse(parse, value, seconds)


@pytest.mark.parametrize("name", PARSERS)
@pytest.mark.parametrize(
    "text",
    [
        "[" * 20_000,
        "{" * 20_000,
        '{"a":' * 20_000,
        "]" * 20_000 + "[" * 20_000,
        "A" * 5_000_000,
        "[" * 5_000_000,
        "HM1-N-" + "A" * 5_000_000,
        "?deal=" + "%41" * 1_000_000,
        "\ud800" * 100_000,
        "P1+" * 1_000_000,
    ],
    ids=[
        "brackets",
        "braces",
        "objects",
        "unbalanced",
        "5MB",
        "5MB-brackets",
        "5MB-code",
        "escapes",
        "surrogates",
        "5MB-move",
    ],
)
@pytest.mark.skipif(MUTATION, reason="robustness, not a rule: too slow to run for every mutant")
def test_huge_and_deep_text(name: str, text: str) -> None:
    bounded(PARSERS[name], text)


@pytest.mark.parametrize(
    "data",
    [b"[" * 5_000_000, b"\xff" * 5_000_000, b"[" * 20_000, b"\xed\xa0\x80"],
    ids=["5MB-brackets", "5MB-not-utf8", "brackets", "surrogate-bytes"],
)
@pytest.mark.skipif(MUTATION, reason="robustness, not a rule: too slow to run for every mutant")
def test_huge_and_deep_bytes(data: bytes) -> None:
    bounded(load, data)
    bounded(lambda b: parse_json(b, max_chars=MAX_CHARS), data)


@pytest.mark.skipif(MUTATION, reason="robustness, not a rule: too slow to run for every mutant")
def test_deep_json_is_refused_even_with_a_large_length_limit() -> None:
    with pytest.raises(NotationError):
        parse_json("[" * 100_000 + "]" * 100_000, max_chars=10**7)
    bounded(lambda t: parse_json(t, max_chars=10**7), "[" * 5_000_000, seconds=10)
