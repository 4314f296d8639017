"""Every stored record, refused by the right kind (docs/trust.md): a value that is not a JSON object
naming our format is not ours and is removed (another program of the origin may own the key); a JSON
object naming our format that fails any check — a field's type, a range, a relation, a version — is ours,
malformed: moved to its backup, never deleted, and the page's message names the field and what is
wrong. Settings and preferences keep their valid names and read a bad value as its default. Under
CPython with a fake localStorage; tests/browser/test_trust.py drives the history's case in Chromium."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import save
from support.fakes import FakeStorage, make_app, play, said
from support.testdata import WON
from webapp.stats import history as past
from webapp.stats import stored
from webapp.stats.history import History
from webapp.stats.record import Stats
from webapp.stats.record_errors import StatsError, StatsFormatError, StatsNewerError
from webapp.store.prefs import Preferences, PreferenceStore, Theme
from webapp.store.storage import Settings, Store
from webapp.store.storage_keys import (
    BACKUP_KEY,
    GAME_KEY,
    HISTORY_BACKUP_KEY,
    HISTORY_KEY,
    PREFERENCES_KEY,
    SETTINGS_KEY,
    STATS_BACKUP_KEY,
    STATS_KEY,
)
from webapp.text.words import stats_error_text

# Each app opens the won deal by its address, as a link does.
AT_WON = f"?deal={WON['code']}"


def backed_up(storage: FakeStorage, key: str, backup_key: str, text: str) -> None:
    """The refused record is in its backup, no longer under its key (nothing of it deleted)."""
    assert storage.items.get(key) != text
    assert json.loads(storage.items[backup_key]) == [text]


# The history of games


def three_games() -> list[list[Any]]:
    line = ".".join(WON["moves"][:3])
    return [[WON["code"], n, "20261201", "playing", 25, 60_000, line] for n in (1, 2, 3)]


def history_text(games: list[list[Any]], **fields: Any) -> str:
    return json.dumps({"format": "half-moon-history", "version": 1, "games": games} | fields)


def with_game_field(number: int, index: int, value: object) -> str:
    games = three_games()
    games[number - 1][index] = value
    return history_text(games)


HISTORY_MALFORMED = {
    "a-score-of-the-wrong-type": (
        with_game_field(2, 4, "25"),
        "Game 2 of the history (counted from the oldest) has a value of the wrong type in its field score.",
    ),
    "a-score-out-of-range": (
        with_game_field(3, 4, 600),
        "The history holds a game whose result does not add up (game 3 counted from the oldest, field score).",
    ),
    "won-without-a-winning-score": (
        with_game_field(1, 3, "won"),
        "The history holds a game whose result does not add up (game 1 counted from the oldest, field status).",
    ),
    "a-game-that-is-not-a-list": (
        history_text([*three_games()[:1], 2, *three_games()[2:]]),
        "Game 2 of the history (counted from the oldest) is not a list of seven values.",
    ),
    "the-games-missing": (
        json.dumps({"format": "half-moon-history", "version": 1}),
        "The history of games has no field games.",
    ),
    "an-older-version": (history_text(three_games(), version=0), "The history of games has an unknown version 0."),
    "a-version-of-the-wrong-type": (
        history_text(three_games(), version="1"),
        "The history of games has an unknown version '1'.",
    ),
}


@pytest.mark.parametrize(("text", "words"), HISTORY_MALFORMED.values(), ids=HISTORY_MALFORMED.keys())
def test_a_malformed_history_of_ours_is_backed_up_named_and_the_next_game_recorded(text: str, words: str) -> None:
    storage = FakeStorage({HISTORY_KEY: text})
    app = make_app(storage, AT_WON)
    assert said(app) == (
        f"The stored history of games could not be used, so it was moved to a backup and starts afresh. Why: {words}"
    )
    backed_up(storage, HISTORY_KEY, HISTORY_BACKUP_KEY, text)
    play(app, WON["moves"])
    assert len(past.loads(storage.items[HISTORY_KEY]).games) == 1  # the next finished game recorded
    assert json.loads(storage.items[HISTORY_BACKUP_KEY]) == [text]  # and the backup kept


def test_every_reason_of_a_history_field_is_said_in_finnish_too() -> None:
    for text, _ in HISTORY_MALFORMED.values():
        app = make_app(FakeStorage({HISTORY_KEY: text}), AT_WON)
        fi = said(app, "fi")
        assert fi.startswith("Tallennettua pelihistoriaa ei voitu käyttää, joten se siirrettiin varmuuskopioksi")
        assert "{" not in fi


NOT_OURS = {
    "not-json": "{",
    "a-list": json.dumps(three_games()),
    "a-string": '"half-moon-history"',
    "another-format": json.dumps({"format": "another-program", "games": []}),
    "no-format": json.dumps({"version": 1, "games": []}),
}


@pytest.mark.parametrize("text", NOT_OURS.values(), ids=NOT_OURS.keys())
def test_a_value_that_is_not_our_history_is_removed_and_never_backed_up(text: str) -> None:
    storage = FakeStorage({HISTORY_KEY: text})
    app = make_app(storage, AT_WON)
    assert said(app).startswith("The stored history of games could not be used, so it starts afresh.")
    assert HISTORY_KEY not in storage.items and HISTORY_BACKUP_KEY not in storage.items


def test_a_history_with_a_field_this_version_does_not_know_names_it_not_this_pages_version() -> None:
    text = history_text(three_games(), **{"sorted_by_" + "x" * 60: True})
    storage = FakeStorage({HISTORY_KEY: text})
    app = make_app(storage, AT_WON)
    assert said(app).startswith(
        f"The history of games has a field this version of Half Moon does not know ({('sorted_by_' + 'x' * 60)[:40]})"
    )
    play(app, WON["moves"])
    assert storage.items[HISTORY_KEY] == text  # a newer version's: never written over


FIELD_TYPES = {"code": str, "dealt_at": int, "day": str, "status": str, "score": int, "elapsed_ms": int, "line": str}
json_values = st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.lists(st.integers(), max_size=2)


@settings(deadline=None, max_examples=80)
@given(st.integers(1, 3), st.sampled_from(sorted(FIELD_TYPES)), json_values)
def test_any_wrong_typed_field_of_any_game_is_named_and_backed_up(number: int, field: str, value: object) -> None:
    if type(value) is FIELD_TYPES[field]:
        return  # of the right type: another test's matter
    index = list(FIELD_TYPES).index(field)
    text = with_game_field(number, index, value)
    error = refused_history(text)
    assert error.params == {"reason": "game-wrong-type", "field": field, "number": number}
    storage = FakeStorage({HISTORY_KEY: text})
    make_app(storage, AT_WON)
    backed_up(storage, HISTORY_KEY, HISTORY_BACKUP_KEY, text)


def refused_history(text: str) -> Any:
    with pytest.raises(StatsError) as raised:
        past.loads(text)
    assert not isinstance(raised.value, StatsFormatError)  # it names our format: ours
    return raised.value


# The statistics


def stats_text(**fields: Any) -> str:
    return json.dumps(json.loads(stored.dumps(Stats())) | fields)


STATS_MALFORMED = {
    "a-figure-of-the-wrong-type": (stats_text(played="14"), "The statistics file's field played has a value of the"),
    "a-list-of-the-wrong-type": (stats_text(recent={}), "The statistics file's field recent has a value of the"),
    "a-field-missing": (
        json.dumps({k: v for k, v in json.loads(stats_text()).items() if k != "seen"}),
        "The statistics file has no field seen.",
    ),
    "a-figure-out-of-range": (stats_text(finished=-1), "the field finished has a negative figure."),
    "a-figure-too-large": (stats_text(fastest_ms=10**15, won=1, played=1, finished=1), "the field fastest_ms"),
    "a-broken-relation": (stats_text(won=3), "more games won than played."),
    "an-older-version": (stats_text(version=0), "The statistics file's version 0 is unknown."),
}


@pytest.mark.parametrize(("text", "words"), STATS_MALFORMED.values(), ids=STATS_MALFORMED.keys())
def test_malformed_statistics_of_ours_are_backed_up_named_and_recorded_afresh(text: str, words: str) -> None:
    storage = FakeStorage({STATS_KEY: text})
    app = make_app(storage, AT_WON)
    message = said(app)
    assert (
        message.startswith("The stored statistics could not be used, so they were moved to a backup")
        and words in message
    )
    backed_up(storage, STATS_KEY, STATS_BACKUP_KEY, text)
    play(app, WON["moves"])
    assert stored.loads(storage.items[STATS_KEY]).won == 1
    assert json.loads(storage.items[STATS_BACKUP_KEY]) == [text]


@pytest.mark.parametrize("text", ["[1]", '"x"', '{"format":"half-moon-history"}', "{}", "{"])
def test_a_value_that_is_not_our_statistics_is_removed_and_never_backed_up(text: str) -> None:
    storage = FakeStorage({STATS_KEY: text})
    make_app(storage, AT_WON)
    assert STATS_KEY not in storage.items and STATS_BACKUP_KEY not in storage.items


def test_statistics_with_a_field_this_version_does_not_know_name_it() -> None:
    error = refused_stats(stats_text(theme_of_the_chart=1))
    assert isinstance(error, StatsNewerError)
    assert stats_error_text(error, "en") == (
        "The statistics have a field this version of Half Moon does not know (theme_of_the_chart): "
        "a newer version made them."
    )


@settings(deadline=None, max_examples=80)
@given(st.sampled_from(sorted(set(json.loads(stats_text())) - {"format", "version"})), json_values)
def test_any_field_of_the_statistics_replaced_is_ours_and_never_removed(field: str, value: object) -> None:
    text = stats_text(**{field: value})
    storage = FakeStorage({STATS_KEY: text})
    make_app(storage, AT_WON)
    if storage.items.get(STATS_KEY) != text:  # refused (a value of its type may still be valid)
        backed_up(storage, STATS_KEY, STATS_BACKUP_KEY, text)


def refused_stats(text: str) -> Any:
    with pytest.raises(StatsError) as raised:
        stored.loads(text)
    return raised.value


# The saved game: three backups, as before; a field missing or unknown is ours too


def game_text(**fields: Any) -> str:
    data = json.loads(save(make_app(FakeStorage(), AT_WON).record)) | fields
    return json.dumps({k: v for k, v in data.items() if v is not ...})


GAME_MALFORMED = {
    "a-field-of-the-wrong-type": (game_text(elapsed_ms="5"), "The saved game's field “elapsed_ms” is not valid."),
    "a-field-out-of-range": (game_text(elapsed_ms=-1), "The saved game's field “elapsed_ms” is not valid."),
    "a-broken-relation": (
        game_text(moves=WON["moves"], undone=["P1+P2"]),
        "The saved game's field “undone” is not valid.",
    ),
    "an-older-version": (game_text(version=0), "The saved game's version 0 is unknown."),
    "a-field-missing": (game_text(from_file=...), "The saved game has no field “from_file”."),
    "a-field-its-version-never-had": (
        game_text(version=1, dealt_at=..., from_file=..., sorted=True),
        "The saved game has a field its version does not have: “sorted”.",
    ),
}


@pytest.mark.parametrize(("text", "words"), GAME_MALFORMED.values(), ids=GAME_MALFORMED.keys())
def test_a_malformed_saved_game_of_ours_is_backed_up_and_named(text: str, words: str) -> None:
    storage = FakeStorage({GAME_KEY: text})
    app = make_app(storage, AT_WON)
    assert said(app).startswith("The saved game could not be used (a backup was kept)") and words in said(app)
    backed_up(storage, GAME_KEY, BACKUP_KEY, text)


def test_the_saved_game_keeps_its_three_latest_backups() -> None:
    storage = FakeStorage()
    texts = [game_text(elapsed_ms=-n) for n in range(1, 5)]
    for text in texts:
        storage.items[GAME_KEY] = text
        make_app(storage, AT_WON)
    assert json.loads(storage.items[BACKUP_KEY]) == texts[-3:]


@pytest.mark.parametrize("text", ["[1]", '{"format":"half-moon-stats"}', '{"code":"HM1-N-AAAAAAB"}', "{"])
def test_a_value_that_is_not_our_saved_game_is_removed(text: str) -> None:
    storage = FakeStorage({GAME_KEY: text})
    app = make_app(storage, AT_WON)
    assert said(app).startswith("The stored data was not a Half Moon game") and BACKUP_KEY not in storage.items


# Settings and preferences: the valid names kept, a bad value read as its default


def test_settings_keep_their_valid_names_and_a_bad_value_goes_back_to_its_default() -> None:
    text = json.dumps({"move_errors": "yes", "four_colour": True, "language": "sv", "key_shortcuts": False})
    storage = FakeStorage({SETTINGS_KEY: text})
    store = Store(storage)
    assert store.load_settings() == Settings(four_colour=True, key_shortcuts=False)
    assert store.save_settings(Settings(four_colour=True, key_shortcuts=False, layout_help=True))
    written = json.loads(storage.items[SETTINGS_KEY])
    assert (written["move_errors"], written["language"], written["four_colour"]) == (False, None, True)


def test_preferences_keep_their_valid_names_and_a_bad_value_goes_back_to_its_default() -> None:
    storage = FakeStorage({PREFERENCES_KEY: json.dumps({"theme": "purple", "sound": True, "volume": 3})})
    store = PreferenceStore(storage)
    assert store.load() == Preferences(theme=Theme.SYSTEM, sound=True)
    store.save(Preferences(theme=Theme.SYSTEM, sound=True))
    assert json.loads(storage.items[PREFERENCES_KEY]) == {"theme": "system", "sound": True, "volume": 3}


def test_a_history_refused_twice_keeps_the_latest_in_its_backup() -> None:
    """The contract: the statistics' and the history's backups hold their latest refused records."""
    storage = FakeStorage()
    texts = [with_game_field(n, 4, str(n)) for n in (1, 2, 3, 1)]
    for text in texts:
        storage.items[HISTORY_KEY] = text
        make_app(storage, AT_WON)
    assert json.loads(storage.items[HISTORY_BACKUP_KEY]) == texts[-3:]
    assert make_app(storage, AT_WON).tally.history == History()  # nothing of the refused ones is shown
