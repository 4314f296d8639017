"""The sequence number of the statistics' changes (webapp/store/written.py): any stored text reads as a
number or as 0, and the next number is past both it and the latest a tab names, and always readable."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webapp.store.written import count_of, next_count

NUMBERS = st.integers(min_value=0, max_value=10**15 - 1)


@given(NUMBERS)
def test_a_number_written_reads_back(number: int) -> None:
    assert count_of(str(number)) == number


@given(st.text())
def test_any_text_reads_as_a_number_of_at_most_15_digits(text: str) -> None:
    assert 0 <= count_of(text) < 10**15


def test_tampered_values_read_as_zero() -> None:
    for text in (None, "", "-1", "1e3", " 7", "٣", "9" * 16, "0x10", "1.5"):
        assert count_of(text) == 0


@given(NUMBERS, NUMBERS)
def test_the_next_number_is_past_both_and_readable(latest: int, stored: int) -> None:
    count = next_count(latest, stored)
    assert count_of(str(count)) == count
    assert count > max(latest, stored) or (count == 1 and max(latest, stored) == 10**15 - 1)
