"""The page as a keyboard and a screen reader meet it: the game played with keys alone (the arrows'
rule of docs/ui-contract.md, read from where the places are on screen), the spoken results, and
axe-core's accessibility checks."""

from __future__ import annotations

import math
from pathlib import Path

from playwright.sync_api import Page
from playwright.sync_api._generated import LocatorAssertions  # not in the package's __all__

from support.pageobject import GamePage

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]


class Keyboard:
    """The game played with keys alone: the board's arrows, Enter/Space, shortcuts."""

    def __init__(self, game: GamePage) -> None:
        self.game = game
        self.driver = game.driver

    @property
    def page(self) -> Page:
        return self.game.page

    def go(self, target: str) -> None:
        """Arrow keys only, along a shortest path of arrow moves that the contract's rule decides
        from where the places are on screen (``arrow_moves``); the focus must end on ``target``."""
        start = self.game.focused_place()
        assert start is not None, "the focus is not on the board"
        path = arrow_path(arrow_moves(self.driver.evaluate(CENTRES)), start, target)
        for key in path:
            self.driver.key(key)
        assert self.game.focused_place() == target, f"{' '.join(path)} from {start} should end on {target}"

    def tap(self, *names: str, key: str = "Enter") -> None:
        for name in names:
            self.go(name)
            self.driver.key(key)

    def announced(self) -> LocatorAssertions:
        return self.game.shows("[data-announce]")


ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
CENTRES = """() => Object.fromEntries([...document.querySelectorAll('[data-board] [data-place]')].map(p => {
  const r = p.getBoundingClientRect(); return [p.dataset.place, [r.x + r.width / 2, r.y + r.height / 2]]; }))"""


def arrow_targets(centres: dict[str, list[float]], place: str, key: str) -> set[str] | None:
    """Where an arrow key may move the focus from ``place`` by the contract's rule ("arrow keys move
    to the nearest place in that direction"), read from the places' centres on screen: the nearest
    place within 45° of the arrow. A place within 5 % of the nearest distance, or within 10 % of the
    45° line, may be the one chosen too, so near-ties give a set. None where no place lies clearly
    within 45° (an edge of the board: the contract does not say whether the focus stays)."""
    x, y = centres[place]
    dx, dy = ARROWS[key]
    seen = []  # (distance, across / along, name) of every place ahead in the arrow's direction
    for other, (ox, oy) in centres.items():
        along, across = (ox - x) * dx + (oy - y) * dy, abs((ox - x) * dy + (oy - y) * dx)
        if other != place and along > 0:
            seen.append((math.hypot(along, across), across / along, other))
    clearly = [distance for distance, slope, _ in seen if slope <= 0.9]
    if not clearly:
        return None
    return {other for distance, slope, other in seen if slope <= 1.1 and distance <= min(clearly) * 1.05}


def arrow_moves(centres: dict[str, list[float]]) -> dict[tuple[str, str], str]:
    """The arrow moves whose outcome the rule decides alone: (place, key) → place."""
    moves = {}
    for place in centres:
        for key in ARROWS:
            targets = arrow_targets(centres, place, key)
            if targets is not None and len(targets) == 1:
                moves[place, key] = targets.pop()
    return moves


def arrow_path(moves: dict[tuple[str, str], str], start: str, target: str) -> list[str]:
    """The keys of a shortest path from ``start`` to ``target`` along ``moves``."""
    paths = {start: list[str]()}
    todo = [start]
    while todo:
        place = todo.pop(0)
        for key in ARROWS:
            nxt = moves.get((place, key))
            if nxt is not None and nxt not in paths:
                paths[nxt] = [*paths[place], key]
                todo.append(nxt)
    assert target in paths, f"{target} cannot be reached from {start} by the arrows' rule"
    return paths[target]


def axe_violations(page: Page) -> list[str]:
    """axe-core's WCAG 2.0/2.1/2.2 A/AA and best-practice violations on the page, one line each."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}" for v in result["violations"]]
