"""Everything the engine says, in Finnish (the words of the user's rules page) and English.

Words are made when they are shown, never stored: errors and reports carry keys and values, and
these functions turn them into text in the language asked for. Every table here and in the page
(``webapp.strings``) has the same shape: ``TEXTS[lang][key]``, a template with ``{name}`` fields.

Finnish card names follow the user's page: "hertta-7", "herttaässä", "ristisotilas", "herttakuningas";
faces are shown as V, D, R (deal-codes.md "Card text").
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import ACE, JACK, KING, QUEEN, Card, Place, Suit
from .deal import DEAL_COUNT
from .errors import ECHO_CHARS, HalfMoonError
from .moves import WON_MOVES, DeadEndReport

LANGUAGES = ("fi", "en")
DEFAULT_LANGUAGE = "fi"

_FI_SUITS = {Suit.CLUBS: "risti", Suit.DIAMONDS: "ruutu", Suit.HEARTS: "hertta", Suit.SPADES: "pata"}
_EN_SUITS = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
_FI_RANK_WORDS = {ACE: "ässä", JACK: "sotilas", QUEEN: "rouva", KING: "kuningas"}
_EN_RANK_WORDS = {ACE: "ace", JACK: "jack", QUEEN: "queen", KING: "king"}
_SHORT_RANKS = {
    "fi": {ACE: "A", JACK: "V", QUEEN: "D", KING: "R"},
    "en": {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"},
}


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def card_name(card: Card, lang: str) -> str:
    """The card in words: "hertta-7", "ristisotilas" / "7 of hearts", "jack of clubs"."""
    if _lang(lang) == "fi":
        suit = _FI_SUITS[card.suit]
        word = _FI_RANK_WORDS.get(card.rank)
        return f"{suit}{word}" if word else f"{suit}-{card.rank}"
    rank = _EN_RANK_WORDS.get(card.rank, str(card.rank))
    return f"{rank} of {_EN_SUITS[card.suit]}"


def card_short(card: Card, lang: str) -> str:
    """The card as the player sees it: 10♥, A♣, and V♣ D♥ R♥ in Finnish or J♣ Q♥ K♥ in English."""
    return rank_short(card.rank, lang) + card.suit.symbol


def rank_short(rank: int, lang: str) -> str:
    return _SHORT_RANKS[_lang(lang)].get(rank, str(rank))


def place_name(place: Place, lang: str) -> str:
    """Names a place: "pino 1" / "pile 1"; the reserve slots are "varanto R1" / "reserve R1"."""
    fi = _lang(lang) == "fi"
    if place.is_pile:
        return f"{'pino' if fi else 'pile'} {place.number}"
    return f"{'varanto' if fi else 'reserve'} {place}"


def count_text(count: int, lang: str) -> str:
    if _lang(lang) == "fi":
        return "1 kortti" if count == 1 else f"{count} korttia"
    return "1 card" if count == 1 else f"{count} cards"


def place_label(place: Place, card: Card | None, count: int, lang: str) -> str:
    """A place's accessible name (docs/ui-contract.md): what is drawn, then the words.

    "7♥, hertta-7, pino 1, 7 korttia" / "7♥, 7 of hearts, pile 1, 7 cards"; the drawn text comes
    first so that the name contains the label a sighted player sees (WCAG 2.5.3). An empty place
    says so.
    """
    if card is None:
        return f"{place_name(place, lang)}, {text('empty', lang)}"
    return f"{card_short(card, lang)}, {card_name(card, lang)}, {place_name(place, lang)}, {count_text(count, lang)}"


def place_description(place: Place, card: Card | None, count: int, lang: str) -> str:
    """One place in the text-alternative style of R1.5: "pino 1: 7 korttia, päällimmäisenä hertta-7"."""
    name = place_name(place, lang)
    if card is None:
        return f"{name}: {text('empty', lang)}"
    return f"{name}: {count_text(count, lang)}, {text('top-card', lang)} {card_name(card, lang)}"


def layout_description(places: Iterable[tuple[Place, Card | None, int]], lang: str) -> str:
    """The whole table as a text alternative (R1.5): each place as (place, top card, count), joined by "; "."""
    return "; ".join(place_description(place, card, count, lang) for place, card, count in places)


def join_words(items: list[str], conjunction: str) -> str:
    """Joins "2, 5 and 8": items joined with commas and the given word before the last."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


