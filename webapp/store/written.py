"""The sequence number of the records' changes (``STATS_WRITTEN_KEY``): each change of the statistics
writes it last, and its tab names a lock by it, so that a tab can tell whether its own storage already
shows another tab's latest change (webapp/browser/locks.py)."""

from __future__ import annotations

MAX_DIGITS = 15
"""A number of up to 15 digits, in storage or in a lock's name: exact in JavaScript too."""


def count_of(text: str | None) -> int:
    """A stored number, or the number in a lock's name; 0 for anything else: a tampered value never
    makes a tab wait."""
    if text and len(text) <= MAX_DIGITS and text.isascii() and text.isdigit():
        return int(text)
    return 0


def next_count(latest: int, stored: int) -> int:
    """The next change's number: past the latest any tab names and the one this tab's storage shows,
    and back to 1 past 15 digits, so that every number written can be read again."""
    count = max(latest, stored) + 1
    return count if len(str(count)) <= MAX_DIGITS else 1
