"""The cross-engine suite: the same page object (support/pageobject.py) in Chromium, Firefox
and WebKitGTK, each through its own driver (support/engines.py).

One booted page per engine for the whole session, in a fresh profile with the service worker on,
served by a server of its own (its own origin, so that engines share no storage, and a log of every
body it sends). Its first visit is the one the boot makes: the fixture records what it served until
the service worker controls the page and the interpreter snapshot is stored. Tests put the page
back to the start of the deal through the page's own commands (``GamePage.fresh``). Errors and requests
to other hosts are read through a same-origin hook (hook.js) the server puts first in every page:
WebKit's driver has no console and no request events. A reload is a navigation to the address
(never a cache-bypassing refresh); offline is the server stopped.

``HALFMOON_ENGINES`` (``make test ENGINES=chromium``) chooses the engines; a missing engine stops
the run with one line naming its install command, never a silent skip.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_suite import Engine, Engines

from support.engines import ENGINES, missing, wanted_engines
from support.pageobject import CODE, GamePage

ROOT = Path(__file__).resolve().parents[2]


WANTED = wanted_engines()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "engines: the cross-engine suite (tests/engines/)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here drives real browsers: part of the page half (``-m browser``)."""
    for item in items:
        if "engines" in item.path.relative_to(item.config.rootpath).parts[:2]:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.engines)


def pytest_report_header() -> str:
    left_out = [name for name in ENGINES if name not in WANTED]
    note = f" (not run: {', '.join(left_out)}; HALFMOON_ENGINES chose)" if left_out else ""
    return f"engines: {', '.join(WANTED)}{note}"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    left_out = [name for name in ENGINES if name not in WANTED]
    if left_out:
        terminalreporter.write_line(f"cross-engine suite: {', '.join(left_out)} NOT run (HALFMOON_ENGINES)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", WANTED)


@pytest.fixture(scope="session", autouse=True)
def _engines_are_there() -> None:
    absent = [line for line in (missing(name) for name in WANTED) if line]
    if absent:
        hint = " (or leave it out: make test ENGINES=…)"
        pytest.exit("\n".join(line + hint for line in absent), returncode=4)
    if not (ROOT / "static" / "build" / "early-fetch.js").exists():
        pytest.exit("static/build is not built: run `make build` (or `make test`)", returncode=4)


@pytest.fixture(scope="session")
def engines(request: pytest.FixtureRequest) -> Iterator[Engines]:
    if "chromium" in WANTED:
        request.getfixturevalue("playwright")  # set up first, so that it is torn down after the engines
    started = Engines(request)
    yield started
    for engine in started.started.values():
        engine.shutdown()


@pytest.fixture
def booted(engine: str, engines: Engines) -> Iterator[Engine]:
    """The engine's booted page as it is (the server running); after the test, nothing the hook
    records may be an error or a request to another host."""
    running = engines.get(engine)
    running.start_server()
    running.seen()
    yield running
    running.start_server()
    errors = running.errors()
    assert errors == [], f"{engine}: page errors or off-host requests: {json.dumps(errors, indent=1)}"


@pytest.fixture
def game(booted: Engine) -> GamePage:
    """The engine's booted page at the start of HM1-N-AAAAAAB, English, default settings."""
    try:
        booted.game.fresh()
    except Exception as error:  # left half-way by a failed test
        warnings.warn(f"{booted.name}: the shared page was loaded again: {error}", stacklevel=1)
        booted.game.open(f"?deal={CODE}")
        booted.game.fresh()
    return booted.game
