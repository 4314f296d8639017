"""The board's static HTML and the arc's grid rules, generated from the engine's layout code (R1.4).

index.html carries the skeleton between two marker comments, so the arc's frame is on screen
before Python has booted; the running page then only sets attributes and text on it. Where each
place sits is not in the markup (a Content Security Policy with ``style-src 'self'`` forbids
``style`` attributes) but in a generated block of static/app.css, read by the board and every
diagram alike. A test fails when the committed index.html or app.css differs from what this
module generates.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from halfmoon import PLACES, Place
from halfmoon.deal import DEAL_QUERY, LINE_QUERY
from halfmoon.i18n import DEFAULT_LANGUAGE, LANGUAGES
from halfmoon.layout import CARD_ROW, GEOMETRIES, Geometry, crossover
from halfmoon.saved import FILE_EXTENSION, FILE_TYPE
from sitegen.manifest import THEME_COLOURS
from webapp.app.app import App
from webapp.app.opening import FIRST_DEAL
from webapp.app.shortcuts import OTHER_DEALS
from webapp.draw.view import (
    BUTTON_ATTRIBUTES,
    FACE_SLOTS,
    INFO_KEYS,
    PLACE_ATTRIBUTES,
    RECORD_CAPS,
    ROOT_ATTRIBUTES,
    SLOTS,
    SNAPSHOT_VERSION,
    build,
    record_places,
    snapshot,
)
from webapp.store.intro_state import SHOWN
from webapp.store.prefs import PREFERENCES_CHARS, Theme
from webapp.store.storage import FLAT_DEPTH, Store
from webapp.store.storage_keys import FIRST_VISIT_KEYS, GAME_KEY, INTRO_KEY, PREFERENCES_KEY, SNAPSHOT_KEY
from webapp.store.storage_keys import PREFIX as STORAGE_PREFIX
from webapp.text.words import text

BUILD_COMMAND = "make build (tools/build.py)"


def fence(name: str, source: str, comment: tuple[str, str] = ("<!--", "-->")) -> tuple[str, str]:
    """The begin and end lines around a block the build writes into a hand-written file: they name the
    command that writes it, so that nobody edits it by hand."""
    first, last = comment
    begin = f'{first} begin generated "{name}": written by {BUILD_COMMAND} from {source}; do not edit {last}'
    return begin, f'{first} end generated "{name}" {last}'


START, END = fence("board", "halfmoon/layout.py")
CSS_START, CSS_END = fence("arc", "halfmoon/layout.py", ("/*", "*/"))


def cell_attributes(place: Place) -> str:
    """The class and name of a place: shared by the board and every diagram (R1.4, R1.5)."""
    kind = "pile" if place.is_pile else "slot"
    return f'class="place {kind}" data-place="{place}"'


def place_html(place: Place, indent: str) -> str:
    """One place, on two lines broken inside a tag (no text node between its elements)."""
    return (
        f'{indent}<div {cell_attributes(place)} data-count="{place.capacity}" data-card="" data-suit="">'
        f'<button type="button" class="card" aria-pressed="false" aria-disabled="true" aria-label="{place}">'
        + "".join(f'<span class="{slot}" data-slot="{slot}" aria-hidden="true"></span>' for slot in FACE_SLOTS)
        + f'</button><span\n{indent}  class="depth" data-slot="depth" aria-hidden="true">{place.capacity}</span></div>'
    )


def board_html(indent: str = "      ") -> str:
    lines = [indent + START]
    lines += [place_html(p, indent) for p in PLACES]
    lines.append(indent + END)
    return "\n".join(lines)


def _open_span(geometry: Geometry) -> tuple[int, int]:
    """The half-columns of the arc's open bottom row left free by the places there and by their
    mirror images, so that what sits there (the message) is centred under the arc."""
    taken: set[int] = set()
    for cell in geometry.cells.values():
        if cell.row == geometry.rows:
            for column in (cell.column, cell.column + 1):
                taken |= {column, geometry.half_columns + 1 - column}
    free = [c for c in range(1, geometry.half_columns + 1) if c not in taken]
    return free[0], free[-1] + 1


def _geometry_css(geometry: Geometry, scope: str, indent: str) -> list[str]:
    lines = [
        f"{indent}.board{scope.strip()} {{ --rows: {geometry.rows}; --half-columns: {geometry.half_columns}; "
        f"--columns: {geometry.columns}; --geometry: {geometry.name}; }}"
    ]
    for place in PLACES:
        cell = geometry.cells[place]
        lines.append(
            f'{indent}{scope}[data-place="{place}"] {{ grid-row: {cell.row}; grid-column: {cell.column} / span 2; }}'
        )
    first, end = _open_span(geometry)
    lines.append(f"{indent}.board{scope.strip()} .open {{ grid-row: {geometry.rows}; grid-column: {first} / {end}; }}")
    return lines


def arc_css() -> str:
    """The grid rules of both geometries (halfmoon/layout.py): the arc's, for the board and every
    diagram, and the tall one's, for the board alone where its table is narrower than the
    crossover (a container query on the table's aspect ratio), one rule per place and the free
    middle of the bottom row; and the figures app.css sizes the cards with."""
    arc, tall = GEOMETRIES["arc"], GEOMETRIES["tall"]
    ratio = crossover(CARD_ROW)
    lines = [
        CSS_START,
        f":root {{ --row-height: {CARD_ROW[0] / CARD_ROW[1]}; "
        f"--tall-rows: {tall.rows}; --tall-columns: {tall.columns}; }}",
        *_geometry_css(arc, "", ""),
        f"@container table (aspect-ratio < {ratio[0]} / {ratio[1]}) {{",
        *_geometry_css(tall, "[data-board] ", "  "),
        "}",
        CSS_END,
    ]
    return "\n".join(lines)


def _replace_between(text: str, start: str, end: str, fresh: str) -> str:
    """``fresh`` (which begins with ``start`` and ends with ``end``) in place of that block,
    indented as the start marker is."""
    first, last = text.index(start), text.index(end) + len(end)
    line_start = text.rindex("\n", 0, first) + 1
    indent = text[line_start:first]
    block = "\n".join(indent + line if line else line for line in fresh.split("\n"))
    return text[:line_start] + block + text[last:]


def _refresh(path: Path, start: str, end: str, fresh: str, write: bool) -> bool:
    text = path.read_text(encoding="utf-8")
    updated = _replace_between(text, start, end, fresh)
    if updated != text and write:
        path.write_text(updated, encoding="utf-8")
    return updated != text


EARLY_START, EARLY_END = fence("early-paint", "webapp/")
WORDS_ID = "page-words"
JSON_LINE = 160  # characters: a longer object or array is written a member a line
PAINTED_ID = "early-painted"
"""An empty element just after the early-paint script: the head's ``<link rel="expect">`` holds every
frame back until the parser reaches it, so the first frame is the painted one."""


def first_board(lang: str) -> dict[str, object]:
    """The first deal's board as the early paint paints it (its record, as the running page writes it
    for a saved game), in ``lang``: a first visit's real cards before Python runs."""
    app = App(Store(None), now_ms=lambda: 0.0, browser_language=lang, new_code=lambda: FIRST_DEAL)
    view = build(app)
    record: dict[str, object] = json.loads(snapshot(view, record_places(app.game, view.lang), ""))
    del record["game"]  # no saved game to match: the script paints it only when storage holds none
    return record


