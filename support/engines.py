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
Scripts are JavaScript functions or expressions, as Playwright's ``evaluate`` takes them: ``"() => …"``,
``"(arg) => …"`` (called with ``arg``) or an expression; a promise is awaited in every engine.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from support.chromium import ARGS as CHROMIUM_ARGS
from support.chromium import EXECUTABLE as CHROMIUM

ENGINES = ("chromium", "firefox", "webkit")
FIREFOX = os.environ.get("HALFMOON_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("HALFMOON_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# MiniBrowser's automation mode, with the website data and HTTP cache on disk (see its docstring).
WEBKIT_BROWSER = str(Path(__file__).with_name("webkit_browser.py"))
WEBKIT_BINDINGS = ["/usr/bin/python3", "-c", "import gi; gi.require_version('WebKit2', '4.1')"]
XVFB = "/usr/bin/Xvfb"
LOCALE = "en_GB.UTF-8"  # without an installed UTF-8 locale WebKit reports navigator.languages == ['C']
# Debian's packages each engine needs (tools/system.py installs them); the fonts carry the suits' glyphs.
PACKAGES = {
    "chromium": ["chromium", "fonts-dejavu-core"],
    "firefox": ["firefox-esr", "fonts-dejavu-core"],
    "webkit": ["webkit2gtk-driver", "xvfb", "python3-gi", "gir1.2-webkit2-4.1", "locales", "fonts-dejavu-core"],
}
INSTALL = {engine: "apt-get install -y " + " ".join(packages) for engine, packages in PACKAGES.items()}
POLL_S = 0.02


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


_FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)")


def as_body(script: str) -> str:
    """A Playwright-style script as a WebDriver script body (``arguments[0]`` is the argument)."""
    return f"return ({script})(arguments[0]);" if _FUNCTION.match(script) else f"return ({script});"


def poll(check: Callable[[], Any], timeout_ms: int, what: str) -> Any:
    """``check()`` until it returns something truthy; an exception while polling (a page between two
    documents) counts as not yet. Fails with ``what`` after ``timeout_ms``."""
    deadline = time.monotonic() + timeout_ms / 1000
    last: Exception | None = None
    while True:
        try:
            value = check()
            if value:
                return value
        except Exception as error:  # a navigation in progress, a stale element
            last = error
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout_ms} ms" + (f" (last error: {last})" if last else ""))
        time.sleep(POLL_S)


# The keys' names as Playwright spells them, and WebDriver's code points (W3C WebDriver, "Keys").
WEBDRIVER_KEYS = {
    "Enter": "\ue007",
    "Escape": "\ue00c",
    "Tab": "\ue004",
    "Shift": "\ue008",
    "Control": "\ue009",
    "Alt": "\ue00a",
    "Meta": "\ue03d",
    "Space": " ",
    "Home": "\ue011",
    "End": "\ue010",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
    "Backspace": "\ue003",
}


def key_actions(key: str) -> list[dict[str, str]]:
    """A Playwright key name (``"Control+Shift+z"``, ``"?"``) as W3C key actions."""
    *modifiers, last = key.split("+") if key != "+" else ["+"]
    codes = [WEBDRIVER_KEYS[m] for m in modifiers] + [WEBDRIVER_KEYS.get(last, last)]
    downs = [{"type": "keyDown", "value": c} for c in codes]
    ups = [{"type": "keyUp", "value": c} for c in reversed(codes)]
    return downs + ups


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


