"""The worker's entry (static/worker.py): the three calls the page makes, one at a time and in
order, each answering with the batch of what it changed (webapp/browser/page_link.py)."""

from __future__ import annotations

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


def event(clock: Any, kind: str, key: int, fields: Any) -> Any:
    """An event the page forwarded, dispatched in the copy."""
    return link.answer(clock, lambda: document().dispatch(str(kind), int(key), plain(fields, depth=1)))


def told(clock: Any, what: str, value: Any) -> Any:
    """News the page tells (a timer fired, the board resized, a write refused)."""
    return link.answer(clock, lambda: link.told(str(what), plain(value)))


def document() -> Any:
    return _page[0].document
