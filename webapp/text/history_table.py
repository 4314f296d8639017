"""The words of a shared result (and of a share refused) and of the history of games, in Finnish
and English; merged into ``webapp.text.word_table.TEXTS``. The share text's templates are written out in
docs/ui-contract.md."""

from __future__ import annotations

_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
"""A date's month as the share text and the history write it: in Finnish its number (1.12.2026), in
English its short name (1 Dec 2026)."""

HISTORY_TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "share-result": "Jaa tulos",
        "share-text": "Half Moon · {deal} · {result} · {moves} · {points} · {time}\n{url}",
        "share-daily": "päivän jako {date}",
        "share-time-mark": ".",
        "share-date": "{day}.{month}.{year}",
        "share-won": "voitettu",
        "share-dead-end": "umpikuja",
        "share-playing": "kesken",
        "share-moves-one": "1 siirto",
        "share-moves": "{count} siirtoa",
        "share-points-one": "1 piste",
        "share-points": "{count} pistettä",
        "result-shared": "Tulos jaettu.",
        "result-copied": "Tulos kopioitu leikepöydälle.",
        "result-not-copied": "Tulosta ei voitu kopioida leikepöydälle.",
        "result-copied-instead": "Jakaminen ei ollut käytettävissä, joten tulos kopioitiin leikepöydälle.",
        "link-copied-instead": "Jakaminen ei ollut käytettävissä, joten linkki kopioitiin leikepöydälle.",
        "history": "Pelatut pelit",
        "history-cap": "Viimeiset {count} päättynyttä peliä säilytetään tällä laitteella.",
        "history-none": "Ei vielä päättyneitä pelejä.",
        "history-date": "Päivä",
        "history-result": "Tulos",
        "history-replay": "Katso",
        "history-replay-label": "Katso uusinta: {deal}, {date}",
        "history-play": "Pelaa",
        "history-play-label": "Pelaa jako: {deal}",
        "history-restored": "Tallennettua pelihistoriaa ei voitu käyttää, joten se aloitettiin tyhjästä. Syy: {reason}",
        "history-newer": "{reason} Tämä sivu ei näytä sitä eikä kirjaa siihen mitään ennen kuin se päivitetään.",
        "history-backed-up": (
            "Tallennettua pelihistoriaa ei voitu käyttää, joten se siirrettiin varmuuskopioksi ja aloitettiin "
            "tyhjästä. Syy: {reason}"
        ),
        "history-held": (
            "Tallennettua pelihistoriaa ei voitu käyttää eikä varmuuskopioida, joten se jätettiin paikalleen: tämä "
            "sivu ei kirjaa siihen mitään. Syy: {reason}"
        ),
        "history-not-recorded": (
            "Peli kirjattiin tilastoihin, mutta sitä ei voitu lisätä pelihistoriaan: selaimen tallennustila ei ole "
            "käytettävissä tai se on täynnä."
        ),
        "error-history-format": "Pelihistoria ei ole Half Moonin pelihistoria.",
        "error-history-version": "Pelihistorian versio {version} on tuntematon.",
        "error-history-newer": "Pelihistorian on tehnyt Half Moonin uudempi versio ({version}).",
        "error-history-newer.unknown-field": (
            "Pelihistoriassa on kenttä, jota tämä Half Moonin versio ei tunne ({field}): sen on tehnyt uudempi versio."
        ),
        "error-history-field": "Pelihistorian kenttä {field} ei kelpaa.",
        "error-history-field.missing": "Pelihistoriasta puuttuu kenttä {field}.",
        "error-history-field.wrong-type": "Pelihistorian kentän {field} arvo on väärää tyyppiä.",
        "error-history-field.game-shape": (
            "Pelihistorian peli {number} (vanhimmasta lukien) ei ole seitsemän arvon luettelo."
        ),
        "error-history-field.game-wrong-type": (
            "Pelihistorian pelin {number} (vanhimmasta lukien) kentän {field} arvo on väärää tyyppiä."
        ),
        "error-history-inconsistent": "Pelihistorian tiedot eivät täsmää.",
        "error-history-inconsistent.too-long": "Pelihistoriassa on enemmän pelejä kuin siihen mahtuu.",
        "error-history-inconsistent.duplicate": (
            "Pelihistoriassa on sama peli kahdesti (toisen kerran pelinä {number} vanhimmasta lukien)."
        ),
        "error-history-inconsistent.bad-game": (
            "Pelihistoriassa on peli, jonka jako tai siirrot eivät kelpaa (peli {number} vanhimmasta lukien, "
            "kenttä {field})."
        ),
        "error-history-inconsistent.bad-date": (
            "Pelihistoriassa on peli päivältä, jota ei ole (peli {number} vanhimmasta lukien, kenttä {field})."
        ),
        "error-history-inconsistent.bad-result": (
            "Pelihistoriassa on peli, jonka tulos ei täsmää (peli {number} vanhimmasta lukien, kenttä {field})."
        ),
        **{f"share-month-{n}": str(n) for n in range(1, 13)},
    },
    "en": {
        "share-result": "Share result",
        "share-text": "Half Moon · {deal} · {result} · {moves} · {points} · {time}\n{url}",
        "share-daily": "daily {date}",
        "share-time-mark": ":",
        "share-date": "{day} {month} {year}",
        "share-won": "won",
        "share-dead-end": "dead end",
        "share-playing": "unfinished",
        "share-moves-one": "1 move",
        "share-moves": "{count} moves",
        "share-points-one": "1 point",
        "share-points": "{count} points",
        "result-shared": "Result shared.",
        "result-copied": "Result copied to the clipboard.",
        "result-not-copied": "The result could not be copied to the clipboard.",
        "result-copied-instead": "Sharing was not available, so the result was copied to the clipboard.",
        "link-copied-instead": "Sharing was not available, so the link was copied to the clipboard.",
        "history": "Finished games",
        "history-cap": "The latest {count} finished games are kept on this device.",
        "history-none": "No finished games yet.",
        "history-date": "Date",
        "history-result": "Result",
        "history-replay": "Replay",
        "history-replay-label": "Replay: {deal}, {date}",
        "history-play": "Play",
        "history-play-label": "Play the deal: {deal}",
        "history-restored": "The stored history of games could not be used, so it starts afresh. Why: {reason}",
        "history-newer": "{reason} This page neither shows it nor records anything in it until it is refreshed.",
        "history-backed-up": (
            "The stored history of games could not be used, so it was moved to a backup and starts afresh. "
            "Why: {reason}"
        ),
        "history-held": (
            "The stored history of games could not be used nor backed up, so it was left in place: this page "
            "records nothing in it. Why: {reason}"
        ),
        "history-not-recorded": (
            "The game was recorded in the statistics but could not be added to the history of games: the "
            "browser's storage is unavailable or full."
        ),
        "error-history-format": "The history of games is not a Half Moon history.",
        "error-history-version": "The history of games has an unknown version {version}.",
        "error-history-newer": "The history of games was made by a newer version of Half Moon ({version}).",
        "error-history-newer.unknown-field": (
            "The history of games has a field this version of Half Moon does not know ({field}): a newer version "
            "made it."
        ),
        "error-history-field": "The history of games' field {field} is not valid.",
        "error-history-field.missing": "The history of games has no field {field}.",
        "error-history-field.wrong-type": "The history of games' field {field} has a value of the wrong type.",
        "error-history-field.game-shape": (
            "Game {number} of the history (counted from the oldest) is not a list of seven values."
        ),
        "error-history-field.game-wrong-type": (
            "Game {number} of the history (counted from the oldest) has a value of the wrong type in its field {field}."
        ),
        "error-history-inconsistent": "The history of games does not add up.",
        "error-history-inconsistent.too-long": "The history holds more games than it can.",
        "error-history-inconsistent.duplicate": (
            "The history holds the same game twice (the second time as game {number}, counted from the oldest)."
        ),
        "error-history-inconsistent.bad-game": (
            "The history holds a game whose deal or moves are not valid (game {number} counted from the oldest, "
            "field {field})."
        ),
        "error-history-inconsistent.bad-date": (
            "The history holds a game of a date that does not exist (game {number} counted from the oldest, "
            "field {field})."
        ),
        "error-history-inconsistent.bad-result": (
            "The history holds a game whose result does not add up (game {number} counted from the oldest, "
            "field {field})."
        ),
        **{f"share-month-{n}": name for n, name in enumerate(_MONTHS_EN, start=1)},
    },
}
