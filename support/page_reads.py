"""Reading the page through the automation contract (docs/ui-contract.md): the board and its places,
the figures, the message, the commands' and dialogs' state, the settings shown, the focus.

These methods are the one way the tests read the contract, each through the settling driver or a
settling locator (support/settling.py): a read waits for the page to apply the answers to the taps
before it, and what it waits for is decided there, once."""

from __future__ import annotations

from playwright.sync_api import Locator, expect
from playwright.sync_api._generated import LocatorAssertions  # not in the package's __all__

from support.page_base import Driven

MESSAGE_MS = 5_000  # how long a change may take to show where there is no Playwright: as its ``expect``

ATTRIBUTE = """([selector, name]) => {
  const found = document.querySelector(selector);
  return found === null ? ['absent'] : [found.getAttribute(name)];
}"""


class ContractReads(Driven):
    """The contract's facts as the page shows them now (``expect_…``: once it shows them)."""

    def shows(self, selector: str) -> LocatorAssertions:
        """Playwright's retrying assertions on what matches ``selector``, made once the page has
        settled: a negative one (hidden, no such text) is then never met before the tap's answer."""
        self.settle()
        return expect(self.locator(selector))

    def attribute(self, selector: str, name: str) -> str | None:
        """An attribute of the first element matching ``selector``; None where absent. The element
        itself must be there."""
        found = self.read(ATTRIBUTE, [selector, name])
        assert found != ["absent"], f"no element {selector}"
        return found[0]  # type: ignore[no-any-return]

    def _required(self, selector: str, name: str) -> str:
        value = self.attribute(selector, name)
        assert value is not None, f"{name} is missing"
        return value

    def text(self, selector: str) -> str:
        """What the element shows (``innerText``), trimmed."""
        return str(self.read("(s) => document.querySelector(s).innerText.trim()", selector))

    # The document: its language, its state on <html> (ready, start, snapshot, theme, sounds…)

    def root(self, name: str) -> str | None:
        """An attribute of ``<html>`` (``data-ready``, ``data-start``, ``data-snapshot``, ``data-theme``,
        ``data-four-colour``, ``data-sounds``…), None where absent."""
        return self.attribute("html", name)

    def expect_root(self, name: str, value: str, timeout_ms: int | None = None) -> None:
        """Wait until ``<html>``'s attribute ``name`` is ``value``."""
        self.expect_attribute("html", name, value, timeout_ms)

    def expect_attribute(self, selector: str, name: str, value: str, timeout_ms: int | None = None) -> None:
        """Wait until the attribute ``name`` of the element matching ``selector`` is ``value`` (for
        ``timeout_ms``, else as long as Playwright's ``expect`` waits)."""
        if self._page is not None:
            self.shows(selector).to_have_attribute(name, value, timeout=timeout_ms)
        else:
            held = "([s, n, v]) => document.querySelector(s)?.getAttribute(n) === v"
            self.driver.wait(held, timeout_ms or MESSAGE_MS, [selector, name, value])

    def theme_colour(self) -> str:
        """The ``theme-color`` the page gives the browser's own frame."""
        return self._required('meta[name="theme-color"]', "content")

    def is_ready(self) -> bool:
        return self.root("data-ready") == "true"

    def is_loading(self) -> bool:
        """Whether the page is still loading: ``data-ready`` not set at all yet."""
        return self.root("data-ready") is None

    def lang(self) -> str:
        return str(self.read("document.documentElement.lang"))

    def scrolls_sideways(self) -> bool:
        """Whether the page is wider than the window (it then scrolls sideways)."""
        return bool(self.read("document.documentElement.scrollWidth > innerWidth"))

    # The board

    def place(self, name: str) -> Locator:
        return self.locator(f'[data-board] [data-place="{name}"]')

    def button(self, name: str) -> Locator:
        return self.place(name).locator("button")

    def board(self, attribute: str) -> str | None:
        """An attribute of the board, or None where it is absent (``data-replay`` outside a replay)."""
        return self.attribute("[data-board]", attribute)

    def expect_board(self, attribute: str, value: str) -> None:
        """Wait until the board's ``attribute`` is ``value`` (another tab's change, a saving's end)."""
        self.expect_attribute("[data-board]", attribute, value)

    def card(self, name: str) -> str:
        return self._required(f'[data-board] [data-place="{name}"]', "data-card")

    def count(self, name: str) -> int:
        return int(self._required(f'[data-board] [data-place="{name}"]', "data-count"))

    def label(self, name: str) -> str:
        return self._required(f'[data-board] [data-place="{name}"] button', "aria-label")

    def cards(self) -> dict[str, tuple[str, int]]:
        return self.read(  # type: ignore[no-any-return]
            """() => Object.fromEntries([...document.querySelectorAll('[data-board] [data-place]')]
                .map(p => [p.dataset.place, [p.dataset.card, Number(p.dataset.count)]]))"""
        )

    def selected(self) -> list[str]:
        return self.read(  # type: ignore[no-any-return]
            """() => [...document.querySelectorAll('[data-board] [data-place]')]
                .filter(p => p.querySelector('button').getAttribute('aria-pressed') === 'true')
                .map(p => p.dataset.place)"""
        )

    def dimmed(self) -> set[str]:
        return set(
            self.read(
                """() => [...document.querySelectorAll('[data-board] [data-place][data-dimmed="true"]')]
                    .map(p => p.dataset.place)"""
            )
        )

    def queued(self) -> list[str]:
        """The places marked as holding a tap made before ready (``data-queued``), not yet applied."""
        marked = "[...document.querySelectorAll('[data-board] [data-queued]')]"
        return sorted(self.read(f"{marked}.map(e => e.closest('[data-place]')?.dataset.place ?? '')"))

    def board_number(self, attribute: str) -> int:
        """A number the board carries (``data-score``, ``data-moves``; ``data-step`` in a replay): its
        absence fails here, by name."""
        return int(self._required("[data-board]", attribute))

    def figures(self) -> tuple[int, int]:
        return self.board_number("data-score"), self.board_number("data-moves")

    def info(self, name: str) -> str:
        return self.text(f'[data-info="{name}"]')

    def expect_info(self, name: str, text: str) -> None:
        """Wait until the figure ``[data-info=name]`` (``time``, ``code``, …) shows ``text``."""
        self.shows(f'[data-info="{name}"]').to_have_text(text)

    # The focus

    def focused_place(self) -> str | None:
        """The board's place whose button has the focus; None when the focus is off the board."""
        return self.read(  # type: ignore[no-any-return]
            "document.activeElement?.closest('[data-board] [data-place]')?.dataset.place ?? null"
        )

    def focus_in(self, selector: str) -> bool:
        """Whether the focus is on the element matching ``selector`` or inside it."""
        return bool(self.read("(s) => !!document.activeElement?.closest(s)", selector))

    # Messages

    def message(self) -> str:
        return self.text("[data-message]")

    def expect_message(self, text: str, part: bool = False) -> None:
        """Wait until the message says ``text`` (``part``: says it among other words)."""
        if self._page is not None:
            said = self.shows("[data-message]")
            said.to_contain_text(text) if part else said.to_have_text(text)
        else:
            test = "includes(t)" if part else "=== t"
            self.driver.wait(
                f"(t) => document.querySelector('[data-message]').innerText.trim().{test}", MESSAGE_MS, text
            )

    def announcement(self) -> str:
        """What the spoken results' region (``[data-announce]``) says now."""
        return str(self.read("document.querySelector('[data-announce]').textContent.trim()"))

    # Commands, dialogs and settings as shown

    def command(self, name: str) -> Locator:
        """The command's button outside the dialogs (ui-contract.md "commands")."""
        return self.locator(f'button[data-action="{name}"]:not(dialog *)')

    def enabled(self, name: str) -> bool:
        """Whether the command's button outside the dialogs is enabled."""
        return bool(
            self.read('(n) => !document.querySelector(`button[data-action="${n}"]:not(dialog *)`).disabled', name)
        )

    def dialog(self, name: str) -> Locator:
        return self.locator(f'[data-dialog="{name}"]')

    def is_open(self, name: str) -> bool:
        """Whether the dialog is open."""
        return name in self.open_dialogs()

    def open_dialogs(self) -> list[str]:
        """The dialogs open now, by name (``data-dialog``; "" for a dialog without one)."""
        return list(self.read("[...document.querySelectorAll('dialog[open]')].map(d => d.dataset.dialog ?? '')"))

    def checked(self, name: str) -> bool:
        """Whether the checkbox setting ``name`` is on, as its control shows it."""
        return bool(self.read('(n) => document.querySelector(`[data-setting="${n}"]`).checked', name))

    def history_open(self) -> bool:
        """Whether the statistics' history (a disclosure) is open."""
        return bool(self.read("document.querySelector('[data-history-list]').open"))

    def wait_recorded(self) -> None:
        """Once no change of the statistics waits for its turn (``aria-busy`` on ``[data-stats]``:
        recording waits for the Web Lock)."""
        self.driver.wait("!document.querySelector('[data-stats]').hasAttribute('aria-busy')", 10_000)

    def stat(self, name: str) -> str:
        """A figure of ``[data-stats]`` (``played``, ``won``, ``streak``, ``best-time``, …), once recorded."""
        self.wait_recorded()
        return self._required("[data-stats]", f"data-{name}")

    def expect_history_games(self, count: int) -> None:
        """Wait until the history shows ``count`` games (``[data-history-game]`` rows)."""
        self.shows("[data-history-game]").to_have_count(count)

    def expect_dialog_message(self, dialog: str, text: str) -> None:
        """Wait until the dialog's own message (``data-dialog-message``) says ``text``."""
        self.shows(f'[data-dialog="{dialog}"] [data-dialog-message]').to_have_text(text)
