"""Statistics changed by one tab at a time: each read-modify-write of the record (``Locked`` in
webapp/store/records.py) runs under the Web Lock ``STATS_LOCK`` (``navigator.locks``), so that two tabs
finishing games at the same moment never write over each other's count.

The lock alone is not enough: a tab's localStorage is a copy that another tab's write reaches a few
milliseconds later (Chromium sends it from process to process), so a tab given the lock just after
another let go could still read the record as it was before that tab's change, and write over it —
one finished game in a few hundred was lost so. Each change is therefore counted: the job's last write
is the count (``STATS_WRITTEN_KEY``), and the tab then holds a second lock named by that count
(``STATS_WRITTEN_LOCK``) until its next change. The lock manager is one for all tabs and answers at
once, so a tab given ``STATS_LOCK`` learns the latest count from the names of the locks held, and waits
until its own storage shows that count (``CATCH_UP_MS`` at most) before it reads.

Where Web Locks are missing or refused (an old browser, an insecure or sandboxed context) a job runs at
once, as before locks. A job still waiting for the lock when the page goes away (``pagehide``) runs
then, without it: a finished game is never lost with its page."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from webapp.browser.dom import found, listen, window
from webapp.store.keys import STATS_LOCK, STATS_WRITTEN_KEY, STATS_WRITTEN_LOCK
from webapp.store.records import Done
from webapp.store.storage import Backend, read_item, write_item

CATCH_UP_MS = 1_000
"""The longest a job waits for another tab's latest change to reach this tab's storage; then it runs
as it would have without the count (a count written over by hand, a write that failed)."""
CATCH_UP_STEP_MS = 4
"""How often the stored count is read again while waiting (rare, and a few milliseconds when it
happens: a timer is simpler than following the storage events that bring the count)."""
MAX_COUNT_DIGITS = 15
"""A count is read only up to this many digits (JavaScript's integers are exact below 2**53)."""


def count_of(text: str | None) -> int:
    """A stored count or a lock's number; 0 for anything else (a tampered value never blocks)."""
    return int(text) if text and text.isascii() and text.isdigit() and len(text) <= MAX_COUNT_DIGITS else 0


class Job:
    def __init__(self, job: Callable[[], bool], done: Done) -> None:
        self.job = job
        self.done = done


class WebLocks:
    def __init__(self, backend: Backend | None) -> None:
        manager: Any = getattr(window.navigator, "locks", None)
        self.manager: Any = manager if found(manager) and hasattr(manager, "request") else None
        self.backend = backend
        self.waiting: list[Job] = []
        self.settled: Callable[[], None] = lambda: None
        """Called after a job that waited for the lock has run: the page draws the figures again."""
        self._tasks: set[asyncio.Future[None]] = set()
        self._let_go: asyncio.Future[None] | None = None
        """Set to let go of the lock named by this tab's latest count."""
        # Made before the page's own listener, so a waiting record lands before the page saves its game.
        self._proxy = listen(window, "pagehide", lambda _event: self.flush())

    def __call__(self, job: Callable[[], bool], done: Done) -> None:
        if self.manager is None:
            done(job())
            return
        waiting = Job(job, done)
        self.waiting.append(waiting)
        self._keep(self._request(waiting))

    def _keep(self, work: Any) -> asyncio.Future[None]:
        task: asyncio.Future[None] = asyncio.ensure_future(work)
        self._tasks.add(task)  # kept until done
        task.add_done_callback(self._tasks.discard)
        return task

    async def _request(self, waiting: Job) -> None:
        try:  # the lock is held until the task the callback returns is done
            await self.manager.request(STATS_LOCK, create_once_callable(lambda _lock: self._keep(self._held(waiting))))
        except Exception:  # refused (a sandboxed document): as without locks
            self._run(waiting)

    async def _held(self, waiting: Job) -> None:
        """Under ``STATS_LOCK``: the latest change caught up with, the job run, its change counted."""
        latest = await self._latest()
        for _ in range(CATCH_UP_MS // CATCH_UP_STEP_MS):
            if self._stored_count() >= latest:
                break
            await asyncio.sleep(CATCH_UP_STEP_MS / 1000)
        if self._run(waiting):
            await self._count(max(latest, self._stored_count()) + 1)

    async def _latest(self) -> int:
        """The count of the latest change, from the names of the locks held by every tab."""
        try:
            state = await self.manager.query()
            names = [str(lock.name) for lock in state.held]
        except Exception:  # no answer: nothing to wait for
            return 0
        counts = (count_of(name[len(STATS_WRITTEN_LOCK) :]) for name in names if name.startswith(STATS_WRITTEN_LOCK))
        return max(counts, default=0)

    async def _count(self, count: int) -> None:
        """The change counted in storage, and this tab's count lock moved to it (before ``STATS_LOCK``
        is let go, so the next tab to hold it finds the count)."""
        if not write_item(self.backend, STATS_WRITTEN_KEY, str(count)):
            return  # storage refused: the next job waits its longest once, then counts past this one
        loop = asyncio.get_running_loop()
        held, let_go = loop.create_future(), loop.create_future()

        def hold(_lock: Any) -> asyncio.Future[None]:
            held.set_result(None)
            return let_go  # the lock is held until this is done

        asked = self._keep(self._ask(STATS_WRITTEN_LOCK + str(count), hold))
        await asyncio.wait((held, asked), return_when=asyncio.FIRST_COMPLETED)
        if not held.done():
            return  # refused: the others wait their longest once, as after a failed write
        previous, self._let_go = self._let_go, let_go
        if previous is not None:
            previous.set_result(None)

    async def _ask(self, name: str, hold: Callable[[Any], asyncio.Future[None]]) -> None:
        """A lock asked for and held as long as ``hold`` says; done once let go, or refused."""
        with contextlib.suppress(Exception):
            await self.manager.request(name, create_once_callable(hold))

    def _stored_count(self) -> int:
        return count_of(read_item(self.backend, STATS_WRITTEN_KEY))

    def _run(self, waiting: Job) -> bool:
        """The job run (unless already run at pagehide) and its answer handed on; whether it stored."""
        if waiting not in self.waiting:
            return False
        self.waiting.remove(waiting)
        stored = waiting.job()
        waiting.done(stored)
        self.settled()
        return stored

    def flush(self) -> None:
        """The page is going away: every waiting job runs now, in the order asked."""
        for waiting in list(self.waiting):
            self._run(waiting)
