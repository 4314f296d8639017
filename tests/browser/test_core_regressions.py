"""Regressions of the core, through the contract: what any core behind the page must keep.

- A language switch redraws every word on screen: in every state that shows text (a message, the
  end dialog after a win and after a dead end, the confirm dialog, the settings dialog, the info bar,
  the board's accessible names) no word of the other language is left, visible or spoken.
- Opening the game in a second tab without moving leaves the first tab's selection and message alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from halfmoon import PLACES, Card, Suit
from halfmoon.i18n import card_name, count_text, place_name
from support.pageobject import GamePage
from support.testdata import DEAD_END, WON
from webapp.text.word_table import TEXTS
from webapp.text.words import LANGUAGE_NAMES

# Words of the engine's sentences (halfmoon/i18n.py: move errors, win, dead end, saved games),
# written out so that the test does not depend on where the core keeps those tables.
ENGINE_WORDS = {
    "fi": "summan oltava tarvitaan sotilas rouva kuningas voitit aika pistettä siirtoa umpikuja paria "
    "pelattavissa kolmikkoa puuttuu puuttuvat tallennettu kelpaa koodin kirjainta tyhjä",
    "en": "sum must needed jack queen king won time points moves dead end pair playable trio saved valid letters empty",
}
WORD = re.compile(r"[^\W\d_]{3,}")  # words of three letters or more; codes and figures are not words


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def language_words(lang: str) -> set[str]:
    """Every word the page and the engine can show in ``lang``."""
    templates = re.sub(r"\{\w+\}", " ", " ".join(TEXTS[lang].values()))  # {score} is a field, not a word
    found = words(templates) | words(ENGINE_WORDS[lang])
    cards = [Card(rank, suit) for rank in range(1, 14) for suit in Suit]
    found |= words(" ".join(card_name(card, lang) for card in cards))
    found |= words(" ".join(place_name(place, lang) for place in PLACES) + " " + count_text(2, lang))
    return found


def distinctive(lang: str) -> set[str]:
    """The words of ``lang`` that the other language never uses."""
    other = "en" if lang == "fi" else "fi"
    return language_words(lang) - language_words(other)


# Everything a player sees or a screen reader speaks: the rendered text (closed dialogs and hidden
# elements have none) and the accessible names of the rendered elements.
SHOWN = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[aria-label], [alt], [title]')].filter(e => e.checkVisibility())
    .map(e => [e.getAttribute('aria-label'), e.getAttribute('alt'), e.getAttribute('title')].join(' '))
].join(' ')"""


def shown_words(game: GamePage) -> set[str]:
    """The words on screen; an address shown (the replay link a share left for copying by hand) is no
    language's words, whatever its query names."""
    shown = re.sub(r"https?://\S+", " ", game.read(SHOWN))
    return words(shown) - words(" ".join(LANGUAGE_NAMES.values()))


def switch_language(game: GamePage, lang: str) -> None:
    """The language menu (``[data-setting="language"]``). With its settings dialog open, chosen
    as a player does; otherwise its change is made as the browser makes it, on the menu in the
    closed dialog: opening the settings is a command, which takes the message away, and they cannot
    open over a modal dialog (the end dialog, a question) at all."""
    if game.dialog("settings").is_visible():
        game.page.locator('[data-setting="language"]').select_option(lang)
    else:
        game.page.evaluate(
            """lang => { const menu = document.querySelector('[data-setting="language"]');
                menu.value = lang; menu.dispatchEvent(new Event('change', {bubbles: true})); }""",
            lang,
        )
    game.expect_root("lang", lang)


def move_error(game: GamePage) -> None:
    game.setting("move-errors", True)
    game.tap("P1", "P4")  # R3.3, R4.1: 8 + 9


def bad_code(game: GamePage) -> None:
    game.play_code("HM1-N-AAAA")


def won(game: GamePage) -> None:
    game.play_line(WON["moves"])


def dead_end(game: GamePage) -> None:
    game.fresh(DEAD_END["code"])
    game.play_line(DEAD_END["moves"])


def confirm(game: GamePage) -> None:
    game.play(WON["moves"][:1])
    game.action("new")


def settings(game: GamePage) -> None:
    game.action("settings")


def board(game: GamePage) -> None:
    """The info bar and the board's names, after the language is chosen in the settings by clicks."""
    game.play(WON["moves"][:1])
    game.tap("P4")
    game.set_language("fi")


@pytest.mark.parametrize(
    "state",
    [move_error, bad_code, won, dead_end, confirm, settings, board],
    ids=["move-error", "bad-code", "won", "dead-end", "confirm", "settings", "board"],
)
def test_a_language_switch_leaves_no_word_of_the_other_language(
    game: GamePage, state: Callable[[GamePage], None]
) -> None:
    state(game)
    showing = (bool(game.message()), game.open_dialogs())
    for lang, other in (("fi", "en"), ("en", "fi")):
        switch_language(game, lang)
        left = shown_words(game) & distinctive(other)
        assert left == set(), f"after switching to {lang}, words of {other} are on screen: {sorted(left)}"
        assert (bool(game.message()), game.open_dialogs()) == showing  # still shown


def test_the_word_lists_tell_the_languages_apart(game: GamePage) -> None:
    """The check above can fail: on the English page it finds English words and no Finnish ones."""
    on_screen = shown_words(game)
    assert on_screen & distinctive("en") >= {"undo", "score", "diamonds", "pile"}
    assert on_screen & distinctive("fi") == set()


def test_a_second_tab_without_a_move_leaves_the_first_tab_alone(game: GamePage) -> None:
    game.setting("move-errors", True)
    game.tap("P2", "P9")  # R3.6: two queens, the second stays selected, and the reason is said
    selected, message = game.selected(), game.message()
    assert selected == ["P9"] and message
    # Storage events reach this tab in the order the other tab wrote: once this tab has heard the
    # other's last write, it has heard every save the other made on opening.
    game.page.evaluate(
        """() => { window.heardBarrier = false;
            addEventListener('storage', e => { if (e.key === 'test:barrier') window.heardBarrier = true; }); }"""
    )
    other = game.tab("")
    assert other.figures() == (0, 0) and other.board("data-code") == "HM1-N-AAAAAAB"
    other.store("test:barrier", str(other.now_ms()))
    game.page.wait_for_function("window.heardBarrier")
    assert (game.selected(), game.message()) == (selected, message)
    assert game.button("P9").get_attribute("aria-pressed") == "true"
