"""Storage that cannot be turned against the game: hostile values, full or broken
storage, backups. Under CPython with a fake localStorage; tests/browser/test_trust.py does the
same in Chromium."""

from __future__ import annotations

import json
import re
from dataclasses import asdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import DealCode, Game, Place, load, save
from halfmoon.saved import MAX_CHARS
from support.fakes import FakeStorage, make_app, said
from support.testdata import DOCS, WON
from webapp.app.actions import Dialog, Setting
from webapp.app.app import App
from webapp.draw.view import build
from webapp.store import storage_keys
from webapp.store.storage import BACKUPS, Kept, Settings, Store
from webapp.store.storage_keys import BACKUP_KEY, GAME_KEY, SETTINGS_KEY

ours_but_illegal = (
    '{"format":"half-moon-game","version":2,"code":"HM1-N-AAAAAAB","moves":["P1+P2"],"undone":[],'
    '"elapsed_ms":0,"dealt_at":0,"from_file":false}'
)
foreign_version = '{"format":"half-moon-game","version":99}'
HOSTILE = {
    "deep nesting": "[" * 20000,
    "5 MB": "x" * 5_000_000,
    "lone surrogate": '{"\ud800": "\udfff"}',
    "wrong shape": '["half-moon-game", 2]',
    "markup": '<img src=x onerror="alert(1)">',
    "not JSON": "{",
}


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_value_that_is_not_ours_is_removed_after_telling(value: str) -> None:
    storage = FakeStorage({GAME_KEY: value, SETTINGS_KEY: '{"move_errors": true}'})
    app = make_app(storage)
    assert app.game.moves == 0 and said(app).startswith("The stored data was not a Half Moon game")
    assert "<" not in said(app) and len(said(app)) < 200
    assert load(storage.items[GAME_KEY]).game == app.game  # the fresh deal replaced it
    assert app.settings.move_errors, "a good record of another key is never lost"
    assert BACKUP_KEY not in storage.items


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_settings_give_the_defaults_and_only_a_non_record_is_removed(value: str) -> None:
    storage = FakeStorage({SETTINGS_KEY: value})
    store = Store(storage)
    assert store.load_settings() == Settings()
    if value.startswith("{") and len(value) > 1:  # a record with names this page does not know: a newer page's
        assert storage.items[SETTINGS_KEY] == value
        assert store.save_settings(Settings(move_errors=True))
        assert json.loads(storage.items[SETTINGS_KEY]) == {**json.loads(value), **asdict(Settings(move_errors=True))}
    else:
        assert SETTINGS_KEY not in storage.items


def test_settings_a_newer_page_added_are_kept_through_every_write() -> None:
    newer = {"move_errors": True, "theme": "dark", "sound": True}
    storage = FakeStorage({SETTINGS_KEY: json.dumps(newer)})
    app = make_app(storage)
    assert app.settings == Settings(move_errors=True)
    app.set_setting(Setting.LAYOUT_HELP, True)
    assert json.loads(storage.items[SETTINGS_KEY]) == {
        **asdict(Settings(move_errors=True, layout_help=True)),
        "theme": "dark",
        "sound": True,
    }


def test_a_newer_versions_saved_game_is_never_written_over() -> None:
    storage = FakeStorage({GAME_KEY: foreign_version})
    app = make_app(storage)
    assert "A newer version of Half Moon saved the game" in said(app) and BACKUP_KEY not in storage.items
    app.tap(Place.P4)
    app.tap(Place.P7)
    assert storage.items[GAME_KEY] == foreign_version and not build(app).saved
    assert app.game.moves == 1  # this page plays on from memory meanwhile


@pytest.mark.parametrize("value", [ours_but_illegal, foreign_version.replace("99", "0")], ids=["illegal-move", "old"])
def test_a_record_of_ours_that_fails_is_backed_up_then_replaced(value: str) -> None:
    storage = FakeStorage({GAME_KEY: value})
    app = make_app(storage)
    assert "a backup was kept" in said(app)
    assert json.loads(storage.items[BACKUP_KEY]) == [value]
    assert app.game == Game.from_code(WON["code"])  # a fresh deal, and it is what is saved now
    assert load(storage.items[GAME_KEY]).game == app.game and build(app).saved


def test_when_the_backup_cannot_be_written_the_record_stays_and_nothing_is_saved() -> None:
    storage = FakeStorage({GAME_KEY: ours_but_illegal}, quota=len(GAME_KEY) + len(ours_but_illegal) + 10)
    app = make_app(storage)
    assert "left in place" in said(app)
    assert storage.items[GAME_KEY] == ours_but_illegal and not build(app).saved
    app.tap(Place.P4)
    app.tap(Place.P7)
    assert storage.items[GAME_KEY] == ours_but_illegal, "never overwritten while it waits"
    assert app.game.moves == 1 and not build(app).saved  # the game plays on from memory


