"""The page's shell logic under CPython: controller, storage and view (no browser needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from halfmoon import Place, Status, format_time, load
from sitegen.skeleton import refresh_index
from support.fakes import FakeClock, FakeStorage, make_app, play, said
from support.testdata import DEAD_END, WON
from webapp.app.actions import Action, Dialog, Setting
from webapp.draw.view import build
from webapp.store.storage import Settings
from webapp.store.storage_keys import GAME_KEY, SETTINGS_KEY
from webapp.text.word_table import TEXTS
from webapp.text.words import pick_language

ROOT = Path(__file__).resolve().parent.parent


def test_every_word_exists_in_both_languages() -> None:
    assert TEXTS["fi"].keys() == TEXTS["en"].keys()


@pytest.mark.parametrize(
    ("stored", "browser", "expected"),
    [("en", "fi", "en"), (None, "en", "en"), (None, "", "fi"), ("xx", "<b>", "fi"), ("xx", "en", "en")],
)
def test_a_chosen_language_wins_over_the_browser_s(stored: str | None, browser: str, expected: str) -> None:
    """The browser's language is the early paint's decision (tests/browser/test_early_decisions.py);
    one the page does not have, or none, is the default language."""
    assert pick_language(stored, browser) == expected


def test_every_move_is_saved_and_a_reload_resumes_it() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    play(app, WON["moves"][:3])
    again = make_app(storage)
    assert again.game == app.game and again.game.moves == 3


def test_r7_6_a_game_in_progress_is_replaced_only_after_confirming() -> None:
    app = make_app()
    play(app, WON["moves"][:1])
    app.command(Action.NEW)
    assert app.dialog is Dialog.CONFIRM and app.game.moves == 1
    app.command(Action.CANCEL)
    assert app.dialog is Dialog.NONE and app.game.moves == 1
    app.command(Action.RESTART)
    app.command(Action.CONFIRM)
    assert app.game.moves == 0 and app.dialog is Dialog.NONE


def test_r7_3_a_bad_code_keeps_the_game_and_says_why() -> None:
    app = make_app()
    play(app, WON["moves"][:2])
    app.command(Action.PLAY_CODE, "HM1-N-AAAA")
    assert app.game.moves == 2 and "7 letters" in said(app)
    assert "7 kirjainta" in said(app, "fi")  # words are made when drawn, in either language


def test_a_link_to_the_saved_deal_resumes_it() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    play(app, WON["moves"][:2])
    again = make_app(storage, query=f"?deal={WON['code'].lower()}")
    assert again.game.moves == 2 and again.dialog is Dialog.NONE


def test_a_link_to_another_deal_asks_first() -> None:
    storage = FakeStorage()
    play(make_app(storage), WON["moves"][:2])
    again = make_app(storage, query="?deal=HM1-N-AAAAAAZ")
    assert again.dialog is Dialog.CONFIRM and again.game.moves == 2
    again.command(Action.CONFIRM)
    assert str(again.game.code) == "HM1-N-AAAAAAZ" and build(again).query == "?deal=HM1-N-AAAAAAZ"


def test_a_malformed_link_keeps_the_saved_game() -> None:
    storage = FakeStorage()
    play(make_app(storage), WON["moves"][:2])
    again = make_app(storage, query="?deal=%3Cscript%3Ealert(1)%3C/script%3E")
    assert again.game.moves == 2 and said(again).startswith("The link's deal was not opened")


def test_broken_storage_still_plays_and_shows_it_is_not_saved() -> None:
    app = make_app(FakeStorage(broken=True))
    assert not build(app).saved
    play(app, WON["moves"][:2])
    assert app.game.moves == 2 and not build(app).saved


def test_settings_are_validated_and_remembered() -> None:
    storage = FakeStorage({SETTINGS_KEY: '{"move_errors": "yes", "layout_help": true, "language": "<b>"}'})
    app = make_app(storage)
    assert app.settings == Settings(layout_help=True)  # a value of the wrong kind is the default
    app.set_setting(Setting.LAYOUT_HELP, False)
    app.set_setting(Setting.MOVE_ERRORS, True)
    app.set_setting(Setting.LANGUAGE, "fi")
    assert make_app(storage).settings == Settings(move_errors=True, layout_help=False, language="fi")


def test_fast_start_is_on_unless_turned_off_and_stored_where_the_start_up_reads_it() -> None:
    storage = FakeStorage({SETTINGS_KEY: '{"fast_start": "no"}'})
    app = make_app(storage)
    assert app.settings.fast_start and build(app).fast_start  # only false turns it off
    app.set_setting("fast-start", False)
    assert json.loads(storage.getItem(SETTINGS_KEY) or "")["fast_start"] is False  # startup/start-snapshot.mjs
    assert not make_app(storage).settings.fast_start


def test_r4_1_move_errors_are_said_only_when_on() -> None:
    app = make_app()
    app.tap(Place.P1)
    app.tap(Place.P2)  # 8♣ and Q♠
    assert app.message is None
    app.set_setting(Setting.MOVE_ERRORS, True)
    app.tap(Place.P1)
    app.tap(Place.P2)
    assert said(app) == "The sum must be 11" and said(app, "fi") == "Summan on oltava 11"


def test_r6_the_end_is_announced_with_a_dialog() -> None:
    app = make_app()
    play(app, WON["moves"])
    assert app.dialog is Dialog.WON and said(app).startswith("You won!")
    assert "520 points, 48 moves" in said(app)
    dead = make_app()
    dead.command(Action.PLAY_CODE, DEAD_END["code"])
    dead.command(Action.CONFIRM)
    play(dead, DEAD_END["moves"])
    assert dead.game.status is Status.DEAD_END and dead.dialog is Dialog.DEAD_END
    dead.command(Action.UNDO)
    assert dead.dialog is Dialog.NONE and dead.game.status is Status.PLAYING


@pytest.mark.parametrize("line", ["won", "dead-end"])
def test_r6_a_reload_of_an_ended_game_says_its_end_again(line: str) -> None:
    storage = FakeStorage()
    app = make_app(storage)
    if line == "won":
        play(app, WON["moves"])
    else:
        app.command(Action.PLAY_CODE, DEAD_END["code"])
        app.command(Action.CONFIRM)
        play(app, DEAD_END["moves"])
    ended = said(app)
    again = make_app(storage)
    assert said(again) == ended and ended.startswith("You won!" if line == "won" else "Dead end.")


def test_r5_4_the_clock_runs_only_while_visible_and_playing() -> None:
    clock = FakeClock()
    app = make_app(now_ms=clock)
    clock.now += 5000
    assert format_time(app.elapsed_ms()) == "0:00"  # not started before the first tap
    app.tap(Place.P4)
    clock.now += 65_000
    assert format_time(app.elapsed_ms()) == "1:05"
    app.set_visible(False)
    clock.now += 100_000
    assert format_time(app.elapsed_ms()) == "1:05"
    app.set_visible(True)
    clock.now += 1000
    assert format_time(app.elapsed_ms()) == "1:06"


def test_another_tab_s_move_is_adopted() -> None:
    storage = FakeStorage()
    first, second = make_app(storage), make_app(storage)
    play(first, WON["moves"][:2])
    second.storage_changed(GAME_KEY)
    assert second.game == first.game and "another tab" in said(second)


def test_another_tab_s_clock_alone_disturbs_nothing() -> None:
    storage = FakeStorage()
    first = make_app(storage)
    play(first, WON["moves"][:1])
    first.tap(Place.P4)
    first.set_setting(Setting.MOVE_ERRORS, True)
    selection, message = first.game.selection, first.message
    second = make_app(storage)  # opens on the same position and saves it with its own clock
    second.tap(Place.P1)
    first.storage_changed(GAME_KEY)
    assert first.game.selection == selection and first.message == message


def test_the_view_carries_the_contract_values() -> None:
    app = make_app()
    app.set_setting(Setting.LAYOUT_HELP, True)
    app.tap(Place.P4)
    view = build(app)
    p4 = view.places[Place.P4.position]
    attributes, button = dict(p4.attributes), dict(p4.button)
    assert (attributes["data-card"], attributes["data-count"], attributes["data-suit"]) == ("9D", "8", "D")
    assert button["aria-pressed"] == "true" and button["aria-label"] == "9♦, 9 of diamonds, pile 4, 8 cards"
    assert {v.place for v in view.places if dict(v.attributes)["data-dimmed"]} == app.game.dimmed()
    assert view.code == WON["code"] and view.status == "playing" and view.query == f"?deal={WON['code']}"


def test_the_committed_board_skeleton_is_fresh() -> None:
    assert not refresh_index(ROOT / "index.html", write=False), "index.html is stale: run `make build`"


def test_a_page_back_from_the_cache_takes_the_newer_game_silently() -> None:
    """A page restored from the back/forward cache, whose own last change was
    saved, takes the game another tab saved meanwhile, says nothing and overwrites nothing."""
    storage = FakeStorage()
    sleeping = make_app(storage)
    play(sleeping, WON["moves"][:1])
    other = make_app(storage)
    play(other, WON["moves"][1:3])
    newer = storage.items[GAME_KEY]
    sleeping.set_visible(True)  # the first thing a restored page does, before or after pageshow
    sleeping.resumed()
    assert sleeping.game == other.game and sleeping.message is None and sleeping.dialog is Dialog.NONE
    assert load(storage.items[GAME_KEY]).game == load(newer).game


@pytest.mark.parametrize("take", [True, False], ids=["take-the-other", "keep-this-one"])
def test_an_unsaved_change_never_overwrites_another_tab_s_game_unasked(take: bool) -> None:
    storage = FakeStorage()
    first = make_app(storage)
    other = make_app(storage)
    first.tap(Place(WON["moves"][0].split("+")[0]))
    play(other, WON["moves"][:2])  # first never heard of it (no storage event)
    first.tap(Place(WON["moves"][0].split("+")[1]))  # a removal on the old position: saving it would lose the other's
    assert first.dialog is Dialog.CONFIRM and not build(first).saved
    assert load(storage.items[GAME_KEY]).game == other.game
    first.command(Action.CONFIRM if take else Action.CANCEL)
    kept = other.game if take else first.game
    assert first.game == kept and load(storage.items[GAME_KEY]).game == kept
