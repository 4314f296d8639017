"""The windows the layout is checked in (tests/browser/test_layout.py) and its card widths measured
(tools/card_widths.py): phones both ways, tablets, laptops, and small near-square windows."""

from __future__ import annotations

VIEWPORTS: list[tuple[int, int]] = [
    (1920, 969),
    (1366, 657),
    (1280, 720),
    (1024, 640),
    (768, 1024),
    (412, 915),
    (390, 844),
    (360, 640),
    (320, 568),
    (568, 320),
    (640, 360),
    (844, 390),
    (360, 480),  # a short portrait window: the commands after the play row scroll in their column
    # Small near-square windows: a one-line info bar and a short play row above and below the arc.
    (320, 320),
    (360, 360),
    (400, 400),
    (480, 480),
    (320, 400),
    (400, 320),
    (480, 400),
    (600, 420),
]
# Windows between them, on a grid of 60 px steps each way (in Finnish, the longer words).
SWEEP = range(320, 1001, 60)
