"""The game with the keyboard alone, and what the live region says (docs/ui-contract.md).

One booted page per language serves every test of this module (booting Pyodide costs seconds).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from support.access import Keyboard, axe_violations
from support.pageobject import GamePage
from support.testdata import DEAD_END, WON

CODE = "HM1-N-AAAAAAB"


@pytest.fixture(scope="module", params=["en", "fi"])
def keys(request: pytest.FixtureRequest, browser: Browser, site: str) -> Iterator[Keyboard]:
    locale = {"en": "en-GB", "fi": "fi-FI"}[request.param]
    # bypass_csp: axe-core is injected on the end dialog (test_axe.py says why)
    context = browser.new_context(bypass_csp=True, locale=locale, viewport={"width": 1000, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield Keyboard(GamePage(page, site).open(f"?deal={CODE}"))
    context.close()
    assert errors == []


def fresh(keys: Keyboard, code: str = CODE) -> None:
    """The deal from its start, by keys: R (restart) or the code box, confirming with the keyboard."""
    page = keys.page
    if keys.game.board("data-code") == code:
        page.locator('[data-board] [data-place="P1"] button').focus()
        page.keyboard.press("r")
    else:
        page.locator('[data-input="code"]').fill(code)
        page.locator('[data-input="code"]').press("Enter")
    keys.game.settle()  # the key's changes on the page: a question asked, or the deal on the table
    if page.locator('[data-dialog="confirm"][open]').count():
        expect(page.locator('[data-dialog="confirm"] [data-action="cancel"]')).to_be_focused()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")
    keys.game.expect_board("data-moves", "0")
    keys.game.expect_board("data-code", code)
    keys.announced().to_contain_text(code)  # "Deal … on the table."
    page.locator('[data-board] [data-place="P1"] button').focus()


def test_the_board_is_one_tab_stop(keys: Keyboard) -> None:
    fresh(keys)
    keys.game.open(f"?deal={CODE}")  # a page whose board never had the focus (a reload)
    page = keys.page
    page.locator('[data-link="examples"]').focus()
    page.keyboard.press("Tab")
    assert keys.game.focused_place() == "P1"  # the first non-empty place, never a hint (R3.7)
    keys.go("R8")
    page.keyboard.press("Tab")
    assert keys.game.focused_place() is None
    page.keyboard.press("Shift+Tab")
    assert keys.game.focused_place() == "R8"  # back at the last focused place
    page.keyboard.press("Home")
    assert keys.game.focused_place() == "P1"
    page.keyboard.press("End")
    assert keys.game.focused_place() == "R8"


SAID = {
    "en": {
        "selected": "9 of diamonds selected (pile 4).",
        "deselected": "9 of diamonds deselected (pile 4).",
        "pair": "Removed 9 of diamonds and 2 of hearts. Now pile 4: 8 of diamonds; pile 7: 8 of hearts. Score 10.",
        "undo": "Undone: 9 of diamonds and 2 of hearts put back. Now pile 4: 9 of diamonds; pile 7: 2 of hearts."
        " Score 0.",
        "trio": "Removed jack of diamonds, queen of spades and king of clubs. Now reserve R3: empty; pile 2: "
        "ace of hearts; pile 3: jack of spades. Score 15.",
        "failed": "9 of diamonds does not combine: the selection was cleared.",
        "escape": "Selection cleared.",
    },
    "fi": {
        "selected": "Ruutu-9 valittu (pino 4).",
        "deselected": "Ruutu-9: valinta poistettu (pino 4).",
        "pair": "Poistettiin ruutu-9 ja hertta-2. Nyt pino 4: ruutu-8; pino 7: hertta-8. Pisteet 10.",
        "undo": "Kumottiin: ruutu-9 ja hertta-2 palautettiin. Nyt pino 4: ruutu-9; pino 7: hertta-2. Pisteet 0.",
        "trio": "Poistettiin ruutusotilas, patarouva ja ristikuningas. Nyt varanto R3: tyhjä; pino 2: herttaässä; "
        "pino 3: patasotilas. Pisteet 15.",
        "failed": "Ruutu-9 ei käy yhdistelmään: valinta tyhjennettiin.",
        "escape": "Valinta tyhjennettiin.",
    },
}


def test_each_tap_and_command_is_said(keys: Keyboard) -> None:
    said = SAID[keys.game.lang()]
    fresh(keys)
    keys.tap("P4")
    keys.announced().to_have_text(said["selected"])
    keys.tap("P7", key=" ")
    keys.announced().to_have_text(said["pair"])
    keys.page.keyboard.press("Control+z")
    keys.announced().to_have_text(said["undo"])
    keys.tap("R3", "P2", "P3")
    keys.announced().to_have_text(said["trio"])
    keys.tap("P1", "P4")  # 8 + 9 (R3.3): nothing removed, nothing selected
    keys.announced().to_have_text(said["failed"])
    keys.game.expect_message("")  # "Move errors" is off (R4.1)
    keys.tap("P4")
    keys.page.keyboard.press("Escape")
    keys.announced().to_have_text(said["escape"])
    assert keys.game.selected() == []


def test_a_repeated_outcome_is_said_again(keys: Keyboard) -> None:
    fresh(keys)
    page = keys.page
    page.evaluate("""() => {
        const region = document.querySelector('[data-announce]');
        window.said = [];
        new MutationObserver(() => window.said.push(region.textContent))
            .observe(region, {childList: true, characterData: true, subtree: true});
    }""")
    for _ in range(2):
        keys.tap("P4")
        keys.announced().to_have_text(SAID[keys.game.lang()]["selected"])
        keys.tap("P4")
        keys.announced().to_have_text(SAID[keys.game.lang()]["deselected"])
    said = keys.game.read("window.said")
    spoken = [s for s in said if s]
    assert len(spoken) == 4 and spoken[0] == spoken[2] and spoken[1] == spoken[3] != ""
    assert said.count("") >= 4  # emptied before each sentence, so a repeated one is spoken again


def test_a_dead_end_by_keyboard(keys: Keyboard) -> None:
    fresh(keys, DEAD_END["code"])
    for move in DEAD_END["moves"]:
        keys.tap(*move.split("+"))
    page = keys.page
    keys.game.expect_board("data-status", "dead-end")
    expect(keys.game.dialog("end")).to_be_visible()
    message = keys.game.message()
    assert message and message.startswith("Umpikuja." if keys.game.lang() == "fi" else "Dead end.")
    keys.announced().to_have_text(re.compile(r"^(Removed|Poistettiin) .+ (Score|Pisteet) \d+\.$"))
    assert keys.game.announcement() != message  # never the same words twice
    page.keyboard.press("Escape")
    expect(keys.game.dialog("end")).to_be_hidden()
    assert keys.game.focused_place() is not None  # the focus came back to the board


def test_a_won_game_with_the_keyboard_alone(keys: Keyboard) -> None:
    fresh(keys)
    for n, move in enumerate(WON["moves"]):
        keys.tap(*move.split("+"), key="Enter" if n % 2 else " ")
    page = keys.page
    keys.game.expect_board("data-status", "won")
    assert keys.game.figures() == (520, 48)
    message = keys.game.message()
    assert message and message.startswith("Voitit!" if keys.game.lang() == "fi" else "You won!")
    keys.announced().to_contain_text("Pisteet 520." if keys.game.lang() == "fi" else "Score 520.")
    assert keys.game.announcement() != message
    expect(keys.game.dialog("end")).to_be_visible()
    assert axe_violations(page) == []  # the end dialog open, in each language
    page.keyboard.press("Escape")
    expect(keys.game.dialog("end")).to_be_hidden()
