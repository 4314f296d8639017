"""Everything the engine says, in Finnish (the seed's words) and English.

Finnish card names follow the seed: "hertta-7", "herttaässä", "ristisotilas", "herttakuningas";
faces are shown as V, D, R (deal-codes.md "Card text").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .cards import ACE, JACK, KING, PLACES, QUEEN, Card, Place, Suit

if TYPE_CHECKING:
    from .game import DeadEndReport, Game

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


def place_label(game: Game, place: Place, lang: str) -> str:
    """A place's accessible name (ui-contract.md): "hertta-7, pino 1, 7 korttia"; an empty place says so."""
    card = game.top(place)
    if card is None:
        return f"{place_name(place, lang)}, {'tyhjä' if _lang(lang) == 'fi' else 'empty'}"
    return f"{card_name(card, lang)}, {place_name(place, lang)}, {count_text(game.count(place), lang)}"


def place_description(game: Game, place: Place, lang: str) -> str:
    """One place in the seed's text-alternative style (R1.5): "pino 1: 7 korttia, päällimmäisenä hertta-7"."""
    card = game.top(place)
    name = place_name(place, lang)
    if card is None:
        return f"{name}: {'tyhjä' if _lang(lang) == 'fi' else 'empty'}"
    top = "päällimmäisenä" if _lang(lang) == "fi" else "top card"
    return f"{name}: {count_text(game.count(place), lang)}, {top} {card_name(card, lang)}"


def layout_description(game: Game, lang: str) -> str:
    """The whole table as a text alternative (R1.5), places in order, separated by "; "."""
    return "; ".join(place_description(game, p, lang) for p in PLACES)


def _join(items: list[str], conjunction: str) -> str:
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
            f"Ei paria, jonka summa on 11: pelattavissa on {_join(values, 'ja')}, mutta ei {_join(partners, 'eikä')}."
            if values
            else "Ei paria: yhtään numerokorttia ei ole pelattavissa."
        )
        verb = "puuttuu" if len(faces) == 1 else "puuttuvat"
        trio = f"Ei kolmikkoa: {_join(faces, 'ja')} {verb}."
        return f"Umpikuja. {pair} {trio}"
    verb = "is" if len(values) == 1 else "are"
    pair = (
        f"No pair sums to 11: {_join(values, 'and')} {verb} playable, but no {_join(partners, 'or')}."
        if values
        else "No pair: no number card is playable."
    )
    trio = f"No trio: no {_join(faces, 'or')} is playable."
    return f"Dead end. {pair} {trio}"


def won_text(game: Game, time_text: str, lang: str) -> str:
    """R6.1: the win, with time, score and moves."""
    if _lang(lang) == "fi":
        return f"Voitit! Aika {time_text}, {game.score} pistettä, {game.moves} siirtoa."
    return f"You won! Time {time_text}, {game.score} points, {game.moves} moves."


_MESSAGES: dict[str, dict[str, str]] = {
    "fi": {
        "error": "Virhe.",
        "card-text": "”{text}” ei ole kortti (esim. 7H, TD, QS).",
        "place-text": "”{text}” ei ole paikka (P1–P12 tai R1–R8).",
        "code": "Koodia ”{text}” ei voi lukea.",
        "code-empty": "Kirjoita jaon koodi, esimerkiksi HM1-N-AAAAAAB.",
        "code-shape": "”{text}” ei ole jaon koodi: muoto on HM1-N- ja seitsemän kirjainta.",
        "code-version": "Tuntematon koodin versio ”{version}”: vain HM1 tunnetaan.",
        "code-kind": "Tuntematon jaon laji ”{kind}”: vain N tunnetaan.",
        "code-length": "Koodin lopussa on oltava 7 kirjainta, nyt {length}.",
        "code-character": "Koodissa on merkki ”{char}”: vain kirjaimet A–Z käyvät.",
        "move": "Siirto ei ole sallittu.",
        "move-text": "”{text}” ei ole siirto: kirjoita paikat, esim. P1+P8 tai p8 p5 p3.",
        "move-size": "Siirrossa on 2 tai 3 korttia, ei {count}.",
        "move-repeated": "Siirrossa {move} on sama paikka kahdesti.",
        "move-empty": "Paikka {place} on tyhjä.",
        "sum-not-11": "Summan on oltava 11",
        "trio-needed": "Tarvitaan sotilas, rouva ja kuningas",
        "move-game-over": "Peli on jo voitettu.",
        "nothing-to-undo": "Ei kumottavaa siirtoa.",
        "nothing-to-redo": "Ei uudelleen tehtävää siirtoa.",
        "layout": "Asetelma ei kelpaa: {reason}.",
        "save": "Tallennettu peli ei kelpaa: {reason}.",
        "save-version": "Tallennetun pelin versio {version} on tuntematon.",
        "save-move": "Tallennetun pelin siirto {number} ({move}) ei ole sallittu: {reason}",
    },
    "en": {
        "error": "Error.",
        "card-text": "“{text}” is not a card (e.g. 7H, TD, QS).",
        "place-text": "“{text}” is not a place (P1–P12 or R1–R8).",
        "code": "The code “{text}” cannot be read.",
        "code-empty": "Type a deal code, for example HM1-N-AAAAAAB.",
        "code-shape": "“{text}” is not a deal code: it is HM1-N- and seven letters.",
        "code-version": "Unknown code version “{version}”: only HM1 is known.",
        "code-kind": "Unknown kind of deal “{kind}”: only N is known.",
        "code-length": "The code must end in 7 letters, not {length}.",
        "code-character": "The code has the character “{char}”: only letters A–Z are allowed.",
        "move": "That move is not allowed.",
        "move-text": "“{text}” is not a move: write places, e.g. P1+P8 or p8 p5 p3.",
        "move-size": "A move takes 2 or 3 cards, not {count}.",
        "move-repeated": "The move {move} names a place twice.",
        "move-empty": "Place {place} is empty.",
        "sum-not-11": "The sum must be 11",
        "trio-needed": "A jack, a queen and a king are needed",
        "move-game-over": "The game is already won.",
        "nothing-to-undo": "There is no move to undo.",
        "nothing-to-redo": "There is no move to redo.",
        "layout": "The layout is not valid: {reason}.",
        "save": "The saved game is not valid: {reason}.",
        "save-version": "The saved game's version {version} is unknown.",
        "save-move": "Move {number} ({move}) of the saved game is not legal: {reason}",
    },
}


def error_message(key: str, params: Mapping[str, Any], lang: str) -> str:
    """The message for an engine error key (see ``errors.py``) in the given language."""
    table = _MESSAGES[_lang(lang)]
    template = table.get(key, table["error"])
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template