def readable_json(value: object, depth: int = 0) -> str:
    """Compact JSON, with each member of an object or array that would not fit a short line on a line
    of its own: the words and the first board read a line each in index.html."""
    compact = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if len(compact) <= JSON_LINE or not isinstance(value, dict | list) or not value:
        return compact
    pad = " " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{json.dumps(k, ensure_ascii=False)}:{readable_json(v, depth + 1)}" for k, v in value.items()]
    else:
        items = [readable_json(v, depth + 1) for v in value]
    first, last = ("{", "}") if isinstance(value, dict) else ("[", "]")
    return first + "\n" + ",\n".join(pad + item for item in items) + "\n" + " " * depth + last


def early_paint_html(page: str, indent: str) -> str:
    """The early-paint script's tag, told by Python what it may copy and where to find it; the
    page's static words in both languages for a first visit, and the first deal's board in both
    (a JSON data block: never executed)."""
    used = sorted(set(re.findall(r'data-t(?:-label)?="([a-z-]+)"', page)))
    words = {
        "texts": {lang: {k: text(k, lang) for k in used} for lang in LANGUAGES},
        "first": {lang: first_board(lang) for lang in LANGUAGES},
    }
    data = readable_json(words).replace("</", "<\\/")
    tag = (
        '<script src="./static/early-paint.js"'
        f' data-snapshot-key="{SNAPSHOT_KEY}" data-game-key="{GAME_KEY}" data-words="{WORDS_ID}"'
        f' data-place-attributes="{" ".join(PLACE_ATTRIBUTES)}" data-button-attributes="{" ".join(BUTTON_ATTRIBUTES)}"'
        f' data-slots="{" ".join(SLOTS)}" data-root-attributes="{" ".join(ROOT_ATTRIBUTES)}"'
        f' data-info-keys="{" ".join(INFO_KEYS)}" data-record-version="{SNAPSHOT_VERSION}"'
        f' data-intro-key="{INTRO_KEY}" data-intro-shown="{SHOWN}"'
        f' data-first-visit-keys="{" ".join(FIRST_VISIT_KEYS)}" data-other-deals="{" ".join(OTHER_DEALS)}"'
        f' data-deal-query="{DEAL_QUERY}" data-line-query="{LINE_QUERY}"'
        f' data-caps="{" ".join(f"{name}:{cap}" for name, cap in RECORD_CAPS.items())}"'
        f' data-languages="{" ".join(LANGUAGES)}" data-default-language="{DEFAULT_LANGUAGE}"'
        f' data-storage-prefix="{STORAGE_PREFIX}"></script>'
    )
    tag = tag.replace('" data-', '"\n  data-')  # an attribute a line
    return "\n".join(
        [
            indent + EARLY_START,
            f'{indent}<script type="application/json" id="{WORDS_ID}">{data}</script>',
            indent + tag,
            f'{indent}<template id="{PAINTED_ID}"></template>',
            indent + EARLY_END,
        ]
    )


