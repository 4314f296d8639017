"""Statistics changed by one tab at a time: each read-modify-write of the record (``Locked`` in
webapp/store/records.py) runs under the Web Lock ``STATS_LOCK`` (``navigator.locks``), so that two tabs
finishing games at the same moment never write over each other's count.

Where Web Locks are missing or refused (an old browser, an insecure or sandboxed context) a job runs at
once, as before locks. A job still waiting for the lock when the page goes away (``pagehide``) runs
then, without it: a finished game is never lost with its page."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from webapp.browser.dom import found, listen, window
from webapp.store.keys import STATS_LOCK
from webapp.store.records import Done


class Job:
    def __init__(self, job: Callable[[], bool], done: Done) -> None:
        self.job = job
        self.done = done


class WebLocks:
    def __init__(self) -> None:
        manager: Any = getattr(window.navigator, "locks", None)
        self.manager: Any = manager if found(manager) and hasattr(manager, "request") else None
        self.waiting: list[Job] = []
        self.settled: Callable[[], None] = lambda: None
        """Called after a job that waited for the lock has run: the page draws the figures again."""
        self._tasks: set[asyncio.Future[None]] = set()
        # Made before the page's own listener, so a waiting record lands before the page saves its game.
        self._proxy = listen(window, "pagehide", lambda _event: self.flush())

    def __call__(self, job: Callable[[], bool], done: Done) -> None:
        if self.manager is None:
            done(job())
            return
        waiting = Job(job, done)
        self.waiting.append(waiting)
        task = asyncio.ensure_future(self._request(waiting))
        self._tasks.add(task)  # kept until done
        task.add_done_callback(self._tasks.discard)

    async def _request(self, waiting: Job) -> None:
        try:  # the lock is released when the callback returns (it returns no promise)
            await self.manager.request(STATS_LOCK, create_once_callable(lambda _lock: self._run(waiting)))
        except Exception:  # refused (a sandboxed document): as without locks
            self._run(waiting)

    def _run(self, waiting: Job) -> None:
        if waiting not in self.waiting:
            return  # already run at pagehide
        self.waiting.remove(waiting)
        waiting.done(waiting.job())
        self.settled()

    def flush(self) -> None:
        """The page is going away: every waiting job runs now, in the order asked."""
        for waiting in list(self.waiting):
            self._run(waiting)
