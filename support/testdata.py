"""The test data: reference deals (docs/), recorded move lines and the R9 rules fixture."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, settings

from halfmoon import Game

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
DOCS = ROOT / "docs"
EXAMPLE = ROOT / "data" / "example-game.json"

# Mutation testing (make mutate) runs the suite hundreds of times: there the Hypothesis tests are
# derandomized (the same examples for every mutant, so a kill never depends on luck), smaller, and
# stop at the first failing example without shrinking it (a mutant is killed, not debugged).
settings.register_profile(
    "mutation",
    derandomize=True,
    database=None,
    max_examples=10,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)
MUTATION = os.environ.get("HALFMOON_HYPOTHESIS_PROFILE") == "mutation"
"""Under ``make mutate``: the tests that are robustness, not rules, are left out there."""
if os.environ.get("HALFMOON_HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HALFMOON_HYPOTHESIS_PROFILE"])


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


VECTORS: list[dict[str, Any]] = read_json(DOCS / "hm1-vectors.json")["deals"]
DAILY: dict[str, Any] = read_json(DOCS / "hm1-daily-vectors.json")
DAILY_VECTORS: list[dict[str, Any]] = DAILY["deals"]
DAILY_REFUSED: list[str] = DAILY["refused"]
LINES = read_json(DATA / "lines.json")
WON = read_json(EXAMPLE)
DEAD_END = LINES["dead_end"]


def plain_id(value: object) -> str | None:
    """A test id in printable ASCII: pytest escapes other characters, and such ids cannot be selected
    again by name (mutmut runs tests by name)."""
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    if not isinstance(value, str):
        return None
    return "".join(c if c.isascii() and c.isprintable() and c != "\\" else f"U{ord(c):04X}" for c in value)


def play(code: str, moves: list[str]) -> Game:
    """The game after these moves, each made with ``remove``."""
    game = Game.from_code(code)
    for move in moves:
        game.remove(move)
    return game


def r9_game() -> Game:
    """The seed's worked example as an explicit layout (R9): the top cards, and below the tops of
    piles 1 and 8 the cards the seed reveals (7♥ and J♣)."""
    piles = [
        ["7H", "5S"],
        ["AH"],
        ["KH"],
        ["4C"],
        ["QH"],
        ["5H"],
        ["7S"],
        ["JC", "6D"],
        ["TD"],
        ["TC"],
        ["2D"],
        ["KH"],
    ]
    reserve = ["TH", "6S", "3D", "4S", "7D", "5S", "JH", "AC"]
    return Game.from_layout(piles, reserve)
