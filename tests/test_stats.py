"""The statistics (webapp/stats/: what counts, the figures, the stored JSON) and their chart and calendar
(webapp/draw/)."""

from __future__ import annotations

import datetime
import itertools
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from halfmoon.errors import HalfMoonError, NotationError, RecordTextError
from halfmoon.saved import MAX_ELAPSED_MS, MAX_MOMENT_MS
from webapp.draw.calendar import calendar, calendar_html
from webapp.draw.chart import chart_svg
from webapp.stats import record as S
from webapp.stats.record import (
    CHART_GAMES,
    MAX_SEEN,
    GameId,
    Result,
    Stats,
    StatsEventError,
    figures,
    record_ended,
    record_played,
)
from webapp.stats.record_errors import (
    StatsError,
    StatsFieldError,
    StatsFormatError,
    StatsInconsistentError,
    StatsNewerError,
    StatsVersionError,
)
from webapp.stats.stored import REASONS, dumps, loads
from webapp.text.word_table import TEXTS
from webapp.text.words import stats_error_text as error_text

MESSAGES = {
    lang: {k.removeprefix("error-"): v for k, v in words.items() if k.startswith("error-")}
    for lang, words in TEXTS.items()
}
"""The statistics errors' words, as the page's one word table holds them (keys ``error-…``)."""

TODAY = datetime.date(2026, 11, 30)
T0 = 1_764_500_000_000
TYPED = (RecordTextError, StatsFormatError, StatsFieldError, StatsVersionError, StatsInconsistentError, StatsNewerError)


def gid(n: int, code: str = "HM1-N-AAAAAAB") -> GameId:
    return GameId(code=code, dealt_at=T0 + n)


def daily(day: datetime.date) -> str:
    return f"HM1-D-{day:%Y%m%d}"


def game(
    stats: Stats,
    n: int,
    *,
    won: bool,
    elapsed_ms: int = 60_000,
    score: int = 100,
    code: str = "HM1-N-AAAAAAB",
    today: datetime.date = TODAY,
    from_file: bool = False,
) -> Stats:
    """One game played (a first removal) and ended."""
    g = gid(n, code)
    stats = record_played(stats, g)
    return record_ended(stats, g, won=won, elapsed_ms=elapsed_ms, score=score, today=today, from_file=from_file)


def games(results: str, start: int = 0) -> Stats:
    """A record from a string of W (won) and L (ended not won)."""
    stats = Stats()
    for i, char in enumerate(results):
        stats = game(stats, start + i, won=char == "W")
    return stats


def refused(text: str | bytes) -> HalfMoonError:
    with pytest.raises(HalfMoonError) as info:
        loads(text)
    assert isinstance(info.value, TYPED)
    return info.value


# What counts


def test_the_empty_record_has_no_figures() -> None:
    f = figures(Stats(), TODAY)
    assert (f.played, f.won, f.current_streak, f.best_streak, f.daily_won, f.daily_streak) == (0, 0, 0, 0, 0, 0)
    assert f.win_rate is None and f.fastest_win_s is None and f.average_score is None
    assert f.recent == () and not f.daily_won_today


def test_a_game_is_played_once_per_identity() -> None:
    s1 = record_played(Stats(), gid(1))
    assert s1.played == 1
    assert record_played(s1, gid(1)) is s1  # a reload, a second tab: nothing changes
    s2 = record_played(s1, gid(2))  # the same deal restarted has a new identity
    assert s2.played == 2
    assert figures(s2, TODAY).won == 0


def test_a_game_ends_once_per_identity() -> None:
    s = game(Stats(), 1, won=True)
    assert record_ended(s, gid(1), won=True, elapsed_ms=1, score=520, today=TODAY) is s
    # another tab that still holds the game and abandons it cannot turn the win into a loss
    assert record_ended(s, gid(1), won=False, elapsed_ms=5, score=0, today=TODAY) is s
    f = figures(s, TODAY)
    assert (f.played, f.won, f.current_streak) == (1, 1, 1)


def test_a_restored_page_does_not_count_again() -> None:
    stored = dumps(game(Stats(), 1, won=True, elapsed_ms=90_000))
    again = loads(stored)  # the page is reloaded or restored from the cache and reports the same game
    again = record_played(again, gid(1))
    again = record_ended(again, gid(1), won=True, elapsed_ms=90_000, score=520, today=TODAY)
    assert dumps(again) == stored


def test_wins_and_streaks() -> None:
    f = figures(games("WWWLWW"), TODAY)
    assert (f.played, f.won, f.current_streak, f.best_streak) == (6, 5, 2, 3)
    assert f.win_rate == pytest.approx(5 / 6)


def test_a_dead_end_alone_ends_nothing() -> None:
    s = games("WW")
    s = record_played(s, gid(10))  # the game reaches a dead end: the page sends no event
    f = figures(s, TODAY)
    assert (f.played, f.won, f.current_streak) == (3, 2, 2)
    assert len(f.recent) == 2 and s.finished == 2
    # the player undoes out of the dead end and wins: one game, won, the streak goes on
    s = record_ended(s, gid(10), won=True, elapsed_ms=1000, score=520, today=TODAY)
    f = figures(s, TODAY)
    assert (f.played, f.won, f.current_streak, f.best_streak) == (3, 3, 3, 3)


def test_an_abandoned_game_breaks_the_streak() -> None:
    s = games("WWW")
    s = record_played(s, gid(10))
    s = record_ended(s, gid(10), won=False, elapsed_ms=20_000, score=30, today=TODAY)  # a new deal replaced it
    f = figures(s, TODAY)
    assert (f.played, f.won, f.current_streak, f.best_streak) == (4, 3, 0, 3)
    assert f.recent[-1] == Result(won=False, elapsed_ms=20_000, score=30)


