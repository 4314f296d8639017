"""The three browser engines the page is tested and measured in, behind one small driver interface.

    Chromium   Debian's /usr/bin/chromium, driven by Playwright (support/chromium.py)
    Firefox    Debian's /usr/bin/firefox-esr, headless, driven by Marionette (PyPI marionette-driver)
    WebKit     WebKitGTK (support/webkit_browser.py: MiniBrowser's automation mode with a profile on disk)
               under Xvfb, driven by Selenium's WebKitGTK driver through /usr/bin/WebKitWebDriver
               (a stand-in for Safari: every browser on an iPhone is WebKit)

No browser is ever downloaded: each engine is a Debian package, and a missing one is named with the
command that installs it (``missing``). Playwright's own Firefox and WebKit builds cannot be used here;
its ``moz-firefox`` channel starts Firefox ESR 153 but cannot open a page in it (docs/engines.md).

``Driver`` is what the page object (support/pageobject.py) and the benchmark need of a browser:
navigate, evaluate a script, click an element, press a key, wait for a condition, size the window.
Each engine's driver is a module of its own (engine_chromium.py, engine_firefox.py, engine_webkit.py;
what Firefox's and WebKit's share, webdriver_common.py); this one names the engines, says what is
missing and launches one.
Scripts are JavaScript functions or expressions, as Playwright's ``evaluate`` takes them: ``"() => …"``,
``"(arg) => …"`` (called with ``arg``) or an expression; a promise is awaited in every engine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from support.chromium import EXECUTABLE as CHROMIUM
from support.engine_chromium import PlaywrightDriver, chromium_driver
from support.engine_firefox import FIREFOX, launch_firefox
from support.engine_webkit import LOCALE, WEBKIT_DRIVER, XVFB, launch_webkit
from support.webdriver_common import free_port

# What the page object, the engines' suite and the tools import from here, wherever it lives.
__all__ = [
    "ENGINES",
    "INSTALL",
    "LOCALE",
    "PACKAGES",
    "Driver",
    "PlaywrightDriver",
    "free_port",
    "launch",
    "missing",
    "wanted_engines",
]

ENGINES = ("chromium", "firefox", "webkit")
WEBKIT_BINDINGS = ["/usr/bin/python3", "-c", "import gi; gi.require_version('WebKit2', '4.1')"]
# Debian's packages each engine needs (tools/system.py installs them); the fonts carry the suits' glyphs.
PACKAGES = {
    "chromium": ["chromium", "fonts-dejavu-core"],
    "firefox": ["firefox-esr", "fonts-dejavu-core"],
    "webkit": ["webkit2gtk-driver", "xvfb", "python3-gi", "gir1.2-webkit2-4.1", "locales", "fonts-dejavu-core"],
}
INSTALL = {engine: "apt-get install -y " + " ".join(packages) for engine, packages in PACKAGES.items()}


def missing(engine: str) -> str | None:
    """None when the engine can run here; otherwise one line naming what is missing and its install."""
    needs = {"chromium": [CHROMIUM], "firefox": [FIREFOX], "webkit": [WEBKIT_DRIVER, XVFB]}[engine]
    absent = [path for path in needs if not (Path(path).exists() or shutil.which(path))]
    if engine == "webkit" and subprocess.run(WEBKIT_BINDINGS, capture_output=True, check=False).returncode:
        absent.append("WebKit2 4.1 for Debian's Python")
    if engine == "webkit" and not absent and not _has_locale():
        return f"WebKit needs the {LOCALE} locale: apt-get install -y locales && locale-gen {LOCALE} (as root)"
    if absent:
        return f"{engine} is missing ({', '.join(absent)}): install it with `{INSTALL[engine]}` (as root)"
    return None


def _has_locale() -> bool:
    found = subprocess.run(["locale", "-a"], capture_output=True, text=True, check=False).stdout.lower()
    return LOCALE.lower().replace("utf-8", "utf8") in found


def wanted_engines(text: str | None = None) -> list[str]:
    """The engines named by HALFMOON_ENGINES (``make test ENGINES="chromium firefox"``), all by default."""
    names = (os.environ.get("HALFMOON_ENGINES", "") if text is None else text).replace(",", " ").split()
    unknown = [name for name in names if name not in ENGINES]
    if unknown:
        raise ValueError(f"unknown engine(s) {unknown}: choose from {' '.join(ENGINES)}")
    return [name for name in ENGINES if name in names] if names else list(ENGINES)


class Driver(Protocol):
    """What the page object needs of a browser tab."""

    name: str

    def navigate(self, url: str) -> None: ...
    def evaluate(self, script: str, arg: Any = None) -> Any: ...
    def click(self, selector: str, nth: int = 0, force: bool = False) -> None: ...
    def key(self, key: str) -> None: ...
    def fill(self, selector: str, text: str) -> None: ...
    def select(self, selector: str, value: str) -> None: ...
    def wait(self, condition: str, timeout_ms: int, arg: Any = None) -> None: ...
    def close(self) -> None: ...


def launch(
    engine: str, playwright: Any = None, width: int = 1000, height: int = 800
) -> tuple[Driver, Callable[[], None]]:
    """An engine's driver in a fresh profile, and how to close it."""
    if engine == "firefox":
        firefox = launch_firefox(width, height)
        return firefox, firefox.close
    if engine == "webkit":
        webkit = launch_webkit(width, height)
        return webkit, webkit.close
    assert playwright is not None, "Chromium is driven through Playwright: pass its sync_playwright() object"
    manager = chromium_driver(playwright, width, height)
    chromium = manager.__enter__()

    def close() -> None:
        manager.__exit__(None, None, None)

    return chromium, close
