"""Two tabs, one saved game (docs/ui-contract.md "Two tabs"; webapp/app/tabs.py): one rule for the
storage event and for a save that would write over another tab's game."""

from __future__ import annotations

from halfmoon import load, save
from support.fakes import FakeStorage, TabStorage, make_app, play
from support.testdata import WON
from webapp.app.actions import Action, Dialog, Replacing
from webapp.app.app import App
from webapp.store.storage_keys import GAME_KEY


def tab(shared: FakeStorage) -> tuple[App, TabStorage]:
    view = TabStorage(shared)
    app = make_app(view)
    return app, view


def stored_moves(shared: FakeStorage) -> int:
    return load(shared.items[GAME_KEY]).game.moves


def test_a_tab_whose_last_change_was_saved_takes_the_other_tabs_game_silently() -> None:
    shared = FakeStorage()
    a, _ = tab(shared)
    b, _ = tab(shared)
    play(a, WON["moves"][:1])
    b.storage_changed(GAME_KEY)  # B had made no change: it follows A
    play(b, WON["moves"][1:3])
    a.storage_changed(GAME_KEY)
    assert a.game.moves == 3 and a.dialog is Dialog.NONE and a.pending is None


def test_an_unsaved_game_is_never_replaced_by_another_tabs_without_asking() -> None:
    """Tab A cannot save; tab B moves on the same deal: A keeps its own board and asks which to keep."""
    shared = FakeStorage()
    a, a_storage = tab(shared)
    b, _ = tab(shared)
    a_storage.refuses = True
    play(a, WON["moves"][:2])
    assert not a.saved and stored_moves(shared) == 0
    play(b, WON["moves"][:1])
    a.storage_changed(GAME_KEY)
    assert a.game.moves == 2, "tab A's unsaved game was replaced"
    assert a.dialog is Dialog.CONFIRM and a.pending is not None and a.pending.kind is Replacing.STORED
    assert stored_moves(shared) == 1  # B's game stays stored meanwhile


def test_the_player_keeps_this_tabs_game_or_takes_the_other() -> None:
    shared = FakeStorage()
    a, a_storage = tab(shared)
    b, _ = tab(shared)
    a_storage.refuses = True
    play(a, WON["moves"][:2])
    play(b, WON["moves"][:1])
    a.storage_changed(GAME_KEY)
    a_storage.refuses = False
    a.command(Action.CANCEL)  # keep this tab's game: it is saved over the other
    assert a.game.moves == 2 and stored_moves(shared) == 2
    play(b, [])  # B is told in turn; its last change was saved, so it follows silently
    b.storage_changed(GAME_KEY)
    assert b.game.moves == 2 and b.dialog is Dialog.NONE


def test_the_same_position_keeps_the_larger_time_and_asks_nothing() -> None:
    shared = FakeStorage()
    a, _ = tab(shared)
    b, _ = tab(shared)
    play(a, WON["moves"][:1])
    b.storage_changed(GAME_KEY)
    record = load(shared.items[GAME_KEY])
    record.elapsed_ms = a.elapsed_ms() + 60_000
    shared.items[GAME_KEY] = save(record)
    a.storage_changed(GAME_KEY)
    assert a.dialog is Dialog.NONE and a.elapsed_ms() >= 60_000