def test_a_restart_ends_the_game_and_starts_a_new_one() -> None:
    s = record_played(Stats(), gid(1))
    s = record_ended(s, gid(1), won=False, elapsed_ms=5000, score=20, today=TODAY)  # restarted
    s = game(s, 2, won=True)  # the same code, dealt again at a new moment
    f = figures(s, TODAY)
    assert (f.played, f.won, f.current_streak, f.best_streak) == (2, 1, 1, 1)


def test_an_end_without_its_start_counts_the_game_as_played() -> None:
    s = record_ended(Stats(), gid(1), won=True, elapsed_ms=1000, score=520, today=TODAY)
    assert (s.played, s.won, s.finished) == (1, 1, 1)
    assert record_played(s, gid(1)) is s


def test_the_fastest_win() -> None:
    s = game(Stats(), 1, won=True, elapsed_ms=300_999)
    s = game(s, 2, won=False, elapsed_ms=1_000)  # a fast game not won is no fastest win
    assert figures(s, TODAY).fastest_win_s == 300  # whole seconds, as the clock shows them
    s = game(s, 3, won=True, elapsed_ms=125_999)
    assert figures(s, TODAY).fastest_win_s == 125
    s = game(s, 4, won=True, elapsed_ms=200_000)
    assert figures(s, TODAY).fastest_win_s == 125


def test_a_game_from_a_file_counts_but_never_sets_the_fastest_win() -> None:
    s = game(Stats(), 1, won=True, elapsed_ms=1_000, from_file=True)
    f = figures(s, TODAY)
    assert (f.played, f.won, f.current_streak, f.fastest_win_s) == (1, 1, 1, None)
    s = game(s, 2, won=True, elapsed_ms=100_000)
    s = game(s, 3, won=True, elapsed_ms=2_000, from_file=True)
    f = figures(s, TODAY)
    assert (f.won, f.current_streak, f.fastest_win_s) == (3, 3, 100)


def test_a_daily_deal_counts_on_its_own_date_once() -> None:
    code = daily(TODAY)
    s = game(Stats(), 1, won=True, code=code)
    f = figures(s, TODAY)
    assert (f.daily_won, f.daily_streak, f.daily_won_today) == (1, 1, True)
    s = game(s, 2, won=True, code=code)  # won again after a restart: the date counts once
    assert figures(s, TODAY).daily_won == 1
    assert figures(s, TODAY).won == 2
    assert s.daily_won == ("20261130",)


def test_a_daily_deal_won_on_another_date_is_an_ordinary_game() -> None:
    s = game(Stats(), 1, won=True, code=daily(TODAY), today=TODAY + datetime.timedelta(days=1))  # past code
    s = game(s, 2, won=True, code=daily(TODAY + datetime.timedelta(days=5)))  # a future code typed in
    s = game(s, 3, won=False, code=daily(TODAY))  # its own date, not won
    f = figures(s, TODAY)
    assert (f.played, f.won, f.daily_won, f.daily_streak) == (3, 2, 0, 0)


def test_the_daily_streak_ends_today_or_yesterday() -> None:
    s = Stats()
    for n, day in enumerate([25, 27, 28, 29]):
        date = datetime.date(2026, 11, day)
        s = game(s, n, won=True, code=daily(date), today=date)
    assert figures(s, datetime.date(2026, 11, 29)).daily_streak == 3
    f = figures(s, TODAY)  # not yet played today: the streak still stands
    assert (f.daily_streak, f.daily_won_today, f.daily_won) == (3, False, 4)
    assert figures(s, datetime.date(2026, 12, 1)).daily_streak == 0
    s = game(s, 9, won=True, code=daily(TODAY))
    assert figures(s, TODAY).daily_streak == 4
    assert figures(s, datetime.date(2026, 11, 26)).daily_streak == 1  # the 25th, yesterday for the 26th


def test_the_daily_streak_across_a_month_and_a_year() -> None:
    s = Stats()
    for n in range(40):
        date = datetime.date(2026, 12, 10) + datetime.timedelta(days=n)
        s = game(s, n, won=True, code=daily(date), today=date)
    assert figures(s, datetime.date(2027, 1, 18)).daily_streak == 40


def test_the_average_score_of_finished_games() -> None:
    s = game(Stats(), 1, won=True, score=520)
    s = game(s, 2, won=False, score=90)
    s = game(s, 3, won=False, score=50)
    s = record_played(s, gid(4))  # in progress: not finished, no score yet
    f = figures(s, TODAY)
    assert f.average_score == pytest.approx((520 + 90 + 50) / 3)
    assert f.played == 4


def test_the_recent_history_is_the_last_30_ended_games() -> None:
    s = Stats()
    for n in range(45):
        s = game(s, n, won=n % 3 == 0, elapsed_ms=1000 * n, score=n)
    f = figures(s, TODAY)
    assert len(f.recent) == CHART_GAMES
    assert [r.score for r in f.recent] == list(range(15, 45))
    assert [r.won for r in f.recent] == [n % 3 == 0 for n in range(15, 45)]
    assert len(s.seen) == 45


def test_the_remembered_identities_are_bounded() -> None:
    s = Stats()
    for n in range(200):
        s = game(s, n, won=True)
    assert len(s.seen) == MAX_SEEN
    assert s.seen[-1].game == gid(199)
    assert record_ended(s, gid(199), won=False, elapsed_ms=0, score=0, today=TODAY) is s


def test_figures_passed_by_the_page_are_clamped_not_refused() -> None:
    s = game(Stats(), 1, won=True, elapsed_ms=-5, score=10**9)
    assert s.recent[-1] == Result(True, 0, S.MAX_SCORE)
    assert loads(dumps(s)) == s


