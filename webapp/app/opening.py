"""Where the page's new deals come from, the first visit's first of all.

A first visit (nothing of the game's stored yet: the early paint decides, static/early-paint.js, and
leaves ``data-first-visit`` on the page for Python to read) opens ``FIRST_DEAL``, whose
board the build writes into the page in both languages (sitegen/skeleton.py): the early paint shows
its real cards from the first paint instead of face-down frames, and the taps made on them before
Python is ready land on the same cards. Any other start, and every "New deal", is random.
"""

from __future__ import annotations

from collections.abc import Callable

from halfmoon import DealCode

FIRST_DEAL = DealCode.parse("HM1-N-DHAQATX")
"""A deal that tools/solve.py wins (tests/test_opening.py), with many removals open at the start; not
``HM1-N-AAAAAAB``, whose winning line the Examples page shows."""


def new_deals(first_visit: bool, random: Callable[[], DealCode] = DealCode.random) -> Callable[[], DealCode]:
    """The App's ``new_code``: ``FIRST_DEAL`` for the game a first visit opens with, then random.
    (Asked at a start only when storage holds no game, which a first visit never does.)"""
    first = [FIRST_DEAL] if first_visit else []
    return lambda: first.pop() if first else random()
