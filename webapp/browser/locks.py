"""Statistics changed by one tab at a time: each read-modify-write of the record (``Locked`` in
webapp/store/records.py) runs under the Web Lock ``STATS_LOCK`` (``navigator.locks``), so that two tabs
finishing games at the same moment never write over each other's count.

The lock alone is not enough: a tab's localStorage is a copy that another tab's write reaches a few
milliseconds later (Chromium sends it from process to process), so a tab given the lock just after
another let go could still read the record as it was before that tab's change, and write over it —
one finished game in a few hundred was lost so. Each change is therefore numbered: the job's last
write is its number (``STATS_WRITTEN_KEY``, webapp/store/written.py), and its tab then holds a lock
named by that number (``STATS_WRITTEN_LOCK_PREFIX``) for ``HOLD_MS``. The lock manager is one for all
tabs, so what it answers is never stale: a tab given ``STATS_LOCK`` learns the latest number from the
names of the locks held, and waits until its own storage shows it (``CATCH_UP_MS`` at most) before it
reads. What this leaves: a change whose number could not be written, or whose tab closed at once, is
not waited for (as before the numbers).

Where Web Locks are missing or refused (an old browser, an insecure or sandboxed context) a job runs at
once, as before locks. A job still waiting for the lock when the page goes away (``pagehide``) runs
then, without it: a finished game is never lost with its page."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from webapp.browser.dom import found, listen, window
from webapp.store.keys import STATS_LOCK, STATS_WRITTEN_KEY, STATS_WRITTEN_LOCK_PREFIX
from webapp.store.records import Done
from webapp.store.storage import Backend, read_item, write_item
from webapp.store.written import count_of, next_count

CATCH_UP_MS = 1_000
"""The longest a job waits for another tab's latest change to reach this tab's storage (then it runs
as it would have without the numbers): a number written over by hand, or a lock of that name held by
another page of this origin, costs this wait and nothing more."""
CATCH_UP_STEP_MS = 4
"""How often the stored number is read again while waiting (rare, and a few milliseconds when it
happens: a timer is simpler than following the storage events that bring it)."""
HOLD_MS = 2_000
"""How long a tab names its latest change by a lock: far longer than a write takes to reach the other
tabs, and no longer, so that an idle tab holds no lock."""


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
        self._tasks: set[asyncio.Future[Any]] = set()
        self._if_available = to_js({"ifAvailable": True}, dict_converter=window.Object.fromEntries)
        # Made before the page's own listener, so a waiting record lands before the page saves its game.
        self._proxy = listen(window, "pagehide", lambda _event: self.flush())

    def __call__(self, job: Callable[[], bool], done: Done) -> None:
        if self.manager is None:
            done(job())
            return
        waiting = Job(job, done)
        self.waiting.append(waiting)
        self._keep(self._request(waiting))

    def _keep(self, work: Any) -> asyncio.Future[Any]:
        task: asyncio.Future[Any] = asyncio.ensure_future(work)
        self._tasks.add(task)  # kept until done
        task.add_done_callback(self._tasks.discard)
        return task

    async def _ask(self, name: str, hold: Callable[[Any], Any], *options: Any) -> bool:
        """The lock ``name`` asked for; ``hold`` runs with it (null: not available), and it is held until
        what ``hold`` returns is done. False when refused (a sandboxed document) or ``hold`` failed."""
        try:
            await self.manager.request(name, *options, create_once_callable(hold))
        except Exception:
            return False
        return True

    async def _request(self, waiting: Job) -> None:
        if not await self._ask(STATS_LOCK, lambda _lock: self._keep(self._held(waiting))):
            self._run(waiting)  # refused: as without locks (or already run, which it then knows)

    async def _held(self, waiting: Job) -> None:
        """Under ``STATS_LOCK``: the latest change caught up with, the job run, its change numbered."""
        latest = await self._latest()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CATCH_UP_MS / 1000  # a time, not a count of steps: a hidden tab's timers are slowed
        while self._stored_count() < latest and loop.time() < deadline:
            await asyncio.sleep(CATCH_UP_STEP_MS / 1000)
        if self._run(waiting):
            await self._number(next_count(latest, self._stored_count()))

    async def _latest(self) -> int:
        """The number of the latest change, from the names of the locks held by every tab."""
        try:
            state = await self.manager.query()
            names = [str(lock.name) for lock in state.held]
        except Exception:  # no answer: nothing to wait for
            return 0
        prefix = STATS_WRITTEN_LOCK_PREFIX
        return max((count_of(name[len(prefix) :]) for name in names if name.startswith(prefix)), default=0)

    async def _number(self, count: int) -> None:
        """The change's number stored, and named by a lock held for ``HOLD_MS``, taken before
        ``STATS_LOCK`` is let go so that the next tab to hold it finds the number."""
        if not write_item(self.backend, STATS_WRITTEN_KEY, str(count)):
            return  # storage refused: this change is not waited for
        loop = asyncio.get_running_loop()
        held: asyncio.Future[bool] = loop.create_future()
        let_go: asyncio.Future[None] = loop.create_future()

        def hold(lock: Any) -> asyncio.Future[None]:
            held.set_result(found(lock))  # null: the name is taken (another page's), never waited for
            return let_go

        asked = self._keep(self._ask(STATS_WRITTEN_LOCK_PREFIX + str(count), hold, self._if_available))
        await asyncio.wait((held, asked), return_when=asyncio.FIRST_COMPLETED)
        loop.call_later(HOLD_MS / 1000 if held.done() and held.result() else 0, let_go.set_result, None)

    def _stored_count(self) -> int:
        return count_of(read_item(self.backend, STATS_WRITTEN_KEY))

    def _run(self, waiting: Job) -> bool:
        """The job run (unless already run at pagehide) and its answer handed on; whether it stored."""
        if waiting not in self.waiting:
            return False
        self.waiting.remove(waiting)
        stored = False
        try:
            stored = waiting.job()
        finally:  # also when the job failed: its change counts as not stored, and the figures settle
            waiting.done(stored)
            self.settled()
        return stored

    def flush(self) -> None:
        """The page is going away: every waiting job runs now, in the order asked."""
        for waiting in list(self.waiting):
            self._run(waiting)
