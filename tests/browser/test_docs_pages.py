"""The Rules and Examples pages in Chromium: both languages, the step links, the way to and from the game.

The pages alone are read in a tab of their own (``tab``), which leaves the shared game page booted."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from support.pageobject import GamePage
from support.testdata import WON


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("name", ["rules", "examples"])
def test_the_pages_render_in_both_languages(tab: Page, site: str, name: str, lang: str) -> None:
    page = tab
    page.goto(f"{site}{name}-{lang}.html")
    assert GamePage(page, site).lang() == lang
    assert page.locator("[data-diagram]").count() >= 4
    first = page.locator("[data-diagram]:visible").first
    expect(first.locator("[data-place]")).to_have_count(20)
    label = first.get_attribute("aria-label")  # the text alternative (R1.5), in people's words: no place codes
    assert first.get_attribute("role") == "img" and label and "P1" not in label


def step(page: Page, number: int) -> Locator:
    return page.locator(f'[data-step="{number}"]')


def test_stepping_through_the_example(tab: Page, site: str) -> None:
    page = tab
    page.goto(site + "examples-en.html")
    example = page.locator("[data-code][data-line]")
    assert example.get_attribute("data-code") == WON["code"]
    assert example.get_attribute("data-line") == " ".join(WON["moves"])
    expect(step(page, 1)).to_be_visible()
    step(page, 1).locator('[data-step-link="forward"]').click()
    expect(step(page, 2)).to_be_visible()
    expect(step(page, 1)).to_be_hidden()
    assert page.url.endswith("#step-2")  # the links work by the address
    # The step's sentence has no hook of its own in the contract: its text, on a line of its own.
    assert re.search(r"^Move 2: ", step(page, 2).inner_text(), re.MULTILINE)
    step(page, 2).locator('[data-step-link="last"]').click()
    expect(step(page, 49)).to_be_visible()
    assert step(page, 49).locator('[data-diagram] [data-place][data-count="0"]').count() == 20
    step(page, 49).locator('[data-step-link="first"]').click()
    expect(step(page, 1)).to_be_visible()


def test_from_the_game_to_the_pages_in_its_language_and_back(game: GamePage) -> None:
    game.play(WON["moves"][:1])
    game.set_language("fi")
    game.page.locator('[data-link="rules"]').click()
    assert game.page.url.endswith("rules-fi.html")  # the pages follow the game's language
    game.page.locator('[data-link="language"]').click()
    assert game.page.url.endswith("rules-en.html")
    game.page.locator('[data-link="examples"]').click()
    assert game.page.url.endswith("examples-en.html")
    game.page.locator('[data-link="game"]').click()
    game.wait_ready()
    assert game.figures() == (10, 1)  # the game in progress is still there
    game.page.locator('[data-link="examples"]').click()
    game.page.locator('[data-link="play"]').click()
    game.wait_ready()
    assert game.board("data-code") == WON["code"] and game.figures() == (10, 1)  # same deal: it resumes
