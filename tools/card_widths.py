"""The board's card width (CSS px, the narrowest place's button) at every viewport of the layout
tests and over their sweep, in Debian's Chromium: the figures the layout tests compare with
(tests/browser/card-widths-before.json).

    .venv/bin/python -m tools.card_widths [--json FILE]

Prints one line a viewport, then the sweep's narrowest card; ``--json`` also writes them all (the
sweep's window by window) so that two builds can be compared.
"""

from __future__ import annotations

import argparse
import json
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

from support.chromium import ARGS, EXECUTABLE
from support.viewports import SWEEP, VIEWPORTS
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent


CARD = """() => Math.min(...[...document.querySelectorAll('[data-board] [data-place] button')]
    .map(b => b.getBoundingClientRect().width))"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    server = make_server(0, "/half-moon/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}/half-moon/"
    found: dict[str, float] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=EXECUTABLE, args=ARGS)
        page = browser.new_context(locale="fi-FI", service_workers="block").new_page()
        page.goto(site + "?deal=HM1-N-AAAAAAB")
        page.wait_for_selector("html[data-ready='true']", timeout=60_000)
        for width, height in [*VIEWPORTS, *[(w, h) for w in SWEEP for h in SWEEP]]:
            page.set_viewport_size({"width": width, "height": height})
            found[f"{width}x{height}"] = round(page.evaluate(CARD), 1)
        browser.close()
    server.shutdown()
    for width, height in VIEWPORTS:
        print(f"{width}x{height}: {found[f'{width}x{height}']}")
    sweep = {k: v for k, v in found.items() if tuple(map(int, k.split("x"))) in {(w, h) for w in SWEEP for h in SWEEP}}
    narrowest = min(sweep, key=sweep.__getitem__)
    print(f"sweep ({len(sweep)} windows): narrowest {sweep[narrowest]} at {narrowest}")
    if args.json:
        args.json.write_text(json.dumps(found, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
