"""The CSS selectors the shell uses, matched against the copy: type, ``.class``, ``[attribute]`` and
``[attribute="value"]``, the descendant combinator, a comma list, and ``:popover-open``. Anything
else is refused at once, never matched wrongly."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

_PART = re.compile(
    r'\[([\w-]+)(?:=(?:"([^"]*)"|\'([^\']*)\'|([\w-]+)))?\]|:popover-open|\.([\w-]+)|([a-zA-Z][\w-]*)|\*'
)


class Matchable(Protocol):
    """What a selector reads of an element."""

    @property
    def tag(self) -> str: ...
    @property
    def attributes(self) -> dict[str, str]: ...
    @property
    def popover_open(self) -> bool: ...
    @property
    def parent(self) -> Matchable | None: ...


@dataclass(frozen=True, slots=True)
class Compound:
    """One element's conditions: its tag (or any), attributes present or equal, popover open."""

    tag: str | None
    attributes: tuple[tuple[str, str | None], ...]
    popover_open: bool
    classes: tuple[str, ...] = ()

    def matches(self, element: Matchable) -> bool:
        if self.tag is not None and element.tag != self.tag:
            return False
        if self.popover_open and not element.popover_open:
            return False
        attributes = element.attributes
        if self.classes and not set(self.classes) <= set(attributes.get("class", "").split()):
            return False
        for name, value in self.attributes:
            found = attributes.get(name)
            if found is None or (value is not None and found != value):
                return False
        return True


def compound(text: str) -> Compound:
    tag: str | None = None
    attributes: list[tuple[str, str | None]] = []
    popover = False
    classes: list[str] = []
    position = 0
    while position < len(text):
        found = _PART.match(text, position)
        if found is None:
            raise ValueError(f"unsupported selector: {text!r}")
        whole, name = found.group(0), found.group(1)
        if name is not None:
            values = [v for v in found.group(2, 3, 4) if v is not None]
            attributes.append((name, values[0] if values else None))
        elif whole == ":popover-open":
            popover = True
        elif found.group(5) is not None:
            classes.append(found.group(5))
        elif whole != "*":
            tag = whole.lower()
        position = found.end()
    return Compound(tag, tuple(attributes), popover, tuple(classes))


def parse(selector: str) -> tuple[tuple[Compound, ...], ...]:
    """A comma list of descendant chains, each chain's last compound the element itself."""
    return tuple(tuple(compound(part) for part in group.split()) for group in selector.split(","))


@functools.cache
def matcher(selector: str) -> Callable[[Matchable], bool]:
    """``selector`` as a test of one element, made once: a query asks it of every element it walks,
    and a lone compound is its own test."""
    chains = parse(selector)
    if len(chains) == 1 and len(chains[0]) == 1:
        return chains[0][0].matches
    return lambda element: any(_chain(element, chain) for chain in chains)


def _chain(element: Matchable, chain: tuple[Compound, ...]) -> bool:
    *ancestors, last = chain
    if not last.matches(element):
        return False
    node = element.parent
    for wanted in reversed(ancestors):
        while node is not None and not wanted.matches(node):
            node = node.parent
        if node is None:
            return False
        node = node.parent
    return True
