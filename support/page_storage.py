"""Storage as the page keeps it: read and seeded always by the keys module's names
(webapp/store/storage_keys.py owns every key), never a key typed out."""

from __future__ import annotations

import json
import re
from typing import Any

from support.page_base import Driven
from webapp.store import storage_keys
from webapp.store.storage_keys import GAME_KEY


def with_keys(script: str) -> str:
    """``script`` with each storage key's name (``GAME_KEY``, ``STATS_KEY``…, as webapp/store/storage_keys.py
    names them, and the Web Locks' ``STATS_LOCK``) written as its value, a JavaScript string: scripts never
    type a key out."""
    return re.sub(r"\b[A-Z_]+_(KEY|LOCK)\b", lambda name: json.dumps(getattr(storage_keys, name.group())), script)


# Storage full, as the browser says it (QuotaExceededError): for every key, or only the one named; the
# page's own setItem is kept to be put back.
FULL = """(only) => {
  const original = window.roomyStorage = window.roomyStorage || Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (only === null || key === only) throw new DOMException('full', 'QuotaExceededError');
    return original.call(this, key, value);
  };
}"""
ROOMY = """() => { if (window.roomyStorage) Storage.prototype.setItem = window.roomyStorage;
  delete window.roomyStorage; }"""
STORE = """([key, value]) => { const oldValue = localStorage.getItem(key);
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', {key, oldValue, newValue: value, storageArea: localStorage,
    url: location.href})); }"""
RECORDS = with_keys("() => [localStorage.getItem(STATS_KEY), localStorage.getItem(HISTORY_KEY)]")


class StorageAccess(Driven):
    """The page's ``localStorage``, read as the page wrote it and written as another tab would."""

    def stored(self, key: str) -> str | None:
        """What storage holds under ``key``, as the page wrote it."""
        text: str | None = self.read("(key) => localStorage.getItem(key)", key)
        return text

    def store(self, key: str, value: str) -> None:
        """Write ``value`` under ``key``, as another tab or another copy of the page would: the write
        reaches this page as another tab's does, by a ``storage`` event (a document gets none of its
        own writes, and the game's Python, in a worker, knows storage only from the page)."""
        self.driver.evaluate(STORE, [key, value])

    def saved(self) -> Any:
        """The saved game's record, parsed (None when there is none)."""
        text = self.stored(GAME_KEY)
        return None if text is None else json.loads(text)

    def records(self) -> list[str | None]:
        """The statistics' and the history's records, as stored (None where there is none)."""
        return list(self.read(RECORDS))

    def fill_storage(self, only: str | None = None) -> None:
        """Storage full from now on: every write refused, or only those under the key ``only``."""
        self.driver.evaluate(FULL, only)

    def free_storage(self) -> None:
        """Storage writable again (after ``fill_storage``; nothing happens without it)."""
        self.driver.evaluate(ROOMY)
