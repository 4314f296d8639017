"""What the Firefox and WebKit drivers share (support/engines.py names the engines): Playwright-style
scripts as WebDriver script bodies, polling for a condition, keys as W3C key actions, a click, fill,
select and wait over WebDriver's elements, and a free port."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

POLL_S = 0.02


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


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
