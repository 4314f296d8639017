"""The command line: every command, and every error path exits 2 with one line on stderr."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from testdata import DEAD_END, VECTORS, WON

from halfmoon import Game, save
from halfmoon.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(list(args), out=out, err=err)
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["code"])
def test_deal_json_is_the_vector_form(vector: dict[str, object]) -> None:
    code, out, _ = run("deal", str(vector["code"]).lower(), "--json")
    assert code == 0 and json.loads(out) == vector


def test_deal_text_in_the_seeds_style() -> None:
    code, out, _ = run("deal", "HM1-N-AAAAAAB")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "HM1-N-AAAAAAB" and len(lines) == 21
    assert lines[1] == "pile 1: 8 cards, top card 8 of clubs"
    assert lines[-1] == "reserve R8: 1 card, top card 7 of spades"
    _, out_fi, _ = run("deal", "HM1-N-AAAAAAB", "--lang", "fi")
    assert out_fi.splitlines()[2] == "pino 2: 8 korttia, päällimmäisenä patarouva"


def test_replay_prints_the_figures() -> None:
    code, out, _ = run("replay", WON["code"], *WON["moves"])
    assert code == 0 and out.strip() == "score 520, moves 48, status won"
    code, out, _ = run("replay", DEAD_END["code"], *(m.replace("+", " ").lower() for m in DEAD_END["moves"]))
    assert code == 0 and out.strip().endswith("status dead-end")


def test_replay_a_saved_game_file(tmp_path: Path) -> None:
    game = Game.from_code(WON["code"])
    for move in WON["moves"][:47]:
        game.remove(move)
    path = tmp_path / "game.json"
    path.write_text(save(game), encoding="utf-8")
    code, out, _ = run("replay", str(path), WON["moves"][47])
    assert code == 0 and out.strip() == "score 520, moves 48, status won"


def test_replay_stops_at_the_first_illegal_move() -> None:
    code, out, err = run("replay", WON["code"], WON["moves"][0], "P1+P2", WON["moves"][1])
    assert code == 2 and out.strip() == "score 10, moves 1, status playing"
    assert err.strip() == "halfmoon: move 2 (P1+P2): The sum must be 11"


@pytest.mark.parametrize(
    "args",
    [
        ("deal", "HM1-N-AAAA"),
        ("deal", "HM2-N-AAAAAAB", "--json"),
        ("deal",),
        ("deal", "HM1-N-AAAAAAB", "--lang", "sv"),
        ("bogus",),
        (),
        ("replay", "no-such-file-or-code"),
        ("replay", WON["code"], "P1"),
        ("replay", WON["code"], "P1+P1"),
        ("replay", WON["code"], "P1+Z9"),
        ("play", "HM1-N-0000000"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...]) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("content", ["{not json", '{"format":"half-moon-game","version":9}', "\udcff"])
def test_a_broken_saved_game_file_exits_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    code, _, err = run("replay", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_play_in_the_terminal() -> None:
    typed = "\n".join([WON["moves"][0], "p1 p1", "u", "r", WON["moves"][1].replace("+", " "), "q"])
    code, out, _ = run("play", WON["code"], stdin=typed)
    assert code == 0
    assert "names a place twice" in out
    assert out.strip().splitlines()[-1] == "score 20, moves 2, status playing"


def test_play_to_the_end() -> None:
    code, out, _ = run("play", WON["code"], stdin="\n".join(WON["moves"]))
    assert code == 0 and out.strip().endswith("score 520, moves 48, status won")


def test_play_announces_a_dead_end() -> None:
    code, out, _ = run("play", DEAD_END["code"], "--lang", "fi", stdin="\n".join(DEAD_END["moves"]))
    assert code == 0 and "Umpikuja." in out


def test_python_dash_m_really_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon", "deal", "HM1-N-!!"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and not done.stdout
