"""Two tabs finishing games at the same moment never lose one.

Every statistics update is one read-modify-write job run under a lock (in the page a Web Lock,
webapp/browser/locks.py; here ``FakeLocks``): the fault is a second tab writing between one tab's
read and its write, which a storage that runs the second tab's update inside the first one's read
makes happen every time. Recording is asynchronous: the figures and what the page says follow only
once the job has run."""

from __future__ import annotations

from collections.abc import Callable

from halfmoon import Game, SavedGame
from support.fakes import FakeLocks, FakeStorage, make_app, play
from support.testdata import WON
from webapp.app.actions import Action
from webapp.stats.record import Stats
from webapp.stats.stored import dumps, loads
from webapp.store.records import Locked, Tally, at_once
from webapp.store.storage import Store
from webapp.store.storage_keys import STATS_KEY


def won(dealt_at: int) -> SavedGame:
    game = Game.from_code(WON["code"])
    for move in WON["moves"]:
        game.remove(move)
    return SavedGame(game, elapsed_ms=60_000, dealt_at=dealt_at)


class ReadHook(FakeStorage):
    """Storage that runs ``meanwhile`` once, inside the next read of the statistics after ``arm``:
    another tab's whole update lands between this tab's read and its write."""

    def __init__(self) -> None:
        super().__init__()
        self.meanwhile: Callable[[], None] | None = None

    def arm(self, meanwhile: Callable[[], None]) -> None:
        self.meanwhile = meanwhile

    def getItem(self, key: str) -> str | None:
        text = super().getItem(key)
        if key == STATS_KEY and self.meanwhile is not None:
            meanwhile, self.meanwhile = self.meanwhile, None
            meanwhile()
        return text


def two_wins_at_once(locked: Locked) -> tuple[ReadHook, list[bool]]:
    storage = ReadHook()
    tab_a, tab_b = Tally(Store(storage), lambda: None, locked), Tally(Store(storage), lambda: None, locked)
    answers: list[bool] = []
    storage.arm(lambda: tab_b.removal(won(dealt_at=2), answers.append))
    tab_a.removal(won(dealt_at=1), answers.append)
    assert storage.meanwhile is None, "the other tab's win never ran: this test tests nothing"
    return storage, answers


def test_two_tabs_winning_at_the_same_moment_both_count() -> None:
    storage, answers = two_wins_at_once(FakeLocks())
    stats = loads(storage.items[STATS_KEY])
    assert (stats.played, stats.won, stats.finished) == (2, 2, 2)
    assert answers == [True, True]


def test_without_the_lock_the_second_writer_is_written_over() -> None:
    """The fault the lock is there for, shown with this test's own storage: one of the two wins is
    lost when the update is not one job (what the page does where Web Locks are missing)."""
    storage, _ = two_wins_at_once(at_once)
    assert loads(storage.items[STATS_KEY]).won == 1


def test_a_win_is_counted_once_the_lock_is_granted() -> None:
    storage, locks = FakeStorage(), FakeLocks(held=True)
    app = make_app(storage, locked=locks)
    play(app, WON["moves"])
    assert app.game.is_won and app.tally.stats.won == 0 and STATS_KEY not in storage.items
    locks.release()
    assert (app.tally.stats.played, app.tally.stats.won) == (1, 1)
    assert loads(storage.items[STATS_KEY]).won == 1


def test_an_import_is_said_only_once_it_is_stored() -> None:
    storage, locks = FakeStorage(), FakeLocks()
    app = make_app(storage, locked=locks)
    app.command(Action.STATS)
    app.open_stats_file(dumps(Stats(played=4)))
    assert app.pending is not None, app.message
    locks.held = True
    app.command(Action.CONFIRM)
    assert app.message is None and app.tally.stats.played == 0
    locks.release()
    assert app.message is not None and app.message.key == "stats-imported" and app.tally.stats.played == 4


def test_a_refused_write_under_the_lock_is_said_when_it_is_known() -> None:
    storage, locks = FakeStorage(), FakeLocks(held=True)
    app = make_app(storage, locked=locks)
    play(app, WON["moves"][:1])
    storage.writes_left = 0
    locks.release()
    assert app.message is not None and app.message.key == "stats-not-recorded"
    assert app.tally.stats.played == 0


def test_removals_made_while_the_first_waits_for_the_lock_ask_for_nothing_more() -> None:
    """The first removal makes the game played (docs/ui-contract.md "What counts"); quick removals after
    it, made before the lock is granted, queue no job of their own, and the win does."""
    storage, locks = FakeStorage(), FakeLocks(held=True)
    app = make_app(storage, locked=locks)
    play(app, WON["moves"][:10])
    assert len(locks.waiting) == 1
    play(app, WON["moves"][10:])
    assert len(locks.waiting) == 2  # the win
    locks.release()
    assert (app.tally.stats.played, app.tally.stats.won) == (1, 1)


def test_a_refused_first_record_is_asked_again_by_the_next_removal() -> None:
    storage, locks = FakeStorage(), FakeLocks(held=True)
    app = make_app(storage, locked=locks)
    play(app, WON["moves"][:1])
    storage.writes_left = 0
    locks.release()
    assert app.tally.stats.played == 0
    storage.writes_left = -1
    play(app, WON["moves"][1:2])
    assert loads(storage.items[STATS_KEY]).played == 1
