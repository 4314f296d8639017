"""The words of the theme, the sound and the installed app (its manifest), in Finnish and English;
merged into ``webapp.text.word_table.TEXTS``. The manifest's words are written into it by the build
(sitegen/manifest.py)."""

from __future__ import annotations

THEME_SOUND_INSTALL_TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "theme": "Teema",
        "theme-system": "Laitteen mukaan",
        "theme-light": "Vaalea",
        "theme-dark": "Tumma",
        "sound": "Äänet",
        "sound-help": "Lyhyet äänet poistolle, hylätylle yhdistelmälle, kumoamiselle, voitolle ja umpikujalle.",
        "app-description": (
            "Kahden pakan pasianssi: poista parit, joiden summa on 11, ja kuvakorttikolmikot. "
            "Toimii myös ilman verkkoa."
        ),
        "shortcut-daily": "Päivän jako",
        "shortcut-stats": "Tilastot",
        "screenshot-narrow": "Half Moon puhelimessa: kaaren 104 korttia ja komennot",
        "screenshot-wide": "Half Moon leveässä ikkunassa: kaari, tiedot ja komennot",
        "game-file-type": "Half Moon -peli",
    },
    "en": {
        "theme": "Theme",
        "theme-system": "Follow the device",
        "theme-light": "Light",
        "theme-dark": "Dark",
        "sound": "Sound",
        "sound-help": "Short sounds for a removal, a refused combination, undo, a win and a dead end.",
        "app-description": (
            "A two-deck patience: remove pairs that add up to 11, and trios of face cards. Plays offline too."
        ),
        "shortcut-daily": "Daily deal",
        "shortcut-stats": "Statistics",
        "screenshot-narrow": "Half Moon on a phone: the arc of 104 cards and the commands",
        "screenshot-wide": "Half Moon in a wide window: the arc, the figures and the commands",
        "game-file-type": "Half Moon game",
    },
}
