"""Under CPython: the first game's introduction (its lifetime and its own key) and which
places a tap refuses (R3.3, R3.4, R3.6), as the page marks them with ``data-refused``."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import PLACES, Game, Place
from support.fakes import FakeStorage, make_app
from support.testdata import WON
from webapp.app.actions import Action
from webapp.app.intro import Intro
from webapp.store import intro_state
from webapp.store.storage_keys import FIRST_VISIT_KEYS, GAME_KEY, INTRO_KEY, SETTINGS_KEY, STATS_KEY
from webapp.text.words import text

# --- The introduction ---


# Whether a page shows it is the early paint's decision: tests/browser/test_early_decisions.py.


def test_a_first_visit_is_told_by_the_game_s_keys_and_the_introduction_s_own() -> None:
    assert set(FIRST_VISIT_KEYS) == {GAME_KEY, STATS_KEY, INTRO_KEY} and SETTINGS_KEY not in FIRST_VISIT_KEYS


def test_it_stays_until_the_first_removal_then_is_gone_for_good() -> None:
    storage = FakeStorage()
    shown = Intro(storage, shown=True)
    assert storage.items[INTRO_KEY] == intro_state.SHOWN  # a reload before it is done shows it again
    assert shown.after(moves=0, replaying=False)
    assert shown.after(moves=3, replaying=True)  # a replay's moves are not the player's
    assert not shown.after(moves=1, replaying=False)
    assert storage.items[INTRO_KEY] == intro_state.DONE
    assert not shown.after(moves=0, replaying=False)  # undone back to the start: still gone


def test_closing_it_is_for_good_and_never_touches_the_settings() -> None:
    storage = FakeStorage({SETTINGS_KEY: '{"lang": "fi"}'})
    del storage.items[SETTINGS_KEY]
    shown = Intro(storage, shown=True)
    shown.dismiss()
    assert not shown.shown and storage.items == {INTRO_KEY: intro_state.DONE}


def test_a_page_that_did_not_show_it_never_does_and_a_failing_storage_costs_nothing() -> None:
    storage = FakeStorage({GAME_KEY: "{}"})
    assert not Intro(storage, shown=False).after(0, False) and INTRO_KEY not in storage.items
    broken = Intro(FakeStorage(broken=True), shown=True)
    broken.dismiss()
    assert not broken.shown


def test_its_words_say_the_goal_in_both_languages() -> None:
    assert "11" in text("intro", "en") and "11" in text("intro", "fi")
    assert "tap the cards" in text("intro", "en") and "napauta kortteja" in text("intro", "fi")
    assert Action("intro-close") is Action.INTRO_CLOSE and Action("menu") is Action.MENU


# --- What a tap refuses ---

P = Place


def cards(game: Game) -> dict[Place, str]:
    return {p: str(game.top(p)) for p in PLACES if game.count(p)}


def find(game: Game, wanted: set[str]) -> list[Place]:
    return [p for p, card in cards(game).items() if card[0] in wanted]


def test_r3_3_two_number_cards_that_do_not_make_11_refuse_both() -> None:
    app = make_app()
    numbers = [p for p, c in cards(app.game).items() if c[0] not in "JQK"]
    first = numbers[0]
    value = app.game.top(first).value
    other = next(p for p in numbers[1:] if app.game.top(p).value + value != 11)
    assert app.tap(first) == ()
    assert app.tap(other) == (first, other)
    assert app.game.selection == ()  # the engine cleared it, as the mark said


def test_r3_4_a_number_card_and_a_face_card_refuse_both_in_either_order() -> None:
    app = make_app()
    number = next(p for p, c in cards(app.game).items() if c[0] not in "JQK")
    face = next(p for p, c in cards(app.game).items() if c[0] in "JQK")
    app.tap(face)
    assert app.tap(number) == (face, number)
    app.tap(face)
    assert app.tap(face) == ()  # deselected (R3.2): nothing to refuse
    assert app.game.selection == ()
    app.tap(number)
    assert app.tap(face) == (number, face)


def test_r3_6_a_second_face_card_of_a_rank_selected_refuses_the_selection_and_itself() -> None:
    app = make_app()
    faces = cards(app.game)
    by_rank: dict[str, list[Place]] = {}
    for place, card in faces.items():
        if card[0] in "JQK":
            by_rank.setdefault(card[0], []).append(place)
    first, second = next(ps[:2] for ps in by_rank.values() if len(ps) >= 2)
    app.tap(first)
    assert app.tap(second) == (first, second)
    assert app.game.selection == (second,)


def test_a_removal_a_selection_and_a_tap_with_nothing_selected_refuse_nothing() -> None:
    app = make_app()
    (first, second), (third, _) = (move.split("+") for move in WON["moves"][:2])
    assert app.tap(P(first)) == ()
    assert app.tap(P(second)) == ()  # the pair is removed
    app.tap(P(third))
    app.command(Action.SETTINGS)  # a dialog open: the App ignores taps
    refusing = next(p for p in PLACES if app.game.copy().tap(p).error is not None)
    assert app.tap(refusing) == () and app.game.selection == (P(third),)


@given(st.lists(st.sampled_from(PLACES), max_size=12))
def test_the_marks_are_exactly_the_taps_that_the_engine_refuses(taps: list[Place]) -> None:
    """Whatever was tapped before: a tap is marked when, and only when, the engine's own answer to
    it carries a reason (R4.1), and the marks are the selection before it and the tapped place."""
    app = make_app()
    for place in taps:
        before = app.game.selection
        answer = app.game.copy().tap(place)
        marked = app.tap(place)
        assert bool(marked) == (answer.error is not None)
        assert not marked or marked == (*before, place)


def test_the_intro_key_is_written_by_the_store_alone() -> None:
    storage = FakeStorage()
    intro_state.mark(storage, intro_state.DONE)
    assert json.dumps(storage.items) == json.dumps({INTRO_KEY: "done"})


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_menu_has_a_word_in_both_languages(lang: str) -> None:
    assert text("menu", lang) and text("intro-close", lang)
