"""The browser around the page, as the tests stand in for it: the offer to install, the share sheet,
the clipboard, the clock and the date (headless Chromium has no install offer and no share sheet)."""

from __future__ import annotations

import datetime

from support.page_base import Driven

# The browser's offer to install the app (headless Chromium never makes one), with a stub prompt() that
# counts its calls in window.installOffers[name]; `appinstalled` takes it back.
INSTALL_OFFER = """name => {
    window.installOffers = window.installOffers || {};
    const offer = window.installOffers[name] = {prompted: 0};
    const event = new Event('beforeinstallprompt', {cancelable: true});
    event.prompt = () => { offer.prompted += 1; return Promise.resolve({outcome: 'accepted'}); };
    event.userChoice = Promise.resolve({outcome: 'accepted', platform: 'web'});
    dispatchEvent(event);
}"""
# A share sheet that takes what it is given (read back by ``shared``).
SHARE_SHEET = "() => { window.sharedData = null; navigator.share = async data => { window.sharedData = data; }; }"
# A share sheet that fails with the DOMException named: the player cancelled it (AbortError), or the browser
# refused it (NotAllowedError: no permission, or the tap's user activation used up).
FAILING_SHEET = "name => { navigator.share = async () => { throw new DOMException('not shared', name); }; }"
LOCAL_DATE = """() => { const d = new Date(), two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; }"""


class DeviceStubs(Driven):
    """What the browser offers the page, stood in for and read back."""

    def offer_install(self, name: str) -> None:
        """The browser offers to install the app; ``install_prompts()[name]`` counts its prompts."""
        self.driver.evaluate(INSTALL_OFFER, name)

    def install_prompts(self) -> dict[str, int]:
        """How many times each offer (by its name) was prompted."""
        counts: dict[str, int] = self.read(
            "() => Object.fromEntries(Object.entries(window.installOffers ?? {}).map(([n, o]) => [n, o.prompted]))"
        )
        return counts

    def installed(self, forget: bool = False) -> None:
        """The app installed from the browser's own menu (``appinstalled``): any offer is taken back;
        ``forget``: the offers' counts too."""
        self.driver.evaluate(
            "(forget) => { if (forget) delete window.installOffers; dispatchEvent(new Event('appinstalled')); }",
            forget,
        )

    def lend_share_sheet(self, fails_with: str | None = None) -> None:
        """A share sheet lent to the page: one that takes what it is given (``shared``), or one that
        fails with the DOMException named."""
        if fails_with is None:
            self.driver.evaluate(SHARE_SHEET)
        else:
            self.driver.evaluate(FAILING_SHEET, fails_with)

    def withdraw_share_sheet(self) -> None:
        """The lent share sheet taken back: the page has the browser's own again (or none)."""
        self.driver.evaluate("() => { delete navigator.share; }")

    def shared(self) -> dict[str, str]:
        """What the page last gave the lent share sheet (it must have given something)."""
        data: dict[str, str] | None = self.read("window.sharedData")
        assert data is not None, "nothing was shared"
        return data

    def clipboard(self) -> str:
        return str(self.read("navigator.clipboard.readText()"))

    def set_clipboard(self, text: str) -> None:
        self.driver.evaluate("(text) => navigator.clipboard.writeText(text)", text)

    def now_ms(self) -> float:
        """The page's clock (``Date.now()``), in milliseconds."""
        return float(self.read("Date.now()"))

    def local_date(self) -> datetime.date:
        """The page's local date (the daily deal's and the history's)."""
        return datetime.date.fromisoformat(str(self.read(LOCAL_DATE)))

    def pause_clock(self) -> None:
        """The page's fake clock (``page.clock``, installed before the page loaded) paused a second from
        now: from here on, time moves only as the test runs it."""
        self.page.clock.pause_at(self.now_ms() / 1000 + 1)

    def run_clock(self, ms: int) -> None:
        """The page's fake clock moved on by ``ms``, its timers firing as they fall due: once the page
        has applied the answers to the calls before, so that the timers they set fall due too."""
        self.settle()
        self.page.clock.run_for(ms)
