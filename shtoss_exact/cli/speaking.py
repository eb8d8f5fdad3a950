"""The help in the language spoken: each command's and option's help, and click's own words.

The help strings are English in the code (they are evaluated when the modules load,
before ``--lang`` is read); they are spoken when the help is formatted. A help text is
looked up paragraph by paragraph, each with its lines joined by single spaces (so the
first paragraph of a command's help is its summary, one message); a ``\\b`` block (the
examples) is kept as it is but for its first line (``Examples:``). In English nothing is
looked up: the help is byte for byte click's.

>>> from shtoss_exact.i18n import speaking
>>> with speaking("ru"):
...     spoken_help("Output format.")
'Формат вывода.'
"""

from __future__ import annotations

import contextlib
import inspect
import re
import threading
from collections.abc import Iterable, Iterator
from typing import Any

import click

from shtoss_exact.i18n import N_, _, language

CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("default: {default}"),
    N_("required"),
)
"""click's own words in the help: its headings, its help option's and version option's
help, and the brackets it adds to an option's help."""

HELP_LOCK = threading.RLock()
"""Held while a help is spoken: its words are put on click's shared objects for the
time of the formatting, so two threads formatting help at once (in two languages, or
one of them an option's list) would see each other's words. Reentrant: a group's help
speaks its commands' short help inside its own."""

_EXTRAS = r"(?:^|(?<=  ))\[([^\[\]]*)\]\Z"
"""click's brackets at the end of an option's help (compiled on first use, by re's own
cache: only a help in another language than English needs it)."""


def help_messages(text: str | None) -> list[str]:
    """The messages a help ``text`` is spoken by: its paragraphs, lines joined, and the
    first line of each ``\\b`` block.

    >>> help_messages("One.\\n\\nTwo\\nlines.\\n\\n\\b\\nExamples:\\n  shtoss-exact odds")
    ['One.', 'Two lines.', 'Examples:']
    """
    messages = []
    for block in inspect.cleandoc(text or "").split("\n\n"):
        if block.startswith("\b\n"):
            messages.append(block.split("\n")[1])
        elif block.strip():
            messages.append(" ".join(block.split()))
    return messages


def spoken_help(text: str | None) -> str | None:
    """A help ``text`` in the language spoken now: in English ``text`` itself; a paragraph
    the catalog lacks stays as it is."""
    if text is None or language() == "en":
        return text
    blocks = []
    for block in inspect.cleandoc(text).split("\n\n"):
        if block.startswith("\b\n"):
            lines = block.split("\n")
            blocks.append("\n".join([lines[0], _(lines[1]), *lines[2:]]))
        elif block.strip():
            key = " ".join(block.split())
            spoken = _(key)
            blocks.append(block if spoken == key else spoken)
        else:
            blocks.append(block)
    return "\n\n".join(blocks)


def _spoken_extras(text: str) -> str:
    """An option's help with click's brackets (``[default: 4]``, ``[required]``) spoken."""
    found = re.search(_EXTRAS, text)
    if found is None:
        return text
    items = []
    for item in found.group(1).split("; "):
        if item == "required":
            items.append(_("required"))
        elif item.startswith("default: "):
            items.append(_("default: {default}").format(default=item[len("default: ") :]))
        else:
            items.append(item)
    return f"{text[: found.start(1)]}{'; '.join(items)}]"


class SpeakingFormatter(click.HelpFormatter):
    """click's formatter, its headings and the usage's prefix in the language spoken."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None and language() != "en":
            prefix = f"{_('Usage:')} "
        super().write_usage(prog, args, prefix)

    @contextlib.contextmanager
    def section(self, name: str) -> Iterator[None]:
        with super().section(_(name)):
            yield

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        if language() != "en":
            rows = [(first, _spoken_extras(second)) for first, second in rows]
        super().write_dl(rows, col_max, col_spacing)


class SpeakingContext(click.Context):
    """A context whose help is formatted by ``SpeakingFormatter``."""

    formatter_class = SpeakingFormatter


@contextlib.contextmanager
def _spoken(things: Iterable[Any]) -> Iterator[None]:
    """Inside the block, the ``help`` of each of ``things`` in the language spoken."""
    with HELP_LOCK:
        english = [(thing, thing.help) for thing in things]
        try:
            for thing, text in english:
                thing.help = spoken_help(text)
            yield
        finally:
            for thing, text in english:
                thing.help = text


class Speaking(click.Command):
    """A command (or, mixed in first, a group) whose help is spoken when it is shown."""

    context_class = SpeakingContext

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _spoken([self, *self.get_params(ctx)]):
            super().format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with _spoken([self]):
            return super().get_short_help_str(limit)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Any]:
        """The completions click offers (its options, a group's commands), each one's
        description in the language spoken (zsh and fish show them)."""
        with _spoken(self.get_params(ctx)):
            return super().shell_complete(ctx, incomplete)


class ListingOption(click.Option):
    """An option whose help ends with a list read only when the help is shown (the
    registry's names: starting a command does not load the registry)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.base_help = self.help or ""

    def listed(self) -> str:
        """The list the help ends with, in the language spoken."""
        raise NotImplementedError

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        with HELP_LOCK:
            before = self.help
            self.help = " ".join(part for part in (_(self.base_help), self.listed()) if part)
            try:
                return super().get_help_record(ctx)
            finally:
                self.help = before


class SpeakingCommand(Speaking):
    """A command whose help is spoken (``SpeakingGroup``'s commands)."""
