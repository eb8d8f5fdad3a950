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
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from shtoss_exact import errors
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
    >>> language_from_environment({"SHTOSS_LANG": "ru_RU.UTF-8"})
    'ru'
    """
    environ = os.environ if environ is None else environ
    chosen = environ.get("SHTOSS_LANG", "")
    if chosen:
        head = chosen.split(".")[0].split("_")[0]  # ru_RU.UTF-8: ru, as in the locale's
        return check_language(head if head.strip().lower() in LANGUAGES else chosen)
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def lang_given(args: Sequence[str]) -> str | None:
    """The language of a ``--lang`` among ``args`` (before ``--``), read before click parses
    them, so that an error in parsing (``No such option``) and the help asked before it
    (``-h --lang ru``) are in that language too; the last one counts, as click reads it; a
    bad value is left to click.

    >>> lang_given(["odds", "--nope", "--lang=RU"]), lang_given(["--", "--lang", "ru"])
    ('ru', None)
    >>> lang_given(["-h", "--lang", "ru", "--lang", "en"])
    'en'
    """
    chosen = None
    for at, arg in enumerate(args):
        if arg == "--":
            break
        value = arg[7:] if arg.startswith("--lang=") else None
        if arg == "--lang" and at + 1 < len(args):
            value = args[at + 1]
        if value is not None and value.lower() in LANGUAGES:
            chosen = value.lower()
    return chosen


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
    """``message`` in the language spoken now (itself in English, and when empty); a
    message composed ``later`` is spoken whole, its parts too."""
    spoken = _current.get()
    if spoken == "en" or not message:
        return message
    if isinstance(message, Later):
        return message.spoken()
    return catalog(spoken).gettext(message)


class Later(str):
    """A message composed before the language is known (a table built at import: a
    data file's "allowed" text), spoken by ``_()`` when it is shown. As a string it is
    the English text itself, so English output never changes.

    >>> most = later("a list of {least} to {most} ({each})", least=0, most=9,
    ...              each=later("a whole number >= {minimum}", minimum=1))
    >>> most
    'a list of 0 to 9 (a whole number >= 1)'
    >>> with speaking("ru"):
    ...     _(most)
    'список длиной от 0 до 9 (целое число >= 1)'
    """

    message: str
    fields: dict[str, object]

    def spoken(self) -> str:
        """The message in the language spoken now, each of its parts spoken too."""
        if not self.fields:
            return _(self.message)
        fields = {k: _(v) if isinstance(v, Later) else v for k, v in self.fields.items()}
        return _(self.message).format(**fields)


def later(message: str, **fields: object) -> Later:
    """``message`` (marked ``N_()`` where it is written) formatted with ``fields``, kept
    to be spoken by ``_()`` in the language of the moment it is shown. A field that is
    itself ``later`` is spoken too; any other is data, shown as it is. A ``Later``
    message without fields is itself; a plain one without fields is not formatted."""
    if isinstance(message, Later) and not fields:
        return message
    composed = Later(message.format(**fields) if fields else message)
    composed.message, composed.fields = message, fields
    return composed


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


errors.PLURAL[0] = ngettext  # a number's size in a message, "(about 101 digits)", spoken too


OS_REASONS = {
    "ENOENT": N_("No such file or directory"),
    "EACCES": N_("Permission denied"),
    "EPERM": N_("Operation not permitted"),
    "EISDIR": N_("Is a directory"),
    "ENOTDIR": N_("Not a directory"),
    "ENOSPC": N_("No space left on device"),
    "EDQUOT": N_("Disk quota exceeded"),
    "EFBIG": N_("File too large"),
    "EROFS": N_("Read-only file system"),
    "ELOOP": N_("Too many levels of symbolic links"),
    "ENAMETOOLONG": N_("File name too long"),
    "EEXIST": N_("File exists"),
    "ENXIO": N_("No such device or address"),
    "EIO": N_("Input/output error"),
    "EBUSY": N_("Device or resource busy"),
    "EMFILE": N_("Too many open files"),
    "EPIPE": N_("Broken pipe"),
    "ETXTBSY": N_("Text file busy"),
}
"""The operating system's reasons a file cannot be read or written, by their ``errno``
names, in the C library's English words (``os.strerror`` on Linux)."""


def os_reason(error: OSError) -> str:
    """The operating system's reason for ``error``: its own words (``strerror``) in
    English, the catalog's in another language when the reason is a known one.

    >>> with speaking("ru"):
    ...     os_reason(FileNotFoundError(2, "No such file or directory"))
    'нет такого файла или каталога'
    """
    reason = error.strerror or str(error)
    if _current.get() == "en" or error.errno is None:
        return reason
    import errno

    name = errno.errorcode.get(error.errno, "")
    return _(OS_REASONS[name]) if name in OS_REASONS else reason
