"""Scheme files: a payout scheme written as data, in TOML or JSON.

A file names a built-in ``base`` scheme (with its ``options``), overrides its
``payoffs`` by kind, adds ordered ``rules`` (tried before the base's own) and
``premiums``, and may set ``thirds`` factors (scaling the payoff of a kind, not a
rule's payoff). Numbers are exact: integers,
decimals (read as decimals, never as floats) or fractions written as strings
(``"1/2"``). A payoff may be ``"null"`` (the stake comes back) or a named parameter
``{param = "x", value = "-1/2"}`` for the fair-payoff solver. Nothing in a file is
ever evaluated; every mistake is refused with one line naming the file, the key
and what is allowed.

The reader of data files and the schema (``schemes.schema``) are loaded only for a
file: a ``Scheme`` or a built-in scheme's name resolves without them.
"""

from __future__ import annotations

import os

from shtoss_exact.errors import quoted
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import MAX_SCHEME_FILE_BYTES
from shtoss_exact.schemes.scheme import BUILTIN, SCHEMES, Scheme

MAX_FILE_BYTES = MAX_SCHEME_FILE_BYTES


def load_scheme(path: str | os.PathLike[str]) -> Scheme:
    """Read a scheme file (``.toml`` or ``.json``) and build its ``Scheme``.

    >>> load_scheme("examples/schemes/eleven.toml").name
    'eleven'

    Killed at eleven is paid +1 instead of losing 1: the classic ev, -33/833, gains
    2 C(41, 3) / C(52, 4) = 21320/270725, the first copy at position 11:

    >>> from shtoss_exact.deck import make_deal
    >>> load_scheme("examples/schemes/eleven.toml").ev(make_deal(deck=52))
    Fraction(163, 4165)
    """
    from shtoss_exact.data_files import data_path, read_data
    from shtoss_exact.schemes.schema import scheme_from_data

    name = data_path(path, what=N_("scheme file"))
    data = read_data(name, what=N_("scheme file"), max_bytes=MAX_FILE_BYTES)
    return scheme_from_data(data, source=name, where=f"{_('scheme file')} {quoted(name, 200)}")


def as_scheme(scheme: object, *, argument: str = "scheme") -> Scheme:
    """A ``Scheme`` from a library argument: the one resolver of every ``scheme=``.

    A ``Scheme`` as it is; a built-in name or Russian alias; or a scheme file's path
    (``.toml``, ``.json``). A name is never looked up in the working directory: text
    is a file's path only when it holds a path separator or has a suffix
    (``looks_like_path``), so ``classic`` is the built-in even beside a file of that
    name, and ``./classic.toml`` is the file; an ``os.PathLike`` is always a path.

    >>> as_scheme("pharaon").name, as_scheme("фараон").name
    ('pharaon', 'pharaon')
    >>> as_scheme("examples/schemes/eleven.toml").name
    'eleven'
    """
    if isinstance(scheme, Scheme) or (isinstance(scheme, str) and scheme in BUILTIN):
        return SCHEMES.resolve(scheme, argument=argument)  # no file: no reader loaded
    return SCHEMES.resolve(scheme, argument=argument, load=load_scheme)


resolve_scheme = as_scheme
"""The command line's name for ``as_scheme``."""
