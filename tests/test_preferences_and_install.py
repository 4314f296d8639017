"""Under CPython: the preferences' own storage key (the theme, sound), which change makes
which sound, the installed app's shortcuts (``?daily``, ``?stats``), and the manifest the build
writes (both languages, shortcuts, screenshots, the game's file type)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from halfmoon import Place, save
from sitegen.manifest import manifest, manifest_text
from support.fakes import FakeStorage, make_app, play
from support.testdata import DEAD_END, WON
from tools.build import site_files
from webapp.app.actions import Action, Dialog, Setting
from webapp.app.app import App
from webapp.app.shortcuts import shortcut
from webapp.draw.sounds import Sound, cue
from webapp.draw.view import build
from webapp.store.prefs import PREFERENCES_CHARS, Preference, Preferences, PreferenceStore, Theme
from webapp.store.storage import FLAT_DEPTH, Store
from webapp.store.storage_keys import PREFERENCES_KEY, SETTINGS_KEY
from webapp.text.word_table import TEXTS

ROOT = Path(__file__).resolve().parent.parent


# --- the preferences' own key ------------------------------------------------------------------------


def test_the_theme_follows_the_system_and_sound_is_off_by_default() -> None:
    assert PreferenceStore(FakeStorage()).load() == Preferences(theme=Theme.SYSTEM, sound=False)


def test_preferences_are_stored_under_their_own_key_never_in_the_settings() -> None:
    storage = FakeStorage({SETTINGS_KEY: json.dumps({"move_errors": True})})
    store = PreferenceStore(storage)
    now = store.changed(store.load(), Preference.THEME, "dark")
    store.changed(now, Preference.SOUND, True)
    assert json.loads(storage.items[PREFERENCES_KEY]) == {"theme": "dark", "sound": True}
    assert json.loads(storage.items[SETTINGS_KEY]) == {"move_errors": True}
    assert PREFERENCES_KEY == "half-moon:preferences"
    assert PreferenceStore(storage).load() == Preferences(theme=Theme.DARK, sound=True)


@pytest.mark.parametrize("newer", [3, {"fx": 3, "music": [1, 2]}], ids=["flat", "nested"])
def test_a_newer_versions_preferences_are_kept_through_every_write(newer: object) -> None:
    storage = FakeStorage({PREFERENCES_KEY: json.dumps({"theme": "light", "volume": newer, "sound": True})})
    store = PreferenceStore(storage)
    assert store.load() == Preferences(theme=Theme.LIGHT, sound=True)  # as the head script paints it
    store.changed(store.load(), Preference.SOUND, False)
    assert json.loads(storage.items[PREFERENCES_KEY]) == {"theme": "light", "volume": newer, "sound": False}


def test_a_newer_versions_nested_setting_keeps_the_settings() -> None:
    storage = FakeStorage({SETTINGS_KEY: json.dumps({"move_errors": True, "future": {"a": [1]}})})
    assert Store(storage).load_settings().move_errors is True
    assert json.loads(storage.items[SETTINGS_KEY])["future"] == {"a": [1]}


@pytest.mark.parametrize("value", ["[1]", "x", "[" * 20_000, json.dumps({"theme": "x" * 5000}), '"dark"', "null"])
def test_a_value_that_is_not_a_record_is_removed_and_the_defaults_used(value: str) -> None:
    storage = FakeStorage({PREFERENCES_KEY: value})
    assert PreferenceStore(storage).load() == Preferences()
    assert PREFERENCES_KEY not in storage.items


@given(st.dictionaries(st.text(max_size=8), st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8))))
def test_any_record_reads_as_preferences_of_known_values(data: dict[str, object]) -> None:
    read = PreferenceStore(FakeStorage({PREFERENCES_KEY: json.dumps(data)})).load()
    assert read.theme in tuple(Theme) and isinstance(read.sound, bool)


def test_broken_or_full_storage_only_means_the_preferences_are_not_remembered() -> None:
    assert PreferenceStore(FakeStorage(broken=True)).load() == Preferences()
    store = PreferenceStore(FakeStorage(writes=0))
    assert store.changed(store.load(), Preference.THEME, "dark").theme is Theme.DARK
    assert PreferenceStore(None).save(Preferences()) is False


def test_an_unknown_theme_name_is_refused() -> None:
    store = PreferenceStore(FakeStorage())
    with pytest.raises(ValueError):
        store.changed(store.load(), Preference.THEME, "purple")


def test_the_page_has_a_control_for_every_setting_and_preference() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    controls = set(re.findall(r'data-setting="([a-z-]+)"', page))
    assert controls == {*Setting, *Preference}
    assert re.search(r'<input type="checkbox" data-setting="sound">', page)
    options = re.search(r'<select data-setting="theme">(.*?)</select>', page)
    assert options and re.findall(r'value="([a-z]+)"', options[1]) == ["system", "light", "dark"]


# --- which sound --------------------------------------------------------------------------------------


def sound_of(app: App, moves: list[str]) -> Sound | None:
    last = build(app)
    play(app, moves)
    return cue(last, app, refused=False)


def test_a_removal_an_undo_and_a_redo_sound() -> None:
    app = make_app()
    assert sound_of(app, WON["moves"][:1]) is Sound.REMOVAL
    last = build(app)
    app.command(Action.UNDO)
    assert cue(last, app, refused=False) is Sound.UNDO
    last = build(app)
    app.command(Action.REDO)
    assert cue(last, app, refused=False) is Sound.REMOVAL


def test_a_tap_that_selects_or_changes_nothing_is_silent() -> None:
    app = make_app()
    assert sound_of(app, [WON["moves"][0].split("+")[0]]) is None
    last = build(app)
    app.command(Action.SETTINGS)
    assert cue(last, app, refused=False) is None


def test_a_refused_combination_sounds() -> None:
    app = make_app()
    first = Place(WON["moves"][0].split("+")[0])
    app.tap(first)
    last = build(app)
    other = next(p for p in (Place(f"P{n}") for n in range(1, 13)) if app.game.copy().tap(p).error)
    assert app.tap(other)
    assert cue(last, app, refused=True) is Sound.REFUSED


def test_the_win_and_the_dead_end_sound_instead_of_their_last_removal() -> None:
    app = make_app()
    play(app, WON["moves"][:-1])
    assert sound_of(app, WON["moves"][-1:]) is Sound.WIN and app.dialog is Dialog.WON
    app = make_app(code=DEAD_END["code"])
    play(app, DEAD_END["moves"][:-1])
    assert sound_of(app, DEAD_END["moves"][-1:]) is Sound.DEAD_END and app.dialog is Dialog.DEAD_END


def test_nothing_sounds_for_an_action_taken_while_a_modal_dialog_was_open() -> None:
    app = make_app(code=DEAD_END["code"])
    play(app, DEAD_END["moves"])
    last = build(app)
    assert last.dialog is Dialog.DEAD_END
    app.command(Action.UNDO)  # the dead-end dialog's own Undo
    assert app.game.moves == len(DEAD_END["moves"]) - 1
    assert cue(last, app, refused=False) is None


def test_nothing_sounds_while_a_replay_is_shown() -> None:
    line = ".".join(WON["moves"][:3])
    app = make_app(query=f"?deal={WON['code']}&line={line}")
    assert app.replay is not None
    last = build(app)
    app.command(Action.REPLAY_FORWARD)
    assert cue(last, app, refused=False) is None


# --- the shortcuts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "action"),
    [
        ("?daily", Action.DAILY),
        ("?stats", Action.STATS),
        ("?daily=1", Action.DAILY),
        ("?utm=x&stats", Action.STATS),
        ("", None),
        ("?dailyx", None),
        ("?deal=HM1-N-AAAAAAB&daily", None),
    ],
)
def test_the_address_names_a_shortcut(query: str, action: Action | None) -> None:
    assert shortcut(query) == action


def test_the_daily_shortcut_asks_before_replacing_a_game_in_progress() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    play(app, WON["moves"][:1])
    again = make_app(storage, query="?daily")
    action = shortcut("?daily")
    assert action is not None
    again.command(action)
    assert again.dialog is Dialog.CONFIRM and again.game.moves == 1
    again.command(Action.CONFIRM)
    assert str(again.code).startswith("HM1-D-") and again.game.moves == 0


# --- the manifest --------------------------------------------------------------------------------------


def test_the_committed_manifest_is_the_one_the_build_writes() -> None:
    assert (ROOT / "manifest.webmanifest").read_text(encoding="utf-8") == manifest_text()


def test_the_manifest_carries_both_languages() -> None:
    data = manifest()
    english = data["translations"]["en"]  # type: ignore[index]
    assert data["lang"] == "fi" and data["description"] == TEXTS["fi"]["app-description"]
    assert english["description"] == TEXTS["en"]["app-description"]
    assert [s["name"] for s in english["shortcuts"]] == ["Daily deal", "Statistics"]
    assert [s["name"] for s in data["shortcuts"]] == ["Päivän jako", "Tilastot"]  # type: ignore[index]


def test_the_shortcuts_open_the_daily_deal_and_the_statistics() -> None:
    urls = [s["url"] for s in manifest()["shortcuts"]]  # type: ignore[index]
    assert urls == ["./?daily", "./?stats"]
    assert [shortcut(url.removeprefix(".")) for url in urls] == [Action.DAILY, Action.STATS]


def test_the_screenshots_are_real_small_and_never_precached() -> None:
    shots = manifest()["screenshots"]
    assert {s["form_factor"] for s in shots} == {"narrow", "wide"}  # type: ignore[index]
    precached = set(site_files())
    for shot in shots:  # type: ignore[attr-defined]
        path = ROOT / shot["src"]
        assert path.stat().st_size <= 150_000, shot["src"]
        with Image.open(path) as image:
            assert f"{image.width}x{image.height}" == shot["sizes"]
            assert (image.height > image.width) == (shot["form_factor"] == "narrow")
            assert image.format == "JPEG" and shot["type"] == "image/jpeg"
        assert shot["src"] not in precached
        assert shot["label"]


def test_the_game_file_type_is_one_everywhere() -> None:
    handler = manifest()["file_handlers"][0]  # type: ignore[index]
    ((media_type, extensions),) = handler["accept"].items()
    assert extensions == [".halfmoon"] and media_type.startswith("application/") and media_type.endswith("+json")
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    accept = re.search(r'data-input="game-file" accept="([^"]*)"', page)
    assert accept and {".halfmoon", media_type} <= set(accept[1].split(","))


def test_the_command_line_replays_a_game_file(tmp_path: Path) -> None:
    app = make_app()
    play(app, WON["moves"][:2])
    path = tmp_path / "game.halfmoon"
    path.write_text(save(app.record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon", "replay", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "score 20, moves 2, status: playing"
    usage = subprocess.run(
        [sys.executable, "-m", "halfmoon", "replay", "--help"], capture_output=True, text=True, check=False
    )
    assert ".halfmoon" in usage.stdout


def test_the_theme_colours_are_the_felt_of_each_theme() -> None:
    css = (ROOT / "static" / "app.css").read_text(encoding="utf-8")
    felt = re.search(r"--felt: light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\);", css)
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'<meta name="theme-color" content="(#\w+)" data-light="(#\w+)" data-dark="(#\w+)">', page)
    assert felt and meta and meta[2] == felt[1] and meta[3] == felt[2]
    assert manifest()["theme_color"] == felt[1]


def test_the_built_theme_script_is_told_pythons_rule_for_the_stored_preferences() -> None:
    """static/theme.js decides before Python runs: the built page tells it Python's key, limits and names,
    and it reads each of them (tests/browser/test_theme_rule.py runs it against Python's reading)."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    tag = re.search(r'<script src="\./static/theme\.js"([^>]*)>', page)
    assert tag is not None
    told = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', tag[1]))
    assert told == {
        "key": PREFERENCES_KEY,
        "max-chars": str(PREFERENCES_CHARS),
        "max-depth": str(FLAT_DEPTH),
        "themes": " ".join(Theme),
    }
    script = (ROOT / "static" / "theme.js").read_text(encoding="utf-8")
    assert all(f"dataset.{name}" in script for name in ("key", "maxChars", "maxDepth", "themes"))
