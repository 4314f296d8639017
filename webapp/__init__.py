"""The Half Moon page: a thin browser shell around the ``halfmoon`` engine.

Pure modules, also run and tested under CPython: ``strings`` (the page's words), ``storage``
(localStorage, defensively), ``controller`` (commands, confirmations, saving, the clock),
``view`` (what the page shows, as plain values) and ``skeleton`` (the board's static HTML,
generated at build time from ``halfmoon.layout``). Only ``dom`` and ``main`` touch the browser.
No rule lives here: every rule question is answered by the engine.
"""
