"""click's own usage errors in the language spoken (``Invalid value for '--cards': …``).

click builds its messages with the standard library's ``gettext.gettext`` and
``ngettext`` (no domain of its own), bound by name in its modules. ``speak_click_errors``
binds those names to a lookup of ours that translates exactly the messages listed in
``CLICK_ERRORS`` through the program's catalog, in the language spoken when click raises
(``--lang`` is eager: it is read before any other option). Every other message of click's
(its help words) passes through unchanged, and in English every message is click's own.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from shtoss_exact.cli.process import own_process
from shtoss_exact.i18n import N_, _, language, ngettext, speaking

__all__ = ["CLICK_ERRORS", "speak_click_errors"]

CLICK_ERRORS = frozenset(
    {
        N_("Invalid value: {message}"),
        N_("Invalid value for {param_hint}: {message}"),
        N_("Missing argument"),
        N_("Missing option"),
        N_("Missing parameter"),
        N_("Missing {param_type}"),
        N_("Missing parameter: {param_name}"),
        N_("No such option {name!r}."),
        N_("No such command {name!r}."),
        N_("unknown error"),
        N_("Could not open file {filename!r}: {message}"),
        N_("Invalid start character for option ({option})"),
        N_("Argument {name!r} takes {nargs} values."),
        N_("Option {name!r} does not take a value."),
        N_("{value!r} is not a valid {number_type}."),
        N_("{value} is not in the range {range}."),
        N_("{value!r} is not a valid boolean. Recognized values: {states}"),
        N_("{name} {filename!r} does not exist."),
        N_("{name} {filename!r} is a file."),
        N_("{name} {filename!r} is a directory."),
        N_("{name} {filename!r} is not readable."),
        N_("{name} {filename!r} is not writable."),
        N_("file"),
        N_("directory"),
        N_("path"),
        N_("Missing command."),
    }
)
"""click's error messages spoken through the catalog (its one-form messages)."""


def _plural_marks() -> frozenset[str]:
    """The singular forms of click's error messages with a count (marked for the catalog;
    looked up by ``ngettext``)."""
    with speaking("en"):
        return frozenset(
            {
                ngettext(
                    "Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1
                ),
                ngettext(
                    "Option {name!r} requires an argument.",
                    "Option {name!r} requires {nargs} arguments.",
                    1,
                ),
                ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1),
                ngettext(
                    "Got unexpected extra argument ({args})",
                    "Got unexpected extra arguments ({args})",
                    1,
                ),
                ngettext(
                    "Takes {nargs} values but 1 was given.",
                    "Takes {nargs} values but {len} were given.",
                    1,
                ),
            }
        )


_CLICK_PLURALS = _plural_marks()

_MODULES = (
    "click.core",
    "click.decorators",
    "click.exceptions",
    "click.formatting",
    "click.parser",
    "click._parser",
    "click.termui",
    "click.types",
    "click.utils",
)
"""click's modules loaded with ``import click`` that bind ``gettext``'s names: every one is
bound, so that no message of click's goes through ``gettext.gettext`` (which reads the
environment and loads ``locale`` at its first call, a cost at every start)."""


def _click_gettext(original: Callable[[str], str]) -> Callable[[str], str]:
    """click's ``_`` in one of its modules: the catalog's words for its error messages; any
    other message as it is in the program's own process, else by ``original`` (a caller
    that translates click keeps its translations)."""
    own = own_process()

    def spoken(message: str) -> str:
        if language() != "en" and message in CLICK_ERRORS:
            return _(message)
        return message if own else original(message)

    return spoken


def _click_ngettext(original: Callable[[str, str, int], str]) -> Callable[[str, str, int], str]:
    """click's ``ngettext`` in one of its modules, as ``_click_gettext``."""
    own = own_process()

    def spoken(singular: str, plural: str, count: int) -> str:
        if language() != "en" and singular in _CLICK_PLURALS:
            return ngettext(singular, plural, count)
        if own:
            return singular if count == 1 else plural
        return original(singular, plural, count)

    return spoken


def speak_click_errors() -> None:
    """Bind click's ``_`` and ``ngettext`` to the catalog's lookup of its error messages."""
    for name in _MODULES:
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "_"):
            vars(module)["_"] = _click_gettext(vars(module)["_"])
            if hasattr(module, "ngettext"):
                vars(module)["ngettext"] = _click_ngettext(vars(module)["ngettext"])
