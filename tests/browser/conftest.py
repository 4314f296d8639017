"""Page tests: Debian's Chromium driven by pytest-playwright against the site served locally
under a sub-path (as GitHub Pages serves it). Every test fails on a console error and on any
request to a host other than the local server.

Booting the page (Pyodide) costs about two seconds, so the tests share one booted page (``game``),
put back to a known state between tests through the page's own commands; only the tests that need
a fresh profile or origin (offline, early paint, storage faults, another locale) make their own."""

from __future__ import annotations

import shutil
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Error, Page

from support.chromium import ARGS as CHROMIUM_ARGS
from support.chromium import EXECUTABLE as CHROMIUM
from support.pageobject import GamePage
from tools.serve import make_server

ROOT = Path(__file__).resolve().parents[2]


PREFIX = "/half-moon/"


@pytest.fixture(scope="session", autouse=True)
def _chromium_is_there() -> None:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.exit(
            f"Chromium is missing ({CHROMIUM}): the page tests need it. "
            "Install it with `apt-get install -y chromium` (as root), or set HALFMOON_CHROMIUM.",
            returncode=4,
        )
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        pytest.exit("static/vendor is not built: run `make build` (or `make test`)", returncode=4)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "locale": "en-GB", "viewport": {"width": 1000, "height": 800}}


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    server = make_server(0, PREFIX)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    server.shutdown()


class Watch:
    """Console errors and off-host requests seen by a page."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.errors: list[str] = []
        self.off_host: list[str] = []

    def attach(self, page: Page) -> None:
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", self.request)

    def request(self, request: Any) -> None:
        if not request.url.startswith(self.origin) and not request.url.startswith(("data:", "blob:")):
            self.off_host.append(request.url)

    def clear(self) -> None:
        self.errors.clear()
        self.off_host.clear()

    def check(self) -> None:
        assert self.off_host == [], f"requests to other hosts: {self.off_host}"
        assert self.errors == [], f"console errors: {self.errors}"


@pytest.fixture(scope="session")
def shared(browser: Browser, browser_context_args: dict[str, Any], site: str) -> Iterator[tuple[GamePage, Watch]]:
    """One booted game page for the whole session: every test that can share it does. No service
    worker: every request reaches the server, where a route can hold the engine back (early paint),
    and no test pays for precaching the site; offline play is tested in contexts of their own."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    seen = Watch(site[: site.index(PREFIX)])
    context.on("page", seen.attach)
    yield GamePage(context.new_page(), site), seen
    context.close()


@pytest.fixture
def game(shared: tuple[GamePage, Watch]) -> Iterator[GamePage]:
    """The shared page, put back to the start of HM1-N-AAAAAAB (booting only if it left the game);
    other tabs a test opens are closed after it, and its console errors and requests are checked."""
    main, seen = shared
    seen.clear()
    try:
        main.fresh()
    except (AssertionError, Error) as error:  # left half-way by a test that failed: start again from a load
        warnings.warn(f"the shared page was loaded again: {error}", stacklevel=1)
        try:
            main.page.goto("about:blank")
        except Error:  # its renderer crashed ("Target crashed"): a new page, so one crash fails one test
            crashed = main.page
            main.use(crashed.context.new_page())
            crashed.close()
        main.fresh()
    yield main
    for page in main.page.context.pages:
        if page is not main.page:
            page.close()
    seen.check()


@pytest.fixture
def tab(shared: tuple[GamePage, Watch]) -> Iterator[Page]:
    """A page of its own in the shared profile, for pages that are not the game."""
    main, seen = shared
    seen.clear()
    page = main.page.context.new_page()
    yield page
    page.close()
    seen.check()
