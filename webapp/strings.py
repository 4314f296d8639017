"""Every word the page shows, in Finnish and English (R7.2, R4, R6, R7)."""

from __future__ import annotations

from collections.abc import Sequence

from halfmoon.i18n import DEFAULT_LANGUAGE, LANGUAGES

TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "title": "Half Moon",
        "tagline": "Kahden pakan pasianssi: parit, joiden summa on 11, ja kuvakorttikolmikot.",
        "loading": "Ladataan peliä…",
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
        "same-deal": "Jako {code} on jo pöydällä.",
        "bad-link": "Linkin jakoa ei avattu: {reason}",
        "bad-code": "Koodi ei kelpaa: {reason}",
        "link-copied": "Linkki kopioitu leikepöydälle.",
        "link-shared": "Linkki jaettu.",
        "link-not-copied": "Linkkiä ei voitu kopioida: {url}",
        "cannot-save": "Peliä ei voi tallentaa tässä selaimessa; voit silti pelata.",
        "save-restored": "Tallennettua peliä ei voitu käyttää (se on varmuuskopioitu), joten aloitettiin uusi jako.",
        "other-tab": "Peliä jatkettiin toisessa välilehdessä: tämä näkymä päivitettiin.",
        "update-ready": "Uusi versio on valmis – päivitä sivu.",
        "install": "Asenna",
        "rules": "Säännöt",
        "examples": "Esimerkit",
        "update": "Päivitä",
    },
    "en": {
        "title": "Half Moon",
        "tagline": "A two-deck patience: pairs that sum to 11, and trios of face cards.",
        "loading": "Loading the game…",
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
        "same-deal": "Deal {code} is already on the table.",
        "bad-link": "The link's deal was not opened: {reason}",
        "bad-code": "That code does not work: {reason}",
        "link-copied": "Link copied to the clipboard.",
        "link-shared": "Link shared.",
        "link-not-copied": "The link could not be copied: {url}",
        "cannot-save": "The game cannot be saved in this browser; you can still play.",
        "save-restored": "The saved game could not be used (a backup was kept), so a new deal was started.",
        "other-tab": "The game was continued in another tab: this view was updated.",
        "update-ready": "A new version is ready – refresh the page.",
        "install": "Install",
        "rules": "Rules",
        "examples": "Examples",
        "update": "Refresh",
    },
}

LANGUAGE_NAMES = {"fi": "Suomi", "en": "English"}
PAGES = ("rules", "examples")


def page_file(name: str, lang: str) -> str:
    """The generated Rules and Examples pages, one per language (sitegen/pages.py)."""
    return f"{name}-{lang}.html"


def text(key: str, lang: str, **params: str) -> str:
    template = TEXTS[lang if lang in LANGUAGES else DEFAULT_LANGUAGE][key]
    return template.format(**params) if params else template


def pick_language(stored: str | None, browser: Sequence[str]) -> str:
    """A stored choice wins; else the first of fi/en in the browser's list; else Finnish."""
    if stored in LANGUAGES:
        return stored
    for tag in browser:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE
