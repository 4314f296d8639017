"""The game clock of R5.4, fed with the host's time so that it stays pure and testable."""

from __future__ import annotations


class Clock:
    """Elapsed milliseconds that accumulate only while the clock runs.

    The host calls ``run(now, running)`` whenever the running condition may have changed: the
    condition is ``Game.clock_runs`` (R5.4: started, not won, not dead) and the page being visible.
    """

    def __init__(self, elapsed_ms: int = 0) -> None:
        self._base_ms = elapsed_ms
        self._since: float | None = None

    @property
    def running(self) -> bool:
        return self._since is not None

    def elapsed_ms(self, now_ms: float) -> int:
        if self._since is None:
            return self._base_ms
        return self._base_ms + max(0, int(now_ms - self._since))

    def run(self, now_ms: float, running: bool) -> None:
        if running and self._since is None:
            self._since = now_ms
        elif not running and self._since is not None:
            self._base_ms = self.elapsed_ms(now_ms)
            self._since = None

    def reset(self, elapsed_ms: int = 0) -> None:
        self._base_ms = elapsed_ms
        self._since = None


def format_time(elapsed_ms: int) -> str:
    """R5.4: m:ss, or h:mm:ss past an hour."""
    seconds = max(0, elapsed_ms) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
