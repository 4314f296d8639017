"""What the page shows, as plain values computed from the engine and the controller.

The DOM layer copies these values onto the page's elements and adds nothing. A place's display
(``PlaceView``: the attributes of its element and its button, the texts of its slots) is made
here once and used three ways: by the live board (webapp/browser/page.py), by the early-paint record that
paints the saved board before Python is up (``snapshot``), and by the diagrams of the Rules and
Examples pages (sitegen/pages.py). Every word is chosen here, in the language of the moment.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, replace

from halfmoon import PLACES, Card, Game, Place, format_time
from halfmoon.deal import link_query
from halfmoon.i18n import place_label, rank_short
from webapp.app.actions import Dialog, Replacing, Setting
from webapp.app.announce import ended, sentence
from webapp.app.app import App
from webapp.app.keyboard import entry
from webapp.draw.share_and_history import to_share
from webapp.text.words import text, words

Attributes = tuple[tuple[str, str | None], ...]
"""Attribute name → value; None removes the attribute."""

ROOT_ATTRIBUTES = ("data-four-colour",)
PLACE_ATTRIBUTES = ("data-card", "data-count", "data-suit", "data-rank", "data-face", "data-dimmed")
BUTTON_ATTRIBUTES = ("aria-label", "aria-pressed", "aria-disabled")
FACE_SLOTS = ("rank", "suit", "pip")
"""The text slots of a card's face, in the order its button holds them (the pip: the suit again, at the
centre)."""
SLOTS = (*FACE_SLOTS, "depth")
"""The early-paint script copies exactly these names from the record, and nothing else."""
INFO_KEYS = ("time", "score", "moves", "code")
"""The info bar's ``data-info`` fields (R7.2), in the order shown."""
SNAPSHOT_VERSION = 2
"""The early-paint record's version: the script paints only a record of this version."""
RECORD_CAPS = {"record": 40_000, "word": 300, "info": 40, "root": 20, "place": 20, "button": 200, "slot": 4}
"""The most characters the early paint accepts, in the stored record as a whole, a word of the page's, an
info field's text, a value of ``ROOT_ATTRIBUTES``, ``PLACE_ATTRIBUTES`` and ``BUTTON_ATTRIBUTES``, and a
slot's text: far above what ``snapshot`` writes (a test checks), so that only a record that is not ours
is left unpainted. The build writes them into the script's tag."""

PlaceRecord = dict[str, dict[str, str | None]]
"""One place in the early-paint record: its attributes, its button's and its slots' texts."""


@dataclass(frozen=True, slots=True)
class PlaceView:
    """One place as drawn: its element's attributes, its button's, and the texts of its slots."""

    place: Place
    attributes: Attributes
    button: Attributes
    slots: tuple[str, str, str, str]  # rank, suit, pip, depth (see SLOTS)

    @property
    def count(self) -> int:
        return int(dict(self.attributes)["data-count"] or 0)

    def as_record(self) -> PlaceRecord:
        slots: dict[str, str | None] = dict(zip(SLOTS, self.slots, strict=True))
        return {"place": dict(self.attributes), "button": dict(self.button), "slots": slots}


def place_view(
    place: Place, card: Card | None, count: int, lang: str, pressed: bool = False, dimmed: bool = False
) -> PlaceView:
    """A place with ``count`` cards and ``card`` on top (R1.3): data attributes of the contract,
    the accessible name, and the face drawn on the card. Remembered: the view is built at every tap,
    which changes two or three of the 20 places (building all 20 views would be most of a tap's Python)."""
    return _place_view(place, card, count, lang, pressed, dimmed)


