"""WebKit's driver (support/engines.py): WebKitGTK (support/webkit_browser.py: MiniBrowser's automation mode
with a profile on disk) under Xvfb, through Selenium's WebKitGTK driver and /usr/bin/WebKitWebDriver."""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from support.webdriver_common import WebDriverBase, as_body, poll

WEBKIT_DRIVER = os.environ.get("HALFMOON_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# MiniBrowser's automation mode, with the website data and HTTP cache on disk (see its docstring).
WEBKIT_BROWSER = str(Path(__file__).with_name("webkit_browser.py"))
XVFB = "/usr/bin/Xvfb"
LOCALE = "en_GB.UTF-8"  # without an installed UTF-8 locale WebKit reports navigator.languages == ['C']


class SeleniumDriver(WebDriverBase):
    """A WebKitGTK window through WebKitWebDriver (Selenium), on a virtual X display."""

    name = "webkit"

    def __init__(
        self, driver: Any, xvfb: subprocess.Popen[bytes] | None, profile: tempfile.TemporaryDirectory[str]
    ) -> None:
        self.driver, self.xvfb, self.profile = driver, xvfb, profile

    def navigate(self, url: str) -> None:
        self.driver.get(url)

    def evaluate(self, script: str, arg: Any = None) -> Any:
        return self.driver.execute_script(as_body(script), arg)

    def _elements(self, selector: str) -> list[Any]:
        return list(self.driver.find_elements("css selector", selector))

    def _perform_keys(self, actions: list[dict[str, str]]) -> None:
        self.driver.execute("actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})
        self.driver.execute("clearActionState", {})

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()
        if self.xvfb is not None:
            self.xvfb.terminate()
            self.xvfb.wait(10)
        self.profile.cleanup()


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A virtual X display of its own (WebKitGTK has no headless mode)."""
    for number in range(90, 140):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        display = f":{number}"
        process = subprocess.Popen(
            [XVFB, display, "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            poll(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 10_000, f"Xvfb on {display}")  # noqa: B023
        except TimeoutError:
            process.kill()
            continue
        return process, display
    raise RuntimeError("no free X display number for Xvfb")


def launch_webkit(width: int = 1000, height: int = 800) -> SeleniumDriver:
    """A WebKitGTK window (support/webkit_browser.py) in a new profile on a new Xvfb display, through
    WebKitWebDriver; English first. A window of width × height."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    xvfb, display = start_xvfb()
    env = {**os.environ, "DISPLAY": display, "LANG": LOCALE, "LC_ALL": LOCALE, "LANGUAGE": "en_GB:en"}
    options = Options()
    profile = tempfile.TemporaryDirectory(prefix="halfmoon-webkit-")
    options.binary_location = WEBKIT_BROWSER
    options.add_argument("--automation")
    options.add_argument(f"--profile={profile.name}")
    service = Service(executable_path=WEBKIT_DRIVER, env=env)
    try:
        driver = webdriver.WebKitGTK(options=options, service=service)
    except Exception:
        xvfb.kill()
        profile.cleanup()
        raise
    driver.set_script_timeout(120)
    driver.set_page_load_timeout(120)
    driver.set_window_rect(0, 0, width, height)
    return SeleniumDriver(driver, xvfb, profile)
