"""The Rules and Examples pages, generated to static HTML by the engine under CPython (R1.5).

They are readable without waiting for Pyodide. Their diagrams use the board's own layout code
(``skeleton.cell_attributes``), so the game and the diagrams cannot disagree about the arc; each
diagram shows under every card its place and how many cards are there, and carries the seed-style
text alternative as its accessible name. A test fails when the committed pages are stale.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import Any

from halfmoon import PLACES, Card, DealCode, Game, Kind, Move, Place, Removal, TapKind, TapResult
from halfmoon.deal import link_query
from halfmoon.i18n import LANGUAGES, card_short, join_words, layout_description, place_name, rank_short
from halfmoon.i18n import text as engine_text
from sitegen.manifest import THEME_COLOURS
from webapp.draw.view import FACE_SLOTS, PlaceView, board_places
from webapp.text.words import LANGUAGE_NAMES, PAGES, page_file, text

from .csp import META as CSP_META
from .skeleton import cell_attributes

EXAMPLE = "example-game.json"
RULES = "rules.json"
DATA = Path(__file__).resolve().parent.parent / "data"
# The pages' own words; the rules' prose is in data/rules.json, the words they share with the game's page
# (the pages' names, the replay's step commands) in its word table (webapp/text/).
WORDS: dict[str, dict[str, str]] = {
    "fi": {
        "game": "Takaisin peliin",
        "move": "Siirto",
        "and": "ja",
        "trio": "sotilas, rouva ja kuningas",
        "shows": "Pinosta {number} paljastuu {card}.",
        "empty": "{Place} on nyt tyhjä.",
        "won": "Kaikki {cards} korttia on poistettu: {moves} siirtoa ja {score} pistettä.",
        "intro": "Tämä on jaon <strong>{code}</strong> voitettu peli siirto siirrolta. Jokainen kaavio näyttää"
        " pöydän ennen siirtoa; poistettavat kortit on korostettu. Kunkin kortin alla on pinon numero (1–12)"
        " tai varantopaikka (R1–R8) ja korttien määrä.",
        "won-game": "Voitettu peli",
        "failed": "Epäonnistuneet napautukset",
        "failed-intro": "Samasta alkuasetelmasta: näissä mitään ei poisteta.",
        "tap": "Napautus {first}, sitten {second}.",
        "sum": "{reason}: {sum}. Mitään ei poisteta, ja valinta tyhjenee.",
        "number-face": "Numerokortti ja kuvakortti eivät yhdisty: valinta tyhjenee.",
        "same-rank": "Kaksi samanarvoista kuvakorttia eivät yhdisty: {card} ({place}) on nyt ainoa valittu kortti.",
        "opening": "Jaon {code} alkuasetelma.",
        "pair-caption": "Pari: {cards}, {sum}.",
        "trio-caption": "Kolmikko: {cards}.",
    },
    "en": {
        "game": "Back to the game",
        "move": "Move",
        "and": "and",
        "trio": "a jack, a queen and a king",
        "shows": "Pile {number} now shows {card}.",
        "empty": "{Place} is now empty.",
        "won": "All {cards} cards are gone: {moves} moves and {score} points.",
        "intro": "This is a won game of deal <strong>{code}</strong>, move by move. Each diagram shows the table"
        " before the move, with the cards it removes marked. Under each card are its pile (1–12) or reserve"
        " slot (R1–R8) and how many cards are there.",
        "won-game": "A won game",
        "failed": "Failed taps",
        "failed-intro": "From the same opening position: nothing is removed in these.",
        "tap": "Tap {first}, then {second}.",
        "sum": "{reason}: {sum}. Nothing is removed and the selection is cleared.",
        "number-face": "A number card and a face card never combine: the selection is cleared.",
        "same-rank": "Two face cards of the same rank do not combine: {card} ({place}) is now the only selected card.",
        "opening": "The opening layout of deal {code}.",
        "pair-caption": "A pair: {cards}, {sum}.",
        "trio-caption": "A trio: {cards}.",
    },
}


# The browser's bar in the theme the page shows: these pages have no settings and follow the system.
THEME_COLOUR_METAS = "\n  ".join(
    f'<meta name="theme-color" media="(prefers-color-scheme: {theme})" content="{colour}">'
    for theme, colour in THEME_COLOURS.items()
)


def word(key: str, lang: str, **params: object) -> str:
    return WORDS[lang][key].format(**params)


PAGE_FILES = tuple(page_file(name, lang) for name in PAGES for lang in LANGUAGES)


# Diagrams


def diagram(game: Game, lang: str, marked: Iterable[Place] = (), caption: str = "") -> str:
    """A read-only board: the 20 places drawn as the game draws them (webapp/draw/view.py), with
    ``data-count`` and ``data-card`` (docs/ui-contract.md) and the text alternative of R1.5."""
    marks = set(marked)
    cells_html = "\n".join(_diagram_place(view, view.place in marks) for view in board_places(game, lang))
    described = layout_description(((p, game.top(p), game.count(p)) for p in PLACES), lang)
    figure = (
        f'<div class="board diagram" data-diagram role="img" aria-label="{escape(described)}">\n{cells_html}\n</div>'
    )
    if caption:
        return f"<figure>{figure}<figcaption>{escape(caption)}</figcaption></figure>"
    return f"<figure>{figure}</figure>"


def _diagram_place(view: PlaceView, marked: bool) -> str:
    """One place: the card face, and under it the place and how many cards are there (R1.5)."""
    place = view.place
    *shown, count = view.slots
    parts = zip(FACE_SLOTS, shown, strict=True)
    face = "".join(f'<span class="{name}">{escape(value)}</span>' for name, value in parts) if any(shown) else ""
    attributes = "".join(f' {name}="{escape(value)}"' for name, value in view.attributes if value is not None)
    mark = ' data-marked="true"' if marked else ""
    label = f"{place.number if place.is_pile else place} · {count}"
    return (
        f"<div {cell_attributes(place)}{attributes}{mark}>"
        f'<span class="card">{face}</span><span class="label">{escape(label)}</span></div>'
    )


# Sentences about moves


def _card_at(card: Card, place: Place, lang: str) -> str:
    return f"{card_short(card, lang)} ({place_name(place, lang)})"


def move_sentence(number: int, removal: Removal, after: Game, lang: str) -> str:
    """ "Move 1: 9♦ (pile 4) and 2♥ (pile 7), 9 + 2 = 11. Pile 4 now shows 8♦." (the seed's style)."""
    cards = join_words(
        [_card_at(c, p, lang) for p, c in zip(removal.move.places, removal.cards, strict=True)], word("and", lang)
    )
    why = _sum(removal.cards, lang) if removal.kind is Kind.PAIR else word("trio", lang)
    outcome = " ".join(_after(p, after, lang) for p in removal.move.places)
    return f"{word('move', lang)} {number}: {cards}, {why}. {outcome}"


def _sum(cards: Iterable[Card], lang: str) -> str:
    """ "9 + 2 = 11", from the cards' values (R2.2)."""
    values = [c.value or 0 for c in cards]
    return " + ".join(rank_short(v, lang) for v in values) + f" = {sum(values)}"


def _after(place: Place, game: Game, lang: str) -> str:
    card = game.top(place)
    if card is None:
        name = place_name(place, lang)
        return word("empty", lang, Place=name[0].upper() + name[1:])
    return word("shows", lang, number=place.number, card=card_short(card, lang))


# Page frame


def frame(name: str, lang: str, body: str) -> str:
    other = "en" if lang == "fi" else "fi"
    title = text(name, lang)
    links = [f'<a href="./" data-link="game">{word("game", lang)}</a>']
    links += [f'<a href="./{page_file(p, lang)}" data-link="{p}">{text(p, lang)}</a>' for p in PAGES if p != name]
    links.append(
        f'<a href="./{page_file(name, other)}" hreflang="{other}" lang="{other}" data-link="language">'
        f"{LANGUAGE_NAMES[other]}</a>"
    )
    return f"""<!doctype html>
<!-- Generated by make build (tools/build.py) from sitegen/pages.py and data/: do not edit. -->
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  {CSP_META}
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{escape(title)} – Half Moon</title>
  {THEME_COLOUR_METAS}
  <link rel="manifest" href="./manifest.webmanifest">
  <link rel="icon" href="./static/build/icons/icon-192.png" type="image/png">
  <link rel="stylesheet" href="./static/app.css">
</head>
<body class="doc">
  <header class="top"><h1>{escape(title)}</h1><nav class="links">{" ".join(links)}</nav></header>
  <main class="prose">
{body}
  </main>
</body>
</html>
"""


# The example game


def _data(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def example() -> tuple[DealCode, list[Move]]:
    """The won game the Examples page steps through (found by tools/solve.py, kept as data)."""
    data = _data(EXAMPLE)
    return DealCode.parse(data["code"]), [Move.parse(m) for m in data["moves"]]


FAILED_TAPS = ((Place.P1, Place.P4), (Place.P1, Place.P2), (Place.P2, Place.P9))
"""The seed's failed-tap examples (R3.3, R3.4, R3.6) as places of the example deal's opening."""


def failed_taps(lang: str) -> str:
    """Each failed pair of taps, played on the engine, and what it did, in words (R3, R4.1)."""
    opening = Game.from_code(example()[0])
    out = []
    for first, second in FAILED_TAPS:
        game = opening.copy()
        a, b = game.top(first), game.top(second)
        assert a and b, "the example deal's opening has these cards"
        game.tap(first)
        result = game.tap(second)
        tapped = word("tap", lang, first=_card_at(a, first, lang), second=_card_at(b, second, lang))
        out.append(diagram(opening, lang, (first, second), f"{tapped} {_failure(result, a, b, lang)}"))
    return "\n".join(out)


def _failure(result: TapResult, first: Card, second: Card, lang: str) -> str:
    assert result.error is not None, "these taps remove nothing"
    reason = engine_text(result.error.value, lang)
    if result.kind is TapKind.RESELECTED:  # R3.6
        return word("same-rank", lang, card=card_short(second, lang), place=place_name(result.place, lang))
    if first.value is not None and second.value is not None:  # R3.3
        return word("sum", lang, reason=reason, sum=_sum((first, second), lang))
    return word("number-face", lang)  # R3.4


def examples_page(lang: str) -> str:
    code, moves = example()
    game = Game.from_code(code)
    last = len(moves) + 1
    steps = []
    for number, move in enumerate(moves, start=1):
        before = diagram(game, lang, move.places)
        removal = game.remove(move)
        steps.append(_step(number, last, before, move_sentence(number, removal, game, lang), lang))
    won = word("won", lang, cards=Game.from_code(code).cards_left, moves=game.moves, score=game.score)
    steps.append(_step(last, last, diagram(game, lang), won, lang))
    line = " ".join(str(m) for m in moves)
    body = f"""<p>{word("intro", lang, code=code)}</p>
<p><a class="button" href="./{link_query(code)}" data-link="play">{text("play-deal", lang)}</a></p>
<section class="example" data-code="{code}" data-line="{line}">
<h2>{word("won-game", lang)}</h2>
<div class="steps">
{chr(10).join(steps)}
</div>
</section>
<section>
<h2>{word("failed", lang)}</h2>
<p>{word("failed-intro", lang)}</p>
{failed_taps(lang)}
</section>"""
    return frame("examples", lang, body)


def _step(number: int, last: int, figure: str, sentence: str, lang: str) -> str:
    """One step of the example; its links move between steps through the address (#step-N)."""
    here = ' aria-disabled="true"'  # a link that would stay on this step
    targets = {"first": 1, "back": max(1, number - 1), "forward": min(last, number + 1), "last": last}
    links = " ".join(
        f'<a href="#step-{t}" data-step-link="{name}"{here if t == number else ""}>{text(f"replay-{name}", lang)}</a>'
        for name, t in targets.items()
    )
    return f"""<article class="step" id="step-{number}" data-step="{number}">
<nav class="stepper" aria-label="{text("moves", lang)}">{links} <span>{number} / {last}</span></nav>
<p class="sentence">{escape(sentence)}</p>
{figure}
</article>"""


# The rules


def rules_page(lang: str) -> str:
    code, _ = example()
    game = Game.from_code(code)
    pair, trio = (Place.P4, Place.P7), (Place.R3, Place.P2, Place.P3)
    figures = {
        "layout": diagram(game, lang, caption=word("opening", lang, code=code)),
        "pairs": diagram(
            game,
            lang,
            pair,
            word("pair-caption", lang, cards=_describe(game, pair, lang), sum=_pair_sum(game, pair, lang)),
        ),
        "trios": diagram(game, lang, trio, word("trio-caption", lang, cards=_describe(game, trio, lang))),
        "tapping": failed_taps(lang),
    }
    body = "\n".join(_section(s, figures.get(s["key"], "")) for s in _data(RULES)[lang])
    return frame("rules", lang, body)


def _section(section: dict[str, Any], figure: str) -> str:
    # The paragraphs are our own text from data/rules.json, with <strong> and <em> in them.
    # data-rules names the rules of docs/rules.md the section states (tests/test_docs.py checks them).
    paragraphs = "\n".join(f"<p>{paragraph}</p>" for paragraph in section["paragraphs"])
    rules = escape(" ".join(section["rules"]))
    return f'<section data-rules="{rules}"><h2>{escape(section["heading"])}</h2>\n{paragraphs}\n{figure}</section>'


def _pair_sum(game: Game, places: tuple[Place, ...], lang: str) -> str:
    return _sum((c for p in places if (c := game.top(p))), lang)


def _describe(game: Game, places: tuple[Place, ...], lang: str) -> str:
    return join_words([_card_at(c, p, lang) for p in places if (c := game.top(p))], word("and", lang))


def pages() -> dict[str, str]:
    """Every generated page: file name → HTML."""
    out = {}
    for lang in LANGUAGES:
        out[page_file("rules", lang)] = rules_page(lang)
        out[page_file("examples", lang)] = examples_page(lang)
    return out


def write_pages(root: Path, write: bool = True) -> list[str]:
    """Write the pages; return the names of those that were stale."""
    stale = []
    for name, html in pages().items():
        path = root / name
        if not path.exists() or path.read_text(encoding="utf-8") != html:
            stale.append(name)
            if write:
                path.write_text(html, encoding="utf-8")
    return stale
