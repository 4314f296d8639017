"""Every word the page shows, in Finnish and English (R7.2, R4, R6, R7): one table,
``TEXTS[lang][key]``, a template with ``{name}`` fields, in the engine's shape (``halfmoon.i18n``).
The words of index.html before Python runs are written from it by the build (sitegen/skeleton.py).
"""

from __future__ import annotations

from webapp.text.history_table import HISTORY_TEXTS
from webapp.text.menu_intro_table import MENU_INTRO_TEXTS
from webapp.text.stats_table import STATS_TEXTS
from webapp.text.theme_sound_install_table import THEME_SOUND_INSTALL_TEXTS

KEY_LETTERS = {"undo": "U", "new": "N", "restart": "R", "daily": "D", "settings": "S", "keys": "?"}
"""The single-key shortcuts, by the ``data-action`` each runs: webapp/app/keyboard.py maps the keys
from here, and the help texts name them through ``{key_<action>}`` fields."""

_PAGE_TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "title": "Half Moon",
        "tagline": "Kahden pakan pasianssi: parit, joiden summa on 11, ja kuvakorttikolmikot.",
        "loading": "Ladataan peliä…",
        "replay-file": "Tiedostoa ei avata uusinnan aikana: lopeta katselu ensin.",
        "stats-storage": "Tallennus",
        "stats-storage-kept": "pysyvä",
        "stats-storage-may-clear": "selain voi tyhjentää sen",
        "stats-persist": "Pidä tallessa",
        "stats-persisted": "Selain säilyttää nyt tämän sivuston tiedot, myös tilastot.",
        "stats-not-persisted": "Selain ei luvannut säilyttää tietoja: vie tilastot tiedostoon varmuuden vuoksi.",
        "refused-newer": (
            "Pelin on tallentanut Half Moonin uudempi versio: päivitä sivu jatkaaksesi sitä. "
            "Sitä ennen tämä sivu ei tallenna sen päälle."
        ),
        "daily-unavailable": "Laitteen päivämäärä ei ole vuosien 2000–9999 välillä: päivän jako ei ole käytettävissä.",
        "stats-not-saved": (
            "Tilastoja ei voitu tallentaa: selaimen tallennustila ei ole käytettävissä tai se on täynnä. "
            "Aiemmat tilastot ovat ennallaan."
        ),
        "stats-not-recorded": (
            "Peliä ei voitu kirjata tilastoihin: selaimen tallennustila ei ole käytettävissä tai se on täynnä."
        ),
        "progress": "Peliä valmistellaan pelattavaksi myös ilman verkkoa…",
        "board": "Pelipöytä",
        "reserve": "Varanto",
        "time": "Aika",
        "score": "Pisteet",
        "moves": "Siirrot",
        "code": "Jako",
        "undo": "Kumoa",
        "redo": "Tee uudelleen",
        "restart": "Aloita alusta",
        "new": "Uusi jako",
        "share": "Jaa linkki",
        "settings": "Asetukset",
        "code-label": "Pelaa jakoa koodilla",
        "play-code": "Pelaa",
        "move-errors": "Siirtovirheet",
        "move-errors-help": "Kertoo, miksi yhdistelmä ei käy.",
        "layout-help": "Asetteluapu",
        "layout-help-help": "Tummentaa kortit, joita ei voi yhdistää valintaan.",
        "four-colour": "Neljän värin maat",
        "four-colour-help": "Ruudut sinisinä ja ristit vihreinä, jotta maat erottuvat helpommin.",
        "fast-start": "Nopea käynnistys",
        "fast-start-help": "Pitää käynnistetyn pelin laitteella (noin 30 Mt): seuraava käynnistys on nopeampi.",
        "language": "Kieli",
        "close": "Sulje",
        "confirm": "Kyllä",
        "cancel": "Peruuta",
        "play-again": "Pelaa uudelleen",
        "won-title": "Voitto!",
        "dead-end-title": "Umpikuja",
        "confirm-title": "Keskeneräinen peli",
        "confirm-new": "Aloitetaanko uusi jako? Keskeneräinen peli päättyy.",
        "confirm-restart": "Aloitetaanko jako alusta? Tehdyt siirrot poistuvat.",
        "confirm-code": "Aloitetaanko jako {code}? Keskeneräinen peli päättyy.",
        "confirm-stored": "Peliä jatkettiin toisessa välilehdessä, eikä tämän välilehden viimeisintä siirtoa"
        " ole tallennettu. Otetaanko toisen välilehden peli? (Peruuta: jatka tätä peliä.)",
        "same-deal": "Jako {code} on jo pöydällä.",
        "bad-link": "Linkin jakoa ei avattu: {reason}",
        "bad-code": "Koodi ei kelpaa: {reason}",
        "move-error": "{reason}",
        "dead-end": "{report}",
        "won": "Voitit! Aika {time}, {score} pistettä, {moves} siirtoa.",
        "link-copied": "Linkki kopioitu leikepöydälle.",
        "link-shared": "Linkki jaettu.",
        "link-not-copied": "Linkkiä ei voitu kopioida: {url}",
        "not-saved": "Peliä ei tallenneta: selaimen tallennustila ei ole käytettävissä tai se on täynnä.",
        "copy-game": "Kopioi peli",
        "game-copied": "Peli kopioitiin leikepöydälle tekstinä.",
        "game-not-copied": "Peliä ei voitu kopioida leikepöydälle.",
        "refused-removed": "Tallennettu tieto ei ollut Half Moon -peli, joten se poistettiin ja aloitettiin uusi jako."
        " Syy: {reason}",
        "refused-backed-up": "Tallennettua peliä ei voitu käyttää (se on varmuuskopioitu), joten aloitettiin uusi jako."
        " Syy: {reason}",
        "refused-left-in-place": "Tallennettua peliä ei voitu käyttää eikä varmuuskopioida, joten se jätettiin"
        " paikalleen; tätä peliä ei tallenneta. Syy: {reason}",
        "other-tab": "Peliä jatkettiin toisessa välilehdessä: tämä näkymä päivitettiin.",
        "update-ready": "Uusi versio on valmis – päivitä sivu.",
        "install": "Asenna",
        "rules": "Säännöt",
        "examples": "Esimerkit",
        "update": "Päivitä",
        # Statistics, the daily deal, files
        "daily": "Päivän jako",
        "stats": "Tilastot",
        "stats-export": "Vie tilastot",
        "stats-import": "Tuo tilastot",
        "stats-reset": "Nollaa tilastot",
        "game-export": "Tallenna tiedostoon",
        "game-open": "Avaa tiedosto",
        "stats-played": "Pelattu",
        "stats-won": "Voitettu",
        "stats-win-rate": "Voittoprosentti",
        "stats-streak": "Voittoputki nyt",
        "stats-best-streak": "Paras voittoputki",
        "stats-fastest": "Nopein voitto",
        "stats-average": "Keskimääräiset pisteet",
        "stats-daily-won": "Voitetut päivän jaot",
        "stats-daily-streak": "Päivän jakojen putki",
        "stats-none": "–",
        "confirm-stats-title": "Tilastot",
        "confirm-file": "Avataanko tiedoston peli ({code})? Keskeneräinen peli päättyy.",
        "confirm-stats-import": "Korvataanko tämän laitteen tilastot tiedoston tilastoilla?",
        "confirm-stats-reset": "Nollataanko kaikki tilastot? Tätä ei voi perua.",
        "stats-imported": "Tilastot tuotiin tiedostosta.",
        "stats-cleared": "Tilastot nollattiin.",
        "bad-game-file": "Tiedoston peliä ei avattu: {reason}",
        "bad-stats-file": "Tilastoja ei tuotu, mikään ei muuttunut: {reason}",
        "stats-restored": "Tallennettuja tilastoja ei voitu käyttää, joten aloitettiin tyhjästä. Syy: {reason}",
        "stats-newer": "{reason} Ne näytetään, mutta tämä sivu ei kirjaa niihin mitään ennen kuin se päivitetään.",
        "share-replay": "Jaa uusinta",
        "replay-first": "Alkuun",
        "replay-back": "Edellinen",
        "replay-play": "Toista / tauko",
        "replay-forward": "Seuraava",
        "replay-last": "Loppuun",
        "play-deal": "Pelaa tätä jakoa",
        "replay-exit": "Lopeta katselu",
        "replay-step": "Uusinta: siirto {step}/{steps}",
        "replay-time": "–",
        "replay-link-copied": "Uusinnan linkki kopioitu leikepöydälle.",
        "bad-replay": "Uusintaa ei avattu: {reason}",
        # Keyboard, spoken results ([data-announce]) and the keys dialog
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
        "commands": "Komennot",
        "more-commands": "Muut komennot",
        "pages": "Sivut",
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
        "title": "Half Moon",
        "tagline": "A two-deck patience: pairs that sum to 11, and trios of face cards.",
        "loading": "Loading the game…",
        "replay-file": "No file is opened during a replay: exit the replay first.",
        "stats-storage": "Storage",
        "stats-storage-kept": "kept",
        "stats-storage-may-clear": "the browser may clear it",
        "stats-persist": "Keep safe",
        "stats-persisted": "The browser now keeps this site's data, the statistics included.",
        "stats-not-persisted": (
            "The browser did not promise to keep the data: export the statistics to a file to be safe."
        ),
        "refused-newer": (
            "A newer version of Half Moon saved the game: refresh the page to continue it. "
            "Until then this page does not save over it."
        ),
        "daily-unavailable": "The device's date is not within the years 2000–9999: the daily deal is not available.",
        "stats-not-saved": (
            "The statistics could not be stored: the browser's storage is unavailable or full. "
            "The previous statistics are unchanged."
        ),
        "stats-not-recorded": (
            "The game could not be recorded in the statistics: the browser's storage is unavailable or full."
        ),
        "progress": "Getting the game ready to play offline…",
        "board": "Table",
        "reserve": "Reserve",
        "time": "Time",
        "score": "Score",
        "moves": "Moves",
        "code": "Deal",
        "undo": "Undo",
        "redo": "Redo",
        "restart": "Restart",
        "new": "New deal",
        "share": "Share link",
        "settings": "Settings",
        "code-label": "Play a deal by code",
        "play-code": "Play",
        "move-errors": "Move errors",
        "move-errors-help": "Says why a combination does not work.",
        "layout-help": "Layout help",
        "layout-help-help": "Darkens the cards that cannot go with the selection.",
        "four-colour": "Four-colour suits",
        "four-colour-help": "Diamonds in blue and clubs in green, so that the suits are easier to tell apart.",
        "fast-start": "Fast start",
        "fast-start-help": "Keeps a started copy of the game on this device (about 30 MB) for a quicker next start.",
        "language": "Language",
        "close": "Close",
        "confirm": "Yes",
        "cancel": "Cancel",
        "play-again": "Play again",
        "won-title": "You won!",
        "dead-end-title": "Dead end",
        "confirm-title": "Game in progress",
        "confirm-new": "Start a new deal? The game in progress ends.",
        "confirm-restart": "Restart this deal? The moves made are lost.",
        "confirm-code": "Start deal {code}? The game in progress ends.",
        "confirm-stored": "The game was continued in another tab, and this tab's latest move is not saved."
        " Take the other tab's game? (Cancel: go on with this one.)",
        "same-deal": "Deal {code} is already on the table.",
        "bad-link": "The link's deal was not opened: {reason}",
        "bad-code": "That code does not work: {reason}",
        "move-error": "{reason}",
        "dead-end": "{report}",
        "won": "You won! Time {time}, {score} points, {moves} moves.",
        "link-copied": "Link copied to the clipboard.",
        "link-shared": "Link shared.",
        "link-not-copied": "The link could not be copied: {url}",
        "not-saved": "The game is not being saved: the browser's storage is unavailable or full.",
        "copy-game": "Copy game",
        "game-copied": "The game was copied to the clipboard as text.",
        "game-not-copied": "The game could not be copied to the clipboard.",
        "refused-removed": "The stored data was not a Half Moon game, so it was removed and a new deal was started."
        " Why: {reason}",
        "refused-backed-up": "The saved game could not be used (a backup was kept), so a new deal was started."
        " Why: {reason}",
        "refused-left-in-place": "The saved game could not be used nor backed up, so it was left in place;"
        " this game is not being saved. Why: {reason}",
        "other-tab": "The game was continued in another tab: this view was updated.",
        "update-ready": "A new version is ready – refresh the page.",
        "install": "Install",
        "rules": "Rules",
        "examples": "Examples",
        "update": "Refresh",
        # Statistics, the daily deal, files
        "daily": "Daily deal",
        "stats": "Statistics",
        "stats-export": "Export statistics",
        "stats-import": "Import statistics",
        "stats-reset": "Reset statistics",
        "game-export": "Save to file",
        "game-open": "Open file",
        "stats-played": "Played",
        "stats-won": "Won",
        "stats-win-rate": "Win rate",
        "stats-streak": "Current streak",
        "stats-best-streak": "Best streak",
        "stats-fastest": "Fastest win",
        "stats-average": "Average score",
        "stats-daily-won": "Daily deals won",
        "stats-daily-streak": "Daily streak",
        "stats-none": "–",
        "confirm-stats-title": "Statistics",
        "confirm-file": "Open the file's game ({code})? The game in progress ends.",
        "confirm-stats-import": "Replace this device's statistics with those of the file?",
        "confirm-stats-reset": "Reset all statistics? This cannot be undone.",
        "stats-imported": "The statistics were imported from the file.",
        "stats-cleared": "The statistics were reset.",
        "bad-game-file": "The file's game was not opened: {reason}",
        "bad-stats-file": "The statistics were not imported, nothing changed: {reason}",
        "stats-restored": "The stored statistics could not be used, so they start afresh. Why: {reason}",
        "stats-newer": "{reason} They are shown, but this page records nothing in them until it is refreshed.",
        "share-replay": "Share replay",
        "replay-first": "First",
        "replay-back": "Back",
        "replay-play": "Play / pause",
        "replay-forward": "Forward",
        "replay-last": "Last",
        "play-deal": "Play this deal",
        "replay-exit": "Exit replay",
        "replay-step": "Replay: move {step} of {steps}",
        "replay-time": "–",
        "replay-link-copied": "Replay link copied to the clipboard.",
        "bad-replay": "The replay was not opened: {reason}",
        # Keyboard, spoken results ([data-announce]) and the keys dialog
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
        "commands": "Commands",
        "more-commands": "More commands",
        "pages": "Pages",
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

TEXTS: dict[str, dict[str, str]] = {
    lang: {
        **words,
        **STATS_TEXTS[lang],
        **MENU_INTRO_TEXTS[lang],
        **THEME_SOUND_INSTALL_TEXTS[lang],
        **HISTORY_TEXTS[lang],
    }
    for lang, words in _PAGE_TEXTS.items()
}
"""The page's words, the statistics' (webapp/text/stats_table.py), the menu's and introduction's
(webapp/text/menu_intro_table.py), the theme's, sound's and install's
(webapp/text/theme_sound_install_table.py) and the shared result's and history's
(webapp/text/history_table.py): one table."""
