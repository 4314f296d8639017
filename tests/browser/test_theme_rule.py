"""The theme before the first paint takes Python's decision (the early script, static/theme.js):
for any stored preferences, the theme the script paints is the theme Python reads from them
(webapp/store/prefs.py), so the page never paints one theme and then switches to another.

The page's runtime is held back (its module never loads), so the script runs alone, once per stored
text, in one page of its own profile; the system's theme is light, so "system" paints light.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page

from support.fakes import FakeStorage
from webapp.store.prefs import PREFERENCES_CHARS, PreferenceStore, Theme
from webapp.store.storage_keys import PREFERENCES_KEY

RUN = """async (text) => {
  localStorage.setItem(document.querySelector('script[src$="theme.js"]').dataset.key, text);
  const original = document.querySelector('script[src$="theme.js"]');
  const script = document.createElement('script');
  for (const { name, value } of original.attributes) script.setAttribute(name, value);
  script.src = original.src + '?' + Math.random();  // run again, not from the memory cache
  await new Promise((done) => { script.onload = script.onerror = done; document.head.append(script); });
  script.remove();
  return document.documentElement.dataset.theme;
}"""


@pytest.fixture(scope="module")
def page(browser: Browser, site: str) -> Iterator[Page]:
    context = browser.new_context(service_workers="block", color_scheme="light")
    page = context.new_page()
    page.route("**/static/vendor/**", lambda route: route.fulfill(status=204, body=""))  # no runtime
    page.goto(site)
    yield page
    context.close()


def python_paints(text: str) -> str:
    theme = PreferenceStore(FakeStorage({PREFERENCES_KEY: text})).load().theme  # type: ignore[arg-type]
    return Theme.LIGHT if theme is Theme.SYSTEM else theme


def agree(page: Page, text: str) -> str:
    painted = page.evaluate(RUN, text)
    assert painted == python_paints(text), text[:120]
    return str(painted)


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def padded(theme: str, characters: int, pad: str) -> str:
    """A record of ``characters`` code points, padded with ``pad`` (one code point, maybe two UTF-16 units)."""
    start = f'{{"theme":"{theme}","pad":"'
    return start + pad * (characters - len(start) - 2) + '"}'


EDGES = {
    "chosen": ('{"theme":"dark"}', "dark"),
    "not-a-number": ('{"theme":"dark","x":NaN}', "light"),
    "infinity": ('{"theme":"dark","x":-Infinity}', "light"),
    "a-huge-number": ('{"theme":"dark","x":1e400}', "dark"),
    "nested-to-the-limit": ('{"theme":"dark","x":' + nested(7) + "}", "dark"),
    "nested-past-the-limit": ('{"theme":"dark","x":' + nested(8) + "}", "light"),
    "a-list": ('["dark"]', "light"),
    "the-last-of-two": ('{"theme":"light","theme":"dark"}', "dark"),
    "astral-within-the-limit": (padded("dark", PREFERENCES_CHARS, "\U0001f319"), "dark"),
    "past-the-limit": (padded("dark", PREFERENCES_CHARS + 1, "x"), "light"),
    "an-unknown-name": ('{"theme":"purple","sound":true}', "light"),
}


@pytest.mark.parametrize(("text", "theme"), EDGES.values(), ids=EDGES.keys())
def test_the_early_theme_is_pythons_at_the_edges_of_its_rule(page: Page, text: str, theme: str) -> None:
    assert agree(page, text) == theme


themes = st.sampled_from(["dark", "light", "system", "Dark", "", None, 1, True])
leaves = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(themes, st.dictionaries(st.text(max_size=4), values, max_size=3), st.text(" \t\n", max_size=2))
def test_any_stored_preferences_paint_the_theme_python_reads(
    page: Page, theme: object, other: dict[str, object], space: str
) -> None:
    agree(page, space + json.dumps({"theme": theme, **other}) + space)  # NaN and Infinity among the floats