_FACE_WORDS = {
    "fi": {JACK: "sotilas", QUEEN: "rouva", KING: "kuningas"},
    "en": {JACK: "jack", QUEEN: "queen", KING: "king"},
}


def dead_end_text(report: DeadEndReport, lang: str) -> str:
    """R6.2 explained: which values lack a partner and which faces are absent for a trio."""
    fi = _lang(lang) == "fi"
    values = [rank_short(v, lang) for v in report.values]
    partners = [rank_short(v, lang) for v in report.partners]
    faces = [_FACE_WORDS[_lang(lang)][r] for r in report.faces_missing]
    if fi:
        pair = (
            f"Ei paria, jonka summa on 11: pelattavissa on {join_words(values, 'ja')}, "
            f"mutta ei {join_words(partners, 'eikä')}."
            if values
            else "Ei paria: yhtään numerokorttia ei ole pelattavissa."
        )
        verb = "puuttuu" if len(faces) == 1 else "puuttuvat"
        trio = f"Ei kolmikkoa: {join_words(faces, 'ja')} {verb}."
        return f"Umpikuja. {pair} {trio}"
    verb = "is" if len(values) == 1 else "are"
    pair = (
        f"No pair sums to 11: {join_words(values, 'and')} {verb} playable, but no {join_words(partners, 'or')}."
        if values
        else "No pair: no number card is playable."
    )
    trio = f"No trio: no {join_words(faces, 'or')} is playable."
    return f"Dead end. {pair} {trio}"


