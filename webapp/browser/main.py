"""The page's entry point, run by PyScript (index.html: ``await main()``): start the shell around the
engine."""

import asyncio


async def main() -> None:
    """Import the engine, the App and the browser shell a part a task, then start: a first visit's
    timers, taps and progress bar run between the parts, which together were one 300-450 ms task
    (issue 22; after a restore the first two are already in the memory snapshot)."""
    import halfmoon  # noqa: F401

    await asyncio.sleep(0)
    import webapp.app.app  # noqa: F401

    await asyncio.sleep(0)
    from webapp.browser.start import start

    await asyncio.sleep(0)
    start()