@functools.lru_cache(maxsize=1024)
def _place_view(place: Place, card: Card | None, count: int, lang: str, pressed: bool, dimmed: bool) -> PlaceView:
    symbol = card.suit.symbol if card else ""  # in the corner and at the centre (the pip)
    return PlaceView(
        place=place,
        attributes=(
            ("data-card", card.text if card else ""),
            ("data-count", str(count)),
            ("data-suit", card.suit.value if card else ""),
            ("data-rank", str(card.rank) if card else None),  # for the stylesheet: what a card looks like
            ("data-face", "true" if card and card.is_face else None),
            ("data-dimmed", "true" if dimmed else None),
        ),
        button=(
            ("aria-label", place_label(place, card, count, lang)),
            ("aria-pressed", "true" if pressed else "false"),
            ("aria-disabled", None if card else "true"),
        ),
        slots=(rank_short(card.rank, lang) if card else "", symbol, symbol, str(count)),
    )


def board_places(
    game: Game, lang: str, selected: Iterable[Place] = (), dimmed: Iterable[Place] = ()
) -> tuple[PlaceView, ...]:
    """The 20 places of a game; by default at rest (nothing selected or darkened), as a diagram or
    a reloaded page shows them."""
    pressed, darkened = frozenset(selected), frozenset(dimmed)
    return tuple(
        place_view(p, game.top(p), game.count(p), lang, pressed=p in pressed, dimmed=p in darkened) for p in PLACES
    )


@dataclass(frozen=True, slots=True)
class View:
    """Everything the page shows of the app's state, as plain values: what a render draws."""

    lang: str
    places: tuple[PlaceView, ...]
    code: str
    status: str
    score: int
    moves: int
    time: str
    message: str
    saved: bool
    can_undo: bool
    can_redo: bool
    can_restart: bool
    can_daily: bool
    """False while the device's date is outside the years of daily deals (2000 … 9999)."""
    dialog: Dialog
    dialog_title: str
    dialog_text: str
    dialog_message: str
    """What the open dialog's own actions said (``[data-dialog-message]``): the statistics dialog's
    import or reset, the end dialog's shared link; never the end's own words again."""
    move_errors: bool
    layout_help: bool
    four_colour: bool
    fast_start: bool
    query: str
    key_shortcuts: bool
    entry: Place
    """Where Tab first enters the board (``keyboard.entry``)."""
    announcement: str
    """The latest spoken sentence, in words; ``announced`` counts them, so a repeat is said again."""
    announced: int
    replay: tuple[int, int, bool] | None = None
    """While a replay is shown: its step, its number of steps, and whether it is playing."""
    can_share_result: bool = True
    """``share-result`` has a result to share: always in the end dialog; in the statistics dialog while the
    history holds a daily deal."""

    @property
    def root(self) -> Attributes:
        """Attributes of ``<html>`` that style the whole page (the four-colour suits)."""
        return (("data-four-colour", "true" if self.four_colour else None),)

    @property
    def checkboxes(self) -> tuple[tuple[Setting, bool], ...]:
        """Every checkbox setting and whether it is on: the settings dialog draws them all alike."""
        return (
            (Setting.MOVE_ERRORS, self.move_errors),
            (Setting.LAYOUT_HELP, self.layout_help),
            (Setting.FOUR_COLOUR, self.four_colour),
            (Setting.KEY_SHORTCUTS, self.key_shortcuts),
            (Setting.FAST_START, self.fast_start),
        )

    @property
    def info(self) -> dict[str, str]:
        """The info bar (R7.2): ``data-info`` → the text shown."""
        return dict(zip(INFO_KEYS, (self.time, str(self.score), str(self.moves), self.code), strict=True))


CONFIRM_KEYS = {
    Replacing.NEW: "confirm-new",
    Replacing.RESTART: "confirm-restart",
    Replacing.FILE: "confirm-file",
    Replacing.STORED: "confirm-stored",
    Replacing.STATS_IMPORT: "confirm-stats-import",
    Replacing.STATS_RESET: "confirm-stats-reset",
}


