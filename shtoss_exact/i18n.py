"""The language the program speaks: English, or Russian in the sources' own words.

Messages are marked in the code with ``_("…")`` (one message) and ``ngettext(singular,
plural, n)`` (a count), and looked up in the standard library's :mod:`gettext` catalogs
shipped in the package (``shtoss_exact/locale/ru/LC_MESSAGES/shtoss_exact.mo``, compiled
from the ``.po`` file beside it). English is the source text itself, so an English run
reads no catalog at all.

The language comes from ``--lang``, else from the environment: ``SHTOSS_LANG`` (``ru`` or
``en``), then the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set, where a
value beginning ``ru`` means Russian and any other value English, as the C library reads
them.

>>> with speaking("ru"):
...     ngettext("{count} card left", "{count} cards left", 5).format(count=5)
'осталось 5 карт'
>>> ngettext("{count} card left", "{count} cards left", 1).format(count=1)
'1 card left'
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from shtoss_exact.errors import ShtossError

if TYPE_CHECKING:
    import gettext

LANGUAGES = ("en", "ru")
"""The languages the program speaks, by their ``--lang`` word."""

DOMAIN = "shtoss_exact"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
"""The catalogs' folder (a plain path: ``pathlib`` is not loaded at start-up)."""
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The locale variables read after ``SHTOSS_LANG``, in the C library's order."""

_catalogs: dict[str, gettext.NullTranslations] = {}
_current = contextvars.ContextVar("shtoss_exact_language", default="en")
"""The language spoken now, in this thread (or task) alone: the page's server answers
requests in several languages at once, each in a thread of its own. A new thread starts
in English; the command line speaks in its one thread."""


def check_language(word: object) -> str:
    """``word`` as one of ``LANGUAGES``, or one ``ShtossError`` line.

    >>> check_language("RU")
    'ru'
    """
    text = str(word).strip().lower()
    if text not in LANGUAGES:
        raise ShtossError(
            _("language {word!r}: allowed {languages}").format(
                word=str(word)[:40], languages=", ".join(LANGUAGES)
            )
        )
    return text


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``SHTOSS_LANG``, then the locale.

    >>> language_from_environment({"LANG": "ru_RU.UTF-8"})
    'ru'
    >>> language_from_environment({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"})
    'en'
    """
    environ = os.environ if environ is None else environ
    chosen = environ.get("SHTOSS_LANG", "")
    if chosen:
        return check_language(chosen)
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def catalog(language: str) -> gettext.NullTranslations:
    """The catalog of ``language``: English is the messages themselves."""
    import gettext  # only when a language is spoken: English reads no catalog

    if language not in _catalogs:
        if language == "en":
            _catalogs[language] = gettext.NullTranslations()
        else:
            _catalogs[language] = gettext.translation(
                DOMAIN, localedir=LOCALE_DIR, languages=[language]
            )
    return _catalogs[language]


def set_language(language: str) -> None:
    """Speak ``language`` (one of ``LANGUAGES``) from now on, in this thread."""
    _current.set(check_language(language))


def language() -> str:
    """The language spoken now, in this thread."""
    return _current.get()


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` inside the ``with`` block, and as before after it (in this
    thread: another thread's language is its own)."""
    token = _current.set(check_language(language))
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the language spoken now (itself in English, and when empty)."""
    spoken = _current.get()
    if spoken == "en" or not message:
        return message
    return catalog(spoken).gettext(message)


def N_(message: str) -> str:
    """``message`` itself: marks a message kept in a table of the code, to be spoken by
    ``_()`` where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message about ``count`` things, by the language's plural rule
    (Russian has three: 1 карта, 2 карты, 5 карт).

    >>> [ngettext("{count} card", "{count} cards", n).format(count=n) for n in (1, 2)]
    ['1 card', '2 cards']
    """
    spoken = _current.get()
    if spoken == "en":
        return singular if count == 1 else plural
    return catalog(spoken).ngettext(singular, plural, count)