TEXTS: dict[str, dict[str, str]] = {
    "fi": {
        "cli-help": "Kirjoita kaksi tai kolme paikkaa (p1 p8, P8+P5+P3); u kumoa, r tee uudelleen, restart, q lopeta.",
        "cli-move": "siirto {number} ({move})",
        "cli-cannot-read": "tiedostoa {path} ei voi lukea: {error}",
        "empty": "tyhjä",
        "top-card": "päällimmäisenä",
        "figures": "pisteet {score}, siirrot {moves}, tila: {status}",
        "status-playing": "peli käynnissä",
        "status-won": "voitettu",
        "status-dead-end": "umpikuja",
        "error": "Virhe.",
        "notation": "Tekstiä ei voi lukea.",
        "card-text": "”{text}” ei ole kortti (esim. 7H, TD, QS).",
        "place-text": "”{text}” ei ole paikka (P1–P12 tai R1–R8).",
        "move-text": "”{text}” ei ole siirto: kirjoita kaksi tai kolme eri paikkaa, esim. P1+P8 tai p8 p5 p3.",
        "move-place": "”{text}” ei ole siirto: ”{place}” ei ole paikka (P1–P12 tai R1–R8).",
        "move-repeat": "”{text}” ei ole siirto: paikka {place} on mainittu kahdesti.",
        "layout": "Asetelma ei kelpaa: {reason}.",
        "record-text": "Tietue ei kelpaa: {reason}.",
        "code": "Koodia ”{text}” ei voi lukea.",
        "code-empty": "Kirjoita jaon koodi, esimerkiksi HM1-N-AAAAAAB.",
        "code-shape": "”{text}” ei ole jaon koodi: muoto on HM1-N- ja seitsemän kirjainta tai HM1-D- ja päivämäärä.",
        "code-version": "Tuntematon koodin versio ”{version}”: vain HM1 tunnetaan.",
        "code-kind": "Tuntematon jaon laji ”{kind}”: vain N (numeroitu) ja D (päivän jako) tunnetaan.",
        "code-length": "Koodin lopussa on oltava 7 kirjainta, nyt {length}.",
        "code-character": "Koodissa on merkki ”{char}”: vain kirjaimet A–Z käyvät.",
        "daily-digits": "Päivän jaon koodin lopussa on oltava kahdeksan numeroa 0–9 (VVVVKKPP).",
        "daily-date": "Päivämäärää ”{text}” ei ole olemassa.",
        "daily-year": "Päivän jaot alkavat 1.1.2000.",
        "deal-number": "Jaon numero {number} ei ole välillä 0–{last_deal}.",
        "save": "Tallennettu peli ei kelpaa.",
        "save-foreign": "Tallennettu tieto ei ole Half Moon -peli: {reason}.",
        "save-version": "Tallennetun pelin versio {version} on tuntematon.",
        "save-newer": "Pelin on tallentanut Half Moonin uudempi versio ({version}).",
        "save-field": "Tallennetun pelin kenttä ”{field}” ei kelpaa.",
        "save-field-missing": "Tallennetusta pelistä puuttuu kenttä ”{field}”.",
        "save-field-unknown": "Tallennetussa pelissä on kenttä, jota sen versiossa ei ole: ”{field}”.",
        "save-move": "Tallennetun pelin siirto {number} ({move}) ei käy: {reason}",
        "line-text": "Siirtosarjan siirtoa {number} ({move}) ei voi lukea: {reason}",
        "line-length": "Siirtosarja on liian pitkä: voitetussa pelissä on {won_moves} siirtoa, pisteellä erotettuina.",
        "line-move": "Siirtosarjan siirto {number} ({move}) ei käy: {reason}",
        "rule": "Säännöt eivät salli tätä.",
        "move": "Siirto ei ole sallittu.",
        "move-empty": "Paikka {place} on tyhjä.",
        "sum-not-11": "Summan on oltava 11",
        "trio-needed": "Tarvitaan sotilas, rouva ja kuningas",
        "move-game-over": "Peli on jo voitettu.",
        "nothing-to-undo": "Ei kumottavaa siirtoa.",
        "nothing-to-redo": "Ei uudelleen tehtävää siirtoa.",
        "reason-too-long": "liian pitkä",
        "reason-too-deep": "liian syvälle sisäkkäinen",
        "reason-not-text": "ei tekstiä",
        "reason-not-json": "ei JSON-muotoa",
        "reason-not-object": "ei tietuetta",
        "reason-format": "tuntematon muoto",
        "reason-no-code": "asetelmasta tehtyä peliä ei tallenneta",
        "reason-shape": "pinoja on 12 ja varantopaikkoja 8",
        "reason-pile-too-high": "pinossa on enintään 8 korttia",
        "reason-card-thrice": "kahdessa pakassa on kutakin korttia enintään kaksi",
    },
    "en": {
        "cli-help": "Type two or three places (p1 p8, P8+P5+P3); u undo, r redo, restart, q quit.",
        "cli-move": "move {number} ({move})",
        "cli-cannot-read": "cannot read {path}: {error}",
        "empty": "empty",
        "top-card": "top card",
        "figures": "score {score}, moves {moves}, status: {status}",
        "status-playing": "playing",
        "status-won": "won",
        "status-dead-end": "dead end",
        "error": "Error.",
        "notation": "The text cannot be read.",
        "card-text": "“{text}” is not a card (e.g. 7H, TD, QS).",
        "place-text": "“{text}” is not a place (P1–P12 or R1–R8).",
        "move-text": "“{text}” is not a move: write two or three different places, e.g. P1+P8 or p8 p5 p3.",
        "move-place": "“{text}” is not a move: “{place}” is not a place (P1–P12 or R1–R8).",
        "move-repeat": "“{text}” is not a move: {place} is named twice.",
        "layout": "The layout is not valid: {reason}.",
        "record-text": "The record is not valid: {reason}.",
        "code": "The code “{text}” cannot be read.",
        "code-empty": "Type a deal code, for example HM1-N-AAAAAAB.",
        "code-shape": "“{text}” is not a deal code: it is HM1-N- and seven letters, or HM1-D- and a date.",
        "code-version": "Unknown code version “{version}”: only HM1 is known.",
        "code-kind": "Unknown kind of deal “{kind}”: only N (numbered) and D (daily) are known.",
        "code-length": "The code must end in 7 letters, not {length}.",
        "code-character": "The code has the character “{char}”: only letters A–Z are allowed.",
        "daily-digits": "A daily code must end in eight digits 0–9 (YYYYMMDD): not eight digits.",
        "daily-date": "There is no such date as “{text}”.",
        "daily-year": "Daily deals start on 1 January 2000.",
        "deal-number": "Deal number {number} is not in 0–{last_deal}.",
        "save": "The saved game is not valid.",
        "save-foreign": "The stored data is not a Half Moon game: {reason}.",
        "save-version": "The saved game's version {version} is unknown.",
        "save-newer": "A newer version of Half Moon saved the game ({version}).",
        "save-field": "The saved game's field “{field}” is not valid.",
        "save-field-missing": "The saved game has no field “{field}”.",
        "save-field-unknown": "The saved game has a field its version does not have: “{field}”.",
        "save-move": "Move {number} ({move}) of the saved game does not work: {reason}",
        "line-text": "Move {number} ({move}) of the line cannot be read: {reason}",
        "line-length": "The line is too long: a won game is {won_moves} moves, one dot between them.",
        "line-move": "Move {number} ({move}) of the line does not work: {reason}",
        "rule": "The rules do not allow this.",
        "move": "That move is not allowed.",
        "move-empty": "Place {place} is empty.",
        "sum-not-11": "The sum must be 11",
        "trio-needed": "A jack, a queen and a king are needed",
        "move-game-over": "The game is already won.",
        "nothing-to-undo": "There is no move to undo.",
        "nothing-to-redo": "There is no move to redo.",
        "reason-too-long": "too long",
        "reason-too-deep": "nested too deeply",
        "reason-not-text": "not text",
        "reason-not-json": "not JSON",
        "reason-not-object": "not a record",
        "reason-format": "an unknown format",
        "reason-no-code": "a game from a layout is not saved",
        "reason-shape": "there are 12 piles and 8 reserve slots",
        "reason-pile-too-high": "a pile holds at most 8 cards",
        "reason-card-thrice": "two decks hold each card twice at most",
    },
}


