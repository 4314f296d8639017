"""Under CPython: the spoiler-free share text (exact, as docs/ui-contract.md writes it), and the
history of games (``HISTORY_KEY``): what enters it, its limits, its trust rules, its lock, export,
import and reset, and its two commands."""

from __future__ import annotations

import datetime
import itertools
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import DealCode, Game, SavedGame
from support.fakes import FakeLocks, FakeStorage, TabStorage, make_app, play, said
from support.testdata import DEAD_END, DOCS, WON
from webapp.app.actions import Action, Dialog
from webapp.app.app import App
from webapp.draw.share_and_history import Outcome, history_rows, share_text, to_share
from webapp.draw.view import build
from webapp.stats import export, stored
from webapp.stats import history as past
from webapp.stats.history import HISTORY_GAMES, Finished, History
from webapp.store.records import Locked, Tally, at_once
from webapp.store.storage import Store
from webapp.store.storage_keys import HISTORY_BACKUP_KEY, HISTORY_KEY, STATS_KEY
from webapp.text.word_table import TEXTS

TODAY = datetime.date(2026, 12, 1)
PAGE = "https://example.org/half-moon/"
CONTRACT = (DOCS / "ui-contract.md").read_text(encoding="utf-8")


def ticking(storage: FakeStorage | TabStorage, locked: Locked = at_once, wall: int = 1) -> App:
    """A page at the won deal's address whose wall clock moves on a millisecond at each look: each deal
    a new identity."""
    moments = itertools.count(wall)
    return make_app(storage, f"?deal={WON['code']}", wall_ms=lambda: next(moments), today=lambda: TODAY, locked=locked)


def finished(number: int, status: str = "won", code: str = WON["code"], day: str = "20261201") -> Finished:
    line = ".".join(WON["moves"] if status == "won" else WON["moves"][:3])
    score = 520 if status == "won" else 35
    return Finished(code, number, day, status, score, 392_000, line)


