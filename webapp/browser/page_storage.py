"""localStorage across the thread: Python runs in a worker, which has no localStorage, so its
``Backend`` is a dict of our keys that the page filled at the start (``facts.items``), kept in step
with what the page tells, and every write is an operation of the batch of the change it belongs to
(static/applier.js "Storage"), made by the page in the same task as the change's DOM operations.

What the page tells back, and what this dict takes from it:

- a write the page could not make (``stored``: ``[key, error, value now stored, value expected]``,
  told at once, before any later event; the error ``changed`` for a checked write whose key another
  tab wrote meanwhile): the dict takes the stored value back, and ``refusing`` makes the keys that
  failed refuse at once while the change is saved again (webapp/browser/saving.py), so that the
  save warning, the backups, "not saved" and the two-tab rule run as they do today;
- another tab's write (the ``storage`` event, heard here before the shell's listeners): the page
  forwards what storage holds when it forwards the event, and how many of our writes of that key it
  had made by then; an event forwarded before the page made our latest write of its key (a write on
  its way) is older than that write, and the dict keeps ours;
- the values read fresh under the statistics' lock (webapp/browser/locks.py), whose writes are a
  compare-and-set group (``compare_and_set``), made whole or not at all by the page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Write = tuple[str, str | None, str | None]
"""``(key, value, expected)``: ``value`` None removes the key; made only while storage holds ``expected``."""


def text_or_none(value: object) -> str | None:
    """A stored value as the page answered it (JavaScript's null and undefined: nothing stored)."""
    return value if isinstance(value, str) else None


class PageStorage:
    def __init__(self, items: dict[str, Any], record: Callable[..., None], checked: frozenset[str]) -> None:
        """``items``: the page's items of our keys at the start; ``record``: adds an operation to the
        batch of the change being made (``Link.record``); ``checked``: keys written only while
        storage holds what this dict held (``store-if``: another tab's game is never written over
        on the strength of a storage event not yet heard)."""
        self.items: dict[str, str] = {key: value for key, value in items.items() if isinstance(value, str)}
        self._record = record
        self.checked = checked
        self.refusing: set[str] = set()
        """Keys whose writes refuse at once: only while a refused change is saved again (``refused``)."""
        self.sent: dict[str, int] = {}
        """How many writes of each key were sent to the page (the page counts those it made)."""
        self._group: dict[str, Write] | None = None
        self._trial: dict[str, Write] | None = None

    @classmethod
    def made(cls, items: Any, record: Callable[..., None], checked: frozenset[str]) -> PageStorage | None:
        """None where the page's storage is blocked (``items`` null: the game still plays)."""
        return cls(items, record, checked) if isinstance(items, dict) else None

    # The Backend protocol (webapp/store/storage.py)

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self._write(key, str(value))

    def removeItem(self, key: str) -> None:
        self._write(key, None)

    def _write(self, key: str, value: str | None) -> None:
        if key in self.refusing:
            raise PermissionError(key)  # as the page's storage threw: the write is not made
        collecting = self._trial if self._trial is not None else self._group
        if collecting is not None:  # a group, or a trial: the caller sends it (or drops it)
            expected = collecting[key][2] if key in collecting else self.items.get(key)
            collecting[key] = (key, value, expected)
        elif key in self.checked:
            self._record("store-if", key, value, self.items.get(key))
            self.sending([(key, value, None)])
        else:
            self._record("store", key, value)
            self.sending([(key, value, None)])
        self._put(key, value)

    def _put(self, key: str, value: str | None) -> None:
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value

    def sending(self, writes: list[Write]) -> None:
        """A group of writes on its way to the page (``compare_and_set``), counted as ``_write`` counts."""
        for key, _value, _expected in writes:
            self.sent[key] = self.sent.get(key, 0) + 1

    # What the page tells

    def took(self, key: str, value: object) -> None:
        """What storage holds under ``key`` now, as the page read it."""
        self._put(key, text_or_none(value))

    def take(self, values: dict[str, Any]) -> None:
        for key, value in values.items():
            self.took(key, value)

    def on_storage(self, event: Any) -> None:
        """Another tab's write (a listener on the copy's window, added before the shell's own): the
        value storage holds now, unless the page had not yet made our latest write of that key when
        it forwarded the event (then ours is newer, or its refusal is on its way)."""
        key = getattr(event, "key", None)
        if key is None:  # storage cleared (every key of the origin)
            self.items.clear()
            return
        key = str(key)
        if int(getattr(event, "written", 0) or 0) >= self.sent.get(key, 0):
            self.took(key, getattr(event, "newValue", None))

    # Modes

    @contextmanager
    def refused(self, keys: set[str]) -> Iterator[None]:
        """Writes of ``keys`` refuse at once inside (a refused change saved again: the code paths of
        a write that throws); outside, every write goes to the page again."""
        before, self.refusing = self.refusing, self.refusing | keys
        try:
            yield
        finally:
            self.refusing = before

    @contextmanager
    def compare_and_set(self) -> Iterator[list[Write]]:
        """The writes made inside, collected as one group (each key once, with the value storage held
        before the group's first write of it) instead of being sent: the caller asks the page to make
        them whole or not at all (``store-group``)."""
        self._group = {}
        writes: list[Write] = []
        try:
            yield writes
        finally:
            writes.extend(self._group.values())
            self._group = None

    @contextmanager
    def trial(self) -> Iterator[list[Write]]:
        """The writes made inside, collected as ``compare_and_set`` does, and the dict as it was
        afterwards: what a change would write, made nowhere (what a pagehide would write)."""
        items, self._trial = dict(self.items), {}
        writes: list[Write] = []
        try:
            yield writes
        finally:
            writes.extend(self._trial.values())
            self.items, self._trial = items, None


async def write_checked(
    storage: PageStorage,
    ask: Callable[..., Any],
    change: Callable[[], tuple[bool, list[Write]]],
    keys: tuple[str, ...],
    attempts: int = 3,
) -> bool:
    """``change`` (a job of the statistics: whether it stored, and the writes it made as one group)
    run on the values storage holds (``keys``, read fresh), its group written by compare-and-set; run
    again on the values another tab wrote meanwhile, and with a key the page could not write refusing
    at once, ``attempts`` times at most. Whether it stored; given up, it runs once more with every
    key refusing, so that what it holds is what storage holds, and nothing of it is written."""
    failing: set[str] = set()
    for attempt in range(attempts + 1):
        storage.take(dict(await ask("read", list(keys))))
        with storage.refused(set(keys) if attempt == attempts else failing):
            stored, writes = change()
        if not writes:
            return stored  # nothing to write: the records already hold it, or it refused
        storage.sending(writes)
        refusals = list(await ask("store-group", [list(write) for write in writes]))
        if not refusals:
            return stored
        failing |= {str(key) for key, error, _now in refusals if error != "changed"}
    return False  # not reached: the last run writes nothing