def dialog_texts(app: App) -> tuple[str, str]:
    lang = app.lang
    end = ended(app.game, app.elapsed_ms()) if app.dialog in (Dialog.WON, Dialog.DEAD_END) else None
    if end:  # the end's own words, also once the dialog's actions said something (a result shared)
        title = "won-title" if app.dialog is Dialog.WON else "dead-end-title"
        return text(title, lang), words(end[1], lang)
    if app.dialog is Dialog.CONFIRM and app.pending:
        kind = app.pending.kind
        key = CONFIRM_KEYS.get(kind, "confirm-code")
        title = "confirm-stats-title" if kind.is_stats else "confirm-title"
        return text(title, lang), text(key, lang, code=str(app.pending.code))
    return "", ""


def dialog_message(app: App, dialog_text: str) -> str:
    if app.message is None or app.dialog not in (Dialog.STATS, Dialog.WON, Dialog.DEAD_END):
        return ""
    said = words(app.message, app.lang)
    return "" if said == dialog_text else said


def replay_places(app: App) -> tuple[PlaceView, ...]:
    """A replay's board: the next step's cards highlighted, every card button inert."""
    assert app.replay is not None
    places = board_places(app.replay.game, app.lang, app.replay.next_places())
    inert = (("aria-disabled", "true"),)
    return tuple(replace(p, button=tuple(a for a in p.button if a[0] != "aria-disabled") + inert) for p in places)


def clock_text(app: App) -> str:
    """The info bar's time (R7.2): the saved game's clock, or while a replay is shown a dash in the
    language of the moment: a replay's steps have figures but no play time."""
    return text("replay-time", app.lang) if app.replay else format_time(app.elapsed_ms())


def build(app: App) -> View:
    game, lang = app.replay.game if app.replay else app.game, app.lang  # a replay's position while shown
    dimmed = game.dimmed() if app.settings.layout_help and not app.replay else frozenset()
    title, body = dialog_texts(app)
    replay = app.replay
    return View(
        lang=lang,
        places=replay_places(app) if replay else board_places(game, lang, game.selection, dimmed),
        code=str(game.code),
        status=str(game.status),
        score=game.score,
        moves=game.moves,
        time=clock_text(app),
        message=words(app.message, lang) if app.message else "",
        saved=app.saved,
        can_undo=game.can_undo and not replay,
        can_redo=game.can_redo and not replay,
        can_restart=game.can_restart and not replay,
        can_daily=app.tally.today() is not None,
        dialog=app.dialog,
        dialog_title=title,
        dialog_text=body,
        dialog_message=dialog_message(app, body),
        move_errors=app.settings.move_errors,
        layout_help=app.settings.layout_help,
        four_colour=app.settings.four_colour,
        fast_start=app.settings.fast_start,
        query=app.replay.query if app.replay else link_query(app.code),  # the address (docs/ui-contract.md)
        key_shortcuts=app.settings.key_shortcuts,
        entry=entry(app.game),
        announcement=sentence(app.announcement, lang) if app.announcement else "",
        announced=app.announced,
        replay=(replay.step, replay.steps, replay.playing) if replay else None,
        can_share_result=app.dialog is not Dialog.STATS or to_share(app) is not None,
    )


def record_places(game: Game, lang: str) -> list[PlaceRecord]:
    """The early-paint record's places: ``game``'s board at rest."""
    return [p.as_record() for p in board_places(game, lang)]


def snapshot(view: View, places: list[PlaceRecord], saved_text: str) -> str:
    """The early-paint record: what the board and the page's words show, for the next visit.

    ``places`` are the game on the table's (``record_places``); ``saved_text`` is the saved
    game's exact text, kept as the record's ``game``: the early-paint script paints only while storage
    still holds that very text (and the address names no other deal), so it never paints a
    position the engine will not load. It copies the allow-listed attributes and texts and decides
    nothing itself.
    """
    record = {
        "version": SNAPSHOT_VERSION,
        "game": saved_text,
        "code": view.code,
        "lang": view.lang,
        "root": dict(view.root),
        "info": view.info,
        "places": places,
    }
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))
