"""How the tests, the benchmark and the trace launch Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

import os

EXECUTABLE = os.environ.get("HALFMOON_CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium tries to reach outside hosts at every start.
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
