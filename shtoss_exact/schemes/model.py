"""Payout schemes: each outcome of a bet -> the punter's exact net result per unit stake.

A scheme is data: a payoff for each kind (killed, plié, given), ordered rules that
override it for outcomes they match (by kind, abzug, position, suit relation, last
pair, last card), optional *thirds* factors by the deciding card's suit relation (they
scale the payoff of a kind, never a rule's payoff), and premiums added on top. A rule
may also declare an outcome null: the stake comes back and the bet counts as no
action. Any payoff may be a named ``Param`` (a ``Fraction`` with a name) so that the
fair-payoff solver can ask which value makes the game fair.

Faro and Stuss burn the first card (the soda): ``Scheme.played_deals`` turns the
deck as shuffled into the deck(s) the bet is played on, and ``settlement_counts``
settles that mixture.

The distribution of a scheme's result never walks the deck: only the positions some
rule names are looked at one by one (O(1) binomials each); every other position is
settled by kind and suit alone, from the O(m) summary counts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from shtoss_exact.cards import Suit
from shtoss_exact.deck import Deal, SuitRelation
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass, field, replace
from shtoss_exact.i18n import _
from shtoss_exact.numbers import exact_str, short_int
from shtoss_exact.schemes.parts import (
    Match,
    Outcome,
    Param,
    Premium,
    Rule,
    Settlement,
    Soda,
    params_in,
)
from shtoss_exact.schemes.places import entries_at, places, spots

if TYPE_CHECKING:
    from shtoss_exact.schemes.settlement import SettlementCounts


CLASSIC_BASE: Mapping[Kind, Fraction] = {
    Kind.KILLED: Fraction(-1),
    Kind.PLIE: Fraction(-1),
    Kind.GIVEN: Fraction(1),
}


@dataclass(frozen=True)
class Scheme:
    """A payout scheme: immutable data, never code.

    >>> from shtoss_exact.deck import make_deal
    >>> from shtoss_exact.schemes.scheme import scheme_named
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
    soda: Soda = Soda.KNOWN

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or len(self.name) > 1000 or not self.name.isprintable():
            raise ShtossError(
                _("scheme name={name}: allowed printable text of at most 1000 characters").format(
                    name=quoted(self.name)
                )
            )
        missing = [k.value for k in (Kind.KILLED, Kind.PLIE, Kind.GIVEN) if k not in self.base]
        if missing:
            raise ShtossError(
                _("scheme {name!r} has no base payoff for {missing}").format(
                    name=self.name, missing=", ".join(missing)
                )
            )
        seen: dict[str, Fraction] = {}
        for param in params_in(self._payoffs()):
            first = seen.setdefault(param.name, Fraction(param))
            if first != param:
                raise ShtossError(
                    _(
                        "scheme {name!r}: parameter {name2!r} is given two values, {exact_str} and "
                        "{exact_str2}: allowed one value per parameter name"
                    ).format(
                        name=self.name,
                        name2=param.name,
                        exact_str=exact_str(first),
                        exact_str2=exact_str(Fraction(param)),
                    )
                )

    def __hash__(self) -> int:
        return hash((self.name, self.rules, self.premiums, tuple(sorted(self.base.items()))))

    def _payoffs(self) -> Iterator[Fraction | None]:
        yield from self.base.values()
        yield from (rule.payoff for rule in self.rules)
        yield from (premium.amount for premium in self.premiums)
        if self.thirds is not None:
            yield from self.thirds.values()

    @property
    def params(self) -> dict[str, Fraction]:
        """The named parameters of the scheme with their current values.

        >>> from shtoss_exact.schemes.scheme import scheme_named
        >>> scheme_named("lob-half").params
        {'lob': Fraction(-1, 2)}
        """
        found: dict[str, Fraction] = {}
        for param in params_in(self._payoffs()):
            found.setdefault(param.name, Fraction(param))
        return found

    def with_params(self, values: Mapping[str, Fraction | int]) -> Scheme:
        """The same scheme with some named parameters set to new values.

        >>> from shtoss_exact.schemes.scheme import scheme_named
        >>> scheme_named("lob-half").with_params({"lob": 0}).settle(Outcome(Kind.KILLED, 1, 52))
        Settlement(payoff=Fraction(0, 1), null=False)
        """
        unknown = sorted(set(values) - set(self.params))
        if unknown:
            allowed = ", ".join(self.params) or "none"
            raise ShtossError(
                _("scheme {name!r} has no parameter {unknown!r}: its parameters: {allowed}").format(
                    name=self.name, unknown=unknown[0], allowed=allowed
                )
            )

        def put(value: Fraction | None) -> Fraction | None:
            if isinstance(value, Param) and value.name in values:
                return Param(value.name, Fraction(values[value.name]))
            return value

        def put_sure(value: Fraction) -> Fraction:
            return put(value) or Fraction(0)

        return replace(
            self,
            base={kind: put_sure(v) for kind, v in self.base.items()},
            rules=tuple(Rule(r.match, put(r.payoff)) for r in self.rules),
            premiums=tuple(Premium(p.name, p.match, put_sure(p.amount)) for p in self.premiums),
            thirds=None
            if self.thirds is None
            else {rel: put_sure(v) for rel, v in self.thirds.items()},
        )

    def played_deals(self, deal: Deal) -> tuple[tuple[int, Deal], ...]:
        """The deck(s) the bet is played on, with integer weights, from the deck as shuffled.

        Without a dead first card that is ``deal`` itself. With one (faro's soda) it is
        the ``n - 1`` cards after it: with ``soda=known`` only those holding all ``m``
        copies; with ``soda=before`` also, for each copy, the deck that lost it.

        >>> from shtoss_exact.schemes.scheme import faro
        >>> [(w, d.cards, d.copies) for w, d in faro(soda=Soda.BEFORE).played_deals(Deal(52, 4))]
        [(48, 51, 4), (4, 51, 3)]
        """
        if not self.dead_first:
            return ((1, deal),)
        n, m = deal.cards, deal.copies
        if n == 0:
            raise ShtossError(
                _(
                    "scheme {name!r} burns the first card, but the banker's deck holds none: "
                    "allowed a banker's deck of 1 card or more (in the one-deck game, whose "
                    "first card is the punter's, cards >= 2)"
                ).format(name=self.name)
            )
        if self.soda is Soda.KNOWN:
            if m == n:
                raise ShtossError(
                    _(
                        "scheme {name!r} with a known soda needs a soda of another rank: allowed "
                        "copies < cards in the banker's deck, got {m} copies in a banker's deck "
                        "of {n} cards"
                    ).format(name=self.name, m=short_int(m), n=short_int(n))
                )
            return ((1, replace(deal, cards=n - 1)),)
        parts: list[tuple[int, Deal]] = [(n - m, replace(deal, cards=n - 1))] if n > m else []
        if m == 0:
            return tuple(parts)
        after = replace(deal, cards=n - 1, copies=m - 1, copy_suits=None)
        if deal.copy_suits is None:
            return (*parts, (m, after))
        for suit in Suit:
            held = deal.copy_suits.count(suit)
            if held:
                rest = list(deal.copy_suits)
                rest.remove(suit)
                parts.append((held, replace(after, copy_suits=tuple(rest))))
        return tuple(parts)

    @property
    def needs_suits(self) -> bool:
        """True when a payoff depends on the deciding card's suit relation."""
        return self.thirds is not None or any(m.relation is not None for m in self._matches())

    def _matches(self) -> Iterator[Match]:
        yield from (rule.match for rule in self.rules)
        yield from (premium.match for premium in self.premiums)

    def placeless(self) -> int:
        """How many rules and premiums name no place in the deck: each is a candidate at
        every settlement (``_candidates``). Counted once."""
        count = self.__dict__.get("_placeless")
        if count is None:  # a frozen value: the count cached beside the fields
            count = self.__dict__["_placeless"] = sum(
                spots(match, 2) is None for match in self._matches()
            )
        return int(count)

    def special_positions(self, cards: int) -> list[int]:
        """Positions some rule or premium names; all others settle by kind and suit alone."""
        named: set[int] = set()
        for match in self._matches():
            named |= match.positions(cards)
        return sorted(named)

    def settle(self, outcome: Outcome) -> Settlement:
        """The punter's net result for one outcome.

        >>> from shtoss_exact.schemes.scheme import scheme_named
        >>> scheme_named("lob-half").settle(Outcome(Kind.KILLED, 1, 52))
        Settlement(payoff=Fraction(-1, 2), null=False)
        """
        if outcome.kind is Kind.NONE:
            return Settlement(Fraction(0))
        payoff: Fraction | None = self.base[outcome.kind]
        ruled = False
        rules, premiums = self._candidates(outcome.cards, outcome.position)
        for rule in rules:
            if rule.match(outcome):
                payoff, ruled = rule.payoff, True
                break
        if payoff is None:
            return Settlement(Fraction(0), null=True)
        # The thirds scale the payoff of a kind; a rule's payoff is paid as written
        # (a rule can name the suit relation itself).
        if self.thirds is not None and not ruled:
            if outcome.relation is None:
                raise ShtossError(
                    _("scheme {name!r} needs the suits: give the punter's card (card=)").format(
                        name=self.name
                    )
                )
            payoff *= self.thirds[outcome.relation]
        for premium in premiums:
            if premium.match(outcome):
                payoff += premium.amount
        return Settlement(Fraction(payoff))

    def _candidates(
        self, cards: int, position: int | None
    ) -> tuple[tuple[Rule, ...], tuple[Premium, ...]]:
        """The rules and premiums, in order, that can match a deciding card at
        ``position`` of ``cards``: those naming a place in the deck only at their places,
        the others everywhere. The places are indexed once per deck size, so a scheme of
        a thousand rules settles in a few lookups."""
        if len(self.rules) + len(self.premiums) <= 8:
            return self.rules, self.premiums
        cache = self.__dict__.setdefault("_index", {})  # frozen: a cache beside the fields
        found = cache.get((cards, position))
        if found is None:
            if len(cache) > 4096:
                cache.clear()
            indexed = cache.get(cards)
            if indexed is None:
                indexed = cache[cards] = (places(self.rules, cards), places(self.premiums, cards))
            found = cache[(cards, position)] = (
                entries_at(indexed[0], self.rules, position),
                entries_at(indexed[1], self.premiums, position),
            )
        return found  # type: ignore[no-any-return]

    def settlement_counts(self, deal: Deal) -> SettlementCounts:
        """Every settlement with its exact count over a common denominator."""
        from shtoss_exact.schemes.settlement import settlement_counts

        return settlement_counts(deal, self)

    def ev(self, deal: Deal) -> Fraction:
        """The punter's expected net result per unit stake."""
        return self.settlement_counts(deal).mean