@pytest.mark.parametrize(
    ("game_id", "reason"),
    [
        (GameId("", 1), "bad-code"),
        (GameId("hm1-n-aaaaaab", 1), "bad-code"),
        (GameId("HM1-N-" + "A" * 40, 1), "bad-code"),
        (GameId("HM1-N-AAAAAAB", -1), "bad-time"),
        (GameId("HM1-N-AAAAAAB", True), "bad-time"),
    ],
)
def test_a_malformed_identity_is_refused(game_id: GameId, reason: str) -> None:
    """The shell's mistake (its identities come from validated games), not the player's input: a
    programming error, never one of the engine's errors that the page would put into words."""
    with pytest.raises(StatsEventError) as info:
        record_played(Stats(), game_id)
    assert info.value.reason == reason
    assert isinstance(info.value, ValueError) and not isinstance(info.value, HalfMoonError)
    with pytest.raises(StatsEventError):
        record_ended(Stats(), game_id, won=True, elapsed_ms=1, score=1, today=TODAY)


# The stored record


def sample() -> Stats:
    s = Stats()
    for n in range(12):
        date = TODAY - datetime.timedelta(days=12 - n)
        s = game(s, n, won=n % 4 != 1, elapsed_ms=40_000 + n * 1000, score=100 + n, code=daily(date), today=date)
    s = game(s, 50, won=True, elapsed_ms=999, from_file=True)
    return record_played(s, gid(51))


def test_dumps_is_versioned_json() -> None:
    data = json.loads(dumps(sample()))
    assert data["format"] == "half-moon-stats" and data["version"] == 1
    assert data["played"] == 14 and data["won"] == 10


def test_round_trip() -> None:
    s = sample()
    assert loads(dumps(s)) == s
    assert loads(dumps(s).encode()) == s
    assert loads(dumps(Stats())) == Stats()


def test_export_reset_import_gives_the_same_figures() -> None:
    s = sample()
    exported = dumps(s)
    reset = Stats()
    assert figures(reset, TODAY) != figures(s, TODAY)
    assert figures(loads(exported), TODAY) == figures(s, TODAY)


def test_the_storage_bound_for_10_000_games() -> None:
    s = Stats()
    start = datetime.date(2000, 1, 1)
    for n in range(10_000):  # worst case: every game a daily deal won on its own date
        date = start + datetime.timedelta(days=n)
        s = game(s, n, won=n % 7 != 3, elapsed_ms=100_000 + n, score=520, code=daily(date), today=date)
    text = dumps(s)
    assert len(text.encode()) <= 200_000
    assert loads(text) == s
    assert s.played == 10_000


def valid() -> dict[str, Any]:
    return json.loads(dumps(sample()))


def changed(**fields: Any) -> str:
    data = valid()
    data.update(fields)
    return json.dumps(data)


def test_deep_nesting_is_refused() -> None:
    error = refused("[" * 20000)
    assert isinstance(error, RecordTextError) and error.params["reason"] == "too-deep"


def test_five_megabytes_are_refused() -> None:
    error = refused(" " * 5_000_000 + dumps(Stats()))
    assert isinstance(error, RecordTextError) and error.params["reason"] == "too-long"


def test_lone_surrogates_are_refused() -> None:
    error = refused("\ud800")
    assert isinstance(error, RecordTextError) and error.params["reason"] == "not-json"
    data = valid()
    data["seen"][0][0] = "\ud800"
    error = refused(json.dumps(data))  # an escaped "\ud800" inside the JSON
    assert isinstance(error, StatsInconsistentError) and error.params["reason"] == "bad-code"
    error = refused(b"\xed\xa0\x80")
    assert isinstance(error, RecordTextError) and error.params["reason"] == "not-text"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "not-json"),
        ("{", "not-json"),
        ("{'format': 1}", "not-json"),
        ("1" * 5000, "not-json"),
    ],
)
def test_text_that_is_not_json(text: str, reason: str) -> None:
    error = refused(text)
    assert isinstance(error, RecordTextError) and error.params["reason"] == reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[]", "not-an-object"),
        ("null", "not-an-object"),
        ('"half-moon-stats"', "not-an-object"),
        ("{}", "wrong-format"),
        (changed(format="half-moon-game"), "wrong-format"),
    ],
)
def test_not_our_record(text: str, reason: str) -> None:
    error = refused(text)
    assert isinstance(error, StatsFormatError) and error.params["reason"] == reason


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("played", "14"),
        ("played", 14.0),
        ("won", True),
        ("streak", None),
        ("fastest_ms", "1"),
        ("daily_won", "20261130"),
        ("daily_won", [20261130]),
        ("recent", [[1, 1000, 10]]),
        ("recent", [[True, 1000]]),
        ("recent", [{"won": True}]),
        ("seen", [["HM1-N-AAAAAAB", "1", True]]),
        ("seen", {}),
    ],
)
def test_values_of_the_wrong_type(field: str, value: object) -> None:
    error = refused(changed(**{field: value}))
    assert isinstance(error, StatsFieldError) and not isinstance(error, StatsFormatError)  # ours, malformed
    assert error.params == {"reason": "wrong-type", "field": field}
    assert f"field {field} has a value of the wrong type" in error_text(error, "en")


def test_a_missing_field_is_named() -> None:
    error = refused(json.dumps({k: v for k, v in valid().items() if k != "seen"}))
    assert isinstance(error, StatsFieldError) and error.params == {"reason": "missing", "field": "seen"}
    assert error_text(error, "en") == "The statistics file has no field seen."


@pytest.mark.parametrize("version", [0, "1", 1.0, True, None, "x" * 100])
def test_a_foreign_version(version: object) -> None:
    error = refused(changed(version=version))
    assert isinstance(error, StatsVersionError)
    assert error.params == {"version": repr(version)[:40]}
    assert len(error.params["version"]) <= 40


