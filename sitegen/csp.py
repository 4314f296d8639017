"""The Content Security Policy of every page, as a ``<meta http-equiv>`` (GitHub Pages sends no headers).

- ``default-src 'self'``: nothing from any other host, ever; no inline ``<style>`` or ``style``
  attributes either (grid positions are classes generated into static/app.css).
- ``script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'``: no inline script (the early paint is a
  file); ``'wasm-unsafe-eval'`` lets Pyodide compile its WebAssembly. ``'unsafe-eval'`` is there
  for PyScript alone: @pyscript/core 0.7.31 builds its lifecycle hooks with ``Function(…)`` at every
  start (``get onBeforeRunAsync`` in its core chunk); without it the page never becomes ready.
  Pyodide itself needs no eval (found by wrapping ``Function`` and ``eval`` in a test page).
- ``worker-src 'self' blob:``: PyScript starts the game's worker from a ``blob:`` URL; without it
  the browser refuses the worker and the start never ends.
- ``object-src 'none'``, ``base-uri 'none'``, ``form-action 'self'``.
"""

from __future__ import annotations

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
)
META = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
