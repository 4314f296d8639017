"""JSON read with limits: every stored or uploaded record goes through here before it is parsed.

``json.loads`` recurses once per nesting level, so ``'[' * 20000`` exhausts the stack (under
Pyodide it kills the interpreter, not just the call). The text's length and nesting depth are
therefore checked first, by a flat scan, and only then handed to ``json``.
"""

from __future__ import annotations

import json

from .errors import RecordTextError

MAX_DEPTH = 8
"""Our records nest at most four levels deep; anything deeper is not ours."""


def parse_json(text: str | bytes, *, max_chars: int, max_depth: int = MAX_DEPTH) -> object:
    """The value of ``text``, or ``RecordTextError`` (never another exception, never deep recursion).

    The error's ``reason`` is one of ``too-long``, ``too-deep``, ``not-text`` and ``not-json``.
    """
    if isinstance(text, bytes):
        if len(text) > 4 * max_chars:
            raise RecordTextError(reason="too-long")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordTextError(reason="not-text") from None
    if len(text) > max_chars:
        raise RecordTextError(reason="too-long")
    if nesting_depth(text) > max_depth:
        raise RecordTextError(reason="too-deep")
    try:
        return json.loads(text, parse_constant=_not_json)
    except (ValueError, RecursionError):
        raise RecordTextError(reason="not-json") from None


def _not_json(constant: str) -> object:
    """``NaN`` and ``Infinity`` are not JSON: Python's reader takes them, a browser's (``JSON.parse``)
    refuses them, and a record the early scripts refuse must be refused here too."""
    raise ValueError(constant)


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` outside strings, found without recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest
