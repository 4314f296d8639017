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

Every hold is a JavaScript promise that a JavaScript timer lets go at the latest (``LIMIT_MS``,
``HOLD_MS``), and every step is a callback: no Python future is handed to JavaScript, so no lock
outlives its limit whatever happens to a step. A job the limit overtook (a step's timer held back, as
in a tab hidden for minutes, whose timers Chromium wakes once a minute) runs once its lock is let
go, without it: as where Web Locks are missing, never lost.

Where Web Locks are missing or refused (an old browser, an insecure or sandboxed context) a job runs at
once, unlocked. A job still waiting for the lock when the page goes away (``pagehide``) runs
then, without it: a finished game is never lost with its page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from webapp.browser.dom import found, listen
from webapp.browser.ports import Timers
from webapp.store.records import Done
from webapp.store.storage import Backend, read_item, write_item
from webapp.store.storage_keys import STATS_LOCK, STATS_WRITTEN_KEY, STATS_WRITTEN_LOCK_PREFIX
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
LIMIT_MS = CATCH_UP_MS + 2_000
"""The longest ``STATS_LOCK`` is held by one job, whatever happens to it: the catch-up and a job's few
milliseconds, with room for a slow machine."""


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
    def __init__(self, backend: Backend | None, manager: Any, timers: Timers, window_events: Any) -> None:
        """``manager``: the browser's Web Locks (``navigator.locks``), or None; ``window_events``: where
        the page's ``pagehide`` is heard."""
        self.manager: Any = manager if found(manager) and hasattr(manager, "request") else None
        self.backend = backend
        self.timers = timers
        self.waiting: list[Job] = []
        self.settled: Callable[[], None] = lambda: None
        """Called after a job that waited for the lock has run: the page draws the figures again."""
        self._if_available = to_js({"ifAvailable": True}, dict_converter=js.Object.fromEntries)
        # Made before the page's own listener, so a waiting record lands before the page saves its game.
        self._proxy = listen(window_events, "pagehide", lambda _event: self.flush())

    def __call__(self, job: Callable[[], bool], done: Done) -> None:
        if self.manager is None:
            done(job())
            return
        waiting = Job(job, done)
        self.waiting.append(waiting)
        try:
            asked = self.manager.request(STATS_LOCK, create_once_callable(lambda _lock: self._hold(waiting)))
        except Exception:  # refused at once: as without locks
            self._run(waiting)
            return
        # Once the lock is let go (or refused: a sandboxed document), a job the limit overtook runs.
        settle(asked, lambda _answer: self._run(waiting))

    def _hold(self, waiting: Job) -> Any:
        """Given ``STATS_LOCK``: held until the job has run and its change is numbered (let go at once
        when the job already ran, at a ``pagehide`` the page came back from)."""
        if waiting not in self.waiting:
            return None
        held, let_go = hold_for(self.timers, LIMIT_MS)
        deadline = self.timers.now() + CATCH_UP_MS  # a time, not steps: a hidden tab's timers are slowed
        settle(self.manager.query(), lambda state: self._catch_up(waiting, latest_of(state), deadline, let_go))
        return held

    def _catch_up(self, waiting: Job, latest: int, deadline: float, let_go: Any) -> None:
        """The job run once this tab's storage shows the latest change (or the wait is over)."""
        if self._stored_count() < latest and self.timers.now() < deadline:
            self.timers.later(CATCH_UP_STEP_MS, lambda: self._catch_up(waiting, latest, deadline, let_go))
            return
        numbered = False
        try:
            if self._run(waiting):
                numbered = self._number(next_count(latest, self._stored_count()), let_go)
        finally:
            if not numbered:
                let_go()

    def _number(self, count: int, let_go: Any) -> bool:
        """The change's number stored, and named by a lock held for ``HOLD_MS``; ``STATS_LOCK`` is let go
        once that lock is taken (or found taken), so that the next tab to hold it finds the number.
        False when storage refused the number: this change is not waited for."""
        if not write_item(self.backend, STATS_WRITTEN_KEY, str(count)):
            return False

        def hold(lock: Any) -> Any:
            let_go()
            return hold_for(self.timers, HOLD_MS if found(lock) else 0)[0]  # null: the name is another page's

        name = STATS_WRITTEN_LOCK_PREFIX + str(count)
        settle(self.manager.request(name, self._if_available, create_once_callable(hold)), lambda _: let_go())
        return True

    def _stored_count(self) -> int:
        return count_of(read_item(self.backend, STATS_WRITTEN_KEY))

    def _run(self, waiting: Job) -> bool:
        """The job run (unless already run) and its answer handed on; whether it stored."""
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
