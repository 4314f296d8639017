"""The words of the menus (the commands' groups and the menu of the other commands) and of the
first game's introduction, in Finnish and English; merged into ``webapp.text.word_table.TEXTS``."""

from __future__ import annotations

MENU_INTRO_TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "menu": "Lisää",
        "commands": "Komennot",
        "more-commands": "Muut komennot",
        "pages": "Sivut",
        "intro": "Poista parit, joiden summa on 11, tai sotilas, rouva ja kuningas yhdessä – napauta kortteja.",
        "intro-close": "Selvä",
    },
    "en": {
        "menu": "More",
        "commands": "Commands",
        "more-commands": "More commands",
        "pages": "Pages",
        "intro": "Remove pairs that add up to 11, or a jack, a queen and a king together – tap the cards.",
        "intro-close": "Got it",
    },
}
