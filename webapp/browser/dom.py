"""Small helpers over the DOM, shared by every module of the browser package."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]

document: Any = js.document
window: Any = js.window


def query(selector: str, root: Any = None) -> Any:
    return (root or document).querySelector(selector)


def found(element: Any) -> bool:
    """DOM look-ups answer JavaScript's null as ``jsnull``, not None."""
    return element is not None and element is not jsnull


def listen(target: Any, event: str, handler: Any) -> Any:
    """One proxy for the handler, made once and kept: a proxy never destroyed is a leak only if
    made again and again."""
    proxy = create_proxy(handler)
    target.addEventListener(event, proxy)
    return proxy


def set_attributes(element: Any, attributes: tuple[tuple[str, str | None], ...]) -> None:
    for name, value in attributes:
        if value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, value)
