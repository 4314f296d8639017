"""How the page names a key when it decides, inside the key's own task, whether its default is
prevented (a rule's ``keys``, ``batch.Rule``): the modifiers held, in ``MODIFIERS``' order, then the
key in lower case, joined by ``+``. The page learns the order from Python (``Document``)."""

from __future__ import annotations

MODIFIERS = ("alt", "ctrl", "meta", "shift")
"""As the page reads them: ``altKey``, ``ctrlKey``, ``metaKey``, ``shiftKey``."""


def key_name(key: str, ctrl: bool = False, meta: bool = False, shift: bool = False, alt: bool = False) -> str:
    held = {"alt": alt, "ctrl": ctrl, "meta": meta, "shift": shift}
    return "+".join([*(name for name in MODIFIERS if held[name]), key.lower()])