def test_at_most_three_backups_and_a_second_bad_record_never_overwrites_the_first() -> None:
    storage = FakeStorage()
    bad = [ours_but_illegal.replace('"dealt_at":0', f'"dealt_at":{n}') for n in range(BACKUPS + 1)]
    for value in bad:
        storage.items[GAME_KEY] = value
        make_app(storage)
    assert json.loads(storage.items[BACKUP_KEY]) == bad[-BACKUPS:]


def test_saving_that_starts_failing_is_shown_until_it_works_again_and_a_reload_resumes() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    app.tap(Place.P4)
    app.tap(Place.P7)  # saved: one move
    storage.writes_left = 0
    app.tap(Place.P5)
    app.tap(Place.P6)
    assert app.game.moves == 2 and not build(app).saved
    app.tap(Place.P1)
    assert not build(app).saved, "lasting: the next tap does not clear it"
    assert make_app(FakeStorage(dict(storage.items))).game.moves == 1  # a reload resumes the last saved move
    storage.writes_left = -1
    app.tap(Place.P1)
    assert build(app).saved and load(storage.items[GAME_KEY]).game == app.game


def test_the_early_paint_record_alone_failing_does_not_mark_the_game_unsaved() -> None:
    storage = FakeStorage()
    store = Store(storage)
    app = App(store, now_ms=lambda: 0.0, new_code=lambda: DealCode(1))
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items()) + 100
    store.save_snapshot("x" * 1000)
    app.tap(Place.P4)
    assert build(app).saved


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=500)
@given(st.one_of(st.text(), json_values.map(json.dumps)))
def test_any_stored_text_gives_a_game_and_settings_never_an_exception(value: str) -> None:
    storage = FakeStorage({GAME_KEY: value, SETTINGS_KEY: value, BACKUP_KEY: value})
    app = make_app(storage)
    assert app.game.code is not None and isinstance(app.settings, Settings)
    assert app.dialog in (Dialog.NONE, Dialog.WON, Dialog.DEAD_END)


def test_the_kinds_of_refusal_are_all_said_in_both_languages() -> None:
    from webapp.text.word_table import TEXTS

    for kept in Kept:
        assert f"refused-{kept}" in TEXTS["fi"] and f"refused-{kept}" in TEXTS["en"]


def test_a_won_record_reopens_won() -> None:
    game = Game.from_code(WON["code"])
    for move in WON["moves"]:
        game.remove(move)
    app = make_app(FakeStorage({GAME_KEY: save(game)}))
    assert app.dialog is Dialog.WON and app.game == game


def test_a_bad_record_written_behind_the_page_s_back_is_set_aside_before_the_next_save() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    storage.items[GAME_KEY] = ours_but_illegal  # another tab, or another project of the origin
    app.tap(Place.P4)
    app.tap(Place.P7)  # a removal: saved
    assert json.loads(storage.items[BACKUP_KEY]) == [ours_but_illegal]
    assert load(storage.items[GAME_KEY]).game == app.game


def test_backups_of_records_full_of_escaped_characters_are_all_kept() -> None:
    """A record at the size limit whose every character is escaped in the backup list (six for a
    control character) still leaves the older backups readable, so the next backup keeps them."""
    storage = FakeStorage()
    store = Store(storage)
    records = [chr(n) * MAX_CHARS for n in range(1, BACKUPS + 2)]
    for text in records:
        assert store.back_up(BACKUP_KEY, text, MAX_CHARS)
    assert store.backups() == records[-BACKUPS:]


# The keys by the contract's names: every other test reads and writes storage through the keys module,
# so these are the only places the names are typed out.
CONTRACT_KEYS = {
    "GAME_KEY": "half-moon:game",
    "BACKUP_KEY": "half-moon:game-backup",
    "SETTINGS_KEY": "half-moon:settings",
    "SNAPSHOT_KEY": "half-moon:snapshot",
    "STATS_KEY": "half-moon:stats",
    "STATS_BACKUP_KEY": "half-moon:stats-backup",
    "STATS_WRITTEN_KEY": "half-moon:stats-written",
    "STATS_LOCK": "half-moon:stats",
    "INTRO_KEY": "half-moon:intro",
    "PREFERENCES_KEY": "half-moon:preferences",
    "HISTORY_KEY": "half-moon:history",
    "HISTORY_BACKUP_KEY": "half-moon:history-backup",
}


def test_the_keys_module_holds_the_contracts_names() -> None:
    assert {name: getattr(storage_keys, name) for name in CONTRACT_KEYS} == CONTRACT_KEYS


def test_every_key_the_contract_names_is_one_of_the_keys_module() -> None:
    contract = (DOCS / "ui-contract.md").read_text(encoding="utf-8")
    marks = set(re.findall(r"performance mark `(half-moon:[a-z-]+)`(?: / `(half-moon:[a-z-]+)`)?", contract))
    named = set(re.findall(r"\bhalf-moon:[a-z-]+", contract)) - {name for pair in marks for name in pair if name}
    unknown = named - set(CONTRACT_KEYS.values())
    assert named and not unknown, f"not in the keys module: {unknown}"