@pytest.mark.parametrize(("change", "version"), [({"version": 2}, 2), ({"extra": [1]}, 1)])
def test_a_newer_versions_record_is_refused_as_newer_with_what_can_be_read(
    change: dict[str, Any], version: int
) -> None:
    """A later version, or the latest with a field this page does not know: a newer page wrote it. What
    this page knows of it is read (to be shown), and the error says so (the page then writes nothing)."""
    error = refused(changed(**change))
    unknown = {"reason": "unknown-field", "field": "extra"} if "extra" in change else {}
    assert isinstance(error, StatsNewerError) and error.params == {"version": repr(version), **unknown}
    assert error.known == loads(json.dumps(valid()))


def test_a_field_of_a_newer_version_is_named_not_this_pages_version() -> None:
    error = refused(changed(**{"x" * 100: 1}))
    assert isinstance(error, StatsNewerError) and error.params["field"] == "x" * 40
    assert error_text(error, "en") == (
        f"The statistics have a field this version of Half Moon does not know ({'x' * 40}): a newer version made them."
    )


def test_a_newer_record_whose_known_part_is_not_valid_is_read_as_nothing() -> None:
    error = refused(changed(version=7, played=-1))
    assert isinstance(error, StatsNewerError) and error.known is None


def inconsistent_cases() -> list[tuple[dict[str, Any], str]]:
    ok = valid()
    n = len(ok["recent"])
    wins = [[True, 1000, 520]] * 5
    return [
        ({"played": -1}, "negative-figure"),
        ({"recent": [[False, -1, 0]]}, "negative-figure"),
        ({"played": 2**60, "won": 2**60}, "figure-too-large"),
        ({"fastest_ms": S.MAX_ELAPSED_MS + 1}, "figure-too-large"),
        ({"won": ok["played"] + 1}, "won-exceeds-played"),
        ({"finished": ok["played"] + 1}, "finished-exceeds-played"),
        ({"won": ok["finished"] + 1, "played": 100, "finished": ok["finished"]}, "won-exceeds-finished"),
        ({"streak": ok["best_streak"] + 1}, "streak-exceeds-best"),
        ({"best_streak": ok["won"] + 1}, "best-streak-exceeds-won"),
        ({"score_total": ok["finished"] * S.MAX_SCORE + 1}, "score-exceeds-finished"),
        ({"won": 0, "best_streak": 0, "streak": 0, "daily_won": [], "recent": []}, "fastest-without-win"),
        ({"daily_won": ["20270230"]}, "daily-not-a-date"),
        ({"daily_won": ["19991231"]}, "daily-not-a-date"),
        ({"daily_won": ["２０２６１１３０"]}, "daily-not-a-date"),
        ({"daily_won": ["2026113"]}, "daily-not-a-date"),
        ({"daily_won": ["20261130", "20261129"]}, "daily-unsorted"),
        ({"daily_won": ["20261130", "20261130"]}, "daily-unsorted"),
        ({"daily_won": [f"2001{m:02d}01" for m in range(1, 13)], "won": 11}, "daily-exceeds-won"),
        ({"recent": ok["recent"] * 3}, "recent-too-long"),
        ({"finished": n - 1, "won": n - 1, "score_total": 0}, "recent-exceeds-finished"),
        (
            {"played": 50, "finished": 40, "won": 4, "streak": 4, "best_streak": 4, "daily_won": [], "recent": wins},
            "recent-exceeds-won",
        ),
        ({"played": 50, "finished": 40, "won": 40, "streak": 0, "best_streak": 40}, "recent-exceeds-not-won"),
        ({"streak": 1}, "streak-disagrees-with-recent"),
        ({"seen": [["HM1-N-AAAAAAB", i, False] for i in range(65)], "played": 100}, "seen-too-long"),
        ({"seen": [["HM1-N-AAAAAAB", i, False] for i in range(20)]}, "seen-exceeds-played"),
        ({"seen": [["HM1-N-AAAAAAB", 5, False], ["HM1-N-AAAAAAB", 5, True]]}, "seen-duplicate"),
        ({"seen": [["HM1-N-AAAAAAB<script>", 5, False]]}, "bad-code"),
        ({"seen": [["HM1-N-AAAAAAB", -5, False]]}, "bad-time"),
    ]


@pytest.mark.parametrize(("fields", "reason"), inconsistent_cases())
def test_inconsistent_records(fields: dict[str, Any], reason: str) -> None:
    error = refused(changed(**fields))
    assert isinstance(error, StatsInconsistentError)
    assert error.params == {"reason": reason, **FIELD_OF.get(str(fields), {})}


FIELD_OF = {
    str({"played": -1}): {"field": "played"},
    str({"recent": [[False, -1, 0]]}): {"field": "recent"},
    str({"played": 2**60, "won": 2**60}): {"field": "played"},
    str({"fastest_ms": S.MAX_ELAPSED_MS + 1}): {"field": "fastest_ms"},
}
"""A figure out of its range is named by its field (the relations name their figures in their words)."""


def test_every_reason_is_tested_and_has_words() -> None:
    tested = {reason for _, reason in inconsistent_cases()}
    assert tested == set(REASONS["stats-inconsistent"])
    keys = ["stats", "stats-format", "stats-version", "stats-inconsistent"]
    for lang in ("fi", "en"):
        for key in keys:
            assert key in MESSAGES[lang]
        for key, reasons in REASONS.items():
            assert key in MESSAGES[lang]
            if key == "stats-inconsistent":
                assert all(f"{key}.{r}" in MESSAGES[lang] for r in reasons)
    assert MESSAGES["fi"].keys() == MESSAGES["en"].keys()


@pytest.mark.parametrize(
    "error",
    [
        StatsFormatError(reason="wrong-type", field="played"),
        StatsFormatError(reason="not-an-object"),
        StatsVersionError(2),
        StatsInconsistentError(reason="won-exceeds-played"),
    ],
)
def test_error_words(error: StatsError) -> None:
    fi, en = error_text(error, "fi"), error_text(error, "en")
    assert fi != en
    assert "{" not in fi + en
    assert "tilasto" in fi.lower() and "statistics" in en.lower()
    assert error_text(StatsInconsistentError(reason="won-exceeds-played"), "en") == (
        "The figures of the statistics file do not agree: more games won than played."
    )


