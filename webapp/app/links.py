"""Deals named by text: the page's address (``?deal=``, ``&line=``) and what the player types in
the code box, which may be a code or a whole link (docs/ui-contract.md "the address")."""

from __future__ import annotations

from dataclasses import dataclass

from halfmoon import DealCode
from halfmoon.deal import DEAL_QUERY, LINE_QUERY, query_value


@dataclass(frozen=True, slots=True)
class Link:
    """A deal named by text, and the line to watch on it, if any."""

    code: DealCode
    line: str | None = None
    """A replay line to watch on the deal (move notation), if the link has one."""


def typed(text: str) -> Link:
    """The code box's text: a code or a link; raises the engine's error for a bad code."""
    line = query_value(text.strip(), LINE_QUERY) if "?" in text else None
    return Link(DealCode.from_text(text), line)


def address(query: str) -> Link | None:
    """The address's query; None when it names no deal; raises the engine's error for a bad one."""
    deal = query_value(query, DEAL_QUERY)
    return None if deal is None else Link(DealCode.parse(deal), query_value(query, LINE_QUERY))
