"""Invariants over random deals and random taps (Hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import PLACES, Card, DealCode, Game, Kind, SavedGame, Status, TapKind, load, save
from halfmoon.deal import DEAL_COUNT

codes = st.integers(min_value=0, max_value=DEAL_COUNT - 1).map(DealCode)
taps = st.lists(st.sampled_from(PLACES), max_size=400)
TWO_DECKS = Counter(Card.from_index(i) for i in range(104))


def on_table(game: Game) -> Counter[Card]:
    return Counter(c for p in PLACES for c in game.cards(p))


def removed(game: Game) -> Counter[Card]:
    return Counter(c for r in game.move_stack for c in r.cards)


def check_invariants(game: Game) -> None:
    assert on_table(game) + removed(game) == TWO_DECKS  # R1.1, R2.5
    pairs = sum(r.kind is Kind.PAIR for r in game.move_stack)
    trios = sum(r.kind is Kind.TRIO for r in game.move_stack)
    assert game.score == 10 * pairs + 15 * trios  # R5.1
    assert game.moves == pairs + trios  # R5.2
    has_move = bool(game.legal_moves)
    assert (game.status is Status.DEAD_END) == (game.cards_left > 0 and not has_move)  # R6.2
    assert (game.status is Status.WON) == (game.cards_left == 0)


@settings(max_examples=60, deadline=None)
@given(codes, taps)
def test_random_taps_keep_every_invariant(code: DealCode, places: list[str]) -> None:
    game = Game.from_code(code)
    for place in places:
        before_moves = game.moves
        result = game.tap(place)
        assert (result.kind is TapKind.REMOVED) == (game.moves == before_moves + 1)
        assert all(game.top(p) is not None for p in game.selection)
        check_invariants(game)


@settings(max_examples=40, deadline=None)
@given(
    codes,
    st.lists(
        st.one_of(st.integers(min_value=0, max_value=99), st.sampled_from(["undo", "redo", "restart"])),
        min_size=40,
        max_size=200,
    ),
)
def test_the_end_state_follows_every_change_of_position(code: DealCode, actions: list[int | str]) -> None:
    """Legal moves (a number picks one), undo, redo and restart in any order, the end state asked after
    each: a position it was found for before never answers for another (random legal play reaches dead
    ends, and undo, redo and restart leave them)."""
    game = Game.from_code(code)
    for action in actions:
        if isinstance(action, int):
            legal = list(game.legal_moves)
            if legal:
                game.remove(legal[action % len(legal)])
        elif action == "undo" and game.can_undo:
            game.undo()
        elif action == "redo" and game.can_redo:
            game.redo()
        elif action == "restart":
            game.restart()
        check_invariants(game)


@settings(max_examples=40, deadline=None)
@given(codes, taps, st.integers(min_value=0, max_value=48))
def test_undo_is_an_exact_inverse(code: DealCode, places: list[str], back: int) -> None:
    game = Game.from_code(code)
    positions = [[game.cards(p) for p in PLACES]]
    for place in places:
        if game.tap(place).kind is TapKind.REMOVED:
            positions.append([game.cards(p) for p in PLACES])
    for _ in range(min(back, game.moves if game.status is not Status.WON else 0)):
        figures = (game.score, game.moves)
        removal = game.undo()
        positions.pop()
        assert [game.cards(p) for p in PLACES] == positions[-1]
        assert (game.score, game.moves) == (figures[0] - removal.kind.points, figures[1] - 1)
        check_invariants(game)


@settings(max_examples=40, deadline=None)
@given(codes, taps, st.integers(min_value=0, max_value=10), st.integers(min_value=0, max_value=10**9))
def test_save_and_load_round_trip(code: DealCode, places: list[str], back: int, elapsed: int) -> None:
    game = Game.from_code(code)
    for place in places:
        game.tap(place)
    for _ in range(min(back, game.moves) if game.can_undo else 0):
        game.undo()
    record = SavedGame(game, elapsed_ms=elapsed)
    loaded = load(save(record))
    assert loaded == record and loaded.elapsed_ms == elapsed
    again = loaded.game
    assert again == game and again.selection == ()
    assert [again.cards(p) for p in PLACES] == [game.cards(p) for p in PLACES]
    assert (again.score, again.moves, again.status) == (game.score, game.moves, game.status)


@settings(max_examples=30, deadline=None)
@given(codes, st.data())
def test_random_legal_play_ends_won_or_dead(code: DealCode, data: st.DataObject) -> None:
    game = Game.from_code(code)
    while game.status is Status.PLAYING:
        game.remove(data.draw(st.sampled_from(list(game.legal_moves))))
    check_invariants(game)
    if game.status is Status.WON:
        assert (game.moves, game.score) == (48, 520)  # R5.3


@settings(max_examples=30, deadline=None)
@given(codes, taps)
def test_a_copy_is_an_independent_equal(code: DealCode, places: list[str]) -> None:
    game = Game.from_code(code)
    for place in places:
        game.tap(place)
    twin = game.copy()
    assert twin == game and twin.selection == game.selection and str(twin) == str(game)
    if twin.can_undo:
        before = str(game)
        selected = game.selection
        twin.undo()
        assert twin != game and twin.selection == ()
        assert str(game) == before and game.selection == selected
