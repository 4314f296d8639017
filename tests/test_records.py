"""Statistics in the page's shell under CPython: what counts (docs/ui-contract.md "What counts"),
the stored record under the storage rules, the daily deal, game and statistics files."""

from __future__ import annotations

import datetime
import json

import pytest

from halfmoon import load, save
from support.fakes import FakeStorage, make_app, play, said
from support.testdata import WON
from webapp.app.actions import Action, Dialog, Setting
from webapp.app.app import App
from webapp.draw.view import build
from webapp.stats import record as st_record
from webapp.stats import stored as st_stored
from webapp.stats.record_errors import StatsInconsistentError
from webapp.store.storage_keys import GAME_KEY, STATS_BACKUP_KEY, STATS_KEY

TODAY = datetime.date(2026, 11, 30)


def on_day(storage: FakeStorage, wall: int = 1) -> App:
    """The shell on TODAY, its wall clock standing at ``wall`` (a game's identity)."""
    return make_app(storage, today=lambda: TODAY, wall_ms=lambda: wall)


def stored(storage: FakeStorage) -> st_record.Stats:
    return st_stored.loads(storage.items[STATS_KEY])


def test_played_at_the_first_removal_won_at_the_win_and_once_per_game() -> None:
    storage = FakeStorage()
    app = on_day(storage)
    assert STATS_KEY not in storage.items  # nothing played yet: nothing written
    play(app, WON["moves"][:1])
    assert (stored(storage).played, stored(storage).finished) == (1, 0)
    play(app, WON["moves"][1:])
    s = stored(storage)
    assert (s.played, s.won, s.streak) == (1, 1, 1) and s.fastest_ms is not None
    again = on_day(storage)  # a reload, or another tab, with the won game
    again.command(Action.RESTART)  # "play again": the won game is not ended twice
    assert (stored(storage).played, stored(storage).won, stored(storage).finished) == (1, 1, 1)


def test_a_replaced_or_restarted_game_ends_not_won_and_a_dead_end_alone_ends_nothing() -> None:
    storage = FakeStorage()
    app = on_day(storage)
    play(app, WON["moves"][:2])
    app.command(Action.RESTART)
    app.command(Action.CONFIRM)
    assert (stored(storage).finished, stored(storage).won, stored(storage).streak) == (1, 0, 0)
    app.command(Action.NEW)  # nothing played since the restart: nothing counted, nothing asked
    assert app.dialog is Dialog.NONE and stored(storage).played == 1


def test_the_daily_deal_is_the_local_date_s_and_resumes() -> None:
    app = on_day(FakeStorage())
    app.command(Action.DAILY)
    assert str(app.code) == "HM1-D-20261130"
    play(app, [next(str(m) for m in app.game.legal_moves)])
    app.command(Action.DAILY)  # the saved game is that daily deal: it resumes
    assert app.game.moves == 1 and app.dialog is Dialog.NONE


def test_a_game_file_replaces_the_game_after_a_yes_and_never_sets_the_fastest_win() -> None:
    storage = FakeStorage()
    source = on_day(FakeStorage(), wall=2)  # another game of the same deal
    play(source, WON["moves"][:-1])
    text = save(source.record)
    app = on_day(storage)
    play(app, WON["moves"][:1])
    app.open_game_file(text)
    assert app.dialog is Dialog.CONFIRM and app.game.moves == 1
    app.command(Action.CONFIRM)
    assert app.game.moves == 47 and app.record.from_file
    play(app, WON["moves"][-1:])
    s = stored(storage)
    assert (s.played, s.won, s.finished, s.fastest_ms) == (2, 1, 2, None)
    assert load(storage.items[GAME_KEY]).from_file


def test_a_broken_game_file_changes_nothing_and_says_why() -> None:
    app = on_day(FakeStorage())
    play(app, WON["moves"][:2])
    record = json.loads(save(app.record)) | {"moves": ["P1+P2"]}
    app.open_game_file(json.dumps(record))
    assert app.game.moves == 2 and "Move 1 (P1+P2) of the saved game" in said(app)


def test_statistics_import_and_reset_ask_first_and_a_bad_file_says_why() -> None:
    storage = FakeStorage()
    app = on_day(storage)
    play(app, WON["moves"])
    exported = st_stored.dumps(app.tally.stats)
    app.open_stats_file('{"format":"half-moon-stats","version":1,"played":1}')
    assert "The statistics file has no field best_streak." in said(app) and stored(storage).won == 1
    app.command(Action.STATS_RESET)
    assert app.dialog is Dialog.CONFIRM and build(app).dialog_title == "Statistics"
    app.command(Action.CANCEL)
    assert app.dialog is Dialog.STATS and stored(storage).won == 1
    app.command(Action.STATS_RESET)
    app.command(Action.CONFIRM)
    assert stored(storage) == st_record.Stats()
    app.open_stats_file(exported)
    app.command(Action.CONFIRM)
    assert st_stored.dumps(stored(storage)) == exported


