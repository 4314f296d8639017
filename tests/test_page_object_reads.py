"""The page tests read the contract's shared facts through the page object (support/page_reads.py and
the modules beside it), never by a script or a locator of their own: the page object then decides, in
one place, what a read waits for (the page settling after a tap)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE_TESTS = [*sorted((ROOT / "tests" / "browser").glob("*.py")), *sorted((ROOT / "tests" / "engines").glob("*.py"))]

# Each raw read and the page object's method that owns it.
OWNED = {
    r"evaluate\(\s*[\"']document\.documentElement\.lang[\"']": "lang()",
    r"get_attribute\(\s*[\"']html[\"']|wait_for_selector\(\s*[\"']html\[": "root() / expect_root()",
    r"locator\(\s*[\"']\[data-board\][\"']\s*\)\s*\)\s*\.to_have_attribute": "expect_board()",
    r"locator\(\s*[\"']\[data-message\][\"']": "message() / expect_message()",
    r"\[data-dialog-message\][\"']\s*\)\s*\)\s*\.to_have_text": "expect_dialog_message()",
    r"locator\(\s*[\"']\[data-history-game\][\"']\s*\)\s*\)\s*\.to_have_count": "expect_history_games()",
    r"\[data-queued\]": "queued()",
    r"\.is_checked\(\)": "checked()",
    r"clipboard\.readText": "clipboard()",
    r"window\.sharedData": "shared()",
    r"evaluate\(\s*[\"']Date\.now\(\)[\"']": "now_ms() / pause_clock()",
}


def raw_reads(text: str) -> list[str]:
    return [owner for pattern, owner in OWNED.items() if re.search(pattern, text)]


def test_the_page_tests_read_shared_facts_through_the_page_object() -> None:
    found = {path.relative_to(ROOT).as_posix(): raw_reads(path.read_text(encoding="utf-8")) for path in PAGE_TESTS}
    assert {name: owners for name, owners in found.items() if owners} == {}, "use the page object's methods"


def test_the_check_sees_a_raw_read() -> None:
    written = """expect(game.page.locator("[data-board]")).to_have_attribute("data-moves", "2")
    assert page.evaluate("navigator.clipboard.readText()") == url"""
    assert raw_reads(written) == ["expect_board()", "clipboard()"]
