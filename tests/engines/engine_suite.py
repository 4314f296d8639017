"""The cross-engine suite's machinery (conftest.py says how the suite works): each engine's server,
with the test hook in every page, and its one booted page."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from support.engines import free_port, launch
from support.pageobject import GamePage
from tools.serve import Handler, Server, make_server, with_first_script

ROOT = Path(__file__).resolve().parents[2]


PREFIX = "/half-moon/"
HOOK = Path(__file__).with_name("hook.js").read_bytes()
HOOK_NAME = "__test-hook__.js"
SEEN = """() => { const key = 'half-moon-test:seen';
  const seen = JSON.parse(sessionStorage.getItem(key) || '[]'); sessionStorage.removeItem(key); return seen; }"""
READY_S = 300  # a boot's limit, far above WebKitGTK's slow first visit on two busy cores: only a hang fails


class HookedHandler(Handler):
    """The site as served, with the test hook first in every page (and in the service worker's
    precache, so that an offline page has it too)."""

    def send_head(self) -> Any:
        path = self.path.split("?")[0].split("#")[0]
        if not path.startswith(self.prefix):
            return super().send_head()
        name = path[len(self.prefix) :]
        if name == HOOK_NAME:
            body, kind = HOOK, "text/javascript"
        elif name == "" or name.endswith(".html"):
            page = (self.root / (name or "index.html")).read_text(encoding="utf-8")
            body, kind = with_first_script(page, HOOK_NAME), "text/html"
        elif name == "static/build/precache-manifest.js":
            text = (self.root / name).read_text(encoding="utf-8")
            body, kind = (
                text.replace('"files": [', f'"files": [["./{HOOK_NAME}", "test"],', 1).encode(),
                "text/javascript",
            )
        else:
            return super().send_head()
        return self.send_made(body, kind)


class Engine:
    """One engine's browser, its server and its booted page."""

    def __init__(self, name: str, playwright: Any) -> None:
        self.name = name
        self.served: list[tuple[str, int]] = []
        self.port = free_port()
        self.server: Server | None = None
        self.start_server()
        self.site = f"http://127.0.0.1:{self.port}{PREFIX}"
        try:
            driver, self.close = launch(name, playwright)
        except Exception:
            self.stop_server()
            raise
        self.game = GamePage(driver, self.site)
        self.game.ready_ms = READY_S * 1000
        self.driver = driver
        try:
            self.first_visit_made()
        except Exception:
            self.shutdown()
            raise

    def first_visit_made(self) -> None:
        began = time.monotonic()
        self.game.open()
        self.first_ready_s = time.monotonic() - began
        self.first_start = self.game.root("data-start")
        self.first_code = self.game.board("data-code")
        self.until_ready = list(self.served)  # the page's own downloads (its Workers start after ready)
        # The first visit's downloads are over once the service worker controls the page (it
        # activates after precaching everything) and the interpreter snapshot is stored (its Worker
        # started the runtime again).
        self.driver.wait("navigator.serviceWorker.controller !== null", READY_S * 1000)
        settled = "['stored', 'failed', 'off', 'dropped'].includes(document.documentElement.dataset.snapshot)"
        self.driver.wait(settled, READY_S * 1000)
        self.snapshot = self.game.root("data-snapshot")
        self.first_visit = list(self.served)
        self.first_seen = self.seen()

    def start_server(self) -> None:
        if self.server is None:
            self.server = make_server(self.port, PREFIX, served=self.served, handler=HookedHandler)
            threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop_server(self) -> None:
        """Offline: nothing answers at the site's address."""
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def seen(self) -> list[list[str]]:
        """What the hook recorded since the last call (kind, text, page), and cleared."""
        return self.driver.evaluate(SEEN)  # type: ignore[no-any-return]

    def errors(self) -> list[list[str]]:
        return [entry for entry in self.seen() if entry[0] != "warn"]

    def shutdown(self) -> None:
        self.close()
        self.stop_server()


class Engines:
    """Each engine started at its first use and kept for the session, whatever the tests' order."""

    def __init__(self, request: pytest.FixtureRequest) -> None:
        self.request = request
        self.started: dict[str, Engine] = {}
        self.failed: dict[str, str] = {}

    def get(self, name: str) -> Engine:
        """The engine's booted page; an engine that failed to boot fails every later test at once,
        with the first error (never a second boot in the same run)."""
        if name in self.failed:
            raise RuntimeError(f"{name} did not boot earlier in this run: {self.failed[name]}")
        if name not in self.started:
            playwright = self.request.getfixturevalue("playwright") if name == "chromium" else None
            try:
                self.started[name] = Engine(name, playwright)
            except Exception as error:
                self.failed[name] = f"{type(error).__name__}: {error}"[:1000]
                raise
        return self.started[name]
