"""Statistics, game files and the daily deal in Chromium (docs/ui-contract.md "Additions" and
"What counts"). The statistics, file and replay tests share the booted page, each starting from no
statistics (cleared through the page's own command) at the start of the example deal, and playing
itself whatever games it needs; the daily deal needs contexts of their own (a time zone and a fixed
clock each)."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from halfmoon import DealCode, Game, Move, SavedGame, save
from support.page_dialogs import choose_file, download, without_statistics
from support.page_storage import with_keys
from support.pageobject import GamePage
from support.testdata import WON

DAILY = json.loads((Path(__file__).parents[2] / "docs" / "hm1-daily-vectors.json").read_text("utf-8"))
FIGURES = ("played", "won", "streak", "best-streak", "best-time", "daily-won", "daily-streak")
NONE = {"played": "0", "won": "0", "streak": "0", "best-streak": "0", "best-time": ""} | {
    "daily-won": "0",
    "daily-streak": "0",
}
"""The figures with no game recorded (docs/ui-contract.md "statistics")."""


@pytest.fixture
def game(game: GamePage) -> GamePage:
    """The shared page at the start of the example deal, its statistics cleared."""
    assert figures(without_statistics(game)) == NONE
    return game


def figures(game: GamePage) -> dict[str, str]:
    return {name: game.stat(name) for name in FIGURES}


def almost_won(elapsed_ms: int = 90_000) -> str:
    """The won game of HM1-N-AAAAAAB one move short, as the page saves it (its first 47 moves are
    played through the page by tests/browser/test_page.py; here only the win matters), its clock at
    ``elapsed_ms``."""
    position = Game.from_code(DealCode.parse(WON["code"]))
    for move in WON["moves"][:-1]:
        position.remove(Move.parse(move))
    return save(SavedGame(position, elapsed_ms=elapsed_ms, dealt_at=1_700_000_000_000))


def won_and_abandoned(game: GamePage) -> dict[str, str]:
    """Statistics of two games, played here: the example deal won, then abandoned after a move."""
    game.play_line(WON["moves"])
    assert game.board("data-status") == "won"
    game.action("close")
    game.play_code(WON["code"])  # the won game is not in progress: no question (R7.6)
    game.play(WON["moves"][:1])
    game.action("new")
    game.confirm()
    shown = figures(game)
    assert (shown["played"], shown["won"], shown["best-time"] != "") == ("2", "1", True)
    return shown


def test_a_win_is_counted_once_across_a_reload_and_a_second_tab(game: GamePage) -> None:
    # Written after the page's own saves on leaving (pagehide, then visibilitychange).
    game.page.evaluate(
        with_keys("t => document.addEventListener('visibilitychange', () => localStorage.setItem(GAME_KEY, t))"),
        almost_won(),
    )
    game.page.reload()
    game.wait_ready()
    game.play(WON["moves"][-1:])
    assert game.board("data-status") == "won"
    won = figures(game)
    assert won["played"] == won["won"] == won["streak"] == won["best-streak"] == "1"
    assert won["best-time"].isdigit() and won["daily-won"] == "0"
    game.page.reload()
    game.wait_ready()
    assert figures(game) == won
    other = GamePage(game.page.context.new_page(), game.site).open()
    assert figures(other) == won
    other.page.close()


def test_an_abandoned_game_breaks_the_streak(game: GamePage) -> None:
    game.play_line(WON["moves"])
    assert (game.stat("played"), game.stat("won"), game.stat("streak")) == ("1", "1", "1")
    game.action("close")
    game.play_code(WON["code"])  # the won game is not in progress: no question (R7.6)
    game.play(WON["moves"][:1])
    assert game.stat("played") == "2"
    game.action("new")
    game.action("confirm")
    assert (game.stat("played"), game.stat("won"), game.stat("streak"), game.stat("best-streak")) == (
        "2",
        "1",
        "0",
        "1",
    )


def test_statistics_export_reset_import_give_back_the_same_figures(game: GamePage) -> None:
    before = won_and_abandoned(game)
    game.action("stats")
    expect(game.dialog("stats")).to_be_visible()
    assert game.page.locator("[data-stats-chart] svg[role='img']").count() == 1
    exported = download(game, "stats-export")
    game.action("stats-reset")
    game.action("confirm")
    assert figures(game)["played"] == "0" and figures(game)["best-time"] == ""
    choose_file(game, "stats-file", exported)
    game.action("confirm")
    assert figures(game) == before
    game.expect_message("The statistics were imported from the file.")


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"{not json", "not JSON"),
        (b'{"format":"half-moon-stats","version":99}', "made by a newer version of Half Moon (99)"),
    ],
    ids=["malformed", "foreign-version"],
)
def test_a_broken_statistics_file_changes_nothing_and_says_why(game: GamePage, content: bytes, why: str) -> None:
    before = won_and_abandoned(game)
    choose_file(game, "stats-file", content)
    game.expect_message(why, part=True)
    assert figures(game) == before


def test_an_inconsistent_statistics_file_is_refused(game: GamePage) -> None:
    before = won_and_abandoned(game)
    game.action("stats")
    record = json.loads(download(game, "stats-export"))
    record["won"] = record["played"] + 1
    choose_file(game, "stats-file", json.dumps(record).encode())
    game.expect_message("more games won than played", part=True)
    assert figures(game) == before
    game.action("close")


def test_a_game_saved_to_a_file_opens_again_and_a_broken_one_is_refused(game: GamePage) -> None:
    game.play(WON["moves"][:3])
    saved = download(game, "game-export")
    assert json.loads(saved)["moves"] == WON["moves"][:3]
    illegal = json.loads(saved) | {"moves": [*WON["moves"][:2], "P1+P2"]}
    choose_file(game, "game-file", json.dumps(illegal).encode())
    game.expect_message("Move 3 (P1+P2) of the saved game does not work", part=True)
    assert game.figures() == (35, 3)
    game.action("undo")
    choose_file(game, "game-file", saved)
    game.action("confirm")  # R7.6: the game in progress is replaced only after a yes
    assert game.figures()[1] == 3 and game.board("data-code") == WON["code"]


def test_a_replay_link_with_an_illegal_move_opens_nothing_and_says_where(game: GamePage) -> None:
    game.play(WON["moves"][:3])
    line = ".".join([*WON["moves"][:3], "P1+P2"])
    game.play_code(f"?deal={WON['code']}&line={line}")
    game.expect_message("The replay was not opened: Move 4 (P1+P2) of the line does not work: The sum must be 11")
    assert game.board("data-replay") is None and game.figures() == (35, 3)


def test_the_replay_of_a_won_game_steps_to_its_end_and_leaves_the_saved_game(game: GamePage) -> None:
    game.play(WON["moves"][:3])
    game.action("share-replay")
    link = game.page.locator("[data-replay-link]")
    query = f"?deal={WON['code']}&line=P4+P7.P5+P6.R3+P2+P3"  # a literal +, never %2B
    expect(link).to_have_attribute("href", re.compile(re.escape(query) + "$"))
    game.page.goto(game.site + f"?deal={WON['code']}&line={'.'.join(WON['moves'])}")
    game.wait_ready()
    assert (game.board("data-replay"), game.board("data-step"), game.board("data-steps")) == ("true", "0", "48")
    assert game.selected() == ["P4", "P7"]  # the first step's cards, before they leave
    game.action("replay-forward")
    assert game.board("data-step") == "1" and game.figures() == (10, 1) and game.count("P4") == 7
    game.action("replay-last")
    assert game.board("data-step") == "48" and game.board("data-status") == "won" and game.figures() == (520, 48)
    expect(game.page.locator('button[data-action="new"]').first).to_be_disabled()
    game.action("replay-back")
    assert game.board("data-step") == "47"
    assert "&line=" in game.page.url
    game.action("replay-exit")
    assert game.board("data-replay") is None and game.figures() == (35, 3) and "&line=" not in game.page.url


@pytest.mark.parametrize(
    ("zone", "code"), [("Pacific/Kiritimati", "HM1-D-20261201"), ("Pacific/Pago_Pago", "HM1-D-20261130")]
)
def test_the_daily_deal_is_the_local_date_s(
    browser: Browser, browser_context_args: dict[str, Any], site: str, zone: str, code: str
) -> None:
    context = browser.new_context(**browser_context_args, timezone_id=zone)
    page = context.new_page()
    page.clock.set_fixed_time(datetime.datetime(2026, 11, 30, 12, tzinfo=datetime.UTC))
    game = GamePage(page, site).open()
    game.action("daily")
    assert game.board("data-code") == code
    vector = next(d for d in DAILY["deals"] if d["code"] == code)
    tops = {f"P{n}": (pile[-1], 8) for n, pile in enumerate(vector["piles"], start=1)}
    tops |= {f"R{n}": (card, 1) for n, card in enumerate(vector["reserve"], start=1)}
    assert {p: tuple(v) for p, v in game.cards().items()} == tops
    context.close()
