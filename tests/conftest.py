"""Shared fixtures for the engine tests."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from halfmoon import Game
from support.testdata import r9_game

# No example has a time limit: speed is measured by benchmarks, never by a timed test, and on a loaded
# machine (CI, two browser suites side by side) Hypothesis's default deadline fails correct code.
# Under `make mutate` testdata.py has loaded the mutation profile instead (also without a deadline).
settings.register_profile("halfmoon", deadline=None)
if not os.environ.get("HALFMOON_HYPOTHESIS_PROFILE"):
    settings.load_profile("halfmoon")


@pytest.fixture
def r9() -> Game:
    return r9_game()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/browser/ drives a real browser: `pytest -m "not browser"` is the
    CPython half, `pytest -m browser` the page half."""
    for item in items:
        if "browser" in item.path.relative_to(item.config.rootpath).parts[:2]:
            item.add_marker(pytest.mark.browser)
