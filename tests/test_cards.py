"""Cards are ordered totally: by rank, then by suit in the card-index order of deal-codes.md step 1
(C, D, H, S). The expected order is read off the card index itself (index = deck·52 + suit·13 +
rank − 1), not off the engine's comparison."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import Card


def expected_key(index: int) -> tuple[int, int]:
    """(rank, suit number) of card index ``index`` as deal-codes.md step 1 numbers them."""
    within = index % 52
    return within % 13, within // 13


def test_every_pair_of_cards_compares_as_rank_then_suit() -> None:
    for i, j in itertools.product(range(52), repeat=2):
        a, b = Card.from_index(i), Card.from_index(j)
        assert (a < b) == (expected_key(i) < expected_key(j)), (a, b)
        assert (a <= b) == (expected_key(i) <= expected_key(j)), (a, b)
        assert (a > b) == (expected_key(i) > expected_key(j)), (a, b)
        assert [a < b, a == b, b < a].count(True) == 1, (a, b)


def test_the_same_card_of_two_decks_is_neither_smaller_nor_larger() -> None:
    for i in range(52):
        a, b = Card.from_index(i), Card.from_index(i + 52)
        assert a == b and not a < b and not b < a and a <= b and a >= b


def test_examples_from_the_card_text() -> None:
    assert Card.parse("7H") < Card.parse("7S") and Card.parse("7C") < Card.parse("7D")
    assert Card.parse("KC") > Card.parse("QS") and Card.parse("AS") < Card.parse("2C")


@given(st.lists(st.integers(min_value=0, max_value=103)))
def test_sorted_cards_follow_the_card_index_order(indices: list[int]) -> None:
    cards = sorted(Card.from_index(i) for i in indices)
    assert cards == [Card.from_index(i) for i in sorted(indices, key=expected_key)]


def test_a_card_does_not_compare_with_its_text() -> None:
    with pytest.raises(TypeError):
        _ = Card.parse("7H") < "7S"  # type: ignore[operator]