def test_the_version_error_names_the_version() -> None:
    assert error_text(StatsVersionError(2), "fi") == "Tilastotiedoston versio 2 on tuntematon."


# Any text gives a record or a documented error; records near a valid one reach every check of the record


def outcome(text: str | bytes) -> Stats | NotationError:
    """What ``loads`` makes of the text: a record that survives a round trip, or a documented error (any
    other exception fails the test): the reason it names is one its key lists."""
    try:
        result = loads(text)
    except TYPED as error:
        assert isinstance(error, NotationError)
        if isinstance(error, StatsVersionError):
            assert error.params.keys() == {"version"}
        elif isinstance(error, StatsNewerError):
            assert error.params.keys() in ({"version"}, {"version", "reason", "field"})
        else:
            assert error.params["reason"] in (
                REASONS[error.key] if isinstance(error, StatsError) else RECORD_TEXT_REASONS
            )
        return error
    assert isinstance(result, Stats)
    assert loads(dumps(result)) == result
    return result


RECORD_TEXT_REASONS = ("too-long", "too-deep", "not-text", "not-json")
"""halfmoon/jsontext.py: why text is not JSON we may parse."""
FUZZ = settings(deadline=None)
"""What these tests find is an exception, not a slow example (a loaded machine makes any example slow)."""


@FUZZ
@given(st.text())
def test_any_text(text: str) -> None:
    """Text that is mostly not JSON: the parser's limits, before any check of the record."""
    outcome(text)


@FUZZ
@given(st.binary())
def test_any_bytes(data: bytes) -> None:
    outcome(data)


scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
field_values = (
    scalars
    | st.lists(scalars | st.lists(scalars, max_size=3), max_size=4)
    | st.dictionaries(st.text(max_size=6), scalars, max_size=3)
)
"""JSON values no deeper than a field of the record may be (``MAX_DEPTH``): a record holding one is read."""


@FUZZ
@given(st.sampled_from(sorted(valid())), field_values)
def test_a_record_with_one_field_replaced(field: str, value: object) -> None:
    data = valid()
    data[field] = value
    result = outcome(json.dumps(data))
    assert not isinstance(result, RecordTextError)  # well-formed JSON: the record's checks were reached
    event(type(result).__name__)


COUNTS = ("played", "won", "finished", "score_total", "streak", "best_streak")
LIMITS = [-1, 0, 1, S.MAX_SCORE + 1, MAX_ELAPSED_MS, MAX_ELAPSED_MS + 1, S.MAX_COUNT, S.MAX_COUNT + 1, 2**64]
NOT_NUMBERS = ["7", 7.5, 7.0, True, False, None]
"""Values of the wrong type for a figure."""
NOT_WHOLE = [*NOT_NUMBERS, [], {}]
"""The same, and containers: for a field or a whole entry of a list (deeper, the text would not be read)."""
DATES = [
    *("20261128", "20261129", "20261130", "20000101", "20000229", "20240229"),  # real dates
    *("21000229", "20270230", "20261131", "19991231", "2026113", "202611300", "２０２６１１３０", "2026-1-1"),
    20261130,
    None,
]
CODES = ["HM1-N-AAAAAAC", "HM1-D-20261130", "", "hm1-n-aaaaaab", "HM1-N-AAAAAAB<", "A" * 33, 7, None]
MOMENTS = [0, 1, T0, MAX_MOMENT_MS, -1, MAX_MOMENT_MS + 1, "1", 1.5, True, None]


Change = tuple[str, Callable[[dict[str, Any]], None]]
"""A change to a record, named, as a damaged or hand-edited record shows it."""


def put(field: str, value: object) -> Change:
    return f"{field} = {value!r}", lambda data: data.__setitem__(field, value)


def put_item(field: str, at: int, index: int, value: object) -> Change:
    def change(data: dict[str, Any]) -> None:
        data[field][at] = [*data[field][at][:index], value, *data[field][at][index + 1 :]]

    return f"{field}[{at}][{index}] = {value!r}", change


def put_entry(field: str, at: int, value: object) -> Change:
    return f"{field}[{at}] = {value!r}", lambda data: data[field].__setitem__(at, value)


def insert(field: str, at: int, value: object) -> Change:
    return f"{field}.insert({at}, {value!r})", lambda data: data[field].insert(at, value)


def drop(field: str, at: int) -> Change:
    return f"del {field}[{at}]", lambda data: data[field].pop(at)


def drop_field(field: str) -> Change:
    return f"del {field}", lambda data: data.pop(field)


def extend(field: str, values: list[Any]) -> Change:
    return f"{field} += {len(values)} entries", lambda data: data[field].extend(values)


def reverse(field: str) -> Change:
    return f"{field}.reverse()", lambda data: data[field].reverse()


ITEMS: dict[str, list[list[Any]]] = {
    "recent": [[False, True, 1, None], LIMITS + NOT_NUMBERS, LIMITS + NOT_NUMBERS],  # won, elapsed_ms, score
    "seen": [CODES, MOMENTS, [False, True, 1, None]],  # code, dealt_at, ended
}
TOO_MANY: dict[str, list[Any]] = {
    "daily_won": list(DATES[:6]),
    "recent": [[True, 1000, 520]] * 31,
    "seen": [[f"HM1-N-AAAAA{chr(65 + i // 26)}{chr(65 + i % 26)}", i, False] for i in range(65)],
}


