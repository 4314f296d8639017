"""The game clock of R5.4, fed with the host's time; it lives beside the game, never in it."""

from __future__ import annotations

import pytest

from halfmoon import Clock, Game, SavedGame, format_time, load, save
from support.testdata import DEAD_END, WON, play


def test_r5_4_the_clock_waits_for_the_first_tap() -> None:
    clock = Clock()
    assert not clock.started and clock.elapsed_ms(1000) == 0
    clock.run(1000, may_run=True)
    assert clock.elapsed_ms(5000) == 0  # not started: it does not run
    clock.start()
    assert clock.started
    clock.run(5000, may_run=True)
    assert clock.elapsed_ms(5000) == 0 and clock.elapsed_ms(7500) == 2500


def test_while_it_runs_its_origin_stays_put_and_gives_its_time_at_any_later_moment() -> None:
    clock = Clock(elapsed_ms=4_000)
    assert clock.running_since() is None
    clock.run(1_000, may_run=True)
    assert clock.running_since() == (4_000, 1_000)
    base, since = clock.running_since() or (0, 0.0)
    for now in (1_000, 1_250.5, 90_000):
        assert base + max(0, int(now - since)) == clock.elapsed_ms(now)
    clock.run(2_000, may_run=False)
    assert clock.running_since() is None and clock.elapsed_ms(5_000) == 5_000


def test_r5_4_it_runs_only_while_allowed_and_keeps_what_it_counted() -> None:
    clock = Clock()
    clock.start()
    clock.run(0, may_run=True)
    clock.run(400, may_run=True)  # already running: the start is kept
    assert clock.elapsed_ms(1000) == 1000
    clock.run(1000, may_run=False)  # hidden, won or dead end
    assert clock.elapsed_ms(9000) == 1000
    clock.run(9000, may_run=False)
    assert clock.elapsed_ms(20_000) == 1000
    clock.run(20_000, may_run=True)
    assert clock.elapsed_ms(20_250) == 1250
    assert clock.elapsed_ms(19_000) == 1000  # a clock that went back never counts down


def test_r5_4_the_clock_stops_at_a_dead_end_and_runs_again_when_it_is_undone() -> None:
    game = play(DEAD_END["code"], DEAD_END["moves"][:-1])
    clock = Clock(elapsed_ms=60_000)
    assert clock.started
    clock.run(0, may_run=not game.is_over)
    game.remove(DEAD_END["moves"][-1])
    clock.run(3000, may_run=not game.is_over)
    assert game.is_over and clock.elapsed_ms(10_000) == 63_000
    game.undo()
    clock.run(10_000, may_run=not game.is_over)
    assert clock.elapsed_ms(12_000) == 65_000


def test_r5_4_restart_and_a_new_deal_reset_it() -> None:
    clock = Clock()
    clock.start()
    clock.run(0, may_run=True)
    clock.reset()
    assert not clock.started and clock.elapsed_ms(5000) == 0
    clock.run(5000, may_run=True)
    assert clock.elapsed_ms(8000) == 0
    clock.reset(elapsed_ms=42_000)  # a game loaded with its own time
    assert clock.started and clock.elapsed_ms(99_000) == 42_000
    clock.reset(elapsed_ms=1)
    assert clock.started and clock.elapsed_ms(5) == 1
    clock.reset(started=True)
    assert clock.started and clock.elapsed_ms(0) == 0
    assert Clock(started=True).started and not Clock(0).started and Clock(1).started


TAP_MS = 1000
"""A player who taps once a second."""


def test_r5_4_a_won_game_keeps_its_time_beside_the_game_never_in_it() -> None:
    """The clock driven by a real game as the page drives it: started by the first tap, stopped by the
    win. The time is saved with the game and read back, yet two games of the same moves are equal
    whatever their clocks say: equality is the position and its history (docs/engine.md)."""
    game = Game.from_code(WON["code"])
    clock = Clock()
    now = 0
    for move in WON["moves"]:
        for place in move.split("+"):
            game.tap(place)
            clock.start()  # a no-op after the first tap
            clock.run(now, may_run=not game.is_over)
            now += TAP_MS
    taps = sum(len(move.split("+")) for move in WON["moves"])
    assert taps == 104  # R6.1: every card removed, one tap each
    assert game.is_won
    elapsed = clock.elapsed_ms(now + 3_600_000)  # an hour later: stopped at the win
    assert elapsed == (taps - 1) * TAP_MS  # from the first tap to the last
    clock.run(now + 3_600_000, may_run=not game.is_over)
    assert clock.elapsed_ms(now + 7_200_000) == elapsed  # a won game's clock never runs again

    text = save(SavedGame(game, elapsed_ms=elapsed))
    loaded = load(text)
    assert loaded.elapsed_ms == elapsed and format_time(loaded.elapsed_ms) == "1:43"  # a reload shows it
    untimed = play(WON["code"], WON["moves"])  # the same moves, no clock at all
    assert loaded.game == game == untimed
    assert load(save(SavedGame(untimed, elapsed_ms=1))).game == loaded.game
    assert save(SavedGame(untimed, elapsed_ms=1)) != text  # the saved records differ by their time alone
    assert not hasattr(game, "elapsed_ms") and not hasattr(game, "clock")


@pytest.mark.parametrize(
    ("ms", "shown"),
    [
        (0, "0:00"),
        (999, "0:00"),
        (1000, "0:01"),
        (59_999, "0:59"),
        (60_000, "1:00"),
        (61_500, "1:01"),
        (3_599_999, "59:59"),
        (3_600_000, "1:00:00"),
        (3_661_000, "1:01:01"),
        (36_000_000, "10:00:00"),
        (-5000, "0:00"),
    ],
)
def test_r5_4_shown_as_m_ss_and_h_mm_ss_past_an_hour(ms: int, shown: str) -> None:
    assert format_time(ms) == shown
