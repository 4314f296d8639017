"""The page settled before each call the page object makes: a tap's changes reach the page a task or
more after the click, once the page has applied Python's answer (docs/ui-contract.md, "a tap's
changes"), so every read, click, key, fill and choice first waits for ``halfmoonPage.settled()``:
every call the page has made to Python so far answered and applied. Before ready (the early paint,
a runtime held back) and off the game there is nothing to wait for.

``SettlingDriver`` does it for the driver interface (every engine), ``settling`` for the Playwright
locators the page object hands out, and ``settle`` for a test's own Playwright page."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page

from support.engines import Driver

SETTLE_MS = 30_000
"""How long the page may take to apply its answers: past it, the page is stuck, and the call fails."""
SETTLED = """() => (document.documentElement.dataset.ready === 'true' && window.halfmoonPage?.settled
  ? window.halfmoonPage.settled() : Promise.resolve()).then(() => true)"""
"""A promise of true once the page has applied every answer it waits for (a wait's condition, so
that the driver's own timeout bounds it: a promise that never settles fails, never hangs)."""


def settle(page: Page) -> None:
    """Wait until ``page`` has applied Python's answers to every call it made so far."""
    page.wait_for_function(SETTLED, timeout=SETTLE_MS)


class SettlingDriver:
    """A ``Driver`` whose every call lets the page settle first (leaving it too: the answers to the
    last taps are saved before the page goes)."""

    def __init__(self, inner: Driver) -> None:
        self.inner = inner
        self.name = inner.name

    def settle(self) -> None:
        self.inner.wait(SETTLED, SETTLE_MS)

    def navigate(self, url: str) -> None:
        self.settle()
        self.inner.navigate(url)

    def evaluate(self, script: str, arg: Any = None) -> Any:
        self.settle()
        return self.inner.evaluate(script, arg)

    def click(self, selector: str, nth: int = 0, force: bool = False) -> None:
        self.settle()
        self.inner.click(selector, nth, force)

    def key(self, key: str) -> None:
        self.settle()
        self.inner.key(key)

    def fill(self, selector: str, text: str) -> None:
        self.settle()
        self.inner.fill(selector, text)

    def select(self, selector: str, value: str) -> None:
        self.settle()
        self.inner.select(selector, value)

    def wait(self, condition: str, timeout_ms: int, arg: Any = None) -> None:
        self.settle()
        self.inner.wait(condition, timeout_ms, arg)

    def close(self) -> None:
        self.inner.close()


class SettlingLocator(Locator):
    """A Playwright locator whose reads and actions let the page settle first; the locators made from
    it (``locator``, ``nth``, ``first``, ``filter``…) settle too. ``expect`` takes it as any locator
    (its retrying assertions wait on their own)."""


def settling(locator: Locator) -> SettlingLocator:
    return locator if isinstance(locator, SettlingLocator) else SettlingLocator(locator._impl_obj)


def _wrapped(result: Any) -> Any:
    if isinstance(result, Locator):
        return settling(result)
    if isinstance(result, list):
        return [_wrapped(item) for item in result]
    return result


# What only names a part of the page reads nothing; what listens, or marks the page for a person, neither.
DESCRIBING = {"and_", "describe", "filter", "frame_locator", "locator", "normalize", "nth", "or_", "within"}
LEFT_AS_THEY_ARE = {"on", "once", "remove_listener", "highlight", "hide_highlight", "page"}


def _settled_first(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def call(self: Locator, *args: Any, **kwargs: Any) -> Any:
        settle(self.page)
        return _wrapped(method(self, *args, **kwargs))

    return call


def _still_settling(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def call(self: Locator, *args: Any, **kwargs: Any) -> Any:
        return _wrapped(method(self, *args, **kwargs))

    return call


def _make_settling() -> None:
    """Every public method and property of Playwright's ``Locator``, in ``SettlingLocator``: a read or
    an action settles first, a description of a part of the page gives a settling locator."""
    for name in dir(Locator):
        member = inspect.getattr_static(Locator, name)
        if name.startswith("_") or name in LEFT_AS_THEY_ARE:
            continue
        if isinstance(member, property) and member.fget is not None:
            setattr(SettlingLocator, name, property(_still_settling(member.fget)))
        elif inspect.isfunction(member):
            wrap = _still_settling if name in DESCRIBING or name.startswith("get_by_") else _settled_first
            setattr(SettlingLocator, name, wrap(member))


_make_settling()
