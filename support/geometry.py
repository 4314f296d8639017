"""Rectangles as the page reports them, ``[left, top, right, bottom]`` in CSS pixels, compared with a
half-pixel tolerance: browsers round layout to fractions of a pixel, and edges that touch must not
count as overlapping."""

from __future__ import annotations

from collections.abc import Sequence

EPSILON = 0.5
Box = Sequence[float]


def overlap(a: Box, b: Box) -> bool:
    """Whether the two rectangles share more than an edge."""
    return a[0] < b[2] - EPSILON and b[0] < a[2] - EPSILON and a[1] < b[3] - EPSILON and b[1] < a[3] - EPSILON


def inside(a: Box, outer: Box) -> bool:
    """Whether ``a`` lies within ``outer``."""
    return (
        a[0] >= outer[0] - EPSILON
        and a[1] >= outer[1] - EPSILON
        and a[2] <= outer[2] + EPSILON
        and a[3] <= outer[3] + EPSILON
    )


def window(width: float, height: float) -> list[float]:
    """The rectangle of a window of that size."""
    return [0.0, 0.0, width, height]