def changes(data: dict[str, Any]) -> list[Change]:
    """Every single change of one record this test makes: a figure one off its own value or another's
    (won = played + 1, best streak = streak - 1, the points the finished games can score), at a limit or of
    another type; a date, an entry or an item of an entry added, dropped, repeated, reordered, of another
    value, shape or type; a list too long; a field dropped or added; another version or format."""
    found: list[Change] = []
    figures = {k: data[k] for k in (*COUNTS, "fastest_ms") if type(data.get(k)) is int}
    nearby = {*figures.values(), S.MAX_SCORE * figures.get("finished", 0)}
    for field in (*COUNTS, "fastest_ms"):
        values = {v + d for v in nearby for d in (-1, 1)} | set(LIMITS)
        found += [put(field, v) for v in sorted(values)] + [put(field, v) for v in NOT_WHOLE]
    for field in ("daily_won", "recent", "seen"):
        entries = data.get(field)
        if not isinstance(entries, list):
            found.append(put(field, []))
            continue
        found += [put(field, v) for v in [*NOT_NUMBERS, {}]] + [extend(field, TOO_MANY[field])]
        ends = sorted({0, len(entries) - 1}) if entries else []
        found += [drop(field, at) for at in ends] + [insert(field, 0, e) for e in entries[-1:]] + [reverse(field)]
        if field == "daily_won":
            found += [insert(field, at, v) for at in {0, len(entries)} for v in DATES]
            continue
        found += [insert(field, 0, v) for v in [*NOT_WHOLE, "20261130", [1, 2]]]
        for at in ends:
            if isinstance(entries[at], list) and len(entries[at]) == 3:
                found += [put_item(field, at, i, v) for i, pool in enumerate(ITEMS[field]) for v in pool]
                found += [put_entry(field, at, shape) for shape in (entries[at][:2], [*entries[at], 1])]
    found += [drop_field(field) for field in sorted(data)] + [put(field, 0) for field in ("extra", "Played", "")]
    found += [put("version", v) for v in (2, 0, "1", 1.0, True, None)]
    found += [put("format", v) for v in ("half-moon-game", "", None)]
    return found


def with_change(data: dict[str, Any], change: Change) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(data))
    change[1](copy)
    return copy


@st.composite
def valid_records(draw: st.DrawFn) -> dict[str, Any]:
    """A valid record, made by the recording functions: ended games won (W) or not (L), daily deals won
    on their dates, games played and not yet ended."""
    s = games(draw(st.text("WL", max_size=34)))
    for n in range(draw(st.integers(0, 3))):
        day = TODAY - datetime.timedelta(days=draw(st.integers(0, 3)))
        s = game(s, 100 + n, won=True, code=daily(day), today=day, elapsed_ms=draw(st.integers(0, 10**6)))
    for n in range(draw(st.integers(0, 2))):
        s = record_played(s, gid(200 + n))
    data: dict[str, Any] = json.loads(dumps(s))
    return data


@st.composite
def near_records(draw: st.DrawFn) -> dict[str, Any]:
    """Well-formed records close to a valid one: a valid record with one to three changes."""
    data = draw(valid_records())
    for _ in range(draw(st.integers(1, 3))):
        data = with_change(data, draw(st.sampled_from(changes(data))))
    return data


def broken_relations(s: Stats) -> list[str]:
    """The relations of a record that recording keeps (what counts, docs/ui-contract.md; the limits of
    webapp/stats/stored.py) that ``s`` breaks, each said independently of the code under test."""
    recent_won = sum(r.won for r in s.recent)
    run = len(list(itertools.takewhile(lambda r: r.won, reversed(s.recent))))
    counts = (s.played, s.won, s.finished, s.score_total, s.streak, s.best_streak)
    times = [r.elapsed_ms for r in s.recent] + ([] if s.fastest_ms is None else [s.fastest_ms])

    def real_date(key: str) -> bool:
        try:
            return (
                len(key) == 8
                and key.isascii()
                and datetime.date(int(key[:4]), int(key[4:6]), int(key[6:])).year >= 2000
            )
        except ValueError:
            return False

    relations = {  # the limits: 2**53 (what JavaScript counts exactly), 100 days of clock, ms up to the year 5000
        "figures are whole and not negative": min(counts + tuple(times) + tuple(r.score for r in s.recent)) >= 0,
        "counts within 2**53": max(counts) < 2**53,
        "times within 100 days": max(times, default=0) <= 100 * 24 * 3600 * 1000,
        "a game scores at most 520 (R5.3)": all(r.score <= 520 for r in s.recent),
        "won <= finished <= played": s.won <= s.finished <= s.played,
        "streak <= best streak <= won": s.streak <= s.best_streak <= s.won,
        "score <= 520 a finished game": s.score_total <= 520 * s.finished,
        "a fastest win only after a win": s.fastest_ms is None or s.won > 0,
        "daily dates real, from 2000, sorted, once": all(map(real_date, s.daily_won))
        and list(s.daily_won) == sorted(set(s.daily_won)),
        "daily deals won <= won": len(s.daily_won) <= s.won,
        "at most 30 recent games, all finished": len(s.recent) <= min(30, s.finished),
        "recent wins <= won": recent_won <= s.won,
        "recent games not won <= finished not won": len(s.recent) - recent_won <= s.finished - s.won,
        "the streak ends the recent games": run == min(s.streak, len(s.recent)),
        "at most 64 identities, all played, each once": len(s.seen) <= min(64, s.played)
        and len({x.game for x in s.seen}) == len(s.seen),
        "identities are codes and moments": all(
            re.fullmatch(r"[A-Z0-9-]{1,32}", x.game.code) and 0 <= x.game.dealt_at <= 10**14 for x in s.seen
        ),
    }
    return [name for name, holds in relations.items() if not holds]


def read_or_refused(data: dict[str, Any]) -> str:
    """What becomes of a well-formed record: read, breaking none of the relations recording keeps, or
    refused by one of the record's checks (never by the JSON parser, never by an untyped exception)."""
    result = outcome(json.dumps(data))
    assert not isinstance(result, RecordTextError), result  # well-formed: the checks of the record were reached
    if isinstance(result, Stats):
        same = json.dumps(json.loads(dumps(result)), sort_keys=True) == json.dumps(data, sort_keys=True)
        assert same  # read as exactly what it says, value and type, in whatever order of fields
        assert broken_relations(result) == []
        return "read"
    return f"refused: {result.key} {result.params.get('reason', '')}".strip()


