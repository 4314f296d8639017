"""Deal codes, format HM1 (deal-codes.md, R1.1, R1.2, R7.3)."""

from __future__ import annotations

import datetime
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import Card, DealCode, DealCodeError, DealKind, Game, NotationError, i18n
from halfmoon import errors as e
from halfmoon.deal import DEAL_COUNT, are_daily_dates, daily_date, query_value, shuffled_indices, splitmix64
from support.testdata import DAILY_REFUSED, DAILY_VECTORS, VECTORS, plain_id


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
    ids=plain_id,
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
    ids=plain_id,
)
def test_r7_3_a_malformed_code_is_refused_saying_what_is_wrong(text: str, error: type[DealCodeError]) -> None:
    with pytest.raises(error) as raised:
        DealCode.parse(text)
    assert type(raised.value) is error and isinstance(raised.value, NotationError)
    assert raised.value.params["text"] == text  # the message can echo what was typed
    assert all(raised.value.key in i18n.TEXTS[lang] for lang in i18n.LANGUAGES)


def test_a_refusal_names_the_wrong_part() -> None:
    with pytest.raises(e.UnknownVersionError) as version:
        DealCode.parse("hm2-n-aaaaaab")
    assert version.value.params["version"] == "HM2"
    with pytest.raises(e.UnknownKindError) as kind:
        DealCode.parse("HM1-x-AAAAAAB")
    assert kind.value.params["kind"] == "X"
    with pytest.raises(e.CodeLengthError) as length:
        DealCode.parse("HM1-N-AAAAB")
    assert length.value.params["length"] == 5
    with pytest.raises(e.CodeCharacterError) as char:
        DealCode.parse("HM1-N-AA1A2AB")
    assert char.value.params["char"] == "1"


# Daily deals (deal-codes.md "Daily deals")


@pytest.mark.parametrize("vector", DAILY_VECTORS, ids=lambda v: v["code"])
def test_daily_reference_deals_card_for_card(vector: dict[str, object]) -> None:
    code = DealCode.parse(str(vector["code"]).lower() + " ")
    assert code.kind is DealKind.DAILY and str(code) == vector["code"]
    assert code.seed == vector["state"] == 2**63 + int(str(vector["code"])[6:])
    date = code.date
    assert date is not None and DealCode.daily(date) == code
    assert date.strftime("HM1-D-%Y%m%d") == vector["code"]
    layout = code.layout()
    assert [[c.text for c in pile] for pile in layout.piles] == vector["piles"]
    assert [c.text if c else "" for c in layout.reserve] == vector["reserve"]
    game = Game.from_code(str(vector["code"]))
    assert game.code == code and [game.top(p) for p in game.playable()] == [
        *(p[-1] for p in layout.piles),
        *layout.reserve,
    ]


REFUSED_DAILY = {
    "HM1-D-20270230": e.DailyDateError,  # no 30 February
    "HM1-D-19991231": e.DailyYearError,  # before 1 January 2000
    "HM1-D-2026113": e.DailyDigitsError,
    "HM1-D-202611300": e.DailyDigitsError,
    "HM1-D-2026113X": e.DailyDigitsError,
    "HM1-D-\uff12\uff10\uff12\uff16\uff11\uff11\uff13\uff10": e.DailyDigitsError,  # full-width digits
    "HM1-X-20261130": e.UnknownKindError,
}


def test_every_refused_daily_code_of_the_vectors_is_listed_here() -> None:
    assert sorted(REFUSED_DAILY) == sorted(DAILY_REFUSED)


@pytest.mark.parametrize(("text", "error"), REFUSED_DAILY.items(), ids=[plain_id(k) for k in REFUSED_DAILY])
def test_refused_daily_codes_each_with_its_own_error(text: str, error: type[DealCodeError]) -> None:
    for typed in (text, f" {text.lower()}\t"):
        with pytest.raises(error) as raised:
            DealCode.parse(typed)
        assert type(raised.value) is error and raised.value.params["text"] == typed
        with pytest.raises(error):
            DealCode.from_text(f"https://example.org/?deal={typed.strip()}")


