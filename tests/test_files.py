"""Files the player opens (docs/ui-contract.md "the game as a file", "What counts"): nothing opened
during a replay, a checkpoint of the game on the table continues it, a file of another game is a new
game from the moment it is opened."""

from __future__ import annotations

from halfmoon import DealCode, Game, SavedGame, save
from support.fakes import FakeStorage, make_app, play
from support.testdata import DEAD_END, WON
from webapp.app.actions import Action, Dialog, Replacing
from webapp.app.app import App
from webapp.stats.record import Stats
from webapp.stats.stored import dumps
from webapp.store.storage_keys import GAME_KEY

T0 = 1_764_500_000_000


class Wall:
    """The wall clock (``Date.now()``): it moves only when a test moves it."""

    def __init__(self) -> None:
        self.ms = T0

    def __call__(self) -> int:
        return self.ms


def figures(app: App) -> tuple[int, int]:
    stats = app.tally.stats
    return stats.played, stats.won


def test_a_file_opened_during_a_replay_changes_nothing() -> None:
    storage, wall = FakeStorage(), Wall()
    app = make_app(storage, wall_ms=wall)
    play(app, WON["moves"][:2])
    saved = storage.items[GAME_KEY]
    other = save(SavedGame(Game.from_code(DealCode.parse(DEAD_END["code"])), dealt_at=T0 - 5))
    watching = make_app(storage, f"?deal={WON['code']}&line={WON['moves'][0]}", wall_ms=wall)
    assert watching.replay is not None
    watching.open_game_file(other)
    watching.open_stats_file(dumps(Stats(played=3)))
    assert watching.replay is not None and watching.pending is None and watching.dialog is Dialog.NONE
    assert watching.message is not None and watching.message.key == "replay-file"
    assert storage.items[GAME_KEY] == saved and watching.game.moves == 2
    assert figures(watching) == (1, 0)


def test_a_checkpoint_of_the_game_on_the_table_keeps_its_win() -> None:
    """Play 3 moves, save to file, play 3 more, open the file, confirm, win: one game played and won."""
    storage, wall = FakeStorage(), Wall()
    app = make_app(storage, wall_ms=wall)
    play(app, WON["moves"][:3])
    checkpoint = save(app.record)
    play(app, WON["moves"][3:6])
    wall.ms += 60_000
    app.open_game_file(checkpoint)
    assert app.dialog is Dialog.CONFIRM and app.pending is not None and app.pending.kind is Replacing.FILE
    app.command(Action.CONFIRM)
    assert app.game.moves == 3 and figures(app) == (1, 0)
    play(app, WON["moves"][3:])
    assert app.game.is_won and figures(app) == (1, 1)
    assert app.tally.stats.finished == 1


def test_a_file_of_another_game_is_a_new_game_from_its_opening() -> None:
    storage, wall = FakeStorage(), Wall()
    app = make_app(storage, wall_ms=wall)
    play(app, WON["moves"][:2])
    other = SavedGame(Game.from_code(DealCode.parse(DEAD_END["code"])), dealt_at=T0 - 86_400_000)
    play_other = other.game
    for move in DEAD_END["moves"][:1]:
        play_other.remove(move)
    wall.ms += 1000
    app.open_game_file(save(other))
    app.command(Action.CONFIRM)
    assert str(app.code) == DEAD_END["code"] and app.record.dealt_at == wall.ms  # stamped when it was opened
    assert figures(app) == (1, 0) and app.tally.stats.finished == 1  # the game it replaced ended
    play(app, DEAD_END["moves"][1:2])
    assert figures(app) == (2, 0)  # played from its next removal
