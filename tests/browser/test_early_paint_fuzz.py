"""The early-paint record fuzzed (issue 10): whatever storage holds, static/early-paint.js throws
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

RUN = """async ([record, game]) => {
  const board = document.querySelector('[data-board]');
  board.innerHTML = window.skeleton;  // the frame as served, before any paint
  localStorage.setItem('half-moon:snapshot', record);
  localStorage.setItem('half-moon:game', game);
  const original = document.querySelector('script[src$="early-paint.js"]');
  const script = document.createElement('script');
  for (const { name, value } of original.attributes) script.setAttribute(name, value);
  script.src = original.src + '?' + Math.random();  // run again, not from the memory cache
  const errors = [];
  const onError = (event) => errors.push(String(event.message));
  window.addEventListener('error', onError);
  await new Promise((done) => { script.onload = script.onerror = done; document.body.append(script); });
  window.removeEventListener('error', onError);
  script.remove();
  const allowed = new Set(['class', 'data-place', ...original.dataset.placeAttributes.split(' '),
    ...original.dataset.buttonAttributes.split(' '), 'type', 'data-slot', 'aria-hidden', 'data-queued']);
  const foreign = [...board.querySelectorAll('[data-place], [data-place] *')]
    .flatMap((e) => e.getAttributeNames()).filter((n) => !allowed.has(n));
  const added = board.querySelectorAll('[data-place] *').length - window.skeletonElements;
  return { errors, foreign, added };
}"""


@pytest.fixture(scope="module")
def page(browser: Browser, site: str) -> Iterator[Page]:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/static/vendor/**", lambda route: route.fulfill(status=204, body=""))  # no runtime
    page.goto(site + "?deal=HM1-N-AAAAAAB")
    page.evaluate(
        """() => { const board = document.querySelector('[data-board]');
            window.skeleton = board.innerHTML;
            window.skeletonElements = board.querySelectorAll('[data-place] *').length; }"""
    )
    yield page
    context.close()


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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(records.map(json.dumps), values.map(json.dumps), st.text(max_size=200)))
def test_any_stored_record_paints_only_what_is_allowed(page: Page, record: str) -> None:
    result: dict[str, Any] = page.evaluate(RUN, [record, "G"])
    assert result["errors"] == [], result
    assert result["foreign"] == [], result
    assert result["added"] == 0, result
