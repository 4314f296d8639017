"""Chromium's driver (support/engines.py): Debian's /usr/bin/chromium through Playwright (support/chromium.py)."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from typing import Any

from support.chromium import ARGS as CHROMIUM_ARGS
from support.chromium import EXECUTABLE as CHROMIUM


class PlaywrightDriver:
    """A Playwright page (Chromium)."""

    name = "chromium"

    def __init__(self, page: Any) -> None:
        self.page = page

    def navigate(self, url: str) -> None:
        self.page.goto(url)

    def evaluate(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def click(self, selector: str, nth: int = 0, force: bool = False) -> None:
        self.page.locator(selector).nth(nth).click(force=force)

    def key(self, key: str) -> None:
        self.page.keyboard.press(key)

    def fill(self, selector: str, text: str) -> None:
        self.page.locator(selector).fill(text)

    def select(self, selector: str, value: str) -> None:
        self.page.locator(selector).select_option(value)

    def wait(self, condition: str, timeout_ms: int, arg: Any = None) -> None:
        self.page.wait_for_function(condition, arg=arg, timeout=timeout_ms)

    def close(self) -> None:
        self.page.context.close()


@contextlib.contextmanager
def chromium_driver(
    playwright: Any, width: int = 1000, height: int = 800, **context: Any
) -> Iterator[PlaywrightDriver]:
    """Debian's Chromium in a new profile on disk (service workers allowed), through Playwright. On
    disk, as a player's: an incognito context keeps its HTTP cache in memory, where a file as large as
    Pyodide's wasm is not kept, so its Workers would download it again."""
    with tempfile.TemporaryDirectory(prefix="halfmoon-chromium-") as profile:
        made = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            locale="en-GB",
            viewport={"width": width, "height": height},
            **context,
        )
        try:
            yield PlaywrightDriver(made.pages[0] if made.pages else made.new_page())
        finally:
            made.close()
