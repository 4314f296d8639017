"""A spoiler-free result, in Chromium, shared from the end dialog and from the statistics dialog
(the exact text of docs/ui-contract.md, in both languages, through the share sheet and the clipboard, said
in ``[data-dialog-message]``), and the history of games in the statistics dialog (its rows, its replay and
play commands, export, import and reset). The shared booted page, each test from no statistics and no
history (cleared through the page's own reset); screenshots into test-results/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from support.page_dialogs import choose_file, download, show_history, without_statistics
from support.pageobject import GamePage
from support.testdata import DEAD_END, WON
from webapp.store.storage_keys import HISTORY_KEY

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
DAILY = "HM1-D-20261201"
DAILY_HISTORY = json.dumps(
    {
        "format": "half-moon-history",
        "version": 1,
        "games": [
            [DAILY, 1_764_547_200_000, "20261201", "won", 520, 392_000, ".".join(WON["moves"])],
            [WON["code"], 1_764_547_300_000, "20261201", "dead-end", 35, 61_000, ".".join(WON["moves"][:3])],
        ],
    }
)
"""A daily deal won (6:32), then a numbered deal left at three moves: the latest daily is not the latest."""


@pytest.fixture
def game(game: GamePage) -> Iterator[GamePage]:
    """The shared page at the start of the example deal, no statistics, no history, no share sheet
    (Chromium on Linux has none: the clipboard is used) unless a test lends one."""
    without_statistics(game)  # the history with them (its rows are drawn when it is next opened)
    yield game
    game.withdraw_share_sheet()


def link(game: GamePage, code: str) -> str:
    return game.site + f"?deal={code}"


def test_a_won_game_is_shared_through_the_share_sheet_in_english(game: GamePage) -> None:
    game.lend_share_sheet()
    game.play_line(WON["moves"])
    time = game.info("time")  # the clock stood still at the win
    game.action("share-result")
    game.expect_dialog_message("end", "Result shared.")
    shared = game.shared()
    result = f"Half Moon · {WON['code']} · won · 48 moves · 520 points · {time}"
    assert shared == {"text": f"{result}\n{link(game, WON['code'])}"}  # the text alone: its link inside
    expect(game.dialog("end").locator("[data-dialog-text]")).to_contain_text("You won!")
    game.dialog("end").screenshot(path=str(RESULTS / "share-result-en.png"))


def test_a_dead_end_is_copied_to_the_clipboard_in_finnish(game: GamePage) -> None:
    game.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game.fresh(DEAD_END["code"])
    game.set_language("fi")
    game.play_line(DEAD_END["moves"])
    assert game.board("data-status") == "dead-end"
    score, moves = game.figures()
    time = game.info("time").replace(":", ".")
    game.action("share-result")
    game.expect_dialog_message("end", "Tulos kopioitu leikepöydälle.")
    copied = game.clipboard()
    code = DEAD_END["code"]
    expected = f"Half Moon · {code} · umpikuja · {moves} siirtoa · {score} pistettä · {time}\n{link(game, code)}"
    assert copied == expected
    game.dialog("end").screenshot(path=str(RESULTS / "share-result-fi.png"))
    game.action("close")
    game.set_language("en")


def test_a_cancelled_share_after_a_share_leaves_no_message(game: GamePage) -> None:
    game.lend_share_sheet()
    game.play_line(WON["moves"])
    game.action("share-result")
    game.expect_dialog_message("end", "Result shared.")
    game.lend_share_sheet(fails_with="AbortError")
    game.action("share-result")
    game.expect_dialog_message("end", "")
    game.expect_message("")
    game.action("close")
    game.expect_message("")


def test_a_refused_share_copies_the_result_and_says_so_in_both_languages(game: GamePage) -> None:
    game.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game.store(HISTORY_KEY, DAILY_HISTORY)
    game.lend_share_sheet(fails_with="NotAllowedError")
    said = {
        "en": "Sharing was not available, so the result was copied to the clipboard.",
        "fi": "Jakaminen ei ollut käytettävissä, joten tulos kopioitiin leikepöydälle.",
    }
    for lang in ("en", "fi"):
        game.set_clipboard("")
        game.set_language(lang)
        game.action("stats")
        game.action("share-result")
        game.expect_dialog_message("stats", said[lang])
        assert game.clipboard().startswith(
            {"en": "Half Moon · daily 1 Dec 2026 · won", "fi": "Half Moon · päivän jako 1.12.2026 · voitettu"}[lang]
        )
        game.action("close")
    game.set_language("en")


def test_the_statistics_share_the_latest_daily_deal_in_both_languages(game: GamePage) -> None:
    game.store(HISTORY_KEY, DAILY_HISTORY)
    game.lend_share_sheet()
    texts = {}
    for lang in ("en", "fi"):
        game.set_language(lang)
        game.action("stats")
        game.action("share-result")
        game.expect_dialog_message("stats", {"en": "Result shared.", "fi": "Tulos jaettu."}[lang])
        texts[lang] = game.shared()["text"]
        show_history(game)
        game.expect_history_games(2)
        game.dialog("stats").screenshot(path=str(RESULTS / f"history-{lang}.png"))
        game.action("close")
    game.set_language("en")
    assert texts == {
        "en": f"Half Moon · daily 1 Dec 2026 · won · 48 moves · 520 points · 6:32\n{link(game, DAILY)}",
        "fi": f"Half Moon · päivän jako 1.12.2026 · voitettu · 48 siirtoa · 520 pistettä · 6.32\n{link(game, DAILY)}",
    }


def seconds(shown: str) -> str:
    """The info bar's m:ss as whole seconds, as ``data-time`` carries them."""
    minutes, secs = shown.split(":")
    return str(int(minutes) * 60 + int(secs))


