"""The web app manifest's screenshots: real renders of the page in Debian's Chromium, a
narrow one and a wide one (sitegen/manifest.py ``SCREENSHOTS``), in the manifest's language, of the
example deal a few moves in. Run by hand after a change of the page's look, and commit the result:

    .venv/bin/python -m tools.screenshots

Each is a JPEG of at most 150 kB (the quality is lowered until it fits); the service worker never
precaches them (tools/build.py ``site_files``): only an install dialog shows them.
"""

from __future__ import annotations

import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

from halfmoon.i18n import DEFAULT_LANGUAGE
from sitegen.manifest import SCREENSHOTS, screenshot_file
from support.chromium import ARGS, EXECUTABLE
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent


MAX_BYTES = 150_000
DEAL = "HM1-N-AAAAAAB"
MOVES = ("P4+P7", "P5+P6")  # the example game's first moves (data/example-game.json)


def main() -> None:
    server = make_server(0, "/half-moon/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}/half-moon/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=EXECUTABLE, args=ARGS)
        for form, (width, height) in SCREENSHOTS.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, locale=DEFAULT_LANGUAGE, service_workers="block"
            )
            page = context.new_page()
            page.goto(f"{site}?deal={DEAL}")
            page.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=120_000)
            page.click('[data-action="intro-close"]')
            for move in MOVES:
                for place in move.split("+"):
                    page.click(f'[data-board] [data-place="{place}"] button')
            page.wait_for_function("document.querySelector('[data-board]').dataset.moves === '2'")
            path = ROOT / screenshot_file(form)
            path.parent.mkdir(parents=True, exist_ok=True)
            for quality in range(85, 20, -5):
                page.screenshot(path=path, type="jpeg", quality=quality, animations="disabled")
                if path.stat().st_size <= MAX_BYTES:
                    break
            print(f"{path.relative_to(ROOT)}: {width}x{height}, quality {quality}, {path.stat().st_size} bytes")
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
