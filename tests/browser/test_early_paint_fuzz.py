"""The early-paint record fuzzed: whatever storage holds, static/early-paint.js throws
nothing, adds no element and sets no attribute its tag does not allow.

The page's runtime is held back (its module never loads), so the script runs alone against the
board's skeleton, once per generated record, in one page: a few milliseconds an example.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page

from support.early_paint import RUN_AGAIN, runtime_held
from support.page_storage import with_keys

RUN = with_keys(
    """async ([record, game]) => {
  const board = document.querySelector('[data-board]');
  board.innerHTML = window.skeleton;  // the frame as served, before any paint
  const root = document.documentElement;  // and <html>'s attributes as served
  for (const name of root.getAttributeNames()) if (!(name in window.rootAttributes)) root.removeAttribute(name);
  for (const [name, value] of Object.entries(window.rootAttributes)) root.setAttribute(name, value);
  localStorage.setItem(SNAPSHOT_KEY, record);
  localStorage.setItem(GAME_KEY, game);
"""
    + RUN_AGAIN
    + """  const allowed = new Set(['class', 'data-place', ...original.dataset.placeAttributes.split(' '),
    ...original.dataset.buttonAttributes.split(' '), 'type', 'data-slot', 'aria-hidden', 'data-queued']);
  const foreign = [...board.querySelectorAll('[data-place], [data-place] *')]
    .flatMap((e) => e.getAttributeNames()).filter((n) => !allowed.has(n));
  const added = board.querySelectorAll('[data-place] *').length - window.skeletonElements;
  // <html>: only its language and the attributes the tag allows may change, the language to one the page has
  const rootAllowed = new Set(['lang', ...original.dataset.rootAttributes.split(' ')]);
  const changed = [...new Set([...root.getAttributeNames(), ...Object.keys(window.rootAttributes)])]
    .filter((n) => root.getAttribute(n) !== (window.rootAttributes[n] ?? null));
  const rootForeign = changed.filter((n) => !rootAllowed.has(n));
  const painted = board.querySelectorAll('[data-place][data-card]:not([data-card=""])').length > 0;
  return { errors, foreign, added, rootForeign, lang: root.lang, painted };
}"""
)


@pytest.fixture(scope="module")
def page(browser: Browser, site: str) -> Iterator[Page]:
    with runtime_held(browser, site + "?deal=HM1-N-AAAAAAB") as page:
        page.evaluate(
            """() => { const board = document.querySelector('[data-board]');
                window.skeleton = board.innerHTML;
                window.skeletonElements = board.querySelectorAll('[data-place] *').length;
                const root = document.documentElement;
                window.rootAttributes = Object.fromEntries(
                  root.getAttributeNames().map((n) => [n, root.getAttribute(n)])); }"""
        )
        yield page


texts = st.text(max_size=30)
values = st.recursive(
    st.none() | st.booleans() | st.integers() | texts,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(texts, inner, max_size=5),
    max_leaves=30,
)
place_like = st.fixed_dictionaries(
    {
        "place": st.dictionaries(
            st.sampled_from(["data-card", "data-count", "onclick", "style", "x"]), texts | st.none()
        )
    },
    optional={"button": st.dictionaries(texts, texts), "slots": st.dictionaries(texts, texts)},
)
records = st.fixed_dictionaries(
    {"version": st.sampled_from([2, 1, "2"]), "game": st.just("G"), "code": st.just("HM1-N-AAAAAAB")},
    optional={
        "lang": st.sampled_from(["fi", "en", "<b>", ""]),
        "words": st.dictionaries(texts, texts),
        "info": st.dictionaries(texts, texts),
        "root": st.dictionaries(texts, texts | st.none()),
        "places": st.lists(place_like, min_size=19, max_size=21),
    },
)
# Records whose places the script accepts, so that it reaches <html>'s attributes: allowed names
# there, or a foreign one (or the page's own markers) among them. Their texts stay within the
# script's lengths, which count UTF-16 units: no character beyond the Basic Multilingual Plane.
bmp = st.characters(max_codepoint=0xFFFF)
short = st.text(bmp, max_size=20)
ROOT_NAMES = ["data-four-colour", "data-ready", "data-start", "lang", "onload", "style"]
paintable = st.fixed_dictionaries(
    {
        "version": st.just(2),
        "game": st.just("G"),
        "code": st.just("HM1-N-AAAAAAB"),
        "lang": st.sampled_from(["fi", "en"]),
        "info": st.dictionaries(st.sampled_from(["time", "score", "moves", "code"]), short),
        "root": st.dictionaries(st.just("data-four-colour"), short | st.none())
        | st.dictionaries(st.sampled_from(ROOT_NAMES), short | st.none()),
        "places": st.lists(
            st.fixed_dictionaries(
                {
                    "place": st.dictionaries(st.sampled_from(["data-card", "data-count", "data-suit"]), short),
                    "button": st.dictionaries(st.sampled_from(["aria-label", "aria-pressed"]), short),
                    "slots": st.dictionaries(st.sampled_from(["rank", "suit"]), st.text(bmp, max_size=4)),
                }
            ),
            min_size=20,
            max_size=20,
        ),
    }
)


def check(result: dict[str, Any]) -> None:
    assert result["errors"] == [], result
    assert result["foreign"] == [], result
    assert result["added"] == 0, result
    assert result["rootForeign"] == [] and result["lang"] in ("fi", "en"), result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(paintable.map(json.dumps), records.map(json.dumps), values.map(json.dumps), st.text(max_size=200)))
def test_any_stored_record_paints_only_what_is_allowed(page: Page, record: str) -> None:
    check(page.evaluate(RUN, [record, "G"]))


def plain(root: dict[str, str]) -> str:
    places = [{"place": {"data-card": "7H", "data-count": "8"}, "button": {}, "slots": {}}] * 20
    return json.dumps(
        {"version": 2, "game": "G", "code": "HM1-N-AAAAAAB", "lang": "en", "info": {}}
        | {
            "root": root,
            "places": places,
        }
    )


def test_html_takes_the_allowed_attributes_of_a_record_and_a_foreign_one_refuses_it(page: Page) -> None:
    """The fuzz above reaches <html> (a record it paints): the allowed attribute is set, and a record
    that names any other is not painted at all."""
    allowed = page.evaluate(RUN, [plain({"data-four-colour": "true"}), "G"])
    check(allowed)
    assert allowed["painted"] and page.evaluate("document.documentElement.dataset.fourColour") == "true"
    foreign = page.evaluate(RUN, [plain({"data-four-colour": "true", "data-ready": "true"}), "G"])
    check(foreign)
    assert not foreign["painted"] and not page.evaluate("document.documentElement.hasAttribute('data-four-colour')")
