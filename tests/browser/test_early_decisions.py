"""The decisions the early paint makes before Python runs, and makes alone (static/early-paint.js):
whether this is a first visit, the page's language for this browser and whether the first game's
introduction shows. Python reads them from the page; these tests hold the one owner to its rules.

The page's runtime is held back (its module never loads), so the script runs alone, once per case,
against storage and browser languages the case sets, in one page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from halfmoon.i18n import DEFAULT_LANGUAGE
from support.early_paint import RUN_AGAIN, runtime_held
from support.page_storage import with_keys
from webapp.store.intro_state import DONE, SHOWN
from webapp.store.storage_keys import GAME_KEY, INTRO_KEY, SETTINGS_KEY, STATS_KEY

RUN = with_keys(
    """async ([items, languages, blocked]) => {
  localStorage.clear();
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  const root = document.documentElement;
  root.removeAttribute('data-first-visit');
  root.removeAttribute('data-browser-language');
  document.querySelector('[data-intro]').hidden = true;
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  const storage = Object.getOwnPropertyDescriptor(window, 'localStorage');
  if (blocked) Object.defineProperty(window, 'localStorage', {
    get() { throw new DOMException('blocked', 'SecurityError'); }, configurable: true });
"""
    + RUN_AGAIN
    + """  Object.defineProperty(window, 'localStorage', storage);
  delete navigator.languages;
  return { errors, firstVisit: root.getAttribute('data-first-visit'),
           language: root.getAttribute('data-browser-language'),
           intro: !document.querySelector('[data-intro]').hidden };
}"""
)


@pytest.fixture(scope="module")
def page(browser: Browser, site: str) -> Iterator[Page]:
    with runtime_held(browser, site + "?stats") as page:
        yield page


def decided(page: Page, items: dict[str, str], languages: list[str] | None = None, blocked: bool = False) -> Any:
    result = page.evaluate(RUN, [items, languages if languages is not None else ["en-GB"], blocked])
    assert result.pop("errors") == [], result
    return result


@pytest.mark.parametrize(
    ("items", "first_visit", "intro"),
    [
        ({}, True, True),
        ({SETTINGS_KEY: '{"language": "fi"}'}, True, True),  # settings alone: still a first visit
        ({GAME_KEY: "{}"}, False, False),
        ({STATS_KEY: "{}"}, False, False),
        ({INTRO_KEY: DONE}, False, False),
        ({GAME_KEY: "{}", INTRO_KEY: SHOWN}, False, True),  # a reload before it is done shows it again
    ],
    ids=["nothing", "settings", "a-game", "statistics", "intro-done", "intro-shown"],
)
def test_a_first_visit_stores_none_of_the_game_s_keys_and_shows_the_introduction(
    page: Page, items: dict[str, str], first_visit: bool, intro: bool
) -> None:
    result = decided(page, items)
    assert (result["firstVisit"] == "true", result["intro"]) == (first_visit, intro), result
    assert result["firstVisit"] in ("true", None)


def test_without_storage_it_is_never_a_first_visit_and_the_introduction_never_shows(page: Page) -> None:
    """It could not be dismissed for good, and the first deal could not be told from a returning game."""
    assert decided(page, {}, blocked=True) == {"firstVisit": None, "language": "en", "intro": False}


@pytest.mark.parametrize(
    ("languages", "expected"),
    [
        (["sv-SE", "en-GB", "fi"], "en"),  # the first of the browser's languages that the page has
        (["EN-us", "fi"], "en"),
        (["fi-FI", "en"], "fi"),
        (["de", "sv"], DEFAULT_LANGUAGE),
        ([], DEFAULT_LANGUAGE),
    ],
)
def test_the_page_s_language_is_the_browser_s_first_that_the_page_has(
    page: Page, languages: list[str], expected: str
) -> None:
    assert decided(page, {GAME_KEY: "{}"}, languages)["language"] == expected