def test_every_single_change_of_a_record_is_read_or_refused_by_its_checks() -> None:
    """Each change of ``changes`` to records of several shapes; together they reach every check."""
    reached = set()
    for base in (valid(), json.loads(dumps(games("LWWLWW"))), json.loads(dumps(Stats()))):
        for change in changes(base):
            try:
                reached.add(read_or_refused(with_change(base, change)))
            except AssertionError as error:
                raise AssertionError(f"{change[0]}: {error}") from error
    refused = {f"refused: {key} {reason}" for key, reasons in REASONS.items() for reason in reasons}
    assert refused - reached == {"refused: stats-format not-an-object"}  # a record is an object: never reached


@settings(FUZZ, max_examples=200)
@given(near_records())
def test_a_record_near_a_valid_one_is_read_or_refused_by_its_checks(data: dict[str, Any]) -> None:
    """One to three changes to a random valid record."""
    event(read_or_refused(data))


def test_the_relations_are_broken_by_the_records_refused_as_inconsistent() -> None:
    """``broken_relations`` is no empty check: each inconsistent case above breaks one of its relations."""
    for fields, reason in inconsistent_cases():
        data = valid() | fields
        recent = tuple(Result(*r) for r in data["recent"])
        seen = tuple(S.Seen(GameId(c, t), e) for c, t, e in data["seen"])
        s = Stats(
            **{k: data[k] for k in (*COUNTS, "fastest_ms")},
            daily_won=tuple(data["daily_won"]),
            recent=recent,
            seen=seen,
        )
        assert broken_relations(s), reason
    assert broken_relations(sample()) == []


events = st.lists(
    st.tuples(
        st.booleans(),  # played (True) or ended
        st.integers(0, 5),  # which game
        st.booleans(),  # won
        st.integers(-10, S.MAX_ELAPSED_MS + 10),
        st.integers(-10, 600),
        st.booleans(),  # from a file
        st.integers(-2, 2),  # the game's daily date, in days from today (2: a numbered deal)
        st.integers(0, 3),  # today, in days from TODAY
    ),
    max_size=60,
)


@settings(max_examples=200)
@given(events)
def test_any_events_give_a_valid_record(history: list[tuple[bool, int, bool, int, int, bool, int, int]]) -> None:
    s = Stats()
    ended: dict[GameId, bool] = {}
    played: set[GameId] = set()
    for is_start, n, won, elapsed, score, from_file, offset, later in history:
        today = TODAY + datetime.timedelta(days=later)
        code = "HM1-N-AAAAAAB" if offset == 2 else daily(today + datetime.timedelta(days=offset))
        g = gid(n, code)
        if is_start:
            s = record_played(s, g)
        else:
            before = s
            s = record_ended(s, g, won=won, elapsed_ms=elapsed, score=score, today=today, from_file=from_file)
            if g in ended:
                assert s is before
            else:
                ended[g] = won
        played.add(g)
    assert loads(dumps(s)) == s
    assert s.played == len(played)
    assert s.finished == len(ended) and s.won == sum(ended.values())
    f = figures(s, TODAY)
    assert f.current_streak <= f.best_streak <= f.won <= f.played
    assert f.daily_won <= f.won


# The chart


def svg_of(text: str) -> ET.Element:
    assert "style" not in text
    return ET.fromstring(text)


NS = "{http://www.w3.org/2000/svg}"


def test_the_chart() -> None:
    s = Stats()
    for n in range(40):
        s = game(s, n, won=n % 5 != 0, elapsed_ms=10_000 * (n + 1))
    f = figures(s, TODAY)
    for lang, label in [
        ("fi", "Viimeiset 30 peliä: 24 voittoa, 6 ei voittoa"),
        ("en", "Last 30 games: 24 won, 6 not won"),
    ]:
        text = chart_svg(f, lang)
        svg = svg_of(text)
        assert svg.get("role") == "img" and svg.get("aria-label") == label
        assert svg.get("viewBox") is not None and svg.get("height") is None
        groups = [g for g in svg.iter(f"{NS}g") if g.get("class") in ("stats-won", "stats-not-won")]
        won = [g for g in groups if g.get("class") == "stats-won"]
        lost = [g for g in groups if g.get("class") == "stats-not-won"]
        assert (len(won), len(lost)) == (24, 6)
        assert all(g.find(f"{NS}circle") is not None and g.find(f"{NS}path") is None for g in won)
        assert all(g.find(f"{NS}path") is not None and g.find(f"{NS}circle") is None for g in lost)
        heights = [float(rect.get("height", "0")) for g in won for rect in g.iter(f"{NS}rect")]
        assert heights == sorted(heights) and heights[0] < heights[-1]  # later games took longer here


def test_the_chart_of_no_games_and_of_one() -> None:
    assert svg_of(chart_svg(figures(Stats(), TODAY), "en")).get("aria-label") == "No finished games yet"
    one = figures(game(Stats(), 1, won=True, elapsed_ms=0), TODAY)
    assert svg_of(chart_svg(one, "fi")).get("aria-label") == "Viimeisin peli: 1 voitto, 0 ei voittoa"


def test_the_chart_escapes_and_knows_its_languages() -> None:
    f = figures(games("WL"), TODAY)
    text = chart_svg(f, '"><script>')
    assert "<script" not in text
    assert svg_of(text).get("aria-label") == "Viimeiset 2 peliä: 1 voitto, 1 ei voittoa"


# The calendar