@pytest.mark.parametrize(
    "text",
    ["HM1-D-٢٠٢٦١١٣٠", "HM1-D-２０２６1130", "HM1-D-2026 1130", "HM1-D-+2026113", "HM1-D-", "HM1-D-20261130 1"],
    ids=plain_id,
)
def test_a_daily_date_is_eight_ascii_digits_only(text: str) -> None:
    with pytest.raises(e.DailyDigitsError):
        DealCode.parse(text)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("HM1-D-20261301", e.DailyDateError),
        ("HM1-D-20260001", e.DailyDateError),
        ("HM1-D-20260100", e.DailyDateError),
        ("HM1-D-20260229", e.DailyDateError),
        ("HM1-D-00001231", e.DailyDateError),  # there is no year 0
        ("HM1-D-00010101", e.DailyYearError),
    ],
)
def test_impossible_and_early_dates(text: str, error: type[DealCodeError]) -> None:
    with pytest.raises(error):
        DealCode.parse(text)


def test_daily_codes_by_date() -> None:
    first = DealCode.daily(datetime.date(2000, 1, 1))
    assert str(first) == "HM1-D-20000101" and first.number == 20000101 and first.seed == 2**63 + 20000101
    assert DealCode.parse("HM1-D-20000101") == first == DealCode(20000101, DealKind.DAILY)
    with pytest.raises(e.DailyYearError):
        DealCode.daily(datetime.date(1999, 12, 31))
    with pytest.raises(e.DailyDateError):
        DealCode(20270230, DealKind.DAILY)
    with pytest.raises(e.DailyYearError):
        DealCode(19991231, DealKind.DAILY)
    with pytest.raises(e.DailyDigitsError):
        DealCode(123456789, DealKind.DAILY)
    leap = DealCode.parse("HM1-D-20280229")
    assert leap.date == datetime.date(2028, 2, 29)
    assert DealCode(1).date is None and DealCode(1).seed == 1 and DealCode(1).kind is DealKind.NUMBERED
    assert DealCode.parse("HM1-D-20261130") != DealCode.parse("HM1-D-20261201")
    assert DealCode.parse("HM1-D-20261130").layout() != DealCode(20261130).layout()  # 2⁶³ apart


# Deal numbers


@pytest.mark.parametrize("number", [-1, DEAL_COUNT, 26**7 + 5, -(2**70)])
def test_a_deal_number_outside_the_range_is_refused(number: int) -> None:
    with pytest.raises(e.DealNumberError) as raised:
        DealCode(number)
    assert isinstance(raised.value, NotationError) and raised.value.params["number"] == number


@pytest.mark.parametrize(
    ("number", "text"),
    [
        (0, "HM1-N-AAAAAAA"),
        (1, "HM1-N-AAAAAAB"),
        (25, "HM1-N-AAAAAAZ"),
        (26, "HM1-N-AAAAABA"),
        (DEAL_COUNT - 1, "HM1-N-ZZZZZZZ"),
    ],
)
def test_codes_are_base_26_most_significant_first(number: int, text: str) -> None:
    assert DealCode(number).text == str(DealCode(number)) == text
    assert DealCode.parse(text).number == number


def test_codes_compare_and_hash_as_values() -> None:
    assert DealCode(5) == DealCode.parse("HM1-N-AAAAAAF") and hash(DealCode(5)) == hash(DealCode(5))
    assert DealCode(5) < DealCode(6)


def test_the_shuffle_is_a_permutation_and_depends_on_the_seed() -> None:
    assert sorted(shuffled_indices(0)) == list(range(104))
    assert shuffled_indices(0) != shuffled_indices(1)
    assert shuffled_indices(2**63 + 20000101) != shuffled_indices(20000101)


def test_code_box_takes_a_whole_shared_link() -> None:
    assert DealCode.from_text("https://example.org/half-moon/?deal=hm1-n-aaaaaab&x=1").number == 1
    assert DealCode.from_text("  https://example.org/?x=2&deal=HM1-D-20261130#top ") == DealCode.parse("HM1-D-20261130")
    assert DealCode.from_text(" hm1-n-aaaaaab ").number == 1
    assert DealCode.from_text("example.org://?deal=HM1-N-AAAAAAC").number == 2
    with pytest.raises(e.UnknownVersionError):
        DealCode.from_text("https://example.org/HM1-N-AAAAAAB")  # a link without ?deal= is read as a code
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
    ids=plain_id,
)
def test_the_deal_is_read_from_a_link(url: str, value: str | None) -> None:
    assert query_value(url, "deal") == value


def test_a_pasted_text_longer_than_any_link_is_refused() -> None:
    from halfmoon.deal import MAX_LINK

    link = "https://example.org/?deal=HM1-N-AAAAAAB&pad="
    assert DealCode.from_text(link + "x" * (MAX_LINK - len(link))).number == 1
    too_long = link + "x" * (MAX_LINK - len(link) + 1)
    with pytest.raises(e.CodeShapeError) as raised:
        DealCode.from_text(too_long)
    assert raised.value.params == {"text": too_long}
    assert DealCode.from_text(" " * 5000 + "HM1-N-AAAAAAB" + " " * 5000).number == 1


