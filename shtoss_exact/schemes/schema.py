"""The schema of a scheme file, and the ``Scheme`` built from a file's data.

A file names a built-in ``base`` scheme (with its ``options``), overrides its
``payoffs`` by kind, adds ordered ``rules`` (tried before the base's own) and
``premiums``, and may set ``thirds`` factors (``schemes.files`` reads the file).
Loaded only when a file (or a file's data) is read: resolving a built-in scheme's name
needs none of it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from shtoss_exact.data_schema import (
    Choice,
    Either,
    Flag,
    Items,
    Number,
    Spec,
    Table,
    Text,
    Whole,
    Word,
    check_data,
)
from shtoss_exact.deck import SuitRelation
from shtoss_exact.engine import Kind
from shtoss_exact.frozen import replace
from shtoss_exact.i18n import N_
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

MAX_ENTRIES = 1000
"""Most rules (and most premiums) a file may hold."""

KINDS = ("killed", "plie", "given")
_KIND_ALIASES = {"plié": "plie"}
RELATIONS = tuple(r.value for r in SuitRelation)

# The keyword options of the built-in factories a file may set, by base scheme.
_SODA = Choice(tuple(s.value for s in Soda))
OPTIONS: dict[str, tuple[Callable[..., Scheme], dict[str, Spec]]] = {
    "lob-half": (lob_half, {"plie_half": Flag()}),
    "gorka-half": (gorka_half, {"plie_half": Flag()}),
    "pharaon": (pharaon, {"last_card_null": Flag()}),
    "bassette": (bassette, {"last_card_null": Flag(), "mid_deal": Flag()}),
    "faro": (faro, {"soda": _SODA, "hock_null": Flag()}),
    "stuss": (stuss, {"soda": _SODA, "hock_null": Flag()}),
}

# --- the schema of a scheme file --------------------------------------------------------
PARAM = Table(
    {"param": Word(), "value": Number()},
    required=("param",),
    allowed=N_('a parameter {param = "x", value = "-1/2"}'),
)
"""A named parameter for the fair-payoff solver: ``{param = "x", value = "-1/2"}``."""
PAYOFF = Either(Number(), PARAM)
RULE_PAYOFF = Either(Number(), Choice(("null",)), PARAM)
_KIND = Choice(KINDS + tuple(_KIND_ALIASES), what="kind")
MATCH: dict[str, Spec] = {
    "kind": Either(_KIND, Items(_KIND, least=1, most=len(KINDS) + 1)),
    "abzug": Whole(1, 10**12),
    "position": Whole(1, 10**12),
    "relation": Choice(RELATIONS, what="relation"),
    "last_pair": Flag(),
    "last_card": Flag(),
}
SCHEMA = Table(
    {
        "name": Text(),
        "description": Text(),
        "source": Text(),
        "base": Choice(tuple(BUILTIN), what="scheme"),
        # The options' keys depend on the base: checked in ``_base``.
        "options": Table({}, other=Spec()),
        "payoffs": Table({kind: PAYOFF for kind in KINDS}),
        "rules": Items(
            Table({**MATCH, "payoff": RULE_PAYOFF}, required=("payoff",)), most=MAX_ENTRIES
        ),
        "premiums": Items(
            Table({**MATCH, "name": Text(), "amount": PAYOFF}, required=("name", "amount")),
            most=MAX_ENTRIES,
        ),
        "thirds": Table({r: PAYOFF for r in RELATIONS}, required=RELATIONS),
    }
)
"""The keys of a scheme file and the type of each value."""
TOP_KEYS = tuple(SCHEMA.fields)
MATCH_KEYS = tuple(MATCH)


def scheme_from_data(data: object, *, source: str = "<scheme>", where: str = "") -> Scheme:
    """Build a ``Scheme`` from parsed TOML/JSON data, refusing anything unknown.

    ``source`` is the file's name (its stem names the scheme by default); ``where``
    starts every refusal (default ``source``).

    >>> from shtoss_exact.deck import Deal
    >>> scheme_from_data({"rules": [{"position": 1, "payoff": "-1/2"}]}).ev(Deal(52, 4))
    Fraction(-25, 21658)
    """
    shown = source if source.isprintable() else repr(source)
    where = where or shown
    # Options are checked against their base, after the base itself.
    table = check_data(data, SCHEMA, where=where)
    base = _base(where, table.get("base", "classic"), table.get("options"))
    stem = Path(source).stem
    payoffs = dict(base.base)
    for key, value in table.get("payoffs", {}).items():
        payoffs[Kind(key)] = _payoff(value)
    rules = tuple(
        Rule(_match(entry), None if entry["payoff"] == "null" else _payoff(entry["payoff"]))
        for entry in table.get("rules", [])
    )
    premiums = tuple(
        Premium(entry["name"], _match(entry), _payoff(entry["amount"]))
        for entry in table.get("premiums", [])
    )
    thirds = base.thirds
    if "thirds" in table:
        thirds = {SuitRelation(r): _payoff(v) for r, v in table["thirds"].items()}
    return replace(
        base,
        name=table.get("name", stem if stem.isprintable() and stem else "custom"),
        description=table.get("description", base.description),
        source=table.get("source", shown),
        base=payoffs,
        rules=rules + base.rules,
        premiums=base.premiums + premiums,
        thirds=thirds,
    )


def _base(where: str, name: str, options: object) -> Scheme:
    if options is None:
        return scheme_named(name)
    factory, allowed = OPTIONS.get(name, (None, {}))
    chosen = Table(allowed).check(options, "options", where)
    if factory is None:
        return scheme_named(name)
    if "soda" in chosen:
        chosen["soda"] = Soda(chosen["soda"])
    return factory(**chosen)


def _payoff(value: Fraction | dict[str, Any]) -> Fraction:
    if isinstance(value, dict):
        return Param(value["param"], value.get("value", Fraction(0)))
    return value


def _match(entry: dict[str, Any]) -> Match:
    kinds: frozenset[Kind] | None = None
    if "kind" in entry:
        names = entry["kind"] if isinstance(entry["kind"], list) else [entry["kind"]]
        kinds = frozenset(Kind(_KIND_ALIASES.get(str(name), str(name))) for name in names)
    relation = SuitRelation(entry["relation"]) if "relation" in entry else None
    where = {name: entry[name] for name in ("abzug", "position", "last_pair", "last_card")
             if name in entry}  # fmt: skip
    return Match(kinds, relation=relation, **where)
