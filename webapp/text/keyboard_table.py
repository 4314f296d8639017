"""The words of the keyboard, in Finnish and English: the sentences spoken after a key or a tap
(``[data-announce]``), the keys dialog and the shortcuts' setting; merged into
``webapp.text.word_table.TEXTS``."""

from __future__ import annotations

KEY_LETTERS = {"undo": "U", "new": "N", "restart": "R", "daily": "D", "settings": "S", "keys": "?"}
"""The single-key shortcuts, by the ``data-action`` each runs: webapp/app/keyboard.py maps the keys
from here, and the help texts name them through ``{key_<action>}`` fields."""

KEYBOARD_TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "say-selected": "{card} valittu ({place}).",
        "say-deselected": "{card}: valinta poistettu ({place}).",
        "say-reselected": "{card} on nyt ainoa valittu kortti ({place}).",
        "say-cleared": "{card} ei käy yhdistelmään: valinta tyhjennettiin.",
        "say-empty": "{place} on tyhjä.",
        "say-removed": "Poistettiin {cards}. Nyt {shows}. Pisteet {score}.",
        "say-redone": "Tehtiin uudelleen: poistettiin {cards}. Nyt {shows}. Pisteet {score}.",
        "say-undone": "Kumottiin: {cards} palautettiin. Nyt {shows}. Pisteet {score}.",
        "say-dealt": "Jako {code} pöydällä.",
        "say-selection-cleared": "Valinta tyhjennettiin.",
        "keys": "Näppäimet",
        "key-shortcuts": "Pikanäppäimet",
        "key-shortcuts-help": (
            "Yksittäiset kirjainnäppäimet ({key_undo}, {key_new}, {key_restart}, {key_daily}, {key_settings}, "
            "{key_keys}). Ctrl-yhdistelmät ja nuolet toimivat aina."
        ),
        "keys-board": "Nuolet: siirry korttien välillä. Home / End: ensimmäinen / viimeinen paikka.",
        "keys-tap": "Enter tai välilyönti: napauta korttia. Esc: tyhjennä valinta (dialogissa: sulje).",
        "keys-undo": "Ctrl+Z (⌘Z) tai {key_undo}: kumoa. Ctrl+Shift+Z, Ctrl+Y (⌘⇧Z): tee uudelleen.",
        "keys-commands": (
            "{key_new}: uusi jako. {key_restart}: aloita alusta. {key_daily}: päivän jako. "
            "{key_settings}: asetukset. {key_keys}: tämä luettelo."
        ),
        "keys-off": "Yksittäiset kirjainnäppäimet voi kytkeä pois asetuksista.",
        "keys-replay": "Uusintaa katsellessa: välilyönti toistaa tai pysäyttää, Esc pysäyttää.",
    },
    "en": {
        "say-selected": "{card} selected ({place}).",
        "say-deselected": "{card} deselected ({place}).",
        "say-reselected": "{card} is now the only card selected ({place}).",
        "say-cleared": "{card} does not combine: the selection was cleared.",
        "say-empty": "{place} is empty.",
        "say-removed": "Removed {cards}. Now {shows}. Score {score}.",
        "say-redone": "Redone: removed {cards}. Now {shows}. Score {score}.",
        "say-undone": "Undone: {cards} put back. Now {shows}. Score {score}.",
        "say-dealt": "Deal {code} on the table.",
        "say-selection-cleared": "Selection cleared.",
        "keys": "Keys",
        "key-shortcuts": "Keyboard shortcuts",
        "key-shortcuts-help": (
            "Single-letter keys ({key_undo}, {key_new}, {key_restart}, {key_daily}, {key_settings}, {key_keys}). "
            "Ctrl combinations and the arrows always work."
        ),
        "keys-board": "Arrows: move between the cards. Home / End: the first / last place.",
        "keys-tap": "Enter or Space: tap the card. Esc: clear the selection (in a dialog: close it).",
        "keys-undo": "Ctrl+Z (⌘Z) or {key_undo}: undo. Ctrl+Shift+Z, Ctrl+Y (⌘⇧Z): redo.",
        "keys-commands": (
            "{key_new}: new deal. {key_restart}: restart. {key_daily}: daily deal. "
            "{key_settings}: settings. {key_keys}: this list."
        ),
        "keys-off": "The single-letter keys can be turned off in the settings.",
        "keys-replay": "While watching a replay: Space plays or pauses, Esc pauses.",
    },
}
