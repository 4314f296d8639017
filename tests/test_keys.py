"""The keyboard under CPython: where the arrows go, which key does what, and what is spoken."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import PLACES, Game, Place
from support.fakes import FakeStorage, make_app, play
from support.testdata import DEAD_END, WON
from webapp.app.actions import Action, Dialog, Setting
from webapp.app.announce import sentence
from webapp.app.app import App
from webapp.app.keyboard import (
    ARROWS,
    Key,
    ReplayKey,
    entry,
    neighbour,
    replay_key,
    shortcut,
    shortcut_keys,
)
from webapp.mirror.keys import key_name
from webapp.store.storage import Store
from webapp.text.words import words


def reachable(start: Place) -> set[Place]:
    seen, todo = {start}, [start]
    while todo:
        place = todo.pop()
        for key in ARROWS:
            if (nxt := neighbour(place, key)) not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("start", PLACES, ids=str)
def test_every_place_is_reachable_with_the_arrows_alone(start: Place) -> None:
    assert reachable(start) == set(PLACES)


def test_the_arrows_follow_the_arc_and_the_reserve() -> None:
    p = Place
    assert neighbour(p("P1"), "ArrowUp") == p("P2") and neighbour(p("P4"), "ArrowRight") == p("P5")
    assert neighbour(p("R1"), "ArrowDown") == p("R5") and neighbour(p("R5"), "ArrowUp") == p("R1")
    assert neighbour(p("P1"), "ArrowLeft") == p("P1")  # the edge: the focus stays
    assert (neighbour(p("R6"), "Home"), neighbour(p("R6"), "End")) == (p("P1"), p("R8"))


def test_tab_enters_at_the_first_non_empty_place() -> None:
    game = Game.from_code(WON["code"])
    assert entry(game) == Place("P1")


@pytest.mark.parametrize(
    ("key", "singles", "action"),
    [
        (Key("z", ctrl=True), True, Action.UNDO),
        (Key("z", meta=True), False, Action.UNDO),
        (Key("Z", ctrl=True, shift=True), False, Action.REDO),
        (Key("Z", meta=True, shift=True), True, Action.REDO),
        (Key("y", ctrl=True), False, Action.REDO),
        (Key("u"), True, Action.UNDO),
        (Key("U", shift=True), True, Action.UNDO),
        (Key("n"), True, Action.NEW),
        (Key("r"), True, Action.RESTART),
        (Key("s"), True, Action.SETTINGS),
        (Key("?", shift=True), True, Action.KEYS),
        (Key("u"), False, None),  # WCAG 2.1.4: single keys turned off
        (Key("n", alt=True), True, None),
        (Key("x"), True, None),
        (Key("r", ctrl=True), True, None),  # the browser's reload stays the browser's
    ],
)
def test_shortcuts(key: Key, singles: bool, action: Action | None) -> None:
    assert shortcut(key, singles) == action


def spoken(app: App, lang: str) -> str:
    assert app.announcement is not None
    return sentence(app.announcement, lang)


def test_each_outcome_is_spoken_from_the_engine_values() -> None:
    app = make_app()
    app.tap(Place("P4"))
    assert spoken(app, "en") == "9 of diamonds selected (pile 4)."
    assert spoken(app, "fi") == "Ruutu-9 valittu (pino 4)."
    app.tap(Place("P7"))
    assert spoken(app, "en").startswith("Removed 9 of diamonds and 2 of hearts. Now pile 4: 8 of diamonds;")
    app.command(Action.UNDO)
    assert spoken(app, "fi").startswith("Kumottiin: ruutu-9 ja hertta-2 palautettiin.")
    app.command(Action.REDO)
    assert spoken(app, "en").startswith("Redone: removed 9 of diamonds") and spoken(app, "en").endswith("Score 10.")


def test_a_failed_combination_says_its_reason_only_in_the_message() -> None:
    app = make_app()
    app.set_setting(Setting.MOVE_ERRORS, True)
    app.tap(Place("P1"))
    app.tap(Place("P4"))  # 8 + 9 (R3.3)
    assert spoken(app, "en") == "9 of diamonds does not combine: the selection was cleared."
    assert app.message is not None and words(app.message, "en") == "The sum must be 11"


def test_a_repeated_outcome_is_a_new_announcement() -> None:
    app = make_app()
    app.tap(Place("P4"))
    app.tap(Place("P4"))
    first = (app.announced, app.announcement)
    app.tap(Place("P4"))
    app.tap(Place("P4"))
    assert app.announcement == first[1] and app.announced == first[0] + 2


def test_an_empty_place_and_escape() -> None:
    app = make_app()
    play(app, ["R3+P2+P3"])
    app.tap(Place("R3"))
    assert spoken(app, "en") == "Reserve R3 is empty."
    app.tap(Place("P4"))
    app.clear_selection()
    assert app.game.selection == () and spoken(app, "fi") == "Valinta tyhjennettiin."


def test_dead_end_and_win_are_said_once() -> None:
    app = make_app(query=f"?deal={DEAD_END['code']}")
    play(app, DEAD_END["moves"])
    assert app.dialog is Dialog.DEAD_END and app.message is not None
    assert spoken(app, "en").startswith("Removed") and spoken(app, "en") != words(app.message, "en")
    won = make_app()
    play(won, WON["moves"])
    assert won.dialog is Dialog.WON and spoken(won, "en").endswith("Score 520.")


def test_the_shortcut_setting_is_remembered_and_on_by_default() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    assert app.settings.key_shortcuts
    app.set_setting(Setting.KEY_SHORTCUTS, False)
    assert not Store(storage).load_settings().key_shortcuts


def test_space_plays_or_pauses_a_replay_and_escape_pauses_it() -> None:
    assert replay_key(" ", on_command=False) is ReplayKey.TOGGLE
    assert replay_key(" ", on_command=True) is None  # a focused command button takes its Space
    assert replay_key("Escape", on_command=True) is ReplayKey.PAUSE
    assert replay_key("Enter", on_command=False) is None


# The page prevents a key's default in the key's own task from the keys Python publishes: every key that
# starts a command is among them, named as the page names it.


def named(key: Key) -> str:
    return key_name(key.key, key.ctrl, key.meta, key.shift, key.alt)


@given(
    st.sampled_from([*"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ?/1 ", "Escape", "ArrowLeft", "Enter"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_a_key_s_default_is_published_exactly_when_it_starts_a_command(
    name: str, ctrl: bool, meta: bool, shift: bool, alt: bool, singles: bool
) -> None:
    key = Key(name, ctrl, meta, shift, alt)
    starts = shortcut(key, singles) is not None
    assert (named(key) in {named(k) for k in shortcut_keys(singles)}) == starts


def test_the_page_names_a_key_by_its_modifiers_in_order_and_the_key_in_lower_case() -> None:
    assert key_name("Z", ctrl=True, shift=True) == "ctrl+shift+z"
    assert key_name("y", meta=True, alt=True) == "alt+meta+y"
    assert key_name("ArrowLeft") == "arrowleft"
