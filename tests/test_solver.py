"""The development-only solver (tools/solve.py): a line, "no win" or "unknown"; never in the package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from halfmoon import Game, Status
from support.testdata import WON
from tools.solve import solve

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tools.solve", *args], capture_output=True, text=True, cwd=ROOT)


def test_a_winning_line_replays_to_a_win() -> None:
    done = run(WON["code"])
    assert done.returncode == 0
    game = Game.from_code(WON["code"])
    for move in done.stdout.split():
        game.remove(move)
    assert game.status is Status.WON and (game.moves, game.score) == (48, 520)


def test_a_spent_budget_says_unknown() -> None:
    done = run(WON["code"], "--budget", "3")
    assert (done.returncode, done.stdout.strip()) == (3, "unknown")


def test_no_win_is_proved_on_a_layout_that_cannot_be_won() -> None:
    # One pair is playable, but under it the ace and the 2 can never find partners.
    stuck = Game.from_layout([["AH", "5C"], ["2H", "6C"]] + [[]] * 10, [None] * 8)
    assert solve(stuck, 1000) is None


def test_a_bad_code_exits_2() -> None:
    done = run("HM1-N-!")
    assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_the_solver_is_not_part_of_the_package() -> None:
    assert not list((ROOT / "halfmoon").rglob("*solve*"))
    assert "solve" not in (ROOT / "static" / "build" / "precache-manifest.js").read_text()
