"""One element of the copy: its tag, attributes, children and the properties the shell reads and
writes, each write recorded for the page (``Batch``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from webapp.mirror import selectors
from webapp.mirror.batch import Batch

REFLECTED = {"hidden": "hidden", "disabled": "disabled", "open": "open"}
"""Boolean properties that are their attribute."""
NAMED = {
    "tabIndex": "tabindex",
    "className": "class",
    "lang": "lang",
    "type": "type",
    "href": "href",
    "id": "id",
    "download": "download",
}
"""Text properties that are their attribute."""
LIVE = ("value", "checked", "halfmoonOffer")
"""Properties that are not attributes: the page's state, written through, and the offer a share or copy
button makes (webapp/browser/sharing.py)."""


class Element:
    __slots__ = (
        "_batch",
        "attributes",
        "children_",
        "key",
        "listeners",
        "parent",
        "popover_open",
        "props",
        "tag",
    )

    def __init__(self, batch: Batch, key: int, tag: str) -> None:
        self._batch = batch
        self.key = key
        self.tag = tag
        self.attributes: dict[str, str] = {}
        self.children_: list[Element | str] = []
        self.parent: Element | None = None
        self.props: dict[str, Any] = {}
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.popover_open = False

    @classmethod
    def new(cls, batch: Batch, tag: str) -> Element:
        """An element made by Python, not yet in the page."""
        element = cls(batch, batch.new_key(), tag)
        batch.created(element, tag)
        return element

    def __repr__(self) -> str:
        return f"<{self.tag} #{self.key}>"

    # Attributes

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attributes

    def setAttribute(self, name: str, value: object) -> None:
        text = str(value)
        if self.attributes.get(name) != text:
            self.attributes[name] = text
            self._batch.record("attr", self.key, name, text)

    def removeAttribute(self, name: str) -> None:
        if self.attributes.pop(name, None) is not None:
            self._batch.record("attr", self.key, name, None)

    @property
    def dataset(self) -> Dataset:
        return Dataset(self)

    @property
    def classList(self) -> ClassList:
        return ClassList(self)

    def __getattr__(self, name: str) -> Any:
        if name in REFLECTED:
            return name in self.attributes
        if name in NAMED:
            value = self.attributes.get(NAMED[name], "")
            return int(value or -1) if name == "tabIndex" else value
        if name in LIVE:
            return self.props.get(name, False if name == "checked" else "")
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in REFLECTED:
            if value:
                self.setAttribute(REFLECTED[name], "")
            else:
                self.removeAttribute(REFLECTED[name])
        elif name in NAMED:
            self.setAttribute(NAMED[name], value)
        elif name in LIVE:
            if self.props.get(name) != value:
                self.props[name] = value
                self._batch.record("prop", self.key, name, value)
        else:
            object.__setattr__(self, name, value)

    # Text

    @property
    def textContent(self) -> str:
        return "".join(c if isinstance(c, str) else c.textContent for c in self.children_)

    @textContent.setter
    def textContent(self, value: str) -> None:
        value = str(value)
        if self.children_ == ([value] if value else []):
            return
        self._drop_children()
        self.children_ = [value] if value else []
        self._batch.record("text", self.key, value)

    def markup(self, html: str) -> None:
        """Children made by the page from markup Python wrote (the chart, the calendar); the copy
        does not hold them: nothing reads them back."""
        self._drop_children()
        self.children_ = []
        self._batch.record("html", self.key, html)

    # The tree

    @property
    def children(self) -> list[Element]:
        return [c for c in self.children_ if isinstance(c, Element)]

    @property
    def parentElement(self) -> Element | None:
        return self.parent

    @property
    def firstElementChild(self) -> Element | None:
        return next(iter(self.children), None)

    @property
    def lastElementChild(self) -> Element | None:
        children = self.children
        return children[-1] if children else None

    def append(self, *nodes: Element | str) -> None:
        for node in nodes:
            if isinstance(node, str):
                self.children_.append(node)
                self._batch.record("append-text", self.key, node)
            else:
                self.insertBefore(node, None)

    def insertBefore(self, node: Element, before: Element | None) -> None:
        if node is before:
            return
        if before is not None and before.parent is not self:
            raise ValueError(f"{before!r} is not a child of {self!r}")
        node._detach()
        index = len(self.children_) if before is None else self.children_.index(before)
        self.children_.insert(index, node)
        node.parent = self
        self._batch.adopt(node)
        self._batch.record("insert", self.key, node.key, None if before is None else before.key)

    def replaceChildren(self, *nodes: Element) -> None:
        if self.children_:
            self._drop_children()
            self.children_ = []
            self._batch.record("text", self.key, "")
        self.append(*nodes)

    def remove(self) -> None:
        if self.parent is not None:
            self._detach()
            self._batch.forget(self)
            self._batch.record("remove", self.key)

    def _detach(self) -> None:
        if self.parent is not None:
            self.parent.children_.remove(self)
            self.parent = None

    def _drop_children(self) -> None:
        for child in self.children:
            child.parent = None
            self._batch.forget(child)

    def walk(self) -> Iterator[Element]:
        """Every element inside this one, in document order. A stack rather than nested generators:
        a query walks every element under it, and through nested generators each would pass up
        through every one of its ancestors'."""
        stack = self.children_[::-1]
        while stack:
            node = stack.pop()
            if isinstance(node, Element):
                yield node
                stack.extend(reversed(node.children_))

    # Selectors

    def matches(self, selector: str) -> bool:
        return selectors.matcher(selector)(self)

    def closest(self, selector: str) -> Element | None:
        test = selectors.matcher(selector)
        node: Element | None = self
        while node is not None and not test(node):
            node = node.parent
        return node

    def querySelector(self, selector: str) -> Element | None:
        return next(filter(selectors.matcher(selector), self.walk()), None)

    def querySelectorAll(self, selector: str) -> list[Element]:
        return list(filter(selectors.matcher(selector), self.walk()))

    def one(self, selector: str) -> Element:
        """The element the page's skeleton has inside this one (a missing one is the build's error)."""
        found = self.querySelector(selector)
        if found is None:
            raise LookupError(f"the page has no {selector}")
        return found

    # What only the page can do: recorded, done by the page in order

    def focus(self) -> None:
        self._batch.record("call", self.key, "focus")

    def click(self) -> None:
        self._batch.record("call", self.key, "click")

    def showModal(self) -> None:
        self.attributes["open"] = ""
        self._batch.record("call", self.key, "showModal")

    def close(self) -> None:
        self.attributes.pop("open", None)
        self._batch.record("call", self.key, "close")

    def hidePopover(self) -> None:
        self.popover_open = False
        self._batch.record("call", self.key, "hidePopover")

    def animate(self, keyframes: list[dict[str, Any]], timing: dict[str, Any]) -> None:
        """A Web Animation: what it changes is drawn over the element's own state, which the copy keeps."""
        self._batch.record("animate", self.key, keyframes, timing)

    # Listeners (the page forwards the event types listened to: ``Batch.listen``)

    def addEventListener(self, kind: str, handler: Callable[[Any], Any]) -> None:
        self.listeners.setdefault(kind, []).append(handler)
        self._batch.listen(kind)


class Dataset:
    """``element.dataset.historyGame`` is ``data-history-game``."""

    __slots__ = ("_element",)
    _element: Element

    def __init__(self, element: Element) -> None:
        object.__setattr__(self, "_element", element)

    def __getattr__(self, name: str) -> str | None:
        return self._element.getAttribute(_data_name(name))


def _data_name(name: str) -> str:
    return "data-" + "".join(f"-{c.lower()}" if c.isupper() else c for c in name)


class ClassList:
    __slots__ = ("_element",)

    def __init__(self, element: Element) -> None:
        self._element = element

    def contains(self, name: str) -> bool:
        return name in self._element.attributes.get("class", "").split()

    def toggle(self, name: str, on: bool | None = None) -> bool:
        names = self._element.attributes.get("class", "").split()
        on = name not in names if on is None else on
        if on != (name in names):
            names = [*names, name] if on else [n for n in names if n != name]
            self._element.attributes["class"] = " ".join(names)
            self._element._batch.record("class", self._element.key, name, on)
        return on
