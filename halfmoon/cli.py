"""The command line: ``halfmoon deal | replay | play`` (or ``python -m halfmoon``).

Bad input (a bad code, an illegal move, a broken file) exits with status 2 and one line on
stderr, never a traceback; so does a closed output pipe (``halfmoon deal CODE | head -1``), quietly.
Every word printed about the game follows ``--lang``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from . import i18n
from .cards import PLACES
from .deal import DealCode
from .errors import HalfMoonError
from .game import Game
from .moves import Move
from .outcomes import Status
from .saved import FILE_EXTENSION, load

BAD_INPUT = 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="halfmoon", description="Half Moon, a two-deck patience of the Elevens family.")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    deal = commands.add_parser("deal", help="show the layout a deal code names")
    deal.add_argument("code")
    deal.add_argument("--lang", choices=i18n.LANGUAGES, default="en")
    deal.add_argument("--json", action="store_true", help="print the deal in the hm1-vectors.json form")

    replay = commands.add_parser("replay", help="replay moves (or a saved-game file) and print the result")
    replay.add_argument("source", help=f'a deal code, or a saved-game file (*{FILE_EXTENSION}: "Save to file")')
    replay.add_argument("moves", nargs="*", help="moves such as P1+P8 or 'p8 p5 p3', one argument each")
    replay.add_argument("--lang", choices=i18n.LANGUAGES, default="en")

    play = commands.add_parser("play", help="play in the terminal")
    play.add_argument("code", nargs="?", help="a deal code (default: a new random deal)")
    play.add_argument("--lang", choices=i18n.LANGUAGES, default="en")
    return parser


def deal_json(code: DealCode) -> dict[str, object]:
    """A deal exactly in the form of hm1-vectors.json."""
    layout = code.layout()
    return {
        "code": str(code),
        "number": code.number,
        "piles": [[c.text for c in pile] for pile in layout.piles],
        "reserve": [c.text if c else "" for c in layout.reserve],
    }


def _cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    code = DealCode.from_text(args.code)
    if args.json:
        print(json.dumps(deal_json(code)), file=out)
        return 0
    game = Game.from_code(code)
    print(str(code), file=out)
    for place in PLACES:
        print(i18n.place_description(place, game.top(place), game.count(place), args.lang), file=out)
    return 0


def figures(game: Game, lang: str) -> str:
    status = i18n.text(f"status-{game.status}", lang)
    return i18n.text("figures", lang, score=game.score, moves=game.moves, status=status)


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Replay moves after the source's own; stop at the first illegal one with its number and reason."""
    game = _replay_source(args.source, args.lang)
    for number, text in enumerate(args.moves, start=game.moves + 1):
        try:
            game.remove(Move.parse(text))
        except HalfMoonError as error:
            print(figures(game, args.lang), file=out)
            where = i18n.text("cli-move", args.lang, number=number, move=i18n.shorten(text.strip()))
            raise _Stop(f"{where}: {i18n.error_text(error, args.lang)}") from None
    print(figures(game, args.lang), file=out)
    return 0


class _Stop(Exception):
    """Bad input found after the arguments were read: one line on stderr, exit 2."""


def _replay_source(source: str, lang: str) -> Game:
    """A deal code (or a link to one), else a saved-game file (the page's "Save to file")."""
    try:
        return Game.from_code(DealCode.from_text(source))
    except HalfMoonError:
        if not Path(source).is_file():
            raise
    try:
        data = Path(source).read_bytes()
    except OSError as error:
        raise _Stop(i18n.text("cli-cannot-read", lang, path=source, error=error.strerror)) from None
    return load(data).game


def _cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[], str]) -> int:
    code = DealCode.from_text(args.code) if args.code else DealCode.random()
    game = Game.from_code(code)
    print(f"Half Moon {code}. {i18n.text('cli-help', args.lang)}", file=out)
    while True:
        print(game.board(args.lang), file=out)
        print(figures(game, args.lang), file=out)
        if game.status is Status.WON:
            return 0
        report = game.dead_end_report()
        if report:
            print(i18n.dead_end_text(report, args.lang), file=out)
        try:
            line = read().strip()
        except EOFError:
            return 0
        if line.lower() in ("q", "quit"):
            return 0
        _play_line(game, line, args.lang, out)


def _play_line(game: Game, line: str, lang: str, out: TextIO) -> None:
    command = line.lower()
    try:
        if command in ("u", "undo"):
            game.undo()
        elif command in ("r", "redo"):
            game.redo()
        elif command == "restart":
            game.restart()
        elif command in ("h", "help", "?", ""):
            print(i18n.text("cli-help", lang), file=out)
        else:
            game.remove(Move.parse(line))
    except HalfMoonError as error:
        print(i18n.error_text(error, lang), file=out)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(error, file=err)
        return BAD_INPUT
    if args.command is None:
        parser.print_usage(out)
        return BAD_INPUT
    try:
        return _run(args, out)
    except HalfMoonError as error:
        print(f"halfmoon: {i18n.error_text(error, args.lang)}", file=err)
    except _Stop as error:
        print(f"halfmoon: {error}", file=err)
    except BrokenPipeError:  # the reader had what it wanted (``| head -1``): not bad input
        _quiet_stdout()
        return 0
    return BAD_INPUT


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "deal":
        return _cmd_deal(args, out)
    if args.command == "replay":
        return _cmd_replay(args, out)
    return _cmd_play(args, out, lambda: input("> "))


def _quiet_stdout() -> None:
    """The reader went away (``| head -1``): point stdout at nothing so that Python's own flush at
    exit does not print a second traceback."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
