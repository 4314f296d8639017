"""The copy of the page: made from the page's own description of its elements, answering queries,
and dispatching the events the page forwards to the listeners the shell added."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from webapp.mirror.batch import Batch, Op, Rule
from webapp.mirror.element import Element
from webapp.mirror.keys import MODIFIERS

Described = list[Any]
"""An element as the page describes it: ``[tag, [[name, value], …], [child, …], {property: value}]``,
each child a text or an element; elements in document order carry the keys 0, 1, 2, …"""
FOLLOWED = ("input", "close", "toggle")
"""Events forwarded whoever listens, so that the copy follows what the player types, a dialog the
browser closed, a disclosure or a popover opened or closed."""
DOCUMENT, WINDOW = -1, -2
"""The keys of the event targets that are not elements."""
FIELDS = ("key", "ctrlKey", "metaKey", "shiftKey", "altKey", "isComposing", "newState", "persisted", "newValue")
"""The values of an event the page forwards (besides the state of its target)."""


class Target:
    """The document or the window as an event target."""

    def __init__(self, batch: Batch) -> None:
        self._batch = batch
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}

    def addEventListener(self, kind: str, handler: Callable[[Any], Any]) -> None:
        self.listeners.setdefault(kind, []).append(handler)
        self._batch.listen(kind)


@dataclass
class Event:
    """A forwarded event: its type, its target in the copy, and the plain values the page sent
    (``key``, ``ctrlKey``, ``newState``, ``persisted``, a storage event's ``key`` and ``newValue``, …).
    Its default was prevented or not by the page already, in its own task (``Batch.claim``)."""

    type: str
    target: Any
    fields: dict[str, Any]

    def __getattr__(self, name: str) -> Any:
        try:
            return self.fields[name]
        except KeyError:
            raise AttributeError(name) from None


class Document(Target):
    def __init__(self, described: Described, send: Callable[[list[Op]], None], schedule: Any) -> None:
        batch = Batch(send, schedule)
        super().__init__(batch)
        self.batch = batch
        self.window = Target(batch)
        self.documentElement = self._build(described)
        self.body = self.documentElement.querySelector("body")
        self.visibilityState = "visible"
        facts = {"document": DOCUMENT, "window": WINDOW, "fields": FIELDS, "modifiers": MODIFIERS}
        self.batch.record("configure", facts)  # first: what the page and the copy agree on
        for kind in FOLLOWED:
            self.batch.listen(kind)

    def claim(self, owner: str, rules: tuple[Rule, ...]) -> None:
        """``owner``'s rules of the events whose default the page prevents (``Batch.claim``)."""
        self.batch.claim(owner, rules)

    def effect(self, warning: str) -> AbstractContextManager[None]:
        """The writes inside are one optional effect (``Batch.effect``)."""
        return self.batch.effect(warning)

    def later(self, name: str, ms: float) -> AbstractContextManager[None]:
        """The writes inside are made on the page ``ms`` later, replacing those waiting under ``name``
        (``Batch.later``)."""
        return self.batch.later(name, ms)

    def drop_later(self, name: str) -> None:
        self.batch.drop_later(name)

    def _build(self, described: Described) -> Element:
        tag, attributes, children, props = described
        element = Element(self.batch, self.batch.new_key(), str(tag).lower())
        self.batch.nodes[element.key] = element
        element.attributes.update((str(n), str(v)) for n, v in attributes)
        element.props.update(props)
        for child in children:
            if isinstance(child, str):
                element.children_.append(child)
            else:
                built = self._build(child)
                built.parent = element
                element.children_.append(built)
        return element

    def querySelector(self, selector: str) -> Element | None:
        root = self.documentElement
        return root if root.matches(selector) else root.querySelector(selector)

    def querySelectorAll(self, selector: str) -> list[Element]:
        root = self.documentElement
        return [root, *root.querySelectorAll(selector)] if root.matches(selector) else root.querySelectorAll(selector)

    def one(self, selector: str) -> Element:
        """The element the page's skeleton has (a missing one is the build's error)."""
        return self.documentElement.one(selector)

    def createElement(self, tag: str) -> Element:
        return Element.new(self.batch, tag)

    def dispatch(self, kind: str, target: int, fields: dict[str, Any]) -> None:
        """An event the page forwarded, to its listeners from the target up (the window's own
        events to the window's). The page's state the event carries (an input's value, a dialog
        closed, a popover's state) is copied first."""
        found = self.batch.nodes.get(target)
        element = found if isinstance(found, Element) else None
        if element is not None:
            self._follow(element, kind, fields)
        if "popover" in fields:  # the target's popover, as it is now (its toggle event may be behind)
            key, shown = fields["popover"]
            popover = self.batch.nodes.get(int(key))
            if isinstance(popover, Element):
                popover.popover_open = bool(shown)
        event = Event(kind, element or (self.window if target == WINDOW else self), fields)
        if "visibilityState" in fields:
            self.visibilityState = str(fields["visibilityState"])
        for listening in self._path(element, target, bool(fields.get("bubbles", True))):
            for handler in list(listening.listeners.get(kind, ())):
                handler(event)

    def _path(self, element: Element | None, target: int, bubbles: bool) -> list[Any]:
        """The targets an event reaches: its own, then (if it bubbles) its ancestors, the document
        and the window, as in the page."""
        if target == WINDOW:
            return [self.window]
        own: Any = element if element is not None else self
        if not bubbles:
            return [own]
        path: list[Any] = []
        while element is not None:
            path.append(element)
            element = element.parent
        return [*path, self, self.window]

    @staticmethod
    def _follow(element: Element, kind: str, fields: dict[str, Any]) -> None:
        for name in ("value", "checked"):
            if name in fields:
                element.props[name] = fields[name]
        if "open" in fields:  # a dialog's or a disclosure's state: its attribute
            element.attributes.pop("open", None)
            element.attributes.update({"open": ""} if fields["open"] else {})
        elif kind == "toggle" and "newState" in fields:
            element.popover_open = fields["newState"] == "open"
