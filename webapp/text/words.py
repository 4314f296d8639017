"""The page's words chosen when it is drawn, and the page's language (``pick_language``).

The words are in one table (webapp/text/word_table.py, the engine's shape: ``TEXTS[lang][key]``). What
the game says is kept as a ``Message`` (a key and values) and put into words by ``words`` each time
the view is drawn, so a language switch redraws every word.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from halfmoon import DeadEndReport, HalfMoonError, TapError, format_time
from halfmoon.i18n import DEFAULT_LANGUAGE, LANGUAGES, dead_end_text, error_text, shorten
from halfmoon.i18n import text as engine_text
from webapp.stats.record_errors import StatsError
from webapp.text.keyboard_table import KEY_LETTERS
from webapp.text.word_table import TEXTS

LANGUAGE_NAMES = {"fi": "Suomi", "en": "English"}
PAGES = ("rules", "examples")


def page_file(name: str, lang: str) -> str:
    """The generated Rules and Examples pages, one per language (sitegen/pages.py)."""
    return f"{name}-{lang}.html"


KEY_FIELDS = {f"key_{action}": letter for action, letter in KEY_LETTERS.items()}


def table(lang: str) -> dict[str, str]:
    """The words of ``lang``, else of the default language: the one language fallback."""
    return TEXTS[lang if lang in LANGUAGES else DEFAULT_LANGUAGE]


def text(key: str, lang: str, **params: object) -> str:
    """The word or sentence ``key`` in ``lang`` (else the default language), its fields filled."""
    return table(lang)[key].format(**KEY_FIELDS, **params)


@dataclass(frozen=True, slots=True)
class Message:
    """Something the game says, as a key and values; its words are made when it is drawn."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Message:
        return cls(key, tuple(params.items()))


def words(message: Message, lang: str) -> str:
    """The message in ``lang``: engine values (errors, a dead-end report, a tap's failure, a time)
    become words here, and echoed input is cut short."""
    return text(message.key, lang, **{name: _word(value, lang) for name, value in message.params})


@runtime_checkable
class Worded(Protocol):
    """A value that puts itself into words (webapp/app/announce.py: cards, places, what they show)."""

    def words(self, lang: str) -> str: ...


def _word(value: object, lang: str) -> object:
    if isinstance(value, StatsError):
        return stats_error_text(value, lang)
    if isinstance(value, Worded):
        return value.words(lang)
    if isinstance(value, HalfMoonError):
        return error_text(value, lang)
    if isinstance(value, DeadEndReport):
        return dead_end_text(value, lang)
    if isinstance(value, TapError):
        return engine_text(value.value, lang)
    if isinstance(value, Elapsed):
        return format_time(value.ms)
    if isinstance(value, str):
        return shorten(value)
    return value


@dataclass(frozen=True, slots=True)
class Elapsed:
    """A time shown as m:ss (R5.4)."""

    ms: int


def pick_language(stored: str | None, browser: str) -> str:
    """A language the player chose (``stored``) wins; else ``browser``, the page's language for this
    browser, which the early paint decides from the browser's list before Python runs and leaves on
    the page (static/early-paint.js, ``data-browser-language``); else the default language."""
    for lang in (stored, browser):
        if lang in LANGUAGES:
            return lang
    return DEFAULT_LANGUAGE


def stats_error_text(error: StatsError, lang: str) -> str:
    """A statistics record refused: the message of its reason where there is one, else of its kind."""
    reason = error.params.get("reason")
    key = next(k for k in (f"error-{error.key}.{reason}", f"error-{error.key}", "error-stats") if k in table(lang))
    return text(key, lang, **error.params)
