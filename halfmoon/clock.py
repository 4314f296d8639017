"""The game clock of R5.4, fed with the host's time so that it stays pure and testable."""

from __future__ import annotations


class Clock:
    """R5.4: elapsed milliseconds that accumulate only while the clock runs.

    The clock starts with the first tap of a deal (``start``). The host calls ``run(now, may_run)``
    whenever the condition may have changed: the game not over (won or dead end) and the page
    visible. It runs when started and allowed to.
    """

    def __init__(self, elapsed_ms: int = 0, started: bool = False) -> None:
        self._base_ms = elapsed_ms
        self._since: float | None = None
        self.started = started or elapsed_ms > 0

    def elapsed_ms(self, now_ms: float) -> int:
        if self._since is None:
            return self._base_ms
        return self._base_ms + max(0, int(now_ms - self._since))

    def running_since(self) -> tuple[int, float] | None:
        """While the clock runs: its time when it last began running, and that moment, from which
        ``elapsed_ms`` follows at any later one (both stay put while it runs); None while it stands."""
        return None if self._since is None else (self._base_ms, self._since)

    def start(self) -> None:
        """The first tap of a deal: from now on the clock runs when it may (R5.4)."""
        self.started = True

    def run(self, now_ms: float, may_run: bool) -> None:
        running = may_run and self.started
        if running and self._since is None:
            self._since = now_ms
        elif not running and self._since is not None:
            self._base_ms = self.elapsed_ms(now_ms)
            self._since = None

    def reset(self, elapsed_ms: int = 0, started: bool = False) -> None:
        """A new deal or a restart (from zero), or a game loaded with its own time."""
        self._base_ms = elapsed_ms
        self._since = None
        self.started = started or elapsed_ms > 0


def format_time(elapsed_ms: int) -> str:
    """R5.4: m:ss, or h:mm:ss past an hour."""
    seconds = max(0, elapsed_ms) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
