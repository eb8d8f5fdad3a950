"""Named things: one catalogue type for the built-in schemes, plans and betting patterns.

A ``Catalogue`` holds the built-in values of one kind by name, with their Russian
aliases, and answers every question about a name the same way for each kind:

* a name is looked up in Unicode's composed form (NFC), without the spaces around it,
  in lower case, a space standing for a hyphen (``"Фараон"``, ``"lob half"``);
* an unknown name is refused in one format, ``unknown scheme 'whist': allowed schemes
  are classic, ... (or a Russian name, or a .toml or .json scheme file)``;
* ``resolve`` reads a library argument: a value of the kind, a built-in name or alias,
  or a file's path. A bare word is always a built-in's name; text is a file's path only
  when it holds a ``/`` or a suffix (``looks_like_path``), and an ``os.PathLike`` is a
  path too.

>>> colours = Catalogue("colour", {"red": 1, "black": 2}, {"красный": "red"}, kind=int)
>>> colours.named(" Красный "), colours.names()
(1, {'red': ['красный'], 'black': []})
>>> str(colours.unknown("blue"))
"unknown colour 'blue': allowed colours are red, black (or a Russian name)"
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from typing import Generic, TypeVar

from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _

T = TypeVar("T")

MAX_NAME = 100
"""Longest name looked up: the text past it is never read."""


def composed(text: str) -> str:
    """``text`` in Unicode's composed form (NFC): ``e`` + U+0301 is ``é``. ASCII text is
    composed already, and Unicode's tables are loaded only for the rest.

    >>> composed("plie\u0301") == "plié", composed("classic")
    (True, 'classic')
    """
    if text.isascii():
        return text
    import unicodedata

    return unicodedata.normalize("NFC", text)


def name_key(text: str) -> str:
    """The key a name is looked up by: NFC, stripped, lower case, hyphens for spaces.

    >>> name_key(" Lob Half "), name_key("ФАРАОН"), name_key("plie\u0301") == "plié"
    ('lob-half', 'фараон', True)
    """
    key = composed(text.strip()[:MAX_NAME]).lower()
    return "-".join(key.split(" "))


class Catalogue(Generic[T]):
    """The built-in values of one kind by name, with their aliases.

    Args:
        what: the kind, as a message names it (``"scheme"``).
        whats: the kind in the plural (``"schemes"``; ``what`` and an s when not given).
        entries: the built-in values by name.
        aliases: other names (Russian ones) by the name they stand for.
        kind: the type of the values (a value of it is taken as it is).
        labels: how the refusal lists a name (``{"paroli": "paroli:k"}``).
        note: what the refusal adds in brackets before the aliases and files.
        files: whether a file's path is read (by ``resolve``'s ``load``).
    """

    def __init__(
        self,
        what: str,
        entries: Mapping[str, T],
        aliases: Mapping[str, str] | None = None,
        *,
        kind: type[T],
        labels: Mapping[str, str] | None = None,
        note: str = "",
        files: bool = False,
        whats: str = "",
    ) -> None:
        self.what = what
        self.whats = whats or what + "s"
        self.entries = entries
        self.aliases = aliases or {}
        self.kind = kind
        self.labels = labels or {}
        self.note = note
        self.files = files
        unknown = [name for name in self.aliases.values() if name not in entries]
        if unknown:
            raise ShtossError(
                _("{what} alias for {unknown!r}: not a built-in {what}").format(
                    what=what, unknown=unknown[0]
                )
            )

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.key(name) in self.entries

    def names(self) -> dict[str, list[str]]:
        """Every built-in name with its aliases: the one registry help texts list."""
        names: dict[str, list[str]] = {name: [] for name in self.entries}
        for alias, name in self.aliases.items():
            names[name].append(alias)
        return names

    def key(self, text: str) -> str:
        """The built-in name ``text`` stands for (itself when it is none)."""
        key = name_key(text)
        return self.aliases.get(key, key)

    def allowed(self, *, files: bool | None = None) -> str:
        """What a refusal says is allowed: the names, then the other ways in brackets
        (a file among them when ``files``, by default when the catalogue reads files;
        a lookup by name alone, such as ``scheme_named``, reads none)."""
        listed = ", ".join(self.labels.get(name, name) for name in self.entries)
        what = _(self.what)
        others = []
        if self.aliases:
            others.append(_("or a Russian name"))
        if self.files if files is None else files:
            others.append(_("or a .toml or .json {what} file").format(what=what))
        inside = "; ".join(part for part in (_(self.note), ", ".join(others)) if part)
        return _("{whats} are {listed}").format(whats=_(self.whats), listed=listed) + (
            f" ({inside})" if inside else ""
        )

    def unknown(self, name: object, *, files: bool | None = None) -> ShtossError:
        """The one refusal of a name that is not in the catalogue."""
        return ShtossError(
            _("unknown {what} {name}: allowed {allowed}").format(
                what=_(self.what), name=quoted(name), allowed=self.allowed(files=files)
            )
        )

    def wrong_type(self, value: object, *, argument: str) -> ShtossError:
        """The one refusal of an argument that is neither a value, a name nor a path."""
        kind = self.kind.__name__
        what = _(self.what)
        path = _(" or a {what} file's path").format(what=what) if self.files else ""
        return ShtossError(
            _(
                "{argument}={value} is of type {name}: allowed a {kind}, a built-in name{path}"
            ).format(
                argument=argument,
                value=quoted(value),
                name=type(value).__name__,
                kind=kind,
                path=path,
            )
        )

    def named(self, name: object, *, argument: str | None = None, files: bool = False) -> T:
        """The built-in value called ``name`` (or one of its aliases); ``files``: the
        caller reads a file's path too, so the refusal of an unknown name offers it."""
        if not isinstance(name, str):
            raise self.wrong_type(name, argument=argument or self.what)
        try:
            return self.entries[self.key(name)]
        except KeyError:
            raise self.unknown(name, files=files) from None

    def resolve(
        self,
        value: object,
        *,
        argument: str | None = None,
        load: Callable[[str | os.PathLike[str]], T] | None = None,
    ) -> T:
        """A value from a library argument: a value of the kind, a built-in name or
        alias, or (with ``load``) a file's path."""
        if isinstance(value, self.kind):
            return value
        if load is not None:
            from shtoss_exact.data_files import looks_like_path

            if isinstance(value, os.PathLike) or (
                isinstance(value, str) and looks_like_path(value)
            ):
                return load(value)
        if isinstance(value, str):
            return self.named(value, argument=argument, files=load is not None and self.files)
        raise self.wrong_type(value, argument=argument or self.what)
