"""Python's copy of the page (webapp/mirror/) joined to the page's applier (static/applier.js): the
copy's batches go to the applier, the events the applier forwards come to the copy. Helpers over
the copy shared by the browser package."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from webapp.mirror.document import Document, Target
from webapp.mirror.element import Element


class Joined:
    """The copy and the page's applier, joined: each batch sent at the end of the task that wrote it
    (a microtask, before the page paints), each forwarded event dispatched and its batch sent at once."""

    def __init__(self, applier: Any, convert: Any, queue_microtask: Any) -> None:
        self.applier = applier
        self._convert = convert
        self._queue = queue_microtask
        self.document = Document(applier.describe().to_py(), self._send, self._schedule)
        self._dispatcher = create_proxy(self._dispatch)
        applier.connect(self._dispatcher)

    def _send(self, ops: list[Any]) -> None:
        self.applier.apply(to_js(ops, dict_converter=self._convert))

    def _schedule(self, flush: Any) -> None:
        self._queue(create_once_callable(flush))

    def _dispatch(self, kind: str, key: int, fields: Any) -> None:
        self.document.dispatch(str(kind), int(key), fields.to_py(depth=1))
        self.document.batch.flush()

    def real(self, element: Element) -> Any:
        """The page's element behind a copy's, for what only the page can measure."""
        return self.applier.element(element.key)


def found(element: Any) -> bool:
    """The copy answers a failed look-up with None; JavaScript's own objects with ``jsnull``."""
    return element is not None and element is not jsnull


def listen(target: Any, event: str, handler: Any) -> Any:
    """A listener on the copy (the page forwards the event), or on a browser object through one
    proxy, made once and kept: a proxy never destroyed is a leak only if made again and again."""
    if isinstance(target, Element | Target):
        target.addEventListener(event, handler)
        return handler
    proxy = create_proxy(handler)
    target.addEventListener(event, proxy)
    return proxy


def set_attributes(element: Element, attributes: tuple[tuple[str, str | None], ...]) -> None:
    for name, value in attributes:
        if value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, value)
