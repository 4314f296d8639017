"""The page's entry point, run by PyScript (index.html: ``await main()``): start the shell around the
engine."""

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]


async def main() -> None:
    """Import the engine, the App and the browser shell a part a task, then start: a first visit's
    timers, taps and progress bar run between the parts, which together would be one long task
    (after a restore the first two are already in the memory snapshot)."""
    import halfmoon  # noqa: F401

    await next_task()
    import webapp.app.app  # noqa: F401

    await next_task()
    from webapp.browser.start import start

    await next_task()
    start()


async def next_task() -> None:
    """A task behind the timers already waiting. Not ``asyncio.sleep(0)`` (Pyodide runs that from a
    message to the page, which runs ahead of waiting timers: a timer would wait through all three
    parts at once), except in a hidden page, whose timers the browser wakes about once
    a second (startup/pyodide-start.mjs ``nextTask`` does the same)."""
    window = js.window
    if window.document.hidden:
        await asyncio.sleep(0)
        return

    def later(resolve: Any, _reject: Any) -> None:
        window.setTimeout(resolve, 0)

    await window.Promise.new(create_once_callable(later))
