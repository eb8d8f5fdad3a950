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
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from shtoss_exact.data_files import (
    data_path,
    exact_from_data,
    looks_like_path,
    read_data,
    text_from_data,
)
from shtoss_exact.deck import SuitRelation
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import replace
from shtoss_exact.limits import MAX_SCHEME_FILE_BYTES
from shtoss_exact.numbers import ALLOWED as NUMBER_ALLOWED
from shtoss_exact.schemes.scheme import (
    BUILTIN,
    Match,
    Param,
    Premium,
    Rule,
    Scheme,
    Soda,
    bassette,
    faro,
    gorka_half,
    lob_half,
    pharaon,
    scheme_named,
    stuss,
)

MAX_FILE_BYTES = MAX_SCHEME_FILE_BYTES
MAX_ENTRIES = 1000
"""Most rules (and most premiums) a file may hold."""

TOP_KEYS = ("name", "description", "source", "base", "options", "payoffs", "rules",
            "premiums", "thirds")  # fmt: skip
MATCH_KEYS = ("kind", "abzug", "position", "relation", "last_pair", "last_card")
KINDS = ("killed", "plie", "given")
_KIND_ALIASES = {"plié": "plie"}

_BOOL = "true or false"
# Keyword options of the built-in factories a file may set: name -> allowed values.
OPTIONS: dict[str, tuple[Callable[..., Scheme], dict[str, tuple[object, ...]]]] = {
    "lob-half": (lob_half, {"plie_half": (True, False)}),
    "gorka-half": (gorka_half, {"plie_half": (True, False)}),
    "pharaon": (pharaon, {"last_card_null": (True, False)}),
    "bassette": (bassette, {"last_card_null": (True, False)}),
    "faro": (faro, {"soda": tuple(Soda), "hock_null": (True, False)}),
    "stuss": (stuss, {"soda": tuple(Soda), "hock_null": (True, False)}),
}


class _Where:
    """Builds the one-line refusals: ``FILE: KEY: problem; allowed ...``."""

    def __init__(self, source: str) -> None:
        # A file's name is shown as written, or quoted with escapes when it holds a
        # line break or a terminal escape: a refusal stays one printable line.
        self.source = source if source.isprintable() else repr(source)

    def fail(self, key: str, problem: str, allowed: str) -> ShtossError:
        where = f"{self.source}: {_printable(key)}: " if key else f"{self.source}: "
        return ShtossError(f"{where}{problem}; allowed {allowed}")


def _printable(key: str) -> str:
    """A key as written, or quoted with escapes when it holds a line break or the like."""
    return key if key.isprintable() else repr(key)


def load_scheme(path: str | os.PathLike[str]) -> Scheme:
    """Read a scheme file (``.toml`` or ``.json``) and build its ``Scheme``.

    >>> load_scheme("examples/schemes/eleven.toml").name
    'eleven'
    """
    name = data_path(path, what="scheme file")
    data = read_data(name, what="scheme file", max_bytes=MAX_FILE_BYTES)
    return scheme_from_data(data, source=name)


def resolve_scheme(text: str | os.PathLike[str]) -> Scheme:
    """A built-in scheme by name (or Russian alias), or a scheme file by path.

    A name is never looked up in the working directory: text is a file's path only
    when it holds a path separator or has a suffix such as ``.toml``
    (``looks_like_path``), so ``classic`` is the built-in even beside a file of that
    name, and ``./classic.toml`` is the file.

    >>> resolve_scheme("pharaon").name, resolve_scheme("фараон").name
    ('pharaon', 'pharaon')
    """
    if isinstance(text, os.PathLike):
        return load_scheme(text)
    if not isinstance(text, str):
        raise ShtossError(
            f"scheme={quoted(text)} is a {type(text).__name__}: allowed a Scheme, a built-in "
            "name or a scheme file's path"
        )
    if looks_like_path(text):
        return load_scheme(text)
    return scheme_named(text)


def scheme_from_data(data: object, *, source: str = "<scheme>") -> Scheme:
    """Build a ``Scheme`` from parsed TOML/JSON data, refusing anything unknown.

    >>> from shtoss_exact.deck import Deal
    >>> scheme_from_data({"rules": [{"position": 1, "payoff": "-1/2"}]}).ev(Deal(52, 4))
    Fraction(-25, 21658)
    """
    where = _Where(source)
    table = _table(where, "", data, TOP_KEYS)
    base_name = _text(where, "base", table.get("base", "classic"))
    if base_name not in BUILTIN:
        raise where.fail("base", f"unknown scheme {base_name!r}", ", ".join(BUILTIN))
    base = _base(where, base_name, table.get("options"))
    stem = Path(source).stem
    default_name = stem if stem.isprintable() and stem else "custom"
    name = _text(where, "name", table.get("name", default_name))
    payoffs = dict(base.base)
    for key, value in _table(where, "payoffs", table.get("payoffs", {}), KINDS).items():
        payoffs[Kind(key)] = _number(where, f"payoffs.{key}", value, param=True)
    rules = tuple(
        _rule(where, f"rules[{i}]", entry)
        for i, entry in enumerate(_entries(where, "rules", table.get("rules", [])), start=1)
    )
    premiums = tuple(
        _premium(where, f"premiums[{i}]", entry)
        for i, entry in enumerate(_entries(where, "premiums", table.get("premiums", [])), start=1)
    )
    thirds = base.thirds
    if "thirds" in table:
        relations = tuple(r.value for r in SuitRelation)
        given = _table(where, "thirds", table["thirds"], relations)
        missing = [r for r in relations if r not in given]
        if missing:
            raise where.fail(f"thirds.{missing[0]}", "missing", "all of " + ", ".join(relations))
        thirds = {
            SuitRelation(r): _number(where, f"thirds.{r}", v, param=True) for r, v in given.items()
        }
    return replace(
        base,
        name=name,
        description=_text(where, "description", table.get("description", base.description)),
        source=_text(where, "source", table.get("source", where.source)),
        base=payoffs,
        rules=rules + base.rules,
        premiums=base.premiums + premiums,
        thirds=thirds,
    )


