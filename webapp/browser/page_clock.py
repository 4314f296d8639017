"""The page's clock, which is the game's: every call of the page carries the page's monotonic time,
its wall time and its local date, read when the page made the call. The worker's own clock is not
the page's (a test's fake clock is the page's); a player's is the same either way."""

from __future__ import annotations

import datetime
from typing import Any

from halfmoon.deal import FIRST_DAILY


class Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.wall = 0
        self.date: datetime.date | None = None

    def update(self, told: Any) -> None:
        """``[performance.now(), Date.now(), [year, month, day]]`` as the page read them."""
        now, wall, (year, month, day) = told
        self.now, self.wall = float(now), int(wall)
        try:
            self.date = datetime.date(int(year), int(month), int(day))
        except (ValueError, OverflowError):
            self.date = None

    def now_ms(self) -> float:
        """Milliseconds on the page's monotonic clock."""
        return self.now

    def wall_ms(self) -> int:
        return self.wall

    def today(self) -> datetime.date | None:
        """The device's local date; None when it is outside the years of daily deals (a clock set
        before 2000 or past 9999): the page still plays."""
        return self.date if self.date is not None and self.date >= FIRST_DAILY else None
