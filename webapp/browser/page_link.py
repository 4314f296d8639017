"""The worker's link to the page. The page calls the worker's three exports (webapp/browser/main.py),
one at a time and in order, and applies each answer, the batch of what the call changed, in the task
that receives it. What the worker changes on its own (a lock's answer, a coroutine's end) goes to the
page by its function ``apply``; what Python needs answered by the page (fresh storage values) is asked
by ``ask``; what the page must do in order with a batch (the address, a timer, a download) is a
``port`` operation of that batch; the news the page tells (a timer fired, the board resized) reach the
handlers ``on`` registers."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from webapp.browser.page_clock import Clock
from webapp.mirror.batch import Batch, Op

Handler = Callable[[Any], object]


def plain(value: Any, depth: int = -1) -> Any:
    """A value the page sent, as Python's own (a JavaScript object or array converted, ``depth``
    levels deep: an event's ``FileList`` stays the page's)."""
    to_py = getattr(value, "to_py", None)
    return to_py(depth=depth) if to_py is not None else value


class Link:
    def __init__(self, sync: Any) -> None:
        """``sync``: the page's functions (PyScript's ``pyscript.sync`` in the worker)."""
        self._sync = sync
        self.clock = Clock()
        self._answering = False
        self._answer: list[Op] = []
        self._handlers: dict[str, list[Handler]] = {}
        self.batch: Batch | None = None
        """The copy's batch (set by the start, which makes the copy)."""

    # The copy's batches (webapp/mirror/batch.py: ``send`` and ``schedule``)

    def send(self, ops: list[Op]) -> None:
        if self._answering:
            self._answer.extend(ops)
        else:
            self._sync.apply(to_js(ops, dict_converter=js.Object.fromEntries))

    def schedule(self, flush: Callable[[], None]) -> None:
        """A batch begun outside a page's call (a coroutine, a lock) is sent a task later; one begun
        inside is the call's answer."""
        if not self._answering:
            js.setTimeout(create_once_callable(flush), 0)

    def answer(self, clock: Any, *handlers: Callable[[], object]) -> Any:
        """The page's call handled: the page's clock taken, each handler run in turn, and the batch of
        what they changed returned. A handler that raises is said on the console; what it changed
        before is still the page's, and the handlers after it run."""
        self.clock.update(plain(clock))
        self._answering = True
        try:
            for handle in handlers:
                try:
                    handle()
                except Exception:
                    js.console.error(traceback.format_exc())
        finally:
            try:
                if self.batch is not None:
                    self.batch.flush()
            finally:
                self._answering = False
        ops, self._answer = self._answer, []
        return to_js(ops, dict_converter=js.Object.fromEntries)

    # The page's functions and news

    def record(self, *op: Any) -> None:
        """An operation of the current batch."""
        if self.batch is not None:
            self.batch.record(*op)

    def port(self, name: str, *args: Any) -> None:
        """The page's ``halfmoonPorts[name](*args)``, in order with the batch's other operations."""
        self.record("port", name, *args)

    async def ask(self, name: str, *args: Any) -> Any:
        """The page's answer of ``halfmoonPorts[name](*args)``, as Python's own."""
        converted = [to_js(arg, dict_converter=js.Object.fromEntries) for arg in args]
        return plain(await self._sync.ask(name, *converted))

    def on(self, what: str, handler: Handler) -> None:
        self._handlers.setdefault(what, []).append(handler)

    def told(self, what: str, value: Any) -> None:
        for handler in list(self._handlers.get(what, ())):
            handler(value)
