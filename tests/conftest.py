"""Shared fixtures for the engine tests."""

from __future__ import annotations

import pytest
from testdata import r9_game

from halfmoon import Game


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
