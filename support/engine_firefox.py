"""Firefox's driver (support/engines.py): Debian's /usr/bin/firefox-esr, headless, through Marionette
(PyPI marionette-driver, pure Python, no geckodriver)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from support.webdriver_common import WebDriverBase, as_body, free_port, poll

FIREFOX = os.environ.get("HALFMOON_FIREFOX", "/usr/bin/firefox-esr")


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
    return json.dumps(value)
