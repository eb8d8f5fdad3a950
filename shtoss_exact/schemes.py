"""Payout schemes: each outcome of a bet -> the punter's exact net result per unit stake.

A scheme is data: a payoff for each kind (killed, plié, given), ordered rules that
override it for outcomes they match (by kind, abzug, position, suit relation, last
pair, last card), optional *thirds* factors by the deciding card's suit relation, and
premiums added on top. A rule may also declare an outcome null: the stake comes back
and the bet counts as no action.

The distribution of a scheme's result never walks the deck: only the positions some
rule names are looked at one by one (O(1) binomials each); every other position is
settled by kind and suit alone, from the O(m) summary counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from shtoss_exact.deck import Deal, SuitRelation
from shtoss_exact.engine import Kind, counts_at, kind_counts, relation_weights
from shtoss_exact.errors import ShtossError


@dataclass(frozen=True)
class Outcome:
    """One way a bet is decided, as a scheme sees it.

    ``position`` is the deciding card's place (the lob of a plié); ``None`` stands for
    any position no rule of the scheme names, which only kind and suit can settle.
    """

    kind: Kind
    position: int | None
    cards: int
    relation: SuitRelation | None = None

    @property
    def abzug(self) -> int | None:
        return None if self.position is None else (self.position + 1) // 2

    @property
    def last_card(self) -> bool:
        """The deciding card is the last card of the deck (the hock, in faro)."""
        return self.position is not None and self.position == self.cards

    @property
    def last_pair(self) -> bool:
        """The deciding card is in the last complete abzug (positions n-1, n for even n)."""
        last = self.cards // 2
        return self.position is not None and last >= 1 and self.abzug == last


@dataclass(frozen=True)
class Match:
    """Which outcomes a rule or premium applies to; a field left ``None`` matches anything."""

    kinds: frozenset[Kind] | None = None
    abzug: int | None = None
    position: int | None = None
    relation: SuitRelation | None = None
    last_pair: bool | None = None
    last_card: bool | None = None

    def __post_init__(self) -> None:
        for name in ("abzug", "position"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ShtossError(f"{name}={value} in a rule: allowed {name} >= 1")

    @property
    def positional(self) -> bool:
        """True when the match names a place in the deck (an abzug, a position, the end)."""
        return (
            self.abzug is not None
            or self.position is not None
            or self.last_pair is not None
            or self.last_card is not None
        )

    def positions(self, cards: int) -> set[int]:
        """The deck positions this match can name (used to find the special positions)."""
        named: set[int] = set()
        if self.position is not None:
            named.add(self.position)
        if self.abzug is not None:
            named.update((2 * self.abzug - 1, 2 * self.abzug))
        if self.last_pair is not None and cards >= 2:
            last = cards // 2
            named.update((2 * last - 1, 2 * last))
        if self.last_card is not None and cards >= 1:
            named.add(cards)
        return {p for p in named if 1 <= p <= cards}

    def __call__(self, outcome: Outcome) -> bool:
        if self.kinds is not None and outcome.kind not in self.kinds:
            return False
        if self.relation is not None and outcome.relation is not self.relation:
            return False
        if not self.positional:
            return True
        if outcome.position is None:
            return False
        return (
            (self.position is None or outcome.position == self.position)
            and (self.abzug is None or outcome.abzug == self.abzug)
            and (self.last_pair is None or outcome.last_pair == self.last_pair)
            and (self.last_card is None or outcome.last_card == self.last_card)
        )


@dataclass(frozen=True)
class Rule:
    """Outcomes matching ``match`` pay ``payoff`` (before thirds); ``payoff=None`` is null."""

    match: Match
    payoff: Fraction | None


@dataclass(frozen=True)
class Premium:
    """An extra amount for a named event, added on top of the scheme's payoff ("with bait")."""

    name: str
    match: Match
    amount: Fraction


@dataclass(frozen=True)
class Settlement:
    """The punter's net result per unit stake; ``null`` when the bet is void (no action)."""

    payoff: Fraction
    null: bool = False


CLASSIC_BASE: Mapping[Kind, Fraction] = {
    Kind.KILLED: Fraction(-1),
    Kind.PLIE: Fraction(-1),
    Kind.GIVEN: Fraction(1),
}


