"""Every word the page shows, in Finnish and English (R7.2, R4, R6, R7): one table,
``TEXTS[lang][key]``, a template with ``{name}`` fields, in the engine's shape (``halfmoon.i18n``),
merged from the word tables of the page's features. The words of index.html before Python runs are
written from it by the build (sitegen/skeleton.py).
"""

from __future__ import annotations

from webapp.text.file_replay_table import FILE_REPLAY_TEXTS
from webapp.text.game_table import GAME_TEXTS
from webapp.text.history_table import HISTORY_TEXTS
from webapp.text.keyboard_table import KEYBOARD_TEXTS
from webapp.text.menu_intro_table import MENU_INTRO_TEXTS
from webapp.text.stats_dialog_table import STATS_DIALOG_TEXTS
from webapp.text.stats_table import STATS_TEXTS
from webapp.text.theme_sound_install_table import THEME_SOUND_INSTALL_TEXTS

TEXTS: dict[str, dict[str, str]] = {
    lang: {
        **words,
        **STATS_DIALOG_TEXTS[lang],
        **FILE_REPLAY_TEXTS[lang],
        **KEYBOARD_TEXTS[lang],
        **STATS_TEXTS[lang],
        **MENU_INTRO_TEXTS[lang],
        **THEME_SOUND_INSTALL_TEXTS[lang],
        **HISTORY_TEXTS[lang],
    }
    for lang, words in GAME_TEXTS.items()
}
"""The game's words (webapp/text/game_table.py), the statistics dialog's
(webapp/text/stats_dialog_table.py), a file's and a replay's (webapp/text/file_replay_table.py), the
keyboard's (webapp/text/keyboard_table.py), the statistics record's, chart's and calendar's
(webapp/text/stats_table.py), the menus' and introduction's (webapp/text/menu_intro_table.py), the
theme's, sound's and install's (webapp/text/theme_sound_install_table.py) and the shared result's
and history's (webapp/text/history_table.py): one table."""
