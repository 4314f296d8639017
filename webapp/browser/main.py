"""The worker's entry (static/worker.py): the two calls the page makes, one at a time and in order,
each answering with the batch of what it changed (webapp/browser/page_link.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import sync  # type: ignore[import-not-found]

from webapp.browser.page_link import Link, plain

link = Link(sync)
_page: list[Any] = []


def start(clock: Any, facts: Any) -> Any:
    """The page's facts (docs/architecture.md "The page's ports"): the shell started around them."""
    from webapp.browser.start import start as started

    def run() -> None:
        _page.append(started(link, plain(facts)))

    return link.answer(clock, run)


def calls(clock: Any, made: Any) -> Any:
    """What the page sent in one of its tasks, in order: events it forwarded (``["event", type,
    target's key, fields]``), dispatched in the copy, and news it tells (``["told", what, value]``: a
    timer fired, the board resized, a write refused)."""
    return link.answer(clock, *(handler(list(call)) for call in made))


def handler(call: list[Any]) -> Callable[[], object]:
    if call[0] == "event":
        kind, key, fields = call[1:]
        return lambda: _page[0].document.dispatch(str(kind), int(key), plain(fields, depth=1))
    what, value = call[1:]
    return lambda: link.told(str(what), plain(value))
