"""The words of the statistics dialog, in Finnish and English: its figures' names, its commands (export,
import, reset, keep safe) and what is said of them and of recording a game; the record's errors, chart
and calendar are in webapp/text/stats_table.py. Merged into ``webapp.text.word_table.TEXTS``."""

from __future__ import annotations

STATS_DIALOG_TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "stats-storage": "Tallennus",
        "stats-storage-kept": "pysyvä",
        "stats-storage-may-clear": "selain voi tyhjentää sen",
        "stats-persist": "Pidä tallessa",
        "stats-persisted": "Selain säilyttää nyt tämän sivuston tiedot, myös tilastot.",
        "stats-not-persisted": "Selain ei luvannut säilyttää tietoja: vie tilastot tiedostoon varmuuden vuoksi.",
        "stats-not-saved": (
            "Tilastoja ei voitu tallentaa: selaimen tallennustila ei ole käytettävissä tai se on täynnä. "
            "Aiemmat tilastot ovat ennallaan."
        ),
        "stats-not-recorded": (
            "Peliä ei voitu kirjata tilastoihin: selaimen tallennustila ei ole käytettävissä tai se on täynnä."
        ),
        "stats": "Tilastot",
        "stats-export": "Vie tilastot",
        "stats-import": "Tuo tilastot",
        "stats-reset": "Nollaa tilastot",
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
        "confirm-stats-import": "Korvataanko tämän laitteen tilastot tiedoston tilastoilla?",
        "confirm-stats-reset": "Nollataanko kaikki tilastot? Tätä ei voi perua.",
        "stats-imported": "Tilastot tuotiin tiedostosta.",
        "stats-cleared": "Tilastot nollattiin.",
        "bad-stats-file": "Tilastoja ei tuotu, mikään ei muuttunut: {reason}",
        "stats-restored": "Tallennettuja tilastoja ei voitu käyttää, joten aloitettiin tyhjästä. Syy: {reason}",
        "stats-newer": "{reason} Ne näytetään, mutta tämä sivu ei kirjaa niihin mitään ennen kuin se päivitetään.",
    },
    "en": {
        "stats-storage": "Storage",
        "stats-storage-kept": "kept",
        "stats-storage-may-clear": "the browser may clear it",
        "stats-persist": "Keep safe",
        "stats-persisted": "The browser now keeps this site's data, the statistics included.",
        "stats-not-persisted": (
            "The browser did not promise to keep the data: export the statistics to a file to be safe."
        ),
        "stats-not-saved": (
            "The statistics could not be stored: the browser's storage is unavailable or full. "
            "The previous statistics are unchanged."
        ),
        "stats-not-recorded": (
            "The game could not be recorded in the statistics: the browser's storage is unavailable or full."
        ),
        "stats": "Statistics",
        "stats-export": "Export statistics",
        "stats-import": "Import statistics",
        "stats-reset": "Reset statistics",
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
        "confirm-stats-import": "Replace this device's statistics with those of the file?",
        "confirm-stats-reset": "Reset all statistics? This cannot be undone.",
        "stats-imported": "The statistics were imported from the file.",
        "stats-cleared": "The statistics were reset.",
        "bad-stats-file": "The statistics were not imported, nothing changed: {reason}",
        "stats-restored": "The stored statistics could not be used, so they start afresh. Why: {reason}",
        "stats-newer": "{reason} They are shown, but this page records nothing in them until it is refreshed.",
    },
}
