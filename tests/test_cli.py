"""The command line: every command, every word in --lang, and every error path exits 2 with one line
on stderr."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon import Game, SavedGame, i18n, save
from halfmoon.cli import figures, main
from support.testdata import DAILY_VECTORS, DEAD_END, ROOT, VECTORS, WON, plain_id, play


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(list(args), out=out, err=err)
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def python_m(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "halfmoon", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["code"])
def test_deal_json_is_the_vector_form(vector: dict[str, object]) -> None:
    code, out, _ = run("deal", str(vector["code"]).lower(), "--json")
    assert code == 0 and json.loads(out) == vector


@pytest.mark.parametrize("vector", DAILY_VECTORS, ids=lambda v: v["code"])
def test_deal_json_of_a_daily_code(vector: dict[str, object]) -> None:
    code, out, _ = run("deal", str(vector["code"]), "--json")
    dealt = json.loads(out)
    assert code == 0 and dealt["code"] == vector["code"]
    assert (dealt["piles"], dealt["reserve"]) == (vector["piles"], vector["reserve"])


def test_deal_text_in_the_seeds_style() -> None:
    game = Game.from_code("HM1-N-AAAAAAB")
    for lang in i18n.LANGUAGES:
        code, out, _ = run("deal", "HM1-N-AAAAAAB", "--lang", lang)
        lines = out.splitlines()
        assert code == 0 and lines[0] == "HM1-N-AAAAAAB" and len(lines) == 21
        assert lines[1:] == [i18n.place_description(p, game.top(p), game.count(p), lang) for p in game.playable()]
    assert run("deal", "HM1-N-AAAAAAB")[1] == run("deal", "HM1-N-AAAAAAB", "--lang", "en")[1]


def test_deal_takes_a_daily_code_and_a_link() -> None:
    code, out, _ = run("deal", "https://example.org/?deal=hm1-d-20261130")
    assert code == 0 and out.splitlines()[0] == "HM1-D-20261130"


def test_replay_prints_the_figures() -> None:
    code, out, _ = run("replay", WON["code"], *WON["moves"])
    assert code == 0 and out.strip() == figures(play(WON["code"], WON["moves"]), "en")
    lower = (m.replace("+", " ").lower() for m in DEAD_END["moves"])
    code, out, _ = run("replay", DEAD_END["code"], *lower, "--lang", "fi")
    assert code == 0 and out.strip() == figures(play(DEAD_END["code"], DEAD_END["moves"]), "fi")


def test_the_figures_line_says_score_moves_and_status() -> None:
    won = play(WON["code"], WON["moves"])
    assert figures(won, "en") == i18n.text("figures", "en", score=520, moves=48, status=i18n.text("status-won", "en"))


def test_replay_a_daily_code() -> None:
    game = Game.from_code("HM1-D-20000101")
    moves: list[str] = []
    while game.legal_moves and len(moves) < 5:
        move = next(iter(game.legal_moves))
        game.remove(move)
        moves.append(str(move))
    code, out, _ = run("replay", "hm1-d-20000101", *moves)
    assert code == 0 and out.strip() == figures(game, "en") and game.moves == 5


def test_lang_fi_says_no_english_word_of_the_figures_line() -> None:
    english = set()
    for status in ("playing", "won", "dead-end"):
        line = i18n.text("figures", "en", score=0, moves=0, status=i18n.text(f"status-{status}", "en"))
        english |= set(re.findall(r"[a-z]+", line))
    assert {"score", "moves", "status", "won"} <= english
    outputs = [
        run("replay", WON["code"], *WON["moves"], "--lang", "fi")[1],
        run("replay", WON["code"], WON["moves"][0], "--lang", "fi")[1],
        run("replay", DEAD_END["code"], *DEAD_END["moves"], "--lang", "fi")[1],
        run("play", WON["code"], "--lang", "fi", stdin="\n".join([*WON["moves"][:2], "u", "q"]))[1],
    ]
    for out in outputs:
        assert not english & set(re.findall(r"[a-z]+", out.lower())), out


def test_replay_a_saved_game_file(tmp_path: Path) -> None:
    game = play(WON["code"], WON["moves"][:47])
    path = tmp_path / "game.json"
    path.write_text(save(SavedGame(game, elapsed_ms=5000, from_file=True)), encoding="utf-8")
    code, out, _ = run("replay", str(path), WON["moves"][47])
    assert code == 0 and out.strip() == figures(play(WON["code"], WON["moves"]), "en")


def test_replay_a_daily_saved_game_file(tmp_path: Path) -> None:
    game = Game.from_code("HM1-D-20261130")
    game.remove(next(iter(game.legal_moves)))
    path = tmp_path / "daily.json"
    path.write_text(save(game), encoding="utf-8")
    code, out, _ = run("replay", str(path))
    assert code == 0 and out.strip() == figures(game, "en")


def test_replay_stops_at_the_first_illegal_move() -> None:
    code, out, err = run("replay", WON["code"], WON["moves"][0], "P1+P2", WON["moves"][1])
    assert code == 2 and out.strip() == figures(play(WON["code"], WON["moves"][:1]), "en")
    assert err.startswith("halfmoon: ") and "2 (P1+P2)" in err
    assert err.strip().endswith("The sum must be 11")  # R4.1's words
    code, _, err = run("replay", WON["code"], "P2+P9", "--lang", "fi")  # Q♠ + Q♥
    assert code == 2 and err.strip().endswith("Tarvitaan sotilas, rouva ja kuningas")  # R4.1's words


def test_no_arguments_prints_the_usage_and_exits_2() -> None:
    code, out, err = run()
    assert code == 2 and out.startswith("usage: halfmoon") and err == ""


@pytest.mark.parametrize(
    "args",
    [
        ("deal", "HM1-N-AAAA"),
        ("deal", "HM2-N-AAAAAAB", "--json"),
        ("deal", "HM1-D-20270230"),
        ("deal", "HM1-D-19991231", "--lang", "fi"),
        ("deal",),
        ("deal", "HM1-N-AAAAAAB", "--lang", "sv"),
        ("bogus",),
        ("replay", "no-such-file-or-code"),
        ("replay", WON["code"], "P1"),
        ("replay", WON["code"], "P1+P1"),
        ("replay", WON["code"], "P1+Z9"),
        ("play", "HM1-N-0000000"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...]) -> None:
    code, _out, err = run(*args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and err.startswith("halfmoon")


def test_an_error_is_said_in_the_language_asked_for() -> None:
    _, _, fi = run("deal", "HM1-D-20270230", "--lang", "fi")
    _, _, en = run("deal", "HM1-D-20270230", "--lang", "en")
    assert fi != en and "HM1-D-20270230" in fi and "HM1-D-20270230" in en


@pytest.mark.parametrize("content", ["{not json", '{"format":"half-moon-game","version":9}', "\udcff"], ids=plain_id)
def test_a_broken_saved_game_file_exits_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    code, _, err = run("replay", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_an_unreadable_saved_game_file_exits_2(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path))  # a directory: not a code, not a file
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_play_in_the_terminal() -> None:
    typed = "\n".join([WON["moves"][0], "p1 p1", "u", "r", "", "x", "restart", WON["moves"][0], "undo", "redo"])
    typed += "\n" + "\n".join([WON["moves"][1].replace("+", " "), "q"])
    code, out, _ = run("play", WON["code"], stdin=typed)
    assert code == 0
    assert i18n.text("cli-help", "en") in out
    assert out.strip().splitlines()[-1] == figures(play(WON["code"], WON["moves"][:2]), "en")


def test_play_ends_at_the_end_of_input() -> None:
    code, out, _ = run("play", WON["code"], stdin=WON["moves"][0])
    assert code == 0 and out.strip().splitlines()[-1] == figures(play(WON["code"], WON["moves"][:1]), "en")


def test_play_to_the_end() -> None:
    code, out, _ = run("play", WON["code"], stdin="\n".join(WON["moves"]))
    assert code == 0 and out.strip().endswith(figures(play(WON["code"], WON["moves"]), "en"))


def test_play_announces_a_dead_end() -> None:
    code, out, _ = run("play", DEAD_END["code"], "--lang", "fi", stdin="\n".join(DEAD_END["moves"]))
    report = play(DEAD_END["code"], DEAD_END["moves"]).dead_end_report()
    assert code == 0 and report is not None and i18n.dead_end_text(report, "fi") in out


def test_python_dash_m_really_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon", "deal", "HM1-N-!!"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and not done.stdout


def test_python_dash_m_with_no_arguments_prints_the_usage() -> None:
    done = subprocess.run([sys.executable, "-m", "halfmoon"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 2 and done.stdout.startswith("usage:") and done.stderr == ""


def test_a_pipe_closed_after_one_line_is_quiet() -> None:
    """``halfmoon deal HM1-N-AAAAAAB | head -1``: no traceback, and success (the reader had what it wanted)."""
    process = python_m("deal", "HM1-N-AAAAAAB")
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == "HM1-N-AAAAAAB\n"
    process.stdout.close()
    assert process.stderr.read() == ""
    assert process.wait(timeout=30) == 0


def test_a_pipe_closed_before_any_output_is_quiet() -> None:
    process = python_m("deal", "HM1-N-AAAAAAB")
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    assert process.stderr.read() == ""
    assert process.wait(timeout=30) == 0