def rows(game: GamePage) -> list[dict[str, str]]:
    return game.read(
        """() => [...document.querySelectorAll('[data-history] [data-history-game]')].map(r => ({
            n: r.dataset.historyGame, date: r.dataset.date, code: r.dataset.code, won: r.dataset.won,
            score: r.dataset.score, moves: r.dataset.moves, time: r.dataset.time}))"""
    )


def test_the_history_after_a_win_and_a_dead_end_replays_and_plays_its_games(game: GamePage) -> None:
    game.play_line(WON["moves"])
    won_time = seconds(game.info("time"))  # the clock stands still at a win and at a dead end
    game.action("close")
    game.play_code(DEAD_END["code"])  # the won game is not in progress: no question (R7.6)
    game.play_line(DEAD_END["moves"])
    score, moves = game.figures()
    dead_end_time = seconds(game.info("time"))
    game.action("new")  # a dead end is not in progress: it ends not won, without a question
    assert game.stat("played") == "2"
    game.action("stats")
    show_history(game)
    game.expect_history_games(2)
    day = game.local_date()  # the page's local date, read once (a test across midnight)
    today = day.isoformat()  # as the history records it
    assert rows(game) == [
        {"n": "1", "date": today, "code": DEAD_END["code"], "won": "false"}
        | {"score": str(score), "moves": str(moves), "time": dead_end_time},
        {"n": "2", "date": today, "code": WON["code"], "won": "true", "score": "520", "moves": "48", "time": won_time},
    ]
    row = game.page.locator('[data-history-game="2"]')
    expect(row.locator('[data-action="history-replay"]')).to_have_accessible_name(
        f"Replay: {WON['code']}, {day.day} {day.strftime('%b')} {day.year}"
    )
    row.locator('[data-action="history-replay"]').click()
    assert (game.board("data-replay"), game.board("data-steps"), game.board("data-code")) == ("true", "48", WON["code"])
    game.action("replay-exit")
    game.play_code(WON["code"])  # the new deal is not in progress yet: no question
    game.play(WON["moves"][:1])  # a game in progress: playing a deal of the history asks first (R7.6)
    game.action("stats")
    show_history(game)
    game.page.locator('[data-history-game="1"] [data-action="history-play"]').click()
    expect(game.dialog("confirm")).to_be_visible()
    game.confirm()
    assert game.board("data-code") == DEAD_END["code"] and game.figures() == (0, 0)


# The statistics opened by their command and the history's rows read in the task the command's answer
# is applied: what the dialog shows before its history is drawn (a task later).
OPEN_AND_READ = """async () => { document.querySelector('button[data-action="stats"]:not(dialog *)').click();
  await window.halfmoonPage.settled();
  return [...document.querySelectorAll('[data-history] [data-history-game]')].map(r => r.dataset.code); }"""


def test_the_rows_of_an_older_history_are_never_shown(game: GamePage) -> None:
    game.play_line(WON["moves"])
    game.action("close")
    game.action("stats")
    show_history(game)  # left open: the next opening shows it at once
    game.expect_history_games(1)
    game.action("close")
    game.play_code(DEAD_END["code"])
    game.play_line(DEAD_END["moves"])
    game.action("new")  # the dead end ends: a second game in the history
    assert game.stat("played") == "2"
    assert game.page.evaluate(OPEN_AND_READ) == [], "the rows of the history before the dead end were shown"
    game.expect_history_games(2)


def test_export_reset_and_import_carry_the_history_and_an_older_export_still_imports(game: GamePage) -> None:
    game.play_line(WON["moves"])
    assert game.stat("won") == "1"  # recorded: the job under the lock has run
    game.action("close")
    game.action("stats")
    show_history(game)
    exported = download(game, "stats-export")
    assert len(json.loads(exported)["history"]["games"]) == 1
    game.action("stats-reset")
    game.confirm()
    expect(game.page.locator("[data-history] tr")).to_have_count(0)
    choose_file(game, "stats-file", exported)
    game.confirm()
    game.expect_dialog_message("stats", "The statistics were imported from the file.")
    game.expect_history_games(1)
    older = json.loads(exported)
    del older["history"]
    older |= {"played": 5, "won": 1}  # an export made before the history: still imported, the history kept
    choose_file(game, "stats-file", json.dumps(older).encode())
    game.confirm()
    assert game.stat("played") == "5"
    expect(game.page.locator('[data-history-game="1"]')).to_have_attribute("data-code", WON["code"])
    game.action("close")