@dataclass(frozen=True)
class Scheme:
    """A payout scheme: immutable data, never code.

    >>> from shtoss_exact.odds import make_deal
    >>> scheme_named("pharaon").ev(make_deal(deck=52))
    Fraction(-33, 1666)
    """

    name: str
    description: str = ""
    base: Mapping[Kind, Fraction] = field(default_factory=lambda: dict(CLASSIC_BASE))
    rules: tuple[Rule, ...] = ()
    premiums: tuple[Premium, ...] = ()
    thirds: Mapping[SuitRelation, Fraction] | None = None
    dead_first: bool = False
    source: str = ""

    def __post_init__(self) -> None:
        missing = [k.value for k in (Kind.KILLED, Kind.PLIE, Kind.GIVEN) if k not in self.base]
        if missing:
            raise ShtossError(f"scheme {self.name!r} has no base payoff for {', '.join(missing)}")

    def __hash__(self) -> int:
        return hash((self.name, self.rules, self.premiums, tuple(sorted(self.base.items()))))

    @property
    def needs_suits(self) -> bool:
        """True when a payoff depends on the deciding card's suit relation."""
        return self.thirds is not None or any(m.relation is not None for m in self._matches())

    def _matches(self) -> Iterator[Match]:
        yield from (rule.match for rule in self.rules)
        yield from (premium.match for premium in self.premiums)

    def special_positions(self, cards: int) -> list[int]:
        """Positions some rule or premium names; all others settle by kind and suit alone."""
        named: set[int] = set()
        for match in self._matches():
            named |= match.positions(cards)
        return sorted(named)

    def settle(self, outcome: Outcome) -> Settlement:
        """The punter's net result for one outcome.

        >>> scheme_named("lob-half").settle(Outcome(Kind.KILLED, 1, 52))
        Settlement(payoff=Fraction(-1, 2), null=False)
        """
        if outcome.kind is Kind.NONE:
            return Settlement(Fraction(0))
        payoff: Fraction | None = self.base[outcome.kind]
        for rule in self.rules:
            if rule.match(outcome):
                payoff = rule.payoff
                break
        if payoff is None:
            return Settlement(Fraction(0), null=True)
        if self.thirds is not None:
            if outcome.relation is None:
                raise ShtossError(
                    f"scheme {self.name!r} needs the suits: give the punter's card (--card)"
                )
            payoff *= self.thirds[outcome.relation]
        for premium in self.premiums:
            if premium.match(outcome):
                payoff += premium.amount
        return Settlement(payoff)

    def settlement_counts(self, deal: Deal) -> SettlementCounts:
        """Every settlement with its exact count over a common denominator."""
        return settlement_counts(deal, self)

    def ev(self, deal: Deal) -> Fraction:
        """The punter's expected net result per unit stake."""
        return self.settlement_counts(deal).mean


@dataclass(frozen=True)
class SettlementCounts:
    """Outcome weights over ``total``: ``items`` maps (payoff, null, kind) to a count."""

    total: int
    items: Mapping[tuple[Fraction, bool, Kind], int]

    def distribution(self) -> dict[Fraction, Fraction]:
        """The punter's net result per unit stake: value -> exact probability."""
        merged: dict[Fraction, int] = {}
        for (payoff, _null, _kind), count in self.items.items():
            merged[payoff] = merged.get(payoff, 0) + count
        return {v: Fraction(c, self.total) for v, c in sorted(merged.items()) if c}

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(p * c for (p, _n, _k), c in self.items.items()), self.total)


