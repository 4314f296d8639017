"""The web app manifest, written by the build: a test fails when the committed
manifest.webmanifest differs from what this module makes.

Both languages: the manifest's own members are in the page's default language (``lang``), and the
other language rides in ``translations`` (the W3C manifest-incubations format, which Chromium reads
where manifest localization is on and every other browser ignores). Its words come from the page's
word table (webapp/text/theme_sound_install_table.py). The shortcuts open addresses the page itself understands
(``?daily``, ``?stats``: webapp/app/shortcuts.py); the screenshots are real renders made by
``tools/screenshots.py`` (run by hand, committed, kept out of the service worker's precache); the
file handler opens the game's own file type (``halfmoon.saved.FILE_EXTENSION``) through
``launchQueue`` (webapp/browser/launch.py)."""

from __future__ import annotations

import json

from halfmoon.i18n import DEFAULT_LANGUAGE, LANGUAGES
from halfmoon.saved import FILE_EXTENSION, FILE_TYPE
from webapp.app.shortcuts import SHORTCUTS
from webapp.text.words import text

THEME_COLOURS = {"light": "#0f5132", "dark": "#0c1f17"}
"""The felt of each theme (static/app.css ``--felt``): the browser's ``theme-color`` and the
installed app's window before the page paints."""
SCREENSHOTS = {"narrow": (390, 844), "wide": (1280, 800)}
"""The screenshots' form factors and sizes in CSS px (tools/screenshots.py renders them)."""
SCREENSHOT_DIR = "static/screenshots"
ICON = {"src": "static/build/icons/icon-192.png", "sizes": "192x192", "type": "image/png"}


def screenshot_file(form: str) -> str:
    return f"{SCREENSHOT_DIR}/{form}.jpg"


def _words(lang: str) -> dict[str, object]:
    return {
        "name": text("title", lang),
        "short_name": text("title", lang),
        "description": text("app-description", lang),
        "shortcuts": [
            {"name": text(f"shortcut-{name}", lang), "url": f"./?{name}", "icons": [ICON]} for name in SHORTCUTS
        ],
    }


def manifest() -> dict[str, object]:
    default = DEFAULT_LANGUAGE
    return {
        **_words(default),
        "lang": default,
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": THEME_COLOURS["light"],
        "theme_color": THEME_COLOURS["light"],
        "categories": ["games"],
        "icons": [
            {**ICON, "purpose": "any"},
            *(
                {"src": f"static/build/icons/{name}-512.png", "sizes": "512x512", "type": ICON["type"], "purpose": use}
                for name, use in (("icon", "any"), ("maskable", "maskable"))
            ),
        ],
        "screenshots": [
            {
                "src": screenshot_file(form),
                "sizes": f"{width}x{height}",
                "type": "image/jpeg",
                "form_factor": form,
                "label": text(f"screenshot-{form}", default),
            }
            for form, (width, height) in SCREENSHOTS.items()
        ],
        "file_handlers": [
            {
                "action": "./",
                "name": text("game-file-type", default),
                "accept": {FILE_TYPE: [FILE_EXTENSION]},
                "icons": [ICON],
                "launch_type": "single-client",
            }
        ],
        "translations": {lang: _words(lang) for lang in LANGUAGES if lang != default},
    }


def manifest_text() -> str:
    return json.dumps(manifest(), ensure_ascii=False, indent=2) + "\n"
