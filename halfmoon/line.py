"""A line of play as text: the moves of a replay link (``?deal=CODE&line=P4+P7.P5+P6``).

Moves are in move notation (``Move.parse``), one ``.`` between them. In a query ``+`` decodes
as a space, which the notation accepts, so a link keeps its literal ``+`` (never ``%2B``).
Any text gives a tuple of moves or a typed error saying at which move (1, 2, …) it fails:
``LineTextError`` (a move that cannot be read, and why; ``LineLengthError``: too many) or ``LineMoveError`` (a move
the rules refuse in that position).
"""

from __future__ import annotations

from collections.abc import Sequence

from .deal import DealCode
from .errors import HalfMoonError, LineLengthError, LineMoveError, LineTextError
from .game import Game
from .moves import WON_MOVES, Move

MAX_LINE_TEXT = WON_MOVES * 10
"""A won line is 40 pairs and 8 trios, each with a dot: at most 40 × 8 + 8 × 12 = 416 characters
(``P10+P11.``, ``P10+P11+P12.``); 480 leaves room for spaces. Anything longer is not a line."""


def parse_line(text: str) -> tuple[Move, ...]:
    """The moves of ``text``; an empty text is the empty line (the deal as dealt)."""
    if not text.strip():
        return ()
    if len(text) > MAX_LINE_TEXT or text.count(".") >= WON_MOVES:  # before any work on the text
        raise LineLengthError
    parts = text.split(".")
    moves = []
    for number, part in enumerate(parts, start=1):
        try:
            moves.append(Move.parse(part))
        except HalfMoonError as error:
            raise LineTextError(number, part, error) from None
    return tuple(moves)


def play_line(code: DealCode, moves: Sequence[Move]) -> Game:
    """The deal with ``moves`` made in order, or ``LineMoveError`` at the first the rules refuse."""
    game = Game.from_code(code)
    for number, move in enumerate(moves, start=1):
        try:
            game.remove(move)
        except HalfMoonError as error:
            raise LineMoveError(number, str(move), error) from None
    return game


def line_text(moves: Sequence[Move]) -> str:
    """The line as a link carries it: ``P4+P7.P5+P6``."""
    return ".".join(str(move) for move in moves)
