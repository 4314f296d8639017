"""The test data: reference deals, recorded move lines and the R9 rules fixture."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from halfmoon import Game

DATA = Path(__file__).parent / "data"
EXAMPLE = Path(__file__).parent.parent / "data" / "example-game.json"


def data(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


VECTORS = data("hm1-vectors.json")["deals"]
LINES = data("lines.json")
WON = json.loads(EXAMPLE.read_text(encoding="utf-8"))
DEAD_END = LINES["dead_end"]


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