def text(key: str, lang: str, **params: object) -> str:
    """The words for ``key`` in ``lang`` (Finnish when the language is unknown), parameters filled in."""
    template = TEXTS[_lang(lang)][key]
    return template.format(**params) if params else template


FACTS = {"last_deal": DEAL_COUNT - 1, "won_moves": WON_MOVES}
"""Figures the messages state, from their one owner in the engine."""


def error_text(error: HalfMoonError, lang: str) -> str:
    """What an engine error says, in Finnish or English. A parameter that is itself an error (the
    reason a saved move fails) and a reason key are put into words too."""
    params: dict[str, object] = {}
    for name, value in error.params.items():
        if isinstance(value, HalfMoonError):
            value = error_text(value, lang)
        elif name == "reason":
            value = text(f"reason-{value}", lang)
        elif isinstance(value, str):  # echoed input (text, move, version, kind …): never long
            value = shorten(value)
        params[name] = value
    table = TEXTS[_lang(lang)]
    return table.get(error.key, table["error"]).format(**params, **FACTS)


def shorten(echoed: str, limit: int = ECHO_CHARS) -> str:
    """Echoed input is cut, so that a 6 000-character code never becomes a 6 000-character message."""
    return echoed if len(echoed) <= limit else echoed[: limit - 1] + "…"