def test_a_bounded_draw_rejects_the_biased_top_of_the_range() -> None:
    """deal-codes.md step 3: limit = 2⁶⁴ − (2⁶⁴ mod k); draws at or above it are thrown away."""
    from halfmoon.deal import _below

    top = 2**64 - 1
    assert 2**64 % 3 == 1  # so the limit for k = 3 is 2⁶⁴ − 1: only the very top draw is refused
    assert _below(iter([top, 5]), 3) == 2
    assert _below(iter([top - 1]), 3) == (top - 1) % 3
    assert _below(iter([top]), 2) == 1  # 2⁶⁴ mod 2 = 0: nothing is refused
    assert _below(iter([2**64 - 16, 2**64 - 1, 4]), 104) == 4  # 2⁶⁴ mod 104 = 16
    assert _below(iter([2**64 - 17]), 104) == (2**64 - 17) % 104


def test_random_takes_the_given_source_and_the_whole_range() -> None:
    asked: list[int] = []

    class Top(random.Random):
        def randrange(self, start: int, *args: object, **kwargs: object) -> int:
            asked.append(start)
            return start - 1

    rng = Top()
    assert DealCode.random(rng) == DealCode(DEAL_COUNT - 1) and asked == [DEAL_COUNT]
    assert DealCode.random(random.Random(3)) == DealCode.random(random.Random(3))


def test_the_link_reader_decodes_percent_and_plus() -> None:
    assert query_value("?a=b+c&deal=x", "a") == "b c"
    assert query_value("?deal=%ff", "deal") == "\ufffd"
    assert query_value("?deal=%41%42", "deal") == "AB"
    assert query_value("?de%61l=1", "deal") == "1"
    assert query_value("?deal=a=b", "deal") == "a=b"
    assert query_value("?deal", "deal") == ""
    assert query_value("?deal=a?b", "deal") == "a?b"  # the query starts at the first "?"
    assert query_value("?deal=a#b#c", "deal") == "a"  # and ends at the first "#"
    assert query_value("https://x.org/HM1-N-AAAAAAB", "deal") is None
    surrogate = query_value("?deal=\ud800", "deal")
    assert surrogate is not None and "\ud800" not in surrogate
    with pytest.raises(e.CodeShapeError):
        DealCode.from_text("?deal=\ud800")


def test_daily_errors_echo_the_code() -> None:
    with pytest.raises(e.DailyDateError) as date:
        DealCode(20270230, DealKind.DAILY)
    assert date.value.params["text"] == "20270230"
    with pytest.raises(e.DailyYearError) as year:
        DealCode.daily(datetime.date(1999, 12, 31))
    assert year.value.params["text"] == "19991231"
    with pytest.raises(e.DailyDigitsError) as digits:
        DealCode.parse("HM1-D-1")
    assert digits.value.params["text"] == "HM1-D-1"


# The daily-date rule for records (halfmoon.deal.daily_date, are_daily_dates): one rule, two speeds.

_DIGIT_TEXT = st.text(alphabet="0123456789", min_size=8, max_size=8)
_NEAR_DATES = st.dates(min_value=datetime.date(1990, 1, 1)).map(lambda d: f"{d:%Y%m%d}")
_KEYS = st.one_of(_NEAR_DATES, _DIGIT_TEXT, st.text(max_size=9), st.sampled_from(["20000229", "21000229", "19991231"]))


@given(st.lists(_KEYS, max_size=30))
def test_the_bulk_check_agrees_with_the_daily_rule_on_every_key(keys: list[str]) -> None:
    assert are_daily_dates(keys) == all(daily_date(key) is not None for key in keys)


def test_the_daily_rule_for_records_follows_the_code_rule() -> None:
    assert daily_date("20261201") == datetime.date(2026, 12, 1)
    assert daily_date("20000229") == datetime.date(2000, 2, 29)  # 2000 is a leap year
    for refused in ("21000229", "19991231", "20270230", "2026120", "２０２６１２０１", "20261301", "99991232"):
        assert daily_date(refused) is None, refused
        assert not are_daily_dates(["20261201", refused]), refused
    assert are_daily_dates([]) and are_daily_dates(["20000101", "99991231"])
