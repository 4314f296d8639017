"""Two tabs, one saved game: what this tab knows of the stored game, and what another tab left.

Every tab of the page shares one storage. A tab remembers the saved game's text as it last wrote
or read it (``known``) and the text of the last position it saved itself (``position``); anything
else found in storage was written by another tab (or while this one slept in the back/forward
cache). The decisions made with it (adopt silently, ask, keep the larger time) are the App's
(webapp/app/app.py ``storage_changed`` and ``_persist``; docs/ui-contract.md "Two tabs").
"""

from __future__ import annotations

import enum

from halfmoon import Game, HalfMoonError, SavedGame, SaveError, load
from webapp.store.storage import Store


class Meeting(enum.Enum):
    """What this tab does with a game another tab stored."""

    SAME = "same"  # the same position: keep the larger elapsed time
    ADOPT = "adopt"  # take it in place of this tab's game
    ASK = "ask"  # the player chooses which of the two games to keep


class Sync:
    def __init__(self, store: Store, text: str | None) -> None:
        self.store = store
        self.known = text
        """The saved game's text as this tab last wrote or read it."""
        self.position = text
        """The text of the last position this tab saved itself."""

    def wrote(self, text: str) -> None:
        self.known = self.position = text

    def meet(self, game: Game, told: bool) -> tuple[Meeting, SavedGame] | None:
        """Another tab's stored game, if there is one this tab does not know, and what to do with it
        (docs/ui-contract.md "Two tabs"). ``told``: the browser's storage event said so; else this
        tab found it about to save over it (an event missed, or the back/forward cache).

        One rule for both: the same position keeps the larger time; another position is taken
        silently only when this tab's last change was saved (nothing of it is lost), else the
        player is asked which game to keep.
        """
        other = self.other(set_aside=not told)
        if other is None:
            return None
        stored, record = other
        saved = self.last_change_was_saved(game)
        self.known = stored
        if record.game == game:
            if told:
                self.position = stored
            return Meeting.SAME, record
        if saved:
            self.position = stored
            return Meeting.ADOPT, record
        return Meeting.ASK, record

    def other(self, set_aside: bool) -> tuple[str, SavedGame] | None:
        """The game another tab stored, if storage holds a text this tab does not know and it is a
        valid game. A text that is not one is ignored (our next save replaces it), or with
        ``set_aside`` first moved to the backup (written behind our back: never simply lost)."""
        stored = self.store.saved_game_text()
        if stored is None or stored == self.known:
            return None
        try:
            return stored, load(stored)
        except SaveError as error:
            if set_aside:
                self.store.set_aside(stored, error)
            return None

    def last_change_was_saved(self, game: Game) -> bool:
        """Whether ``game`` is the position this tab last saved: nothing of it would be lost."""
        try:
            return self.position is not None and load(self.position).game == game
        except HalfMoonError:
            return False
