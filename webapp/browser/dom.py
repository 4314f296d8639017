"""Helpers over Python's copy of the page (webapp/mirror/) shared by the browser package."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]

from webapp.mirror.document import Target
from webapp.mirror.element import Element


def found(element: Any) -> bool:
    """The copy answers a failed look-up with None; JavaScript's own objects with ``jsnull``."""
    return element is not None and element is not jsnull


def listen(target: Any, event: str, handler: Any) -> Any:
    """A listener on the copy (the page forwards the event), or on a browser object of the worker's
    through one proxy, made once and kept: a proxy never destroyed is a leak only if made again and
    again."""
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
