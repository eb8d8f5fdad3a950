"""Shell completion of the options' values, from the registries of named things.

click completes every command and option in bash, zsh and fish
(``_SHTOSS_EXACT_COMPLETE=bash_source shtoss-exact`` writes the script). An option
that is a closed set is a ``click.Choice`` (``--deck``, ``--format``, ``--kind``,
``--bet-kind``) or a ``ParamType`` with its own ``shell_complete`` (``--game``); an
option that also takes a file, or a name with more to it, completes through one of the
callbacks here (``--scheme``, ``--plan``, ``--pattern``, the file options).

Every description (zsh and fish show them) is in the language the command line would
speak: a ``--lang`` typed on the line, else ``SHTOSS_LANG`` and the locale
(``group._completing``).

This module is imported only when the shell asks for completions (``base.completion``
names its callbacks), so starting a command loads neither it nor any registry.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence

from click.shell_completion import CompletionItem

from shtoss_exact.i18n import _

Values = Callable[[], Mapping[str, str]]
"""A registry's names, each with a one-line help (for zsh and fish), in its order."""


def scheme_values() -> dict[str, str]:
    """The built-in schemes and their Russian aliases (``schemes.scheme.scheme_names``)."""
    from shtoss_exact.schemes.scheme import scheme_names

    return _with_aliases(scheme_names(), _("scheme {name}"))


def plan_values() -> dict[str, str]:
    """The built-in plans and their Russian aliases (``plans.catalog.plan_names``)."""
    from shtoss_exact.plans.catalog import BOUNDED, plan_names

    values = _with_aliases(plan_names(), _("plan {name}"))
    for name in BOUNDED:
        values[name] = _("plan {name}; {name}:k bounds the raises in a row").format(name=name)
    return values


def pattern_values() -> dict[str, str]:
    """The built-in betting patterns (``case.pattern.BUILTIN``)."""
    from shtoss_exact.case.pattern import BUILTIN

    return {name: _(pattern.description) for name, pattern in BUILTIN.items()}


VALUES: dict[str, tuple[Values, bool]] = {
    "scheme": (scheme_values, True),
    "plan": (plan_values, False),
    "pattern": (pattern_values, True),
}
"""What each callback completes: the registry's names, and whether a file too."""


def _with_aliases(names: Mapping[str, Sequence[str]], what: str) -> dict[str, str]:
    """Each name (no description), then each alias described by ``what`` (``plan
    {name}``) of its name."""
    values = {name: "" for name in names}
    for name, aliases in names.items():
        values.update({alias: what.format(name=name) for alias in aliases})
    return values


def _key(text: str) -> str:
    return unicodedata.normalize("NFC", text).lower()


def matching(values: Mapping[str, str], incomplete: str, *, head: str = "") -> list[CompletionItem]:
    """The ``values`` that start with ``incomplete`` (case aside), each after ``head``
    (the parts of a comma list already given, which are not offered again)."""
    prefix = _key(incomplete)
    given = {_key(part.strip()) for part in head.split(",")}
    return [
        CompletionItem(head + value, help=text or None)
        for value, text in values.items()
        if _key(value).startswith(prefix) and _key(value) not in given
    ]


def complete(what: str, incomplete: str, *, several: bool = False) -> list[CompletionItem]:
    """The completions of ``incomplete`` for a ``what`` of ``VALUES`` (or ``"file"``);
    ``several``: the last part of a comma list. A file is completed by the shell (bash
    offers files when no name matches; zsh and fish offer both): its item comes first,
    as bash's script starts its list afresh on it."""
    if what == "file":
        return [CompletionItem(incomplete, type="file")]
    values, files = VALUES[what]
    head, comma, part = incomplete.rpartition(",") if several else ("", "", incomplete)
    items = matching(values(), part, head=head + comma)
    if files and not comma:
        items.insert(0, CompletionItem(incomplete, type="file"))
    return items


def choices(names: Iterable[str], incomplete: str, *, several: bool) -> list[CompletionItem]:
    """A closed set's completions (``--game``): ``several``, the last part of a comma list."""
    head, comma, part = incomplete.rpartition(",") if several else ("", "", incomplete)
    return matching(dict.fromkeys(names, ""), part, head=head + comma)
