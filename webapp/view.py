"""What the page shows, as plain values computed from the engine and the controller.

The DOM layer copies these values onto the page's elements and adds nothing: the attributes of
ui-contract.md, the accessible names, the visible card faces and the figures all come from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from halfmoon import PLACES, Place
from halfmoon.i18n import place_label, rank_short

from .controller import App, Dialog
from .strings import text


@dataclass(frozen=True, slots=True)
class PlaceView:
    place: Place
    card: str  # card text ("7H") or ""
    count: int
    label: str  # the button's accessible name
    rank: str  # what the face shows: "7", "10", "V", "Q", …
    suit: str  # "♥", … or ""
    red: bool
    pressed: bool
    dimmed: bool


@dataclass(frozen=True, slots=True)
class View:
    lang: str
    places: tuple[PlaceView, ...]
    code: str
    status: str
    score: int
    moves: int
    time: str
    message: str
    can_undo: bool
    can_redo: bool
    can_restart: bool
    dialog: Dialog
    dialog_title: str
    dialog_text: str
    move_errors: bool
    layout_help: bool
    fast_start: bool
    query: str


def place_view(app: App, place: Place, dimmed: frozenset[Place]) -> PlaceView:
    game, lang = app.game, app.lang
    card = game.top(place)
    return PlaceView(
        place=place,
        card=card.text if card else "",
        count=game.count(place),
        label=place_label(game, place, lang),
        rank=rank_short(card.rank, lang) if card else "",
        suit=card.suit.symbol if card else "",
        red=bool(card and card.suit.is_red),
        pressed=place in game.selection,
        dimmed=place in dimmed,
    )


def dialog_texts(app: App) -> tuple[str, str]:
    if app.dialog is Dialog.WON:
        return text("won-title", app.lang), app.message
    if app.dialog is Dialog.DEAD_END:
        return text("dead-end-title", app.lang), app.message
    if app.dialog is Dialog.CONFIRM and app.pending:
        key = {"new": "confirm-new", "restart": "confirm-restart"}.get(app.pending.kind, "confirm-code")
        return text("confirm-title", app.lang), text(key, app.lang, code=str(app.pending.code))
    return "", ""


def build(app: App) -> View:
    game = app.game
    dimmed = game.dimmed() if app.settings.layout_help else frozenset()
    title, body = dialog_texts(app)
    return View(
        lang=app.lang,
        places=tuple(place_view(app, p, dimmed) for p in PLACES),
        code=str(game.code),
        status=str(game.status),
        score=game.score,
        moves=game.moves,
        time=app.time_text(),
        message=app.message,
        can_undo=game.can_undo,
        can_redo=game.can_redo,
        can_restart=game.moves > 0 or game.can_redo,
        dialog=app.dialog,
        dialog_title=title,
        dialog_text=body,
        move_errors=app.settings.move_errors,
        layout_help=app.settings.layout_help,
        fast_start=app.settings.fast_start,
        query=app.query,
    )
