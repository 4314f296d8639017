"""The operations written since the last batch was sent, and the elements of the copy by key."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple, Protocol

Op = list[Any]
WINDOW_EVENTS = frozenset({"pagehide", "pageshow", "storage"})
"""Event types the page listens for on its window; every other on its document (capturing)."""


class Rule(NamedTuple):
    """An event whose browser default the page prevents in the event's own task, before Python hears
    of it."""

    type: str
    within: str | None = None
    """A selector the target must be inside (None: anywhere)."""
    unless: str | None = None
    """A selector the target must not be inside."""
    keys: tuple[str, ...] | None = None
    """The keys (None: any), named as webapp/app/keyboard.py ``combination`` names them."""
    any_modifiers: bool = False
    """The keys named without their modifiers: held or not, the rule holds."""


class Element(Protocol):
    """An element of the copy as the batch knows it: by its key, with the elements inside it."""

    @property
    def key(self) -> int: ...
    def walk(self) -> Iterator[Element]: ...


class Batch:
    """Records each write as an operation; ``send`` hands them to the page in the order written.
    ``schedule`` is asked once per batch to call ``send`` soon (at the latest before the page paints).
    A key is Python's alone: the page forgets one only when a batch says so (an element gone from the
    copy by the end of the batch that took it away), so an element taken out and put back keeps it."""

    def __init__(self, send: Callable[[list[Op]], None], schedule: Callable[[Callable[[], None]], None]) -> None:
        self.ops: list[Op] = []
        self.nodes: dict[int, Element] = {}
        self.next_key = 0
        self._send = send
        self._schedule = schedule
        self._listened: set[str] = set()
        self._claims: dict[str, tuple[Rule, ...]] = {}
        self._gone: set[int] = set()

    def record(self, *op: Any) -> None:
        if not self.ops:
            self._schedule(self.flush)
        self.ops.append(list(op))

    def flush(self) -> None:
        if self._gone:
            self.ops.append(["forget", sorted(self._gone)])
            self._gone = set()
        ops, self.ops = self.ops, []
        if ops:
            self._send(ops)

    @contextmanager
    def effect(self, warning: str) -> Iterator[None]:
        """The operations recorded inside are one optional effect: where one fails on the page, the
        rest of them are skipped and ``warning`` is said once (webapp/browser/effects.py). Only
        operations the copy does not hold belong in one (an animation, a port's call): a skipped one
        leaves the copy as the page is."""
        outer, self.ops = self.ops, []
        try:
            yield
        finally:
            group, self.ops = self.ops, outer
            if group:
                self.record("effect", warning, group)

    @contextmanager
    def later(self, name: str, ms: float) -> Iterator[None]:
        """The operations recorded inside are made by the page ``ms`` later, in place of any still
        waiting under ``name`` (none recorded: those waiting are dropped). The copy holds them at once:
        only writes that nothing reads in the meantime belong in one (a live region's sentence), to an
        element that stays, whose later writes come with a group of the same name (which replaces or
        drops the one waiting)."""
        outer, self.ops = self.ops, []
        try:
            yield
        finally:
            group, self.ops = self.ops, outer
            self.record("later", name, ms, group)

    def drop_later(self, name: str) -> None:
        """The page's group waiting under ``name`` (``later``) is not made."""
        self.record("later", name, 0, [])

    def new_key(self) -> int:
        self.next_key += 1
        return self.next_key - 1

    def created(self, element: Element, tag: str) -> None:
        """A new element, not yet in the page: the page makes it with the same key."""
        self.nodes[element.key] = element
        self.record("create", element.key, tag)

    def adopt(self, element: Element) -> None:
        for node in (element, *element.walk()):
            self.nodes[node.key] = node
            self._gone.discard(node.key)

    def forget(self, element: Element) -> None:
        """An element gone from the copy: unless put back in this batch, the page forgets its key (and
        its children's) when the batch ends."""
        for node in (element, *element.walk()):
            self.nodes.pop(node.key, None)
            self._gone.add(node.key)

    def claim(self, owner: str, rules: tuple[Rule, ...]) -> None:
        """``owner``'s rules of the events whose default the page prevents (replacing its last); the
        page hears each rule's type, so that it can apply the rule."""
        if self._claims.get(owner) == rules:
            return  # as published: nothing to compare (every render claims again)
        before = self._claimed()
        self._claims[owner] = rules
        for rule in rules:
            self.listen(rule.type)
        if self._claimed() != before:
            self.record("prevent", [list(rule) for rule in self._claimed()])

    def _claimed(self) -> list[Rule]:
        return [rule for rules in self._claims.values() for rule in rules]

    def listen(self, kind: str) -> None:
        """The page forwards events of this type from now on."""
        if kind not in self._listened:
            self._listened.add(kind)
            self.record("listen", "window" if kind in WINDOW_EVENTS else "document", kind)
