"""Statistics changed by one tab at a time: each read-modify-write of the record (``Locked`` in
webapp/store/records.py) runs under the Web Lock ``STATS_LOCK`` (``navigator.locks``), so that two tabs
finishing games at the same moment never write over each other's count.

The lock alone is not enough: a tab's localStorage is a copy that another tab's write reaches a few
milliseconds later (Chromium sends it from process to process), so a tab given the lock just after
another let go could still read the record as it was before that tab's change, and write over it,
losing a finished game. Each change is therefore numbered: the job's last
write is its number (``STATS_WRITTEN_KEY``, webapp/store/written.py), and its tab then holds a lock
named by that number (``STATS_WRITTEN_LOCK_PREFIX``) for ``HOLD_MS``. The lock manager is one for all
tabs, so what it answers is never stale: a tab given ``STATS_LOCK`` learns the latest number from the
names of the locks held, and waits until its own storage shows it (``CATCH_UP_MS`` at most) before it
reads. What this leaves: a change whose number could not be written, or whose tab closed at once, is
not waited for (as if no number existed).

Python runs in a worker (``navigator.locks`` is there too); storage is the page's
(webapp/browser/page_storage.py). Inside the lock a job reads its keys fresh from the page (``read``),
and its writes, the number last, are one compare-and-set group the page makes whole or not at all
(``store-if``): refused because another tab wrote meanwhile (the lock overtaken, or missing), the job
runs again on the new values, three times at most, and then counts as not stored.

Every hold is a JavaScript promise that a JavaScript timer lets go at the latest (``LIMIT_MS``,
``HOLD_MS``): no Python future is handed to JavaScript, so no lock outlives its limit whatever happens
to a step. A job the limit overtook (a step held back, as in a tab hidden for minutes, whose timers
Chromium wakes once a minute) runs once its lock is let go, without it: as where Web Locks are
missing, never lost.

Where Web Locks are missing or refused (an old browser, an insecure or sandboxed context) a job runs at
once, unlocked. The worker cannot run a job at ``pagehide`` (the page may be frozen before it
answers): what the waiting jobs would write is held by the page (``held``, webapp/browser/saving.py),
which writes it at ``pagehide`` if storage still holds what they read: a finished game is not lost
with its page."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from webapp.browser.dom import found
from webapp.browser.page_storage import PageStorage, Write, text_or_none, write_checked
from webapp.browser.ports import Timers
from webapp.store.records import Done
from webapp.store.storage import write_item
from webapp.store.storage_keys import (
    HISTORY_BACKUP_KEY,
    HISTORY_KEY,
    STATS_BACKUP_KEY,
    STATS_KEY,
    STATS_LOCK,
    STATS_WRITTEN_KEY,
    STATS_WRITTEN_LOCK_PREFIX,
)
from webapp.store.written import count_of, next_count

RECORD_KEYS = (STATS_KEY, STATS_BACKUP_KEY, HISTORY_KEY, HISTORY_BACKUP_KEY, STATS_WRITTEN_KEY)
"""Every key a job reads or writes: read fresh from the page before it runs."""
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
LIMIT_MS = CATCH_UP_MS + 2_000
"""The longest ``STATS_LOCK`` is held by one job, whatever happens to it: the catch-up and a job's few
milliseconds, with room for a slow machine."""


def waited_ms() -> float:
    """The worker's own monotonic clock: the page's is read only when the page calls, and a job
    waits outside any call."""
    return time.monotonic() * 1000


def hold_for(timers: Timers, ms: float) -> tuple[Any, Any]:
    """A JavaScript promise that holds a lock, and its ``resolve``, which lets the lock go; a JavaScript
    timer lets it go after ``ms`` at the latest."""
    resolvers: list[Any] = []
    promise = js.Promise.new(create_once_callable(lambda resolve, _reject: resolvers.append(resolve)))
    timers.call_later(ms, resolvers[0])
    return promise, resolvers[0]


def latest_of(state: Any) -> int:
    """The number of the latest change, from the names of the locks every tab holds (0 when the lock
    manager's answer is an error)."""
    try:
        names = [str(lock.name) for lock in state.held]
    except Exception:
        return 0
    prefix = STATS_WRITTEN_LOCK_PREFIX
    return max((count_of(name[len(prefix) :]) for name in names if name.startswith(prefix)), default=0)


def settle(promise: Any, callback: Callable[[Any], object]) -> None:
    """``callback`` called once with the promise's value or error (Pyodide's ``then`` lets both of its
    proxies go once either is called)."""
    promise.then(callback, callback)


class Job:
    def __init__(self, job: Callable[[], bool], done: Done) -> None:
        self.job = job
        self.done = done


class WebLocks:
    def __init__(
        self,
        storage: PageStorage | None,
        manager: Any,
        timers: Timers,
        link: Any,
        run: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        """``manager``: the Web Locks (``navigator.locks``), or None; ``link``: the page's
        (webapp/browser/page_link.py: ``ask``); ``run``: starts a coroutine."""
        self.manager: Any = manager if found(manager) and hasattr(manager, "request") else None
        self.storage = storage
        self.timers = timers
        self.link = link
        self.run = run
        self.waiting: list[Job] = []
        self.settled: Callable[[], None] = lambda: None
        """Called after a job that waited for the lock has run: the page draws the figures again."""
        self._if_available = to_js({"ifAvailable": True}, dict_converter=js.Object.fromEntries)

    def __call__(self, job: Callable[[], bool], done: Done) -> None:
        if self.storage is None:  # no storage: nothing to lock, nothing stored
            done(job())
            return
        waiting = Job(job, done)
        self.waiting.append(waiting)
        if self.manager is None:
            self.run(self._run(waiting))
            return
        try:
            asked = self.manager.request(STATS_LOCK, create_once_callable(lambda _lock: self._hold(waiting)))
        except Exception:  # refused at once: as without locks
            self.run(self._run(waiting))
            return
        # Once the lock is let go (or refused: a sandboxed document), a job the limit overtook runs.
        settle(asked, lambda _answer: self.run(self._run(waiting)))

    def _hold(self, waiting: Job) -> Any:
        """Given ``STATS_LOCK``: held until the job has run and its change is numbered."""
        if waiting not in self.waiting:
            return None
        held, let_go = hold_for(self.timers, LIMIT_MS)
        self.run(self._locked(waiting, let_go))
        return held

    async def _locked(self, waiting: Job, let_go: Any) -> None:
        numbered: list[int] = []
        try:
            try:
                latest = latest_of(await self.manager.query())
            except Exception:  # the lock manager's answer is an error: as without numbers
                latest = 0
            await self._catch_up(latest, waited_ms() + CATCH_UP_MS)  # a time, not steps: timers slow
            await self._run(waiting, latest, numbered)
        finally:
            if numbered:
                self._name(numbered[0], let_go)
            else:
                let_go()

    async def _catch_up(self, latest: int, deadline: float) -> None:
        """Until this tab's storage shows the latest change (or the wait is over)."""
        while waited_ms() < deadline:
            read = dict(await self.link.ask("read", [STATS_WRITTEN_KEY]))
            if count_of(text_or_none(read.get(STATS_WRITTEN_KEY))) >= latest:
                return
            await asyncio.sleep(CATCH_UP_STEP_MS / 1000)

    async def _run(self, waiting: Job, latest: int | None = None, numbered: list[int] | None = None) -> None:
        """The job run (unless already started) on fresh values, its change numbered when it holds the
        lock, and its answer handed on."""
        if waiting not in self.waiting or self.storage is None:
            return
        self.waiting.remove(waiting)
        storage, stored = self.storage, False

        def change() -> tuple[bool, list[Write]]:
            with storage.compare_and_set() as writes:
                ran = waiting.job()
                numbered_now = []
                if ran and latest is not None:
                    count = next_count(latest, count_of(storage.getItem(STATS_WRITTEN_KEY)))
                    if write_item(storage, STATS_WRITTEN_KEY, str(count)):  # the change's last write
                        numbered_now = [count]  # refused: this change is not waited for
            if numbered is not None:
                numbered[:] = numbered_now
            return ran, writes

        try:
            stored = await write_checked(storage, self.link.ask, change, RECORD_KEYS)
        finally:  # also when the job failed: its change counts as not stored, and the figures settle
            if not stored and numbered is not None:
                numbered.clear()
            waiting.done(stored)
            self.settled()  # its batch goes to the page a task later (webapp/browser/page_link.py)

    def _name(self, count: int, let_go: Any) -> None:
        """The change named by a lock held for ``HOLD_MS``; ``STATS_LOCK`` is let go once that lock is
        taken (or found taken), so that the next tab to hold it finds the number."""

        def hold(lock: Any) -> Any:
            let_go()
            return hold_for(self.timers, HOLD_MS if found(lock) else 0)[0]  # null: the name is another page's

        name = STATS_WRITTEN_LOCK_PREFIX + str(count)
        settle(self.manager.request(name, self._if_available, create_once_callable(hold)), lambda _: let_go())

    def held(self) -> list[Write]:
        """What the waiting jobs would write now, in the order asked, made nowhere (no number: it
        is written at ``pagehide``, without the lock)."""
        if self.storage is None or not self.waiting:
            return []
        with self.storage.trial() as writes:
            for waiting in self.waiting:
                waiting.job()
        return writes
