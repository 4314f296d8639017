"""The early paint run alone: a page whose runtime is held back (its modules never load), in which
tests run static/early-paint.js again against storage and a page they set up."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page

RUN_AGAIN = """
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
"""
"""A function body's part (``await`` inside an async function): the script run once more with its own
tag's attributes; ``original`` is its tag and ``errors`` what it threw."""


@contextmanager
def runtime_held(browser: Browser, address: str) -> Iterator[Page]:
    """A page at ``address`` whose runtime never loads: only the early paint runs."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/static/worker-boot.js", lambda route: route.fulfill(status=204, body=""))
    page.goto(address)
    try:
        yield page
    finally:
        context.close()
