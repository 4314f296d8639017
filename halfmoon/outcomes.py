"""What acting on a game gives back: the end state as a value (R6) and what one tap did (R3)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import Place
from .moves import Removal


class Status(enum.StrEnum):
    """The end state as a value (R6)."""

    PLAYING = "playing"
    WON = "won"
    DEAD_END = "dead-end"


class TapKind(enum.StrEnum):
    """What one tap did (R3)."""

    IGNORED = "ignored"  # R3.8: an empty place
    SELECTED = "selected"  # R3.1, R3.5
    DESELECTED = "deselected"  # R3.2
    REMOVED = "removed"  # R3.3, R3.5: the pair or trio is gone
    CLEARED = "cleared"  # R3.3, R3.4: no combination, nothing selected now
    RESELECTED = "reselected"  # R3.6: same face rank, the tapped card is the only one selected


class TapError(enum.StrEnum):
    """Why a combination failed, said when "Move errors" is on (R4.1)."""

    SUM_NOT_11 = "sum-not-11"
    TRIO_NEEDED = "trio-needed"


@dataclass(frozen=True, slots=True)
class TapResult:
    """One tap's outcome (R3): what it did and where, the removal it made, and why a combination failed
    (R4.1)."""

    kind: TapKind
    place: Place
    removal: Removal | None = None
    error: TapError | None = None
