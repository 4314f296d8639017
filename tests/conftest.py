"""Shared fixtures for the engine tests."""

from __future__ import annotations

import pytest
from testdata import r9_game

from halfmoon import Game


@pytest.fixture
def r9() -> Game:
    return r9_game()