class Refusing(FakeStorage):
    """Storage that refuses every write of one key (full, as far as that record goes)."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key

    def setItem(self, key: str, value: str) -> None:
        if key == self.key:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def stored_history(storage: FakeStorage) -> History:
    return past.loads(storage.items[HISTORY_KEY])


# The share text: exactly the contract's, in both languages

SHARED = {
    ("en", "daily", "won"): "Half Moon · daily 1 Dec 2026 · won · 48 moves · 520 points · 6:32",
    ("fi", "daily", "won"): "Half Moon · päivän jako 1.12.2026 · voitettu · 48 siirtoa · 520 pistettä · 6.32",
    ("en", "numbered", "dead-end"): "Half Moon · HM1-N-AAAAAAB · dead end · 20 moves · 200 points · 3:05",
    ("fi", "numbered", "dead-end"): "Half Moon · HM1-N-AAAAAAB · umpikuja · 20 siirtoa · 200 pistettä · 3.05",
    ("en", "numbered", "won"): "Half Moon · HM1-N-AAAAAAB · won · 48 moves · 520 points · 6:32",
    ("fi", "numbered", "won"): "Half Moon · HM1-N-AAAAAAB · voitettu · 48 siirtoa · 520 pistettä · 6.32",
    ("en", "daily", "dead-end"): "Half Moon · daily 1 Dec 2026 · dead end · 20 moves · 200 points · 3:05",
    ("fi", "daily", "dead-end"): "Half Moon · päivän jako 1.12.2026 · umpikuja · 20 siirtoa · 200 pistettä · 3.05",
}
CODES = {"daily": "HM1-D-20261201", "numbered": "HM1-N-AAAAAAB"}
FIGURES = {"won": (48, 520, 392_000), "dead-end": (20, 200, 185_000)}


@pytest.mark.parametrize(("lang", "kind", "status"), list(SHARED), ids="-".join)
def test_the_share_text_is_the_contract_s(lang: str, kind: str, status: str) -> None:
    moves, score, elapsed = FIGURES[status]
    code = DealCode.parse(CODES[kind])
    text = share_text(Outcome(code, status, moves, score, elapsed), lang, PAGE)
    assert text == f"{SHARED[lang, kind, status]}\n{PAGE}?deal={CODES[kind]}"


def test_the_contract_writes_the_templates_out() -> None:
    for key in [("en", "daily", "won"), ("fi", "daily", "won"), ("en", "numbered", "dead-end")]:
        assert f"`{SHARED[key]}`" in CONTRACT
    assert f"`{SHARED['fi', 'numbered', 'dead-end']}`" in CONTRACT


def test_the_share_text_says_one_move_in_the_singular() -> None:
    text = share_text(Outcome(DealCode.parse(CODES["numbered"]), "dead-end", 1, 10, 5_000), "en", PAGE)
    assert " · 1 move · 10 points · 0:05\n" in text
    finnish = share_text(Outcome(DealCode.parse(CODES["numbered"]), "dead-end", 1, 10, 5_000), "fi", PAGE)
    assert " · 1 siirto · 10 pistettä · 0.05\n" in finnish


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_played_games_share_text_holds_none_of_its_moves(lang: str) -> None:
    app = ticking(FakeStorage())
    play(app, WON["moves"])  # a win: the end dialog's share
    outcome = to_share(app)
    assert outcome is not None
    shared = share_text(outcome, lang, PAGE)
    assert not any(move in shared for move in WON["moves"]) and re.search(r"[PR]\d+\+", shared) is None


def test_the_end_dialog_shares_the_game_on_the_table_and_the_statistics_the_latest_daily() -> None:
    app = ticking(FakeStorage())
    play(app, WON["moves"])
    assert app.dialog is Dialog.WON
    outcome = to_share(app)
    assert outcome is not None and (str(outcome.code), outcome.status, outcome.moves, outcome.score) == (
        WON["code"],
        "won",
        48,
        520,
    )
    app.command(Action.STATS)
    assert to_share(app) is None and not build(app).can_share_result  # no daily deal in the history
    daily = finished(5, code="HM1-D-20261130")
    app.tally.past.write(History((daily, finished(6))))
    outcome = to_share(app)
    assert outcome is not None and str(outcome.code) == "HM1-D-20261130" and build(app).can_share_result


def test_a_shared_result_is_said_in_the_end_dialog_which_keeps_its_own_text() -> None:
    app = ticking(FakeStorage())
    play(app, WON["moves"])
    before = build(app).dialog_text
    app.say("result-copied")
    view = build(app)
    assert view.dialog_text == before and view.dialog_message == "Result copied to the clipboard."


# What enters the history


def test_a_win_a_dead_end_and_an_abandoned_game_enter_the_history_latest_first() -> None:
    storage = FakeStorage()
    app = ticking(storage)
    play(app, WON["moves"])
    app.command(Action.PLAY_CODE, DEAD_END["code"])
    play(app, DEAD_END["moves"])
    app.command(Action.PLAY_CODE, WON["code"])  # a dead end is not in progress: no question
    play(app, WON["moves"][:2])
    app.command(Action.NEW)
    app.command(Action.CONFIRM)
    rows = [dict(row.attributes) for row in history_rows(app.tally.history, "en")]
    assert [(r["data-history-game"], r["data-code"], r["data-won"], r["data-moves"]) for r in rows] == [
        ("1", WON["code"], "false", "2"),
        ("2", DEAD_END["code"], "false", str(len(DEAD_END["moves"]))),
        ("3", WON["code"], "true", "48"),
    ]
    assert rows[2]["data-score"] == "520" and rows[2]["data-date"] == "2026-12-01"
    games = stored_history(storage).games
    assert [g.status for g in games] == ["won", "dead-end", "playing"]
    assert games[0].line == ".".join(WON["moves"]) and games[1].line == ".".join(DEAD_END["moves"])
    assert json.loads(storage.items[STATS_KEY])["finished"] == 3  # the history lists what the statistics count


def test_a_game_is_in_the_history_once_across_a_reload() -> None:
    storage = FakeStorage()
    play(ticking(storage), WON["moves"][:47])
    app = ticking(storage)  # a reload: the same game, the same identity
    play(app, WON["moves"][47:])
    ticking(storage).command(Action.STATS)
    assert len(stored_history(storage).games) == 1


@given(st.lists(st.tuples(st.integers(0, 40), st.sampled_from(["won", "dead-end", "playing"])), max_size=260))
def test_the_history_keeps_the_latest_games_each_once(events: list[tuple[int, str]]) -> None:
    history = History()
    for number, status in events:
        history = past.add(history, finished(number, status))
    identities = [g.dealt_at for g in history.games]
    assert len(identities) <= HISTORY_GAMES and len(set(identities)) == len(identities)
    assert past.loads(past.dumps(history)) == history


def test_the_cap_drops_the_oldest_game() -> None:
    history = History()
    for number in range(HISTORY_GAMES + 5):
        history = past.add(history, finished(number))
    assert len(history.games) == 100 and history.games[0].dealt_at == 5 and history.row("1") == finished(104)
    assert history.row("101") is None and history.row("0") is None and history.row("x") is None
    assert history.row("²") is None and history.row("１") is None  # digits, but not the page's


def test_the_worst_case_fits_the_stated_limits() -> None:
    """docs/ui-contract.md: at most 554 characters a game, 55 553 for the record; an export holds both."""
    line = ".".join(["P10+P11+P12"] * 8 + ["P10+P11"] * 40)  # the longest won line there can be
    game = Finished("HM1-D-20261231", 10**14, "20261231", "won", 520, 100 * 24 * 3600 * 1000, line)
    full = History(tuple(Finished(game.code, n, game.day, "won", 520, game.elapsed_ms, line) for n in range(100)))
    text = past.dumps(full)
    assert (past.ENTRY_CHARS, past.MAX_CHARS) == (554, 55_553)
    assert len(text) <= past.MAX_CHARS and past.loads(text) == full
    assert len(export.export_text(stored.loads(stored.dumps(stored.Stats())), full)) <= export.MAX_CHARS


# The trust rules, the same as the statistics'

OURS = '{"format":"half-moon-history","version":1,"games":%s}'


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("[" * 20000, "removed"),
        ("x" * 6_000_000, "removed"),
        ('{"format":"something-else"}', "removed"),
        (OURS % '[["HM1-N-AAAAAAB",1,"","won",10,0,"P4+P7"]]', "backup"),
        (
            '{"format":"half-moon-history","version":1,"games":[["HM1-N-AAAAAAB",1,"20261332","playing",0,0,""]]}',
            "backup",
        ),
        (OURS % '[["HM1-N-AAAAAAB",1,"","playing",10,0,"p4 p7"]]', "backup"),
        (OURS % '[["hm1-n-aaaaaab",1,"","playing",10,0,"P4+P7"]]', "backup"),
        ('{"format":"half-moon-history","version":0,"games":[]}', "backup"),
        ('{"format":"half-moon-history","version":2,"games":[{"new":1}]}', "newer"),
    ],
    ids=[
        "deep",
        "huge",
        "foreign",
        "won-without-a-win",
        "no-such-date",
        "a-move-not-as-written",
        "a-code-not-as-written",
        "older-version",
        "newer-version",
    ],
)
def test_a_tampered_history_never_breaks_the_game_and_is_said(text: str, kept: str) -> None:
    storage = FakeStorage({HISTORY_KEY: text})
    app = ticking(storage)
    assert app.tally.history == History() and app.game.moves == 0
    message = said(app)
    assert message.startswith("The stored history of games could not be used") or message.startswith(
        "The history of games was made by a newer version"
    )
    if kept == "removed":
        assert HISTORY_KEY not in storage.items and HISTORY_BACKUP_KEY not in storage.items
    elif kept == "backup":
        assert HISTORY_KEY not in storage.items and json.loads(storage.items[HISTORY_BACKUP_KEY]) == [text]
    play(app, WON["moves"])  # a game finished: recorded over nothing of ours that must stay
    if kept == "newer":
        assert storage.items[HISTORY_KEY] == text
    else:
        assert len(stored_history(storage).games) == 1


def test_a_refused_history_write_is_said_and_the_statistics_keep_the_game() -> None:
    storage, locks = Refusing(HISTORY_KEY), FakeLocks(held=True)  # as in the page: recorded after the win shows
    app = ticking(storage, locked=locks)
    play(app, WON["moves"][:47])
    play(app, WON["moves"][47:])
    locks.release()
    assert (
        build(app).dialog_message
        == said(app)
        == (
            "The game was recorded in the statistics but could not be added to the history of games: "
            "the browser's storage is unavailable or full."
        )
    )
    assert json.loads(storage.items[STATS_KEY])["won"] == 1 and HISTORY_KEY not in storage.items


def test_the_history_is_written_under_the_statistics_lock_in_their_job() -> None:
    storage, locks = FakeStorage(), FakeLocks(held=True)
    app = ticking(storage, locked=locks)
    play(app, WON["moves"])
    assert HISTORY_KEY not in storage.items and STATS_KEY not in storage.items  # both wait for the lock
    locks.release()
    assert len(stored_history(storage).games) == 1 and json.loads(storage.items[STATS_KEY])["won"] == 1


def test_two_tabs_finishing_at_once_both_enter_the_history() -> None:
    shared, locks = FakeStorage(), FakeLocks(held=True)
    tab_a, tab_b = (Tally(Store(TabStorage(shared)), lambda: TODAY, locks) for _ in "ab")  # type: ignore[arg-type]
    answers: list[bool] = []
    for tab, dealt_at in ((tab_a, 1), (tab_b, 2)):
        game = Game.from_code(WON["code"])
        for move in WON["moves"]:
            game.remove(move)
        tab.removal(SavedGame(game, elapsed_ms=60_000, dealt_at=dealt_at), answers.append)
    locks.release()
    assert answers == [True, True] and [g.dealt_at for g in stored_history(shared).games] == [1, 2]


# Export, import, reset


def test_export_import_and_reset_carry_the_history() -> None:
    storage = FakeStorage()
    app = ticking(storage)
    play(app, WON["moves"])
    exported = export.export_text(app.tally.stats, app.tally.history)
    app.command(Action.STATS)
    app.command(Action.STATS_RESET)
    app.command(Action.CONFIRM)
    assert app.tally.history == History() and stored_history(storage) == History()
    app.open_stats_file(exported)
    app.command(Action.CONFIRM)
    assert said(app) == "The statistics were imported from the file."
    assert [g.line for g in stored_history(storage).games] == [".".join(WON["moves"])]


def test_an_older_export_without_history_imports_and_leaves_the_history() -> None:
    storage = FakeStorage()
    app = ticking(storage)
    play(app, WON["moves"])
    before = stored_history(storage)
    older = stored.dumps(stored.Stats())  # what the page exported before the history
    app.open_stats_file(older)
    app.command(Action.CONFIRM)
    assert said(app) == "The statistics were imported from the file."
    assert app.tally.stats.played == 0 and stored_history(storage) == before


def test_an_export_whose_history_is_broken_imports_nothing() -> None:
    app = ticking(FakeStorage())
    record = json.loads(export.export_text(stored.Stats(), History((finished(1),))))
    record["history"]["games"][0][4] = 30  # a win of 30 points
    app.open_stats_file(json.dumps(record))
    assert said(app).startswith("The statistics were not imported, nothing changed: The history holds a game")


def test_an_import_whose_history_cannot_be_written_puts_the_statistics_back() -> None:
    storage = Refusing(HISTORY_KEY)
    app = ticking(storage)
    play(app, WON["moves"])
    stats_before = storage.items[STATS_KEY]
    app.open_stats_file(export.export_text(stored.Stats(), History((finished(1),))))
    app.command(Action.CONFIRM)
    assert said(app).endswith("The previous statistics are unchanged.")
    assert storage.items[STATS_KEY] == stats_before and app.tally.stats.won == 1


# The commands of a row


def test_history_replay_opens_the_game_s_own_line() -> None:
    app = ticking(FakeStorage())
    play(app, WON["moves"])
    app.command(Action.CLOSE)
    app.command(Action.STATS)
    app.command(Action.HISTORY_REPLAY, "1")
    assert app.replay is not None and app.dialog is Dialog.NONE
    assert [str(m) for m in app.replay.moves] == WON["moves"] and str(app.replay.code) == WON["code"]


def test_history_play_asks_first_while_a_game_is_in_progress() -> None:
    app = ticking(FakeStorage())
    app.tally.past.write(History((finished(5, code="HM1-N-AAAAAAC"),)))
    play(app, WON["moves"][:1])
    app.command(Action.STATS)
    app.command(Action.HISTORY_PLAY, "1")
    assert app.dialog is Dialog.CONFIRM and str(app.code) == WON["code"]  # R7.6
    app.command(Action.CONFIRM)
    assert str(app.code) == "HM1-N-AAAAAAC" and app.game.moves == 0
    app.command(Action.STATS)
    app.command(Action.HISTORY_PLAY, "7")  # no such row: nothing happens
    assert app.dialog is Dialog.STATS and str(app.code) == "HM1-N-AAAAAAC"


def test_every_refusal_of_a_history_has_its_words_in_both_languages() -> None:
    for lang in ("fi", "en"):
        for error in (past.HistoryFormatError, past.HistoryVersionError, past.HistoryNewerError):
            assert f"error-{error.key}" in TEXTS[lang]
        for key, reasons in past.REASONS.items():
            assert all(f"error-{key}.{reason}" in TEXTS[lang] for reason in reasons)


def test_another_tab_s_history_is_followed() -> None:
    storage = FakeStorage()
    app = ticking(storage)
    storage.items[HISTORY_KEY] = past.dumps(History((finished(9),)))  # another tab finished a game
    app.storage_changed(HISTORY_KEY)
    assert [dict(row.attributes)["data-history-game"] for row in history_rows(app.tally.history, "fi")] == ["1"]
