"""The app's icons, drawn here (the source the repository keeps) and rendered by the build.

A half-moon arc of card backs over a face-up heart card on green felt. ``render(size, maskable)``
draws at four times the size and scales down, for smooth edges. A maskable icon keeps everything
inside the central 80 % safe zone and fills the whole square.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

FELT = (15, 81, 50)
CARD = (255, 253, 247)
EDGE = (185, 179, 163)
BACK = (45, 78, 138)
RED = (196, 18, 47)
SIZES = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def render(size: int, maskable: bool) -> Image.Image:
    scale = 4
    s = size * scale
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, s, s), fill=FELT)
    else:
        draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.2, fill=FELT)
    zone = 0.8 if maskable else 0.96  # the part of the square the drawing may use
    unit = s * zone / 100
    ox = oy = s * (1 - zone) / 2

    def box(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        return (ox + x * unit, oy + y * unit, ox + (x + w) * unit, oy + (y + h) * unit)

    # the arc: seven small card backs on a half circle, open downward
    for i in range(7):
        angle = math.pi * (1 - i / 6)
        cx, cy = 50 + 38 * math.cos(angle), 62 - 40 * math.sin(angle)
        back = box(cx - 6, cy - 8.5, 12, 17)
        draw.rounded_rectangle(back, radius=2 * unit, fill=BACK, outline=CARD, width=round(unit))
    # the face-up card with a heart in the middle
    draw.rounded_rectangle(box(33, 46, 34, 48), radius=4 * unit, fill=CARD, outline=EDGE, width=round(unit))
    heart = [
        (
            ox + (50 + 11 * math.sin(t) ** 3) * unit,
            oy
            + (72 - (9 * math.cos(t) - 3.5 * math.cos(2 * t) - 1.4 * math.cos(3 * t) - 0.7 * math.cos(4 * t))) * unit,
        )
        for t in (k * math.pi / 60 for k in range(120))
    ]
    draw.polygon(heart, fill=RED)
    return image.resize((size, size), Image.Resampling.LANCZOS)