def static_words(page: str) -> str:
    """Every ``data-t`` element's text and ``data-t-label`` element's ``aria-label`` in the default
    language, and the progress sentence in every language, from the word table: the page's words
    before Python runs are never typed by hand."""

    def element(match: re.Match[str]) -> str:
        return f"{match[1]}{html.escape(text(match[3], DEFAULT_LANGUAGE), quote=False)}{match[4]}"

    def label(match: re.Match[str]) -> str:
        key = match[1]
        return re.sub(r'aria-label="[^"]*"', f'aria-label="{html.escape(text(key, DEFAULT_LANGUAGE))}"', match[0])

    def progress(match: re.Match[str]) -> str:  # said by startup/pyodide-start.mjs before Python runs
        each = "".join(f' data-{lang}="{html.escape(text("progress", lang))}"' for lang in LANGUAGES)
        return re.sub(r'(?: data-[a-z]{2}="[^"]*")+', each, match[0])

    page = re.sub(r'(<(\w+)\b[^>]*\sdata-t="([a-z-]+)"[^>]*>)[^<]*(</\2>)', element, page)
    page = re.sub(r"<\w+\b[^>]*\sdata-progress\b[^>]*>", progress, page)
    return re.sub(r'<\w+\b[^>]*\sdata-t-label="([a-z-]+)"[^>]*>', label, page)


THEME_START, THEME_END = fence("theme", "webapp/store/ and sitegen/manifest.py")
GAME_FILE_ACCEPT = f"{FILE_EXTENSION},{FILE_TYPE},.json,application/json"
"""The game file input: the game's own file type, and the JSON files saved before it had one."""


def theme_html() -> str:
    """The browser's ``theme-color`` with each theme's, and the render-blocking theme script's tag,
    told the preferences' key, the limits Python reads them with and the theme names (the first follows
    the system): the script accepts a stored theme exactly when Python does."""
    colours = " ".join(f'data-{name}="{colour}"' for name, colour in THEME_COLOURS.items())
    return "\n".join(
        [
            THEME_START,
            f'<meta name="theme-color" content="{THEME_COLOURS[Theme.LIGHT]}" {colours}>',
            f'<script src="./static/theme.js" data-key="{PREFERENCES_KEY}" data-max-chars="{PREFERENCES_CHARS}"'
            f' data-max-depth="{FLAT_DEPTH}" data-themes="{" ".join(Theme)}"></script>',
            THEME_END,
        ]
    )


def refresh_index(path: Path, write: bool = True) -> bool:
    """Put the generated skeleton, the static words, the theme's and the early-paint tags and the
    game file's type into index.html; return whether it was stale."""
    page = path.read_text(encoding="utf-8")
    fresh = _replace_between(static_words(page), START, END, board_html(""))
    fresh = _replace_between(fresh, EARLY_START, EARLY_END, early_paint_html(fresh, ""))
    fresh = _replace_between(fresh, THEME_START, THEME_END, theme_html())
    fresh = re.sub(r'(data-input="game-file" accept=")[^"]*"', rf'\g<1>{GAME_FILE_ACCEPT}"', fresh)
    fresh = re.sub(r'(<link rel="expect" href="#)[^"]*"', rf'\g<1>{PAINTED_ID}"', fresh)
    if fresh != page and write:
        path.write_text(fresh, encoding="utf-8")
    return fresh != page


def refresh_css(path: Path, write: bool = True) -> bool:
    """Put the generated arc rules into app.css; return whether they were stale."""
    return _refresh(path, CSS_START, CSS_END, arc_css(), write)