def _rule(where: _Where, key: str, entry: object) -> Rule:
    payoff = _required(where, key, entry, "payoff")
    return Rule(_match(where, key, entry), _payoff(where, f"{key}.payoff", payoff, null=True))


def _premium(where: _Where, key: str, entry: object) -> Premium:
    match = _match(where, key, entry, extra=("name", "amount"))
    name = _text(where, f"{key}.name", _required(where, key, entry, "name"))
    amount = _required(where, key, entry, "amount")
    return Premium(name, match, _number(where, f"{key}.amount", amount, param=True))


def _base(where: _Where, name: str, options: object) -> Scheme:
    if options is None:
        return scheme_named(name)
    factory, allowed = OPTIONS.get(name, (None, {}))
    given = _table(where, "options", options, tuple(allowed))
    chosen: dict[str, object] = {}
    for key, value in given.items():
        if value not in allowed[key] or isinstance(value, bool) != isinstance(
            allowed[key][0], bool
        ):
            shown = ", ".join(str(v).lower() for v in allowed[key])
            raise where.fail(f"options.{key}", f"bad value {quoted(value)}", shown)
        chosen[key] = value
    if factory is None:
        return scheme_named(name)
    return factory(**chosen)


def _table(where: _Where, key: str, value: object, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise where.fail(key, f"expected a table, got {type(value).__name__}", "a table")
    for found in value:
        if found not in keys:
            allowed = ", ".join(keys) if keys else "no keys here"
            inside = f"{key}.{found}" if key else str(found)
            raise where.fail(inside, "unknown key", allowed)
    return dict(value)


def _entries(where: _Where, key: str, value: object) -> list[Any]:
    if not isinstance(value, list):
        raise where.fail(key, f"expected a list, got {type(value).__name__}", "a list of tables")
    if len(value) > MAX_ENTRIES:
        raise where.fail(key, f"{len(value)} entries", f"at most {MAX_ENTRIES}")
    return value


def _required(where: _Where, key: str, entry: object, name: str) -> object:
    if isinstance(entry, Mapping) and name not in entry:
        raise where.fail(f"{key}.{name}", "missing", f"every entry of {key.split('[')[0]} has one")
    return entry[name] if isinstance(entry, Mapping) else None


def _text(where: _Where, key: str, value: object) -> str:
    try:
        return text_from_data(value, key=_printable(key))
    except ShtossError as error:
        raise ShtossError(f"{where.source}: {error}") from None


def _whole(where: _Where, key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10**12:
        raise where.fail(key, f"bad value {quoted(value)}", "a whole number >= 1")
    return value


def _flag(where: _Where, key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise where.fail(key, f"bad value {quoted(value)}", _BOOL)
    return value


def _match(
    where: _Where, key: str, entry: object, *, extra: tuple[str, ...] = ("payoff",)
) -> Match:
    table = _table(where, key, entry, MATCH_KEYS + extra)
    kinds: frozenset[Kind] | None = None
    if "kind" in table:
        raw = table["kind"]
        names = raw if isinstance(raw, list) else [raw]
        chosen = set()
        for name in names:
            norm = _KIND_ALIASES.get(name, name) if isinstance(name, str) else name
            if norm not in KINDS:
                raise where.fail(f"{key}.kind", f"unknown kind {quoted(name)}", ", ".join(KINDS))
            chosen.add(Kind(norm))
        kinds = frozenset(chosen)
    relation = None
    if "relation" in table:
        allowed = tuple(r.value for r in SuitRelation)
        if table["relation"] not in allowed:
            raise where.fail(
                f"{key}.relation",
                f"unknown relation {quoted(table['relation'])}",
                ", ".join(allowed),
            )
        relation = SuitRelation(table["relation"])
    whole = {
        name: _whole(where, f"{key}.{name}", table[name])
        for name in ("abzug", "position")
        if name in table
    }
    flags = {
        name: _flag(where, f"{key}.{name}", table[name])
        for name in ("last_pair", "last_card")
        if name in table
    }
    return Match(kinds, relation=relation, **whole, **flags)  # type: ignore[arg-type]


def _payoff(where: _Where, key: str, value: object, *, null: bool) -> Fraction | None:
    if null and value == "null":
        return None
    return _number(where, key, value, null=null, param=True)


def _number(
    where: _Where, key: str, value: object, *, null: bool = False, param: bool = False
) -> Fraction:
    allowed = NUMBER_ALLOWED + (', "null"' if null else "") + (', {param = "x"}' if param else "")
    if param and isinstance(value, Mapping):
        table = _table(where, key, value, ("param", "value"))
        if "param" not in table:
            raise where.fail(f"{key}.param", "missing", 'a name, e.g. {param = "x"}')
        name = table["param"]
        if not isinstance(name, str) or not name.isidentifier():
            raise where.fail(f"{key}.param", f"bad name {quoted(name)}", "a name such as x, lob")
        start = _number(where, f"{key}.value", table.get("value", 0))
        return Param(name, start)
    try:
        number = exact_from_data(value)
    except ShtossError:
        raise where.fail(key, f"bad payoff {quoted(value)}", allowed) from None
    if number is None:
        raise where.fail(key, f"bad payoff {quoted(value)}", allowed)
    return number
