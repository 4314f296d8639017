"""The phone benchmark's own arithmetic and taps (tools/bench_phone.py), without a browser."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from halfmoon import Game, Place, Status, TapKind
from tools.bench_page_measures import percentile
from tools.bench_phone import KEPT, blocking_ms, cell, taps_of, winning_line, with_section, within
from webapp.app.opening import FIRST_DEAL

ROOT = Path(__file__).resolve().parent.parent


def test_blocking_is_what_each_gap_has_past_fifty_ms_summed() -> None:
    assert blocking_ms([]) == 0
    assert blocking_ms([5, 12, 49.5, 50]) == 0  # a gap of 50 ms or less blocks nothing
    assert blocking_ms([5, 51, 5, 120, 6, 350.5]) == pytest.approx(1 + 70 + 300.5)


def test_gaps_are_counted_in_the_window_they_began_in() -> None:
    gaps = [[0, 5], [5, 300], [305, 5], [310, 80], [390, 5]]
    assert within(gaps, 0, 305) == [5, 300]  # the long gap began before the window's end: it is the window's
    assert within(gaps, 305, 400) == [5, 80, 5]


@pytest.mark.parametrize(
    ("values", "p95"),
    [
        ([7.0], 7.0),
        ([float(v) for v in range(1, 11)], 10.0),
        ([float(v) for v in range(1, 101)], 95.0),
        ([float(v) for v in range(1, 61)], 57.0),
    ],
)
def test_the_p95_is_the_nearest_rank_in_any_order(values: list[float], p95: float) -> None:
    shuffled = random.Random(1).sample(values, len(values))
    assert percentile(shuffled, 0.95) == p95
    assert percentile(shuffled, 1.0) == max(values)


def test_a_cell_is_the_median_of_the_runs_with_their_range_and_skips_what_was_not_seen() -> None:
    assert cell([3.25, 1.0, 2.5]) == "2.5 (1.0–3.2)"
    assert cell([4_100.0, 3_900.0, 4_500.0, 9_000.0]) == "4,300 (3,900–9,000)"
    assert cell([math.nan, 80.0, 60.0]) == "70.0 (60.0–80.0)"
    assert cell([math.nan]) == "–"


def test_the_taps_are_legal_every_one_and_win_the_first_deal() -> None:
    line = winning_line(str(FIRST_DEAL), {})
    game = Game.from_code(FIRST_DEAL)
    kinds = [game.tap(Place(place)).kind for place in taps_of(line)]
    assert set(kinds) == {TapKind.SELECTED, TapKind.DESELECTED, TapKind.REMOVED}
    assert kinds.count(TapKind.REMOVED) == len(line)
    assert game.status is Status.WON


def test_the_section_is_added_after_the_kept_mark_and_then_replaced_in_place() -> None:
    page = f"# Benchmarks\n\nwritten by the page benchmark\n\n{KEPT}\n\n## Kept by hand\n"
    once = with_section(page, "## Phone benchmark\n\nfirst")
    assert once.index(KEPT) < once.index("first") < once.index("## Kept by hand")
    twice = with_section(once, "## Phone benchmark\n\nsecond")
    assert "first" not in twice and twice.count("## Phone benchmark") == 1
    assert twice.replace("second", "first") == once
    assert KEPT in with_section("# Benchmarks\n", "## Phone benchmark\n\nnew")
