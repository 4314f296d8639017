"""The first visit's first deal: a fixed deal that the solver wins, opened only when nothing
of the game is stored, and its board written into the page in both languages for the early paint."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from halfmoon import PLACES, DealCode, Game, Move, Status
from support.fakes import FakeClock, FakeStorage, play
from support.testdata import WON
from tools.solve import solve
from webapp.app.actions import Action
from webapp.app.app import App
from webapp.app.opening import FIRST_DEAL, new_deals
from webapp.store.storage import Store

ROOT = Path(__file__).resolve().parent.parent


ELSEWHERE = DealCode.parse(WON["code"])


def opened(storage: FakeStorage | None, first_visit: bool) -> App:
    """The page opened on ``storage``, on what the early paint decided (whether this is a first visit:
    tests/browser/test_early_decisions.py)."""
    return App(Store(storage), now_ms=FakeClock(), new_code=new_deals(first_visit, lambda: ELSEWHERE))


def test_the_first_deal_is_won_by_the_solver_and_is_not_the_examples_deal() -> None:
    assert str(FIRST_DEAL) != "HM1-N-AAAAAAB"  # the Examples page publishes that deal's winning line
    line = solve(Game.from_code(FIRST_DEAL), 2_000_000)
    assert isinstance(line, list), f"the solver did not win {FIRST_DEAL}: {line}"
    game = Game.from_code(FIRST_DEAL)
    for move in line:
        game.remove(Move.parse(str(move)))
    assert game.status is Status.WON and game.score == 520 and game.moves == 48


def test_a_first_visit_opens_the_first_deal_and_every_new_deal_after_it_is_random() -> None:
    storage = FakeStorage()
    app = opened(storage, first_visit=True)
    assert app.code == FIRST_DEAL
    app.command(Action.NEW)  # nothing done yet: replaced without asking
    assert app.code == ELSEWHERE
    again = opened(storage, first_visit=False)  # a later visit resumes what is stored
    assert again.code == ELSEWHERE


def test_a_returning_player_never_gets_the_first_deal() -> None:
    assert opened(FakeStorage(), first_visit=False).code == ELSEWHERE


def test_a_link_on_a_first_visit_opens_the_linked_deal() -> None:
    store = Store(FakeStorage())
    app = App(store, now_ms=FakeClock(), query=f"?deal={WON['code']}", new_code=new_deals(True, lambda: FIRST_DEAL))
    assert app.code == ELSEWHERE
    play(app, WON["moves"][:1])
    assert app.game.moves == 1


WORDS = re.compile(r'<script type="application/json" id="page-words">(.*?)</script>', re.S)
# Pile 1's button as a screen reader says it: the first deal's king of clubs, in each language.
LABELS = {"en": "K♣, king of clubs, pile 1, 8 cards", "fi": "R♣, ristikuningas, pino 1, 8 korttia"}


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_the_page_carries_the_first_deals_board_in_each_language(lang: str) -> None:
    words = json.loads(WORDS.search((ROOT / "index.html").read_text(encoding="utf-8"))[1])
    board = words["first"][lang]
    game = Game.from_code(FIRST_DEAL)  # the deal as docs/deal-codes.md defines it, dealt by the engine
    cards = [view["place"]["data-card"] for view in board["places"]]
    assert cards == [str(game.top(place)) for place in PLACES]
    assert [view["place"]["data-count"] for view in board["places"]] == ["8"] * 12 + ["1"] * 8
    assert board["lang"] == lang and board["info"] == {
        "time": "0:00",
        "score": "0",
        "moves": "0",
        "code": str(FIRST_DEAL),
    }
    assert cards[0] == "KC" and board["places"][0]["button"]["aria-label"] == LABELS[lang]
