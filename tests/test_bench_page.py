"""The page benchmark's taps (tools/bench_page_scripts.py), without a browser: they play what they say."""

from __future__ import annotations

from halfmoon import Game, Place, Status, TapKind
from tools.bench_page_scripts import WON, taps_for


def test_the_taps_win_the_example_deal_with_a_refused_pair_before_every_trio() -> None:
    game = Game.from_code(WON["code"])
    kinds = [game.tap(Place(place)).kind for place in taps_for()]
    trios = sum(len(move.split("+")) == 3 for move in WON["moves"])
    assert game.status is Status.WON
    assert kinds.count(TapKind.REMOVED) == len(WON["moves"])
    assert kinds.count(TapKind.CLEARED) == trios
    assert set(kinds) == {TapKind.SELECTED, TapKind.DESELECTED, TapKind.CLEARED, TapKind.REMOVED}
