"""Deal codes, format HM1 (deal-codes.md, R1.1, R1.2, R7.3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from testdata import VECTORS

from halfmoon import Card, DealCode, DealCodeError, Game
from halfmoon import errors as e
from halfmoon.deal import DEAL_COUNT, query_value, splitmix64


def test_splitmix64_check_values() -> None:
    source = splitmix64(0)
    assert [next(source) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["code"])
def test_reference_deals_card_for_card(vector: dict[str, object]) -> None:
    code = DealCode.parse(str(vector["code"]))
    layout = code.layout()
    assert code.number == vector["number"]
    assert str(code) == vector["code"]
    assert [[c.text for c in pile] for pile in layout.piles] == vector["piles"]
    assert [c.text if c else "" for c in layout.reserve] == vector["reserve"]


@pytest.mark.parametrize("number", [0, 1, 26, 12345, DEAL_COUNT - 1])
def test_r1_1_every_deal_holds_two_full_decks(number: int) -> None:
    layout = DealCode(number).layout()
    cards = [c for pile in layout.piles for c in pile] + [c for c in layout.reserve if c]
    assert Counter(cards) == Counter(Card.from_index(i) for i in range(104))
    assert all(n == 2 for n in Counter(cards).values())
    assert [len(p) for p in layout.piles] == [8] * 12 and len(layout.reserve) == 8


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("HM1-N-AAAAAAA", 0),
        (" hm1-n-aaaaaab ", 1),
        ("\tHm1-N-aaaaaBA\n", 26),
        ("HM1-N-ZZZZZZZ", 26**7 - 1),
    ],
)
def test_parsing_forgives_case_and_white_space(text: str, number: int) -> None:
    assert DealCode.parse(text).number == number


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", e.EmptyCodeError),
        ("   ", e.EmptyCodeError),
        ("HM1N AAAAAAB", e.CodeShapeError),
        ("HM1-N-AAA-AAAB", e.CodeShapeError),
        ("HM2-N-AAAAAAB", e.UnknownVersionError),
        ("HM1-X-AAAAAAB", e.UnknownKindError),
        ("HM1-N-AAAAAB", e.CodeLengthError),
        ("HM1-N-AAAAAAAB", e.CodeLengthError),
        ("HM1-N-AAAA1AB", e.CodeCharacterError),
        ("HM1-N-AAAAÄAB", e.CodeCharacterError),
        ("HM1-N-AAA AAB", e.CodeCharacterError),
    ],
)
def test_r7_3_a_malformed_code_is_refused_saying_what_is_wrong(text: str, error: type[DealCodeError]) -> None:
    with pytest.raises(error) as raised:
        DealCode.parse(text)
    assert isinstance(raised.value, DealCodeError)
    assert raised.value.message("fi") != raised.value.message("en")


def test_code_box_takes_a_whole_shared_link() -> None:
    assert DealCode.from_text("https://example.org/half-moon/?deal=hm1-n-aaaaaab&x=1").number == 1
    assert DealCode.from_text("?deal=HM1-N-AAAAABA").number == 26
    with pytest.raises(DealCodeError):
        DealCode.from_text("https://example.org/?deal=HM1-N-<script>")
    with pytest.raises(e.CodeShapeError):
        DealCode.from_text("https://example.org/?other=1")


def test_random_deals_are_uniformly_numbered_codes() -> None:
    rng = random.Random(7)
    codes = {DealCode.random(rng) for _ in range(200)}
    assert len(codes) == 200
    assert all(DealCode.parse(str(c)) == c for c in codes)
    assert isinstance(Game.new().code, DealCode)


@pytest.mark.parametrize(
    ("url", "value"),
    [
        ("https://x.org/a/?deal=HM1-N-AAAAAAB", "HM1-N-AAAAAAB"),
        ("?x=1&deal=hm1%2Dn%2Daaaaaab#top", "hm1-n-aaaaaab"),
        ("?deal=%3Cscript%3E&deal=HM1-N-AAAAAAB", "<script>"),
        ("?deal=%E2%99%A5%zz%4", "♥%zz%4"),
        ("?dealer=1", None),
        ("https://x.org/", None),
    ],
)
def test_the_deal_is_read_from_a_link(url: str, value: str | None) -> None:
    assert query_value(url, "deal") == value