def test_a_refused_record_of_ours_is_backed_up_only_when_that_can_be_written() -> None:
    bad = json.dumps({**json.loads(st_stored.dumps(st_record.Stats())), "won": 3})  # more won than played
    storage = FakeStorage({STATS_KEY: bad})
    app = on_day(storage)
    assert "do not agree" in said(app) and STATS_KEY not in storage.items
    assert json.loads(storage.items[STATS_BACKUP_KEY]) == [bad]

    class Full(FakeStorage):
        def setItem(self, key: str, value: str) -> None:
            if key != GAME_KEY:
                raise RuntimeError("QuotaExceededError")
            super().setItem(key, value)

    full = Full({STATS_KEY: bad})
    held = on_day(full)
    play(held, WON["moves"][:1])
    assert full.items[STATS_KEY] == bad  # kept in place, never written over


def test_foreign_data_under_the_key_is_removed() -> None:
    storage = FakeStorage({STATS_KEY: "[1, 2"})
    on_day(storage)
    assert STATS_KEY not in storage.items and STATS_BACKUP_KEY not in storage.items


def test_the_identity_is_the_code_and_the_moment_dealt() -> None:
    storage = FakeStorage()
    app = on_day(storage, wall=5)
    play(app, WON["moves"][:1])
    assert stored(storage).seen[-1].game == st_record.GameId(WON["code"], 5)
    assert load(storage.items[GAME_KEY]).dealt_at == 5  # the moment is saved with the game
    reloaded = on_day(storage, wall=7)  # a reload later: the same game, so the same identity
    play(reloaded, WON["moves"][1:2])
    assert (stored(storage).played, stored(storage).finished) == (1, 0)
    reloaded.command(Action.RESTART)
    reloaded.command(Action.CONFIRM)  # the same code dealt again at another moment: another game
    play(reloaded, WON["moves"][:1])
    s = stored(storage)
    assert (s.played, s.finished, s.won) == (2, 1, 0)
    assert [seen.game for seen in s.seen] == [st_record.GameId(WON["code"], 5), st_record.GameId(WON["code"], 7)]
    assert [seen.ended for seen in s.seen] == [True, False]


def replay_link(moves: list[str]) -> str:
    return f"?deal={WON['code']}&line={'.'.join(moves)}"


def test_a_replay_link_shows_the_line_and_leaves_the_saved_game_alone() -> None:
    storage = FakeStorage()
    on_day(storage).command(Action.DAILY)
    saved = storage.items[GAME_KEY]
    app = on_day(storage, wall=9)
    app._open_link(replay_link(WON["moves"]))
    assert app.replay is not None and app.replay.steps == 48
    app.command(Action.REPLAY_LAST)
    assert build(app).status == "won" and build(app).replay == (48, 48, False)
    assert build(app).info == {"time": "–", "score": "520", "moves": "48", "code": WON["code"]}  # the step's figures
    app.command(Action.NEW)  # inert while replaying
    app.command(Action.SETTINGS)  # but the language is not: its panel opens
    app.set_setting(Setting.LANGUAGE, "fi")
    app.command(Action.CLOSE)
    assert app.dialog is Dialog.NONE and build(app).lang == "fi" and build(app).replay == (48, 48, False)
    app.tap(app.replay.moves[0].places[0])
    assert storage.items[GAME_KEY] == saved and build(app).query == replay_link(WON["moves"])
    app.command(Action.REPLAY_EXIT)
    assert app.replay is None and str(app.code) == "HM1-D-20261130" and STATS_KEY not in storage.items
    assert build(app).info["time"] == "0:00" and build(app).info["moves"] == "0"  # the saved game's again


def test_a_replay_link_with_an_illegal_move_opens_nothing_and_says_where() -> None:
    app = on_day(FakeStorage())
    app._open_link(replay_link([*WON["moves"][:3], "P1+P2"]))
    assert app.replay is None and said(app).startswith("The replay was not opened: Move 4 (P1+P2) of the line")


def test_play_deal_leaves_the_replay_and_starts_the_deal() -> None:
    app = on_day(FakeStorage())
    app.command(Action.DAILY)
    play(app, [next(str(m) for m in app.game.legal_moves)])
    app.command(Action.PLAY_CODE, "https://x/" + replay_link(WON["moves"][:2]))
    assert app.replay is not None
    app.command(Action.PLAY_DEAL)
    assert app.replay is None and app.dialog is Dialog.CONFIRM  # R7.6: the daily deal was in progress
    app.command(Action.CONFIRM)
    assert str(app.code) == WON["code"] and app.game.moves == 0


def test_opening_the_statistics_again_reads_but_does_not_parse_the_same_record_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    storage = FakeStorage()
    app = on_day(storage)
    play(app, WON["moves"][:1])  # recorded: the tally wrote the text it holds
    parsed: list[str] = []
    loads = st_stored.loads
    monkeypatch.setattr(app.tally.kept, "loads", lambda text: parsed.append(text) or loads(text))
    held = app.tally.stats
    app.command(Action.STATS)
    app.command(Action.CLOSE)
    app.command(Action.STATS)
    assert parsed == [] and app.tally.stats is held  # the same text: the same (immutable) record
    other = st_stored.dumps(st_record.record_played(held, st_record.GameId("HM1-N-AAAAAAC", 7)))
    storage.items[STATS_KEY] = other  # another tab recorded a game
    app.command(Action.STATS)
    assert parsed == [other] and app.tally.stats.played == 2
    hostile = other.replace('"played":2', '"played":1')  # fewer played than seen: refused whole
    storage.items[STATS_KEY] = hostile
    app.command(Action.STATS)
    assert app.tally.stats == st_record.Stats() and isinstance(app.tally.kept.refused, StatsInconsistentError)
