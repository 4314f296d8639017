"""The statistics' words, Finnish and English: the errors of a record that cannot be read, the chart
and the calendar. Part of the page's one word table (webapp/text/word_table.py ``TEXTS``)."""

from __future__ import annotations

STATS_TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "error-stats": "Tilastoja ei voi lukea ({reason}).",
        "error-stats-format": "Tiedosto ei ole Half Moonin tilastotiedosto.",
        "error-stats-field": "Tilastotiedoston kenttä {field} ei kelpaa.",
        "error-stats-field.wrong-type": "Tilastotiedoston kentän {field} arvo on väärää tyyppiä.",
        "error-stats-field.missing": "Tilastotiedostosta puuttuu kenttä {field}.",
        "error-stats-version": "Tilastotiedoston versio {version} on tuntematon.",
        "error-stats-newer": "Tilastot on tehnyt Half Moonin uudempi versio ({version}).",
        "error-stats-newer.unknown-field": (
            "Tilastoissa on kenttä, jota tämä Half Moonin versio ei tunne ({field}): ne on tehnyt uudempi versio."
        ),
        "stats-backed-up": (
            "Tallennettuja tilastoja ei voitu käyttää, joten ne siirrettiin varmuuskopioksi ja aloitettiin tyhjästä. "
            "Syy: {reason}"
        ),
        "stats-held": (
            "Tallennettuja tilastoja ei voitu käyttää eikä varmuuskopioida, joten ne jätettiin paikalleen: tämä sivu "
            "ei kirjaa niihin mitään. Syy: {reason}"
        ),
        "error-stats-future": "Tilastotiedostossa on voitettu päivän jako tulevalta päivältä ({date}): sitä ei tuoda.",
        "error-stats-inconsistent": "Tilastotiedoston luvut eivät täsmää keskenään ({reason}).",
        "error-stats-inconsistent.negative-figure": (
            "Tilastotiedoston luvut eivät täsmää: kentässä {field} on negatiivinen luku."
        ),
        "error-stats-inconsistent.figure-too-large": (
            "Tilastotiedoston luvut eivät täsmää: kentässä {field} on uskomattoman suuri luku."
        ),
        "error-stats-inconsistent.won-exceeds-played": (
            "Tilastotiedoston luvut eivät täsmää: voitettuja on enemmän kuin pelattuja."
        ),
        "error-stats-inconsistent.finished-exceeds-played": (
            "Tilastotiedoston luvut eivät täsmää: päättyneitä pelejä on enemmän kuin pelattuja."
        ),
        "error-stats-inconsistent.won-exceeds-finished": (
            "Tilastotiedoston luvut eivät täsmää: voitettuja on enemmän kuin päättyneitä."
        ),
        "error-stats-inconsistent.streak-exceeds-best": (
            "Tilastotiedoston luvut eivät täsmää: nykyinen putki on parasta putkea pidempi."
        ),
        "error-stats-inconsistent.best-streak-exceeds-won": (
            "Tilastotiedoston luvut eivät täsmää: paras putki on pidempi kuin voitettujen pelien määrä."
        ),
        "error-stats-inconsistent.score-exceeds-finished": (
            "Tilastotiedoston luvut eivät täsmää: pisteitä on enemmän kuin päättyneistä peleistä voi saada."
        ),
        "error-stats-inconsistent.fastest-without-win": (
            "Tilastotiedoston luvut eivät täsmää: nopein voitto on merkitty, vaikka yhtään peliä ei ole voitettu."
        ),
        "error-stats-inconsistent.daily-not-a-date": (
            "Tilastotiedoston luvut eivät täsmää: voitettu päivän jako on päivältä, jota ei ole."
        ),
        "error-stats-inconsistent.daily-unsorted": (
            "Tilastotiedoston luvut eivät täsmää: voitettujen päivän jakojen päivät eivät ole järjestyksessä tai "
            "sama päivä toistuu."
        ),
        "error-stats-inconsistent.daily-exceeds-won": (
            "Tilastotiedoston luvut eivät täsmää: voitettuja päivän jakoja on enemmän kuin voitettuja pelejä."
        ),
        "error-stats-inconsistent.recent-too-long": (
            "Tilastotiedoston luvut eivät täsmää: viimeisten pelien luettelo on liian pitkä."
        ),
        "error-stats-inconsistent.recent-exceeds-finished": (
            "Tilastotiedoston luvut eivät täsmää: viimeisiä pelejä on enemmän kuin päättyneitä pelejä."
        ),
        "error-stats-inconsistent.recent-exceeds-won": (
            "Tilastotiedoston luvut eivät täsmää: viimeisissä peleissä on enemmän voittoja kuin voitettuja pelejä."
        ),
        "error-stats-inconsistent.recent-exceeds-not-won": (
            "Tilastotiedoston luvut eivät täsmää: viimeisissä peleissä on enemmän voittamattomia kuin "
            "päättyneissä peleissä."
        ),
        "error-stats-inconsistent.streak-disagrees-with-recent": (
            "Tilastotiedoston luvut eivät täsmää: voittoputki ei vastaa viimeisiä pelejä."
        ),
        "error-stats-inconsistent.seen-too-long": (
            "Tilastotiedoston luvut eivät täsmää: pelien tunnisteiden luettelo on liian pitkä."
        ),
        "error-stats-inconsistent.seen-exceeds-played": (
            "Tilastotiedoston luvut eivät täsmää: pelien tunnisteita on enemmän kuin pelattuja pelejä."
        ),
        "error-stats-inconsistent.seen-duplicate": (
            "Tilastotiedoston luvut eivät täsmää: sama peli on kirjattu kahdesti."
        ),
        "error-stats-inconsistent.bad-code": (
            "Tilastotiedoston luvut eivät täsmää: pelin tunnisteessa on kelvoton jaon koodi."
        ),
        "error-stats-inconsistent.bad-time": (
            "Tilastotiedoston luvut eivät täsmää: pelin tunnisteessa on kelvoton aika."
        ),
        "calendar-caption": "Päivän jaot, {month} {year}",
        "calendar-won": "voitettu",
        "weekday-1": "maanantai",
        "weekday-short-1": "ma",
        "weekday-2": "tiistai",
        "weekday-short-2": "ti",
        "weekday-3": "keskiviikko",
        "weekday-short-3": "ke",
        "weekday-4": "torstai",
        "weekday-short-4": "to",
        "weekday-5": "perjantai",
        "weekday-short-5": "pe",
        "weekday-6": "lauantai",
        "weekday-short-6": "la",
        "weekday-7": "sunnuntai",
        "weekday-short-7": "su",
        "month-1": "tammikuu",
        "month-2": "helmikuu",
        "month-3": "maaliskuu",
        "month-4": "huhtikuu",
        "month-5": "toukokuu",
        "month-6": "kesäkuu",
        "month-7": "heinäkuu",
        "month-8": "elokuu",
        "month-9": "syyskuu",
        "month-10": "lokakuu",
        "month-11": "marraskuu",
        "month-12": "joulukuu",
        "chart-none": "Ei vielä päättyneitä pelejä",
        "chart-won": "voitettu",
        "chart-not-won": "ei voitettu",
        "chart-height": "korkeus = aika",
        "chart-games-one": "Viimeisin peli",
        "chart-games": "Viimeiset {count} peliä",
        "chart-wins-one": "1 voitto",
        "chart-wins": "{won} voittoa",
        "chart-summary": "{games}: {wins}, {lost} ei voittoa",
        "chart-points-one": "1 piste",
        "chart-points": "{score} pistettä",
        "chart-bar": "Peli {number}: {outcome}, aika {time}, {points}",
    },
    "en": {
        "error-stats": "The statistics cannot be read ({reason}).",
        "error-stats-format": "This is not a Half Moon statistics file.",
        "error-stats-field": "The statistics file's field {field} is not valid.",
        "error-stats-field.wrong-type": "The statistics file's field {field} has a value of the wrong type.",
        "error-stats-field.missing": "The statistics file has no field {field}.",
        "error-stats-version": "The statistics file's version {version} is unknown.",
        "error-stats-newer": "The statistics were made by a newer version of Half Moon ({version}).",
        "error-stats-newer.unknown-field": (
            "The statistics have a field this version of Half Moon does not know ({field}): a newer version made them."
        ),
        "stats-backed-up": (
            "The stored statistics could not be used, so they were moved to a backup and start afresh. Why: {reason}"
        ),
        "stats-held": (
            "The stored statistics could not be used nor backed up, so they were left in place: this page records "
            "nothing in them. Why: {reason}"
        ),
        "error-stats-future": "The statistics file has a daily deal won on a future date ({date}): it is not imported.",
        "error-stats-inconsistent": "The figures of the statistics file do not agree ({reason}).",
        "error-stats-inconsistent.negative-figure": (
            "The figures of the statistics file do not agree: the field {field} has a negative figure."
        ),
        "error-stats-inconsistent.figure-too-large": (
            "The figures of the statistics file do not agree: the field {field} has an unbelievably large figure."
        ),
        "error-stats-inconsistent.won-exceeds-played": (
            "The figures of the statistics file do not agree: more games won than played."
        ),
        "error-stats-inconsistent.finished-exceeds-played": (
            "The figures of the statistics file do not agree: more games finished than played."
        ),
        "error-stats-inconsistent.won-exceeds-finished": (
            "The figures of the statistics file do not agree: more games won than finished."
        ),
        "error-stats-inconsistent.streak-exceeds-best": (
            "The figures of the statistics file do not agree: the current streak is longer than the best streak."
        ),
        "error-stats-inconsistent.best-streak-exceeds-won": (
            "The figures of the statistics file do not agree: the best streak is longer than the number of games won."
        ),
        "error-stats-inconsistent.score-exceeds-finished": (
            "The figures of the statistics file do not agree: more points than the finished games can score."
        ),
        "error-stats-inconsistent.fastest-without-win": (
            "The figures of the statistics file do not agree: a fastest win although no game was won."
        ),
        "error-stats-inconsistent.daily-not-a-date": (
            "The figures of the statistics file do not agree: a daily deal won on a date that does not exist."
        ),
        "error-stats-inconsistent.daily-unsorted": (
            "The figures of the statistics file do not agree: the dates of the daily deals won are out of order "
            "or repeated."
        ),
        "error-stats-inconsistent.daily-exceeds-won": (
            "The figures of the statistics file do not agree: more daily deals won than games won."
        ),
        "error-stats-inconsistent.recent-too-long": (
            "The figures of the statistics file do not agree: the list of recent games is too long."
        ),
        "error-stats-inconsistent.recent-exceeds-finished": (
            "The figures of the statistics file do not agree: more recent games than finished games."
        ),
        "error-stats-inconsistent.recent-exceeds-won": (
            "The figures of the statistics file do not agree: more wins among the recent games than won."
        ),
        "error-stats-inconsistent.recent-exceeds-not-won": (
            "The figures of the statistics file do not agree: more games not won among the recent games than in "
            "all finished games."
        ),
        "error-stats-inconsistent.streak-disagrees-with-recent": (
            "The figures of the statistics file do not agree: the streak does not match the recent games."
        ),
        "error-stats-inconsistent.seen-too-long": (
            "The figures of the statistics file do not agree: the list of game identities is too long."
        ),
        "error-stats-inconsistent.seen-exceeds-played": (
            "The figures of the statistics file do not agree: more game identities than games played."
        ),
        "error-stats-inconsistent.seen-duplicate": (
            "The figures of the statistics file do not agree: the same game is recorded twice."
        ),
        "error-stats-inconsistent.bad-code": (
            "The figures of the statistics file do not agree: a game identity has an invalid deal code."
        ),
        "error-stats-inconsistent.bad-time": (
            "The figures of the statistics file do not agree: a game identity has an invalid time."
        ),
        "calendar-caption": "Daily deals, {month} {year}",
        "calendar-won": "won",
        "weekday-1": "Monday",
        "weekday-short-1": "Mon",
        "weekday-2": "Tuesday",
        "weekday-short-2": "Tue",
        "weekday-3": "Wednesday",
        "weekday-short-3": "Wed",
        "weekday-4": "Thursday",
        "weekday-short-4": "Thu",
        "weekday-5": "Friday",
        "weekday-short-5": "Fri",
        "weekday-6": "Saturday",
        "weekday-short-6": "Sat",
        "weekday-7": "Sunday",
        "weekday-short-7": "Sun",
        "month-1": "January",
        "month-2": "February",
        "month-3": "March",
        "month-4": "April",
        "month-5": "May",
        "month-6": "June",
        "month-7": "July",
        "month-8": "August",
        "month-9": "September",
        "month-10": "October",
        "month-11": "November",
        "month-12": "December",
        "chart-none": "No finished games yet",
        "chart-won": "won",
        "chart-not-won": "not won",
        "chart-height": "height = time",
        "chart-games-one": "Last game",
        "chart-games": "Last {count} games",
        "chart-wins-one": "1 won",
        "chart-wins": "{won} won",
        "chart-summary": "{games}: {wins}, {lost} not won",
        "chart-points-one": "1 point",
        "chart-points": "{score} points",
        "chart-bar": "Game {number}: {outcome}, time {time}, {points}",
    },
}