class WebDriverBase:
    """What Marionette and Selenium share: elements found by CSS, W3C actions for keys."""

    name = "webdriver"

    def _elements(self, selector: str) -> list[Any]:
        raise NotImplementedError

    def evaluate(self, script: str, arg: Any = None) -> Any:
        raise NotImplementedError

    def _perform_keys(self, actions: list[dict[str, str]]) -> None:
        raise NotImplementedError

    def click(self, selector: str, nth: int = 0, force: bool = False) -> None:
        """A WebDriver element click (scrolled into view, hit-tested: a covered element is retried
        until it is uncovered); ``force``: the DOM's click() on it, as Playwright's force does."""
        if force:
            found = self.evaluate("([s, n]) => { const e = document.querySelectorAll(s)[n]; e?.click(); return !!e; }",
                                  [selector, nth])  # fmt: skip
            assert found, f"no element {selector} [{nth}]"
            return

        def attempt() -> bool:
            elements = self._elements(selector)
            assert len(elements) > nth, f"no element {selector} [{nth}]"
            elements[nth].click()
            return True

        poll(attempt, 10_000, f"click {selector} [{nth}]")

    def key(self, key: str) -> None:
        self._perform_keys(key_actions(key))

    def fill(self, selector: str, text: str) -> None:
        """The field emptied and ``text`` typed into it (the focus stays there)."""
        elements = self._elements(selector)
        assert elements, f"no element {selector}"
        elements[0].clear()
        if text:
            elements[0].send_keys(text)

    def select(self, selector: str, value: str) -> None:
        """An option chosen as a player would: the value set, then input and change."""
        done = self.evaluate(
            """([s, v]) => { const e = document.querySelector(s);
              if (![...e.options].some(o => o.value === v)) return false;
              e.value = v; e.dispatchEvent(new Event('input', {bubbles: true}));
              e.dispatchEvent(new Event('change', {bubbles: true})); return true; }""",
            [selector, value],
        )
        assert done, f"{selector} has no option {value!r}"

    def wait(self, condition: str, timeout_ms: int, arg: Any = None) -> None:
        script = condition if _FUNCTION.match(condition) else f"() => ({condition})"
        poll(lambda: self.evaluate(script, arg), timeout_ms, f"wait for {condition}")


class MarionetteDriver(WebDriverBase):
    """Firefox ESR, headless, through Marionette (pure Python, no geckodriver). Its ``refresh()``
    bypasses the cache and the service worker: a reload is a navigation to the address instead."""

    name = "firefox"

    def __init__(self, client: Any, process: subprocess.Popen[bytes], profile: tempfile.TemporaryDirectory[str]):
        self.client, self.process, self.profile = client, process, profile

    def navigate(self, url: str) -> None:
        self.client.navigate(url)

    def evaluate(self, script: str, arg: Any = None) -> Any:
        return self.client.execute_script(as_body(script), script_args=[arg], sandbox=None, new_sandbox=False)

    def _elements(self, selector: str) -> list[Any]:
        return list(self.client.find_elements("css selector", selector))

    def _perform_keys(self, actions: list[dict[str, str]]) -> None:
        self.client.actions.perform([{"type": "key", "id": "keyboard", "actions": actions}])
        self.client.actions.release()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.client.delete_session()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.profile.cleanup()


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


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def launch_firefox(width: int = 1000, height: int = 800) -> MarionetteDriver:
    """Firefox ESR headless in a new profile, with Marionette on a free port, English first."""
    from marionette_driver.marionette import Marionette  # type: ignore[import-untyped]

    profile = tempfile.TemporaryDirectory(prefix="halfmoon-firefox-")
    port = free_port()
    prefs = {
        "marionette.port": port,
        "intl.accept_languages": "en-GB, en",
        "browser.shell.checkDefaultBrowser": False,
        "browser.startup.page": 0,
        "datareporting.policy.dataSubmissionEnabled": False,
        "toolkit.telemetry.reportingpolicy.firstRun": False,
        "app.update.disabledForTesting": True,
        "browser.aboutwelcome.enabled": False,
        "network.captive-portal-service.enabled": False,
        "network.connectivity-service.enabled": False,
        "extensions.getAddons.cache.enabled": False,
        "browser.safebrowsing.update.enabled": False,
        "browser.safebrowsing.downloads.remote.enabled": False,
        "services.settings.server": "http://127.0.0.1:9/",
        "browser.region.network.url": "",
        "network.dns.disablePrefetch": True,
        "network.prefetch-next": False,
    }
    lines = [f"user_pref({_js(k)}, {_js(v)});" for k, v in prefs.items()]
    Path(profile.name, "user.js").write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {**os.environ, "MOZ_HEADLESS": "1", "MOZ_HEADLESS_WIDTH": str(width), "MOZ_HEADLESS_HEIGHT": str(height)}
    command = [FIREFOX, "--headless", "--marionette", "--no-remote", "--profile", profile.name]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = Marionette(host="127.0.0.1", port=port)
    try:
        poll(lambda: client.start_session() or True, 60_000, "a Marionette session with Firefox")
    except Exception:
        process.kill()
        profile.cleanup()
        raise
    client.timeout.script = 120
    client.timeout.page_load = 120
    driver = MarionetteDriver(client, process, profile)
    client.set_window_rect(width=width, height=height)
    return driver


def _js(value: object) -> str:
    import json

    return json.dumps(value)


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
