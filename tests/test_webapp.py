"""The page's shell logic under CPython: controller, storage and view (no browser needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from testdata import DEAD_END, WON

from halfmoon import DealCode, Game, Place, Status, save
from sitegen.skeleton import refresh_index
from webapp.controller import App, Dialog
from webapp.storage import BACKUP_KEY, GAME_KEY, SETTINGS_KEY, Settings, Store
from webapp.strings import TEXTS, pick_language
from webapp.view import build

ROOT = Path(__file__).resolve().parent.parent


class FakeStorage:
    def __init__(self, items: dict[str, str] | None = None, broken: bool = False) -> None:
        self.items = dict(items or {})
        self.broken = broken

    def getItem(self, key: str) -> str | None:
        if self.broken:
            raise RuntimeError("SecurityError")
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.broken:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_app(storage: FakeStorage | None = None, query: str = "", languages: tuple[str, ...] = ("en",)) -> App:
    return App(
        Store(storage if storage is not None else FakeStorage()),
        now_ms=Clock(),
        browser_languages=languages,
        query=query,
        new_code=lambda: DealCode.parse(WON["code"]),
    )


def play(app: App, moves: list[str]) -> None:
    for move in moves:
        for place in move.split("+"):
            app.tap(Place(place))


def test_every_word_exists_in_both_languages() -> None:
    assert TEXTS["fi"].keys() == TEXTS["en"].keys()


@pytest.mark.parametrize(
    ("stored", "browser", "expected"),
    [("en", ["fi"], "en"), (None, ["sv-SE", "en-GB", "fi"], "en"), (None, ["de"], "fi"), ("xx", [], "fi")],
)
def test_language_choice(stored: str | None, browser: list[str], expected: str) -> None:
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
    app.command("new")
    assert app.dialog is Dialog.CONFIRM and app.game.moves == 1
    app.command("cancel")
    assert app.dialog is Dialog.NONE and app.game.moves == 1
    app.command("restart")
    app.command("confirm")
    assert app.game.moves == 0 and app.dialog is Dialog.NONE


def test_r7_3_a_bad_code_keeps_the_game_and_says_why() -> None:
    app = make_app()
    play(app, WON["moves"][:2])
    app.command("play-code", "HM1-N-AAAA")
    assert app.game.moves == 2 and "7 letters" in app.message


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
    again.command("confirm")
    assert str(again.game.code) == "HM1-N-AAAAAAZ" and again.query == "?deal=HM1-N-AAAAAAZ"


def test_a_malformed_link_keeps_the_saved_game() -> None:
    storage = FakeStorage()
    play(make_app(storage), WON["moves"][:2])
    again = make_app(storage, query="?deal=%3Cscript%3Ealert(1)%3C/script%3E")
    assert again.game.moves == 2 and again.message.startswith("The link's deal was not opened")


def test_a_corrupt_save_is_backed_up_and_a_fresh_deal_starts() -> None:
    bad = '{"format":"half-moon-game","version":1,"code":"HM1-N-AAAAAAB","moves":["P1+P2"]}'
    storage = FakeStorage({GAME_KEY: bad})
    app = make_app(storage)
    assert app.game.moves == 0 and "backup" in app.message
    assert storage.items[BACKUP_KEY] == bad
    assert json.loads(storage.items[GAME_KEY])["moves"] == []


def test_broken_storage_still_plays_and_says_it_cannot_save() -> None:
    app = make_app(FakeStorage(broken=True))
    assert "cannot be saved" in app.message
    play(app, WON["moves"][:2])
    assert app.game.moves == 2


def test_settings_are_validated_and_remembered() -> None:
    storage = FakeStorage({SETTINGS_KEY: '{"move_errors": "yes", "layout_help": true, "language": "<b>"}'})
    app = make_app(storage)
    assert app.settings == Settings(move_errors=False, layout_help=True, language=None)
    app.set_setting("move-errors", True)
    app.set_setting("language", "fi")
    assert make_app(storage).settings == Settings(move_errors=True, layout_help=True, language="fi")


def test_fast_start_is_on_unless_turned_off_and_stored_where_the_start_up_reads_it() -> None:
    storage = FakeStorage({SETTINGS_KEY: '{"fast_start": "no"}'})
    app = make_app(storage)
    assert app.settings.fast_start and build(app).fast_start  # only false turns it off
    app.set_setting("fast-start", False)
    assert json.loads(storage.getItem(SETTINGS_KEY) or "")["fast_start"] is False  # startup/pyodide-start.mjs
    assert not make_app(storage).settings.fast_start


def test_r4_1_move_errors_are_said_only_when_on() -> None:
    app = make_app()
    app.tap(Place.P1)
    app.tap(Place.P2)  # 8♣ and Q♠
    assert app.message == ""
    app.set_setting("move-errors", True)
    app.tap(Place.P1)
    app.tap(Place.P2)
    assert app.message == "The sum must be 11"


def test_r6_the_end_is_announced_with_a_dialog() -> None:
    app = make_app()
    play(app, WON["moves"])
    assert app.dialog is Dialog.WON and app.message.startswith("You won!")
    assert "520 points, 48 moves" in app.message
    dead = make_app()
    dead.command("play-code", DEAD_END["code"])
    dead.command("confirm")
    play(dead, DEAD_END["moves"])
    assert dead.game.status is Status.DEAD_END and dead.dialog is Dialog.DEAD_END
    dead.command("undo")
    assert dead.dialog is Dialog.NONE and dead.game.status is Status.PLAYING


def test_r5_4_the_clock_runs_only_while_visible_and_playing() -> None:
    clock = Clock()
    app = App(Store(FakeStorage()), now_ms=clock, new_code=lambda: DealCode.parse(WON["code"]))
    clock.now += 5000
    assert app.time_text() == "0:00"  # not started before the first tap
    app.tap(Place.P4)
    clock.now += 65_000
    assert app.time_text() == "1:05"
    app.set_visible(False)
    clock.now += 100_000
    assert app.time_text() == "1:05"
    app.set_visible(True)
    clock.now += 1000
    assert app.time_text() == "1:06"


def test_another_tab_s_move_is_adopted() -> None:
    storage = FakeStorage()
    first, second = make_app(storage), make_app(storage)
    play(first, WON["moves"][:2])
    second.storage_changed(GAME_KEY)
    assert second.game == first.game and "another tab" in second.message


def test_the_view_carries_the_contract_values() -> None:
    app = make_app()
    app.set_setting("layout-help", True)
    app.tap(Place.P4)
    view = build(app)
    p4 = view.places[Place.P4.position]
    assert (p4.card, p4.count, p4.pressed, p4.label) == ("9D", 8, True, "9 of diamonds, pile 4, 8 cards")
    assert {v.place for v in view.places if v.dimmed} == app.game.dimmed()
    assert view.code == WON["code"] and view.status == "playing" and view.query == f"?deal={WON['code']}"


def test_the_committed_board_skeleton_is_fresh() -> None:
    assert not refresh_index(ROOT / "index.html", write=False), "index.html is stale: run `make build`"


def test_a_saved_game_of_a_finished_deal_reopens_at_its_end() -> None:
    game = Game.from_code(WON["code"])
    for move in WON["moves"]:
        game.remove(move)
    app = make_app(FakeStorage({GAME_KEY: save(game)}))
    assert app.dialog is Dialog.WON