def test_the_calendar_of_a_month() -> None:
    s = Stats()
    for n, day in enumerate([1, 2, 30]):
        date = datetime.date(2026, 11, day)
        s = game(s, n, won=True, code=daily(date), today=date)
    s = game(s, 9, won=True, code=daily(datetime.date(2026, 10, 31)), today=datetime.date(2026, 10, 31))
    weeks = calendar(s, 2026, 11, TODAY)
    assert all(len(week) == 7 for week in weeks)
    assert weeks[0][:6] == [None] * 6  # 1 November 2026 is a Sunday
    days = [d for week in weeks for d in week if d is not None]
    assert [d.date.day for d in days] == list(range(1, 31))
    assert [d.date.day for d in days if d.won] == [1, 2, 30]
    assert [d.date.day for d in days if d.today] == [30]
    assert len(weeks) == 6


def test_the_calendar_starts_on_monday() -> None:
    weeks = calendar(Stats(), 2027, 2, TODAY)  # 1 February 2027 is a Monday; 28 days
    assert len(weeks) == 4 and weeks[0][0] is not None and weeks[0][0].date == datetime.date(2027, 2, 1)
    assert not any(d.today for w in weeks for d in w if d is not None)
    assert calendar(Stats(), 2026, 13, TODAY) == calendar(Stats(), 2026, 11, TODAY)


@pytest.mark.parametrize(
    ("lang", "caption", "heads"),
    [
        ("fi", "Päivän jaot, marraskuu 2026", ["ma", "ti", "ke", "to", "pe", "la", "su"]),
        ("en", "Daily deals, November 2026", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]),
    ],
)
def test_the_calendar_markup(lang: str, caption: str, heads: list[str]) -> None:
    s = game(Stats(), 1, won=True, code=daily(TODAY))
    text = calendar_html(calendar(s, 2026, 11, TODAY), lang)
    assert "style" not in text
    table = ET.fromstring(text)
    assert table.findtext("caption") == caption
    assert [th.findtext("abbr") for th in table.iter("th")] == heads
    cells = [td for td in table.iter("td") if td.get("data-date")]
    assert len(cells) == 30 and all(td.get("data-won") in ("true", "false") for td in cells)
    assert [td.get("data-date") for td in cells if td.get("data-won") == "true"] == ["2026-11-30"]
    assert [td.get("aria-current") for td in cells if td.get("aria-current")] == ["date"]
    assert len([td for td in table.iter("td") if td.get("data-won") is None]) == 6 + 6
    assert re.search(r"<td[^>]*>\s*</td>", text)


@given(st.sets(st.integers(0, 60), max_size=40), st.integers(-2, 63))
def test_the_daily_streak_is_the_run_of_days_ending_today_or_yesterday(offsets: set[int], today_offset: int) -> None:
    base = datetime.date(2027, 12, 20)
    won = {base + datetime.timedelta(days=n) for n in offsets}
    today = base + datetime.timedelta(days=today_offset)
    s = Stats(won=len(won), daily_won=tuple(sorted(f"{d:%Y%m%d}" for d in won)))
    day = today if today in won else today - datetime.timedelta(days=1)
    expected = 0
    while day in won:
        expected += 1
        day -= datetime.timedelta(days=1)
    f = figures(s, today)
    counted = len([d for d in won if d <= today])  # dates after today count for nothing
    assert (f.daily_streak, f.daily_won_today, f.daily_won) == (expected, today in won, counted)


@given(st.sets(st.integers(0, 90), max_size=50), st.integers(-3, 93), st.integers(-1, 1))
def test_dates_after_today_count_for_no_figure_and_show_won_only_once_they_come(
    offsets: set[int], today_offset: int, month_step: int
) -> None:
    """The one rule (docs/ui-contract.md "What counts") for the daily figures, the daily streak and the
    calendar alike: a daily date won counts, and shows won, only once it is no later than today (a clock
    set back keeps the record, but its later dates wait)."""
    base = datetime.date(2026, 11, 10)
    won = {base + datetime.timedelta(days=n) for n in offsets}
    today = base + datetime.timedelta(days=today_offset)
    s = Stats(won=len(won), daily_won=tuple(sorted(f"{d:%Y%m%d}" for d in won)))
    come = {d for d in won if d <= today}
    f = figures(s, today)
    day, run = (today if today in come else today - datetime.timedelta(days=1)), 0
    while day in come:
        run, day = run + 1, day - datetime.timedelta(days=1)
    assert (f.daily_won, f.daily_streak, f.daily_won_today) == (len(come), run, today in come)
    month = (today.replace(day=15) + datetime.timedelta(days=31 * month_step)).replace(day=1)
    days = [d for week in calendar(s, month.year, month.month, today) for d in week if d is not None]
    shown = {d.date for d in days if d.won}
    assert shown == {d for d in come if (d.year, d.month) == (month.year, month.month)}
    table = ET.fromstring(calendar_html(calendar(s, month.year, month.month, today), "en"))
    marked = {td.get("data-date") for td in table.iter("td") if td.get("data-won") == "true"}
    assert marked == {d.isoformat() for d in shown}


@given(
    st.lists(
        st.text("0123456789", min_size=8, max_size=8)
        | st.text("0123456789,２", min_size=7, max_size=9)
        | st.sampled_from(["20000229", "21000229", "20240229", "20250229", "20261131", "20261231", "20000101"])
    )
)
def test_daily_dates_are_checked_as_real_dates(keys: list[str]) -> None:
    def real(key: str) -> bool:
        if len(key) != 8 or not key.isascii() or not key.isdigit():
            return False
        try:
            return datetime.date(int(key[:4]), int(key[4:6]), int(key[6:])) >= datetime.date(2000, 1, 1)
        except ValueError:
            return False

    dates = sorted(set(keys))
    s = Stats(played=len(dates), won=len(dates), finished=len(dates), daily_won=tuple(dates))
    if all(real(k) for k in dates):
        assert loads(dumps(s)) == s
    else:
        with pytest.raises(StatsInconsistentError) as info:
            loads(dumps(s))
        assert info.value.params == {"reason": "daily-not-a-date"}
