"""What every part of the page object stands on: the driver, the Playwright page where there is one,
and the site's address. ``GamePage`` (support/pageobject.py) is this with its jobs mixed in: reading
the contract (page_reads.py), storage (page_storage.py), the browser's own offers and stubs
(page_device.py). The driver and the locators it hands out settle first (support/settling.py): a
tap's changes arrive a task or more after the click, and every call waits for them."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

from support.engines import Driver, PlaywrightDriver
from support.settling import SettlingDriver, settling

READY_MS = 60_000


class Driven:
    """A page behind a ``Driver``: Playwright's for Chromium, WebDriver's for Firefox and WebKitGTK."""

    def __init__(self, page: Page | Driver, site: str) -> None:
        if isinstance(page, Page):
            self._page: Page | None = page
            self.driver = SettlingDriver(PlaywrightDriver(page))
        else:
            self._page, self.driver = None, SettlingDriver(page)
        self.site = site
        self.ready_ms = READY_MS
        """How long a boot may take (the cross-engine suite allows WebKitGTK's longer first visit)."""

    def use(self, page: Page) -> None:
        """Drive ``page`` from now on (a new page in place of one whose renderer crashed)."""
        self._page, self.driver = page, SettlingDriver(PlaywrightDriver(page))

    @property
    def page(self) -> Page:
        """The Playwright page (Chromium only): the cross-engine tests use ``driver``."""
        assert self._page is not None, f"{self.driver.name}: no Playwright page; use the driver interface"
        return self._page

    def settle(self) -> None:
        """Wait until the page has applied Python's answers to every call it made so far (a tap, a
        key, an event the test raised): for the test's own reads of the Playwright page."""
        self.driver.settle()

    def locator(self, selector: str) -> Locator:
        """The Playwright page's locator, settling before each of its reads and actions."""
        return settling(self.page.locator(selector))

    def read(self, script: str, arg: Any = None) -> Any:
        """What ``script`` (a function of ``arg``, or an expression) finds in the page: the page object's
        reads of the contract and the tests' own measurements all go through here, so that what a read
        waits for is decided in one place."""
        return self.driver.evaluate(script, arg)
