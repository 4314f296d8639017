"""What the ``[data-announce]`` live region says after a tap or a command (docs/ui-contract.md).

Each sentence is a ``Message`` built from the engine's values (``TapResult``, ``Removal``, the
places' new tops); the values are put into words when the view is drawn, through the engine's
tables, so a language switch changes the words but never the facts. The sentence never repeats
``[data-message]``: a move error's reason (R4.1) and the dead-end and win texts are said there.
"""

from __future__ import annotations

from dataclasses import dataclass

from halfmoon import Card, Game, Place, Removal, TapKind, TapResult
from halfmoon.i18n import card_name, join_words, place_name
from halfmoon.i18n import text as engine_text
from webapp.app.actions import Dialog
from webapp.text.words import Elapsed, Message, words


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards in words: "9 of diamonds and 2 of hearts" / "ruutu-9 ja hertta-2"."""

    cards: tuple[Card, ...]

    def words(self, lang: str) -> str:
        names = [card_name(c, lang) for c in self.cards]
        return join_words(names, "ja" if lang == "fi" else "and")


@dataclass(frozen=True, slots=True)
class Spot:
    """A place in words: "pile 4" / "pino 4", "reserve R3" / "varanto R3"."""

    place: Place

    def words(self, lang: str) -> str:
        return place_name(self.place, lang)


@dataclass(frozen=True, slots=True)
class Shows:
    """What each place of a move shows now: "pile 4: 8 of diamonds; reserve R3: empty"."""

    shown: tuple[tuple[Place, Card | None], ...]

    def words(self, lang: str) -> str:
        return "; ".join(
            f"{place_name(p, lang)}: {card_name(c, lang) if c else engine_text('empty', lang)}" for p, c in self.shown
        )


def _card(game: Game, place: Place) -> Card:
    card = game.top(place)
    assert card is not None, "a selected or deselected place holds a card"
    return card


def _shows(game: Game, removal: Removal) -> Shows:
    return Shows(tuple((p, game.top(p)) for p in removal.move.places))


def tap(result: TapResult, game: Game) -> Message:
    """After a tap (R3), the game already changed: the engine's result says what happened."""
    spot = Spot(result.place)
    if result.kind is TapKind.IGNORED:
        return Message.of("say-empty", place=spot)
    if result.kind is TapKind.REMOVED and result.removal is not None:
        return removed("say-removed", result.removal, game)
    key = {
        TapKind.SELECTED: "say-selected",
        TapKind.DESELECTED: "say-deselected",
        TapKind.CLEARED: "say-cleared",  # R3.3, R3.4: the reason, if any, is in [data-message]
    }.get(result.kind, "say-reselected")  # R3.6
    return Message.of(key, card=Cards((_card(game, result.place),)), place=spot)


def removed(key: str, removal: Removal, game: Game) -> Message:
    """A pair or trio gone (a tap, or redo): its cards, what each place shows now, the score."""
    return Message.of(key, cards=Cards(removal.cards), shows=_shows(game, removal), score=game.score)


def dealt(game: Game) -> Message:
    return Message.of("say-dealt", code=str(game.code))


def cleared() -> Message:
    """Escape: the selection let go (each selected card deselected, R3.2)."""
    return Message.of("say-selection-cleared")


def sentence(message: Message, lang: str) -> str:
    """The announcement in ``lang``, as a sentence: a card's or place's name may begin it."""
    said = words(message, lang)
    return said[:1].upper() + said[1:]


def ended(game: Game, elapsed_ms: int) -> tuple[Dialog, Message] | None:
    """R6.1 and R6.2: a win or a dead end is said in the message and in a dialog; None while playing."""
    if game.is_won:
        return Dialog.WON, Message.of("won", time=Elapsed(elapsed_ms), score=game.score, moves=game.moves)
    if report := game.dead_end_report():
        return Dialog.DEAD_END, Message.of("dead-end", report=report)
    return None