def settlement_counts(deal: Deal, scheme: Scheme) -> SettlementCounts:
    """Count every settlement of ``scheme`` on ``deal`` exactly.

    Positions named by a rule are taken one by one; the rest of each kind is the
    summary count minus those, settled with ``position=None``. The deciding card's
    suit relation is independent of the positions (each copy is first equally often),
    so it splits every count by the copies' suits.
    """
    n, m = deal.cards, deal.copies
    summary = kind_counts(n, m)
    if scheme.needs_suits and m > 0 and deal.suit_counts is None:
        raise ShtossError(
            f"scheme {scheme.name!r} needs the suits: give the punter's card (--card) "
            "and, for a custom deck, the copies' suits (--suits)"
        )
    weights = relation_weights(deal.suit_counts) if scheme.needs_suits else ((None, 1),)
    scale = sum(w for _, w in weights)
    items: dict[tuple[Fraction, bool, Kind], int] = {}

    def add(kind: Kind, position: int | None, count: int) -> None:
        if not count:
            return
        for relation, weight in weights:
            s = scheme.settle(Outcome(kind, position, n, relation))
            key = (s.payoff, s.null, kind)
            items[key] = items.get(key, 0) + count * weight

    if m == 0:
        add(Kind.NONE, None, summary.none)
        return SettlementCounts(summary.total * scale, items)
    rest = {Kind.KILLED: summary.killed, Kind.PLIE: summary.plie, Kind.GIVEN: summary.given}
    for position in scheme.special_positions(n):
        row = counts_at(n, m, position)
        for kind, count in ((Kind.KILLED, row.killed), (Kind.PLIE, row.plie),
                            (Kind.GIVEN, row.given)):  # fmt: skip
            add(kind, position, count)
            rest[kind] -= count
    for kind, count in rest.items():
        add(kind, None, count)
    return SettlementCounts(summary.total * scale, items)


def _match(kinds: Iterable[Kind] | None = None, **where: object) -> Match:
    return Match(frozenset(kinds) if kinds is not None else None, **where)  # type: ignore[arg-type]


_BANKER = (Kind.KILLED, Kind.PLIE)
HALF = Fraction(1, 2)

BUILTIN: dict[str, Scheme] = {
    scheme.name: scheme
    for scheme in (
        Scheme(
            "classic",
            "given +1, killed -1, plié -1",
            source="all seeds",
        ),
        Scheme(
            "lob-half",
            "в лоб полкуша: killed by the very first card (a plié in abzug 1 too) costs 1/2",
            rules=(Rule(_match(_BANKER, position=1), -HALF),),
            source="seed 000",
        ),
        Scheme(
            "gorka-half",
            "в лоб целиком — с горки полкуша: the first card kills in full, the third "
            "card (a plié in abzug 2 too) costs 1/2",
            rules=(Rule(_match(_BANKER, position=3), -HALF),),
            source="seed 000",
        ),
        Scheme(
            "thirds",
            "счёт третями: magnitude 1, 2/3, 1/3 for a colour, half-colour, plain deciding "
            "card (the lob of a plié); the sign by who wins",
            thirds={
                SuitRelation.COLOUR: Fraction(1),
                SuitRelation.HALF_COLOUR: Fraction(2, 3),
                SuitRelation.PLAIN: Fraction(1, 3),
            },
            source="seed 000",
        ),
        Scheme(
            "pharaon",
            "a doublet (plié) costs 1/2, in the last pair 1; the last card is null",
            rules=(
                Rule(_match(last_card=True), None),
                Rule(_match([Kind.PLIE], last_pair=True), Fraction(-1)),
                Rule(_match([Kind.PLIE]), -HALF),
            ),
            source="Encyclopédie, Montmort, de Moivre, Euler (1764)",
        ),
        Scheme(
            "bassette",
            "the first card is facée (the banker takes 2/3); a doublet goes to the banker; "
            "the last card is null",
            rules=(
                Rule(_match(last_card=True), None),
                Rule(_match([Kind.KILLED], position=1), Fraction(-2, 3)),
            ),
            source="17th–18th-century Bassette",
        ),
        Scheme(
            "faro",
            "the soda (first card) is dead and known before betting; the hock (last card) "
            "is dead; a split (plié) costs 1/2",
            rules=(
                Rule(_match(last_card=True), None),
                Rule(_match([Kind.PLIE]), -HALF),
            ),
            dead_first=True,
            source="19th-century American Faro",
        ),
        Scheme(
            "stuss",
            "faro with the split a full loss",
            rules=(Rule(_match(last_card=True), None),),
            dead_first=True,
            source="Stuss (Jewish Faro)",
        ),
    )
}
"""The named schemes of the sources."""


def scheme_named(name: str) -> Scheme:
    """A built-in scheme by name.

    >>> scheme_named("classic").ev(Deal(52, 4))
    Fraction(-33, 833)
    """
    try:
        return BUILTIN[name]
    except KeyError:
        allowed = ", ".join(BUILTIN)
        raise ShtossError(f"unknown scheme {name!r}: allowed schemes are {allowed}") from None
