"""The page's storage as the worker sees it: a copy of the project's keys, taken at the start, whose
every write is an operation of the batch of the change it belongs to (the page makes it in the same
task as the change's other operations)."""

from __future__ import annotations

from typing import Any

from webapp.browser.page_link import Link


class PageStorage:
    """A ``Backend`` (webapp/store/storage.py) over the page's items."""

    def __init__(self, items: dict[str, str], link: Link) -> None:
        self.items = items
        self._link = link

    @classmethod
    def made(cls, items: Any, link: Link) -> PageStorage | None:
        """None where the page's storage is blocked (the game still plays)."""
        if not isinstance(items, dict):
            return None
        return cls({str(key): str(value) for key, value in items.items()}, link)

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value
        self._link.record("store", key, value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)
        self._link.record("store", key, None)
