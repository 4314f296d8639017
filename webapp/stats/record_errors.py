"""Whose a stored record is, and why one is refused: the errors of the statistics record and of the
history of games (webapp/stats/stored.py, webapp/stats/history.py), each a key and machine params only
(the words are in the page's word table, webapp/text/).

The kind of an error is the trust rule it asks for (webapp/store/trusted.py, docs/trust.md): a value
that is not a JSON object naming our format is not ours (``StatsFormatError``: removed, since another
program of the same origin may own the key); a JSON object naming our format is ours, and one that fails
any check — a field missing or of the wrong type, a range, a relation, an older version — is ours but
malformed (kept as a backup, never deleted); a newer version's is never removed nor written over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from halfmoon.errors import ECHO_CHARS, HalfMoonError, NotationError


class StatsError(NotationError):
    """A statistics record (stored or imported) that cannot be read, refused whole: malformed input, as an
    unreadable saved game is (``halfmoon.errors``: a ``NotationError``)."""

    key = "stats"

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason=reason, **params)


class StatsFormatError(StatsError):
    """Not our record: not a JSON object, or one naming another format."""

    key = "stats-format"


class StatsFieldError(StatsError):
    """Our record (its format named), with ``field`` missing (``missing``) or of the wrong type (``wrong-type``)."""

    key = "stats-field"

    def __init__(self, reason: str, field: str, **params: Any) -> None:
        super().__init__(reason, field=field[:ECHO_CHARS], **params)


class StatsVersionError(StatsError):
    """Our record, of a version this page does not know; ``version`` is its ``repr`` cut to 40 characters."""

    key = "stats-version"

    def __init__(self, version: object) -> None:
        HalfMoonError.__init__(self, version=_cut(version))


class StatsInconsistentError(StatsError):
    """Our record with figures that cannot all be true (``reason`` says which check failed, ``field``
    which field where one alone is wrong)."""

    key = "stats-inconsistent"


class StatsFutureError(StatsError):
    """An imported record with a daily deal won after the day after tomorrow: local dates differ by two
    days at most across the date line, so no device has won it yet (``date``: the first such)."""

    key = "stats-future"

    def __init__(self, date: str) -> None:
        HalfMoonError.__init__(self, date=date)


class StatsNewerError(StatsError):
    """A record of ours written by a newer version: a later ``version``, or this version with a field this
    page does not know (``reason`` ``unknown-field``, the ``field``'s name cut to 40 characters). Never
    removed nor written over by this page. ``known`` is what can be read of it (or None)."""

    key = "stats-newer"

    def __init__(self, version: object, known: object, field: str | None = None) -> None:
        if field is None:
            HalfMoonError.__init__(self, version=_cut(version))
        else:
            HalfMoonError.__init__(self, version=_cut(version), reason="unknown-field", field=field[:ECHO_CHARS])
        self.known = known


def _cut(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a huge int's repr may refuse; nothing from JSON can do worse
        text = "?"
    return text[:ECHO_CHARS]


@dataclass(frozen=True, slots=True)
class Form:
    """What names a record of ours (its format, version and fields) and the errors that refuse it."""

    format: str
    version: int
    fields: frozenset[str]
    errors: tuple[type[StatsFormatError], type[StatsFieldError], type[StatsVersionError], type[StatsNewerError]]


def ours(data: object, form: Form, known: Callable[[dict[str, Any]], Any] = lambda _data: None) -> dict[str, Any]:
    """``data`` as a record of ``form``'s version, or the error that says whose it is: not ours, an older
    version's, or a newer one's (a later version, or this version with fields this code does not know:
    never written over; ``known`` reads what this code can of it), or ours with a field missing."""
    foreign, field, older, newer = form.errors
    if not isinstance(data, dict):
        raise foreign(reason="not-an-object")
    if data.get("format") != form.format:
        raise foreign(reason="wrong-format")
    version = data.get("version")
    if type(version) is int and (version > form.version or (version == form.version and data.keys() > form.fields)):
        unknown = None if version > form.version else min(data.keys() - form.fields)
        raise newer(version, known(data), unknown)
    if type(version) is not int or version != form.version:
        raise older(version)
    missing = sorted(form.fields - data.keys())
    if missing:
        raise field(reason="missing", field=missing[0])
    return data
