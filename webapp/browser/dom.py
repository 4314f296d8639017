"""The page as the browser package sees it: ``document`` is Python's copy of the page's elements
(webapp/mirror/), whose writes the page's applier (static/applier.js) makes in batches; ``window``
is the browser's own globals (timers, navigator, location, storage)."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from webapp.mirror.batch import Op
from webapp.mirror.document import Document, Target
from webapp.mirror.element import Element

window: Any = js.window
_applier: Any = js.window.halfmoonPage


def _send(ops: list[Op]) -> None:
    _applier.apply(to_js(ops, dict_converter=js.Object.fromEntries))


def _schedule(flush: Any) -> None:
    """A batch goes to the page at the end of the current task (a microtask): before it paints."""
    js.queueMicrotask(create_once_callable(flush))


def _dispatch(kind: str, key: int, fields: Any) -> bool:
    """An event the page forwarded: handled, its batch applied, whether its default is prevented."""
    prevented = document.dispatch(str(kind), int(key), fields.to_py(depth=1))
    document.batch.flush()
    return prevented


document = Document(_applier.describe().to_py(), _send, _schedule)
document.visibilityState = str(js.document.visibilityState)
window_events = document.window
"""The window's events (pagehide, pageshow, storage), as forwarded by the page."""
_dispatcher = create_proxy(_dispatch)
_applier.connect(_dispatcher)


def real(element: Element) -> Any:
    """The page's element behind a copy's, for what only the page can measure (a computed style,
    a box's size)."""
    return _applier.element(element.key)


def query(selector: str, root: Any = None) -> Any:
    return (root or document).querySelector(selector)


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
