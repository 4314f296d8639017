"""The markup the site ships: no inline styles (a CSP with ``style-src 'self'`` must pass), the arc's
grid rules generated fresh from the engine's layout, and the four-colour setting remembered."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen.pages import PAGE_FILES
from sitegen.skeleton import arc_css, refresh_css
from support.fakes import FakeStorage, make_app
from webapp.store.storage_keys import SETTINGS_KEY

ROOT = Path(__file__).resolve().parent.parent


class InlineStyles(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "style" or any(name == "style" for name, _ in attrs):
            self.found.append(f"<{tag} {dict(attrs)}>")


@pytest.mark.parametrize("name", ["index.html", *PAGE_FILES])
def test_no_page_has_a_style_attribute_or_element(name: str) -> None:
    parser = InlineStyles()
    parser.feed((ROOT / name).read_text(encoding="utf-8"))
    assert parser.found == []


def test_the_committed_arc_rules_are_fresh() -> None:
    assert not refresh_css(ROOT / "static" / "app.css", write=False), "static/app.css is stale: run `make build`"


def test_every_place_has_its_grid_cell_and_the_message_sits_in_the_open_bottom() -> None:
    css = arc_css()
    assert '[data-place="P1"] { grid-row: 4; grid-column: 1 / span 2; }' in css
    assert '[data-place="R8"] { grid-row: 3; grid-column: 12 / span 2; }' in css
    assert ".board .open { grid-row: 4; grid-column: 3 / 17; }" in css  # P1 and its mirror left free


def test_the_four_colour_setting_is_off_by_default_and_remembered() -> None:
    storage = FakeStorage()
    app = make_app(storage)
    assert not app.settings.four_colour
    app.set_setting("four-colour", True)
    assert '"four_colour": true' in storage.items[SETTINGS_KEY]
    assert make_app(storage).settings.four_colour
