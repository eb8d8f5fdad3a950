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

import os
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

from shtoss_exact.catalogue import Catalogue
from shtoss_exact.deck import Deal, Suit, SuitRelation
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass, field, replace
from shtoss_exact.i18n import N_, _
from shtoss_exact.numbers import exact_str
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

__all__ = [
    "BUILTIN",
    "CLASSIC_BASE",
    "Match",
    "Outcome",
    "Param",
    "Premium",
    "Rule",
    "Scheme",
    "Settlement",
    "Soda",
    "bait",
    "bassette",
    "classic",
    "eleven",
    "faro",
    "gorka_half",
    "lob_half",
    "pharaon",
    "scheme_named",
    "stuss",
    "thirds",
    "with_premiums",
]


RUSSIAN_RULES = "the rules of Stoss as published in Russian (19th century)"

CLASSIC_BASE: Mapping[Kind, Fraction] = {
    Kind.KILLED: Fraction(-1),
    Kind.PLIE: Fraction(-1),
    Kind.GIVEN: Fraction(1),
}


@dataclass(frozen=True)
class Scheme:
    """A payout scheme: immutable data, never code.

    >>> from shtoss_exact.deck import make_deal
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

        >>> scheme_named("lob-half").params
        {'lob': Fraction(-1, 2)}
        """
        found: dict[str, Fraction] = {}
        for param in params_in(self._payoffs()):
            found.setdefault(param.name, Fraction(param))
        return found

    def with_params(self, values: Mapping[str, Fraction | int]) -> Scheme:
        """The same scheme with some named parameters set to new values.

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

        >>> [(w, d.cards, d.copies) for w, d in faro(soda=Soda.BEFORE).played_deals(Deal(52, 4))]
        [(48, 51, 4), (4, 51, 3)]
        """
        if not self.dead_first:
            return ((1, deal),)
        n, m = deal.cards, deal.copies
        if n == 0:
            raise ShtossError(
                _("scheme {name!r} burns the first card: allowed cards >= 1").format(name=self.name)
            )
        if self.soda is Soda.KNOWN:
            if m == n:
                raise ShtossError(
                    _(
                        "scheme {name!r} with a known soda needs a soda of another rank: allowed "
                        "copies < cards, got copies={m} cards={n}"
                    ).format(name=self.name, m=m, n=n)
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


def _match(kinds: Iterable[Kind] | None = None, **where: object) -> Match:
    return Match(frozenset(kinds) if kinds is not None else None, **where)  # type: ignore[arg-type]


_BANKER = (Kind.KILLED, Kind.PLIE)
HALF = Fraction(1, 2)
_LAST_NULL = Rule(_match(last_card=True), None)


def classic(*, given: Fraction | int = 1) -> Scheme:
    """Given +1 (parameter ``given``), killed -1, plié -1.

    >>> classic().ev(Deal(52, 4))
    Fraction(-33, 833)
    """
    base = {**CLASSIC_BASE, Kind.GIVEN: Param("given", Fraction(given))}
    return Scheme("classic", N_("given +1, killed -1, plié -1"), base=base, source=RUSSIAN_RULES)


def lob_half(*, plie_half: bool = True, lob: Fraction | int = -HALF) -> Scheme:
    """в лоб полкуша: killed by the very first card costs ``lob`` (-1/2).

    ``plie_half``: a plié in abzug 1 (its lob is the first card) costs ``lob`` too, as
    the rule reads; ``False`` makes it a full loss.

    >>> lob_half().ev(Deal(52, 4)), lob_half(plie_half=False).ev(Deal(52, 4))
    (Fraction(-25, 21658), Fraction(-37, 10829))
    """
    kinds = _BANKER if plie_half else (Kind.KILLED,)
    extra = "" if plie_half else " (a plié in abzug 1 costs 1)"
    return Scheme(
        "lob-half",
        N_("в лоб полкуша: killed by the very first card (a plié in abzug 1 too) costs 1/2")
        + extra,
        rules=(Rule(_match(kinds, position=1), Param("lob", Fraction(lob))),),
        source=RUSSIAN_RULES,
    )


def gorka_half(*, plie_half: bool = True, gorka: Fraction | int = -HALF) -> Scheme:
    """в лоб целиком — с горки полкуша: the third card costs ``gorka`` (-1/2).

    ``plie_half``: a plié in abzug 2 (its lob is the third card) costs ``gorka`` too.

    >>> gorka_half().ev(Deal(52, 4))
    Fraction(-89, 15925)
    """
    kinds = _BANKER if plie_half else (Kind.KILLED,)
    return Scheme(
        "gorka-half",
        N_(
            "в лоб целиком — с горки полкуша: the first card kills in full, the third "
            "card (a plié in abzug 2 too) costs 1/2"
        ),
        rules=(Rule(_match(kinds, position=3), Param("gorka", Fraction(gorka))),),
        source=RUSSIAN_RULES,
    )


def eleven(*, eleven: Fraction | int = 1) -> Scheme:
    """абцужный штосс: a card killed at eleven (position 11, abzug 6) counts as a win,
    and so does a plié in abzug 6 (its lob is the eleventh card), as lob-half and
    gorka-half count the plié of their abzug.

    >>> eleven().settle(Outcome(Kind.PLIE, 11, 52)).payoff, eleven().ev(Deal(52, 4))
    (Fraction(1, 1), Fraction(163, 4165))
    """
    return Scheme(
        "eleven",
        N_(
            "абцужный штосс: a card killed at eleven (position 11, abzug 6; a plié there "
            "too) is paid +1, not lost; otherwise classic"
        ),
        rules=(Rule(_match(_BANKER, position=11), Param("eleven", Fraction(eleven))),),
        source=RUSSIAN_RULES,
    )


def thirds() -> Scheme:
    """счёт третями: magnitude 1, 2/3, 1/3 by the deciding card's suit relation.

    The deciding card of a plié is its lob. Taking the sonik instead
    changes no probability: each card of the pair is a uniformly random copy.

    >>> from shtoss_exact.deck import parse_card
    >>> thirds().ev(Deal(52, 4, parse_card("7h"), tuple(Suit)))
    Fraction(-11, 476)
    """
    return Scheme(
        "thirds",
        N_(
            "счёт третями: magnitude 1, 2/3, 1/3 for a colour, half-colour, plain deciding "
            "card (the lob of a plié); the sign by who wins"
        ),
        thirds={
            SuitRelation.COLOUR: Fraction(1),
            SuitRelation.HALF_COLOUR: Fraction(2, 3),
            SuitRelation.PLAIN: Fraction(1, 3),
        },
        source=RUSSIAN_RULES,
    )


BAIT_RULE = N_("с наживкой: classic, plus a premium of 1/2 for winning the sonik")
"""The rule of bait over classic; over another base, that base's name in its place."""


def bait(*, sonik: Fraction | int = HALF, base: Scheme | None = None) -> Scheme:
    """с наживкой: ``base`` (classic) plus a premium ``sonik`` (+1/2) for winning the sonik.

    >>> bait().ev(Deal(52, 4))
    Fraction(-37, 10829)
    """
    under = base if base is not None else classic()
    return with_premiums(
        under,
        Premium("sonik", _match([Kind.GIVEN], position=2), Param("sonik", Fraction(sonik))),
        name="bait",
        description=BAIT_RULE.replace("classic", under.name),
    )


def with_premiums(
    scheme: Scheme, *premiums: Premium, name: str | None = None, description: str | None = None
) -> Scheme:
    """``scheme`` with premiums added on top (с наживкой), after its own.

    >>> won = Premium("given", _match([Kind.GIVEN]), Fraction(1, 10))
    >>> with_premiums(classic(), won).ev(Deal(52, 4))
    Fraction(1, 119)
    """
    return replace(
        scheme,
        name=name or scheme.name,
        description=description if description is not None else scheme.description,
        premiums=scheme.premiums + premiums,
    )


def pharaon(
    *,
    last_card_null: bool = True,
    doublet: Fraction | int = -HALF,
    last_pair_doublet: Fraction | int = -1,
) -> Scheme:
    """Pharaon: a doublet (plié) costs ``doublet`` (1/2), in the last pair 1; last card null.

    The last pair is the one whose second card is the deck's last card (``n`` even):
    that card, which would be the punter's, is null, so its doublet costs the whole
    stake. With ``n`` odd the last card is alone and no pair costs 1.

    >>> pharaon().ev(Deal(52, 4)), pharaon().ev(Deal(51, 3))
    (Fraction(-33, 1666), Fraction(-25, 1666))
    """
    rules = (
        Rule(
            _match([Kind.PLIE], last_pair=True),
            Param("last_pair_doublet", Fraction(last_pair_doublet)),
        ),
        Rule(_match([Kind.PLIE]), Param("doublet", Fraction(doublet))),
    )
    return Scheme(
        "pharaon",
        N_("a doublet (plié) costs 1/2, in the pair that ends the deck 1; the last card is null"),
        rules=(_LAST_NULL, *rules) if last_card_null else rules,
        source="Encyclopédie, Montmort, de Moivre, Euler (1764)",
    )


def bassette(
    *, last_card_null: bool = True, facee: Fraction | int = Fraction(-2, 3), mid_deal: bool = False
) -> Scheme:
    """Bassette: killed by the first card (facée) costs ``facee`` (2/3); last card null.

    ``mid_deal``: the Encyclopédie's rule for a card taken in the course of the deal,
    the positions counted from the card taken: the first card is null for that punter
    (a copy there, a doublet too, returns the stake), a copy in the second place is
    facée (``facee``), and after that the card wins or loses the whole stake.

    >>> bassette().ev(Deal(52, 4)), bassette(mid_deal=True).ev(Deal(6, 1))
    (Fraction(-503, 32487), Fraction(-5, 18))
    """
    paid = Param("facee", Fraction(facee))
    first: tuple[Rule, ...]
    if mid_deal:
        first = (Rule(_match(position=1), None), Rule(_match([Kind.GIVEN], position=2), paid))
        name = "bassette-mid-deal"
        rule = N_(
            "a card taken in mid-deal: its first card is null, the second facée (the banker "
            "takes 2/3); a doublet goes to the banker; the last card is null"
        )
    else:
        first = (Rule(_match([Kind.KILLED], position=1), paid),)
        name = "bassette"
        rule = N_(
            "the first card is facée (the banker takes 2/3); a doublet goes to the banker; "
            "the last card is null"
        )
    return Scheme(
        name,
        rule,
        rules=(_LAST_NULL, *first) if last_card_null else first,
        source="17th–18th-century Bassette",
    )


def faro(
    *,
    soda: Soda = Soda.KNOWN,
    hock_null: bool = True,
    split: Fraction | int = -HALF,
    name: str = "faro",
) -> Scheme:
    """Faro: the soda is dead, the hock (last card) is dead, a split costs ``split`` (1/2).

    ``soda``: ``known`` (the default: the soda is seen before betting and is of another
    rank) or ``before`` (the bet is placed before it is turned).

    >>> faro().ev(Deal(52, 4)), faro(soda=Soda.BEFORE).ev(Deal(52, 4))
    (Fraction(-101, 4998), Fraction(-33, 1666))
    """
    split_rule = Rule(_match([Kind.PLIE]), Param("split", Fraction(split)))
    return Scheme(
        name,
        N_(
            "the soda (first card) is dead and known before betting; the hock (last card) "
            "is dead; a split (plié) costs 1/2"
        ),
        rules=(_LAST_NULL, split_rule) if hock_null else (split_rule,),
        dead_first=True,
        soda=Soda(soda),
        source="19th-century American Faro",
    )


def stuss(*, soda: Soda = Soda.KNOWN, hock_null: bool = True, split: Fraction | int = -1) -> Scheme:
    """Stuss: faro with the split a full loss (parameter ``split``, -1).

    >>> stuss().ev(Deal(52, 4))
    Fraction(-101, 2499)
    """
    return replace(
        faro(soda=soda, hock_null=hock_null, split=split, name="stuss"),
        description=N_("faro with the split a full loss"),
        source="Stuss (Jewish Faro)",
    )


BUILTIN: dict[str, Scheme] = {
    scheme.name: scheme
    for scheme in (
        classic(),
        lob_half(),
        gorka_half(),
        eleven(),
        thirds(),
        bait(),
        pharaon(),
        bassette(),
        faro(),
        stuss(),
    )
}
"""The named schemes of the sources, with their default options."""


ALIASES: dict[str, str] = {
    "классика": "classic",
    "штосс": "classic",
    "в-лоб-полкуша": "lob-half",
    "с-горки-полкуша": "gorka-half",
    "абцуг": "eleven",
    "одиннадцать": "eleven",
    "трети": "thirds",
    "наживка": "bait",
    "фараон": "pharaon",
    "бассет": "bassette",
    "басет": "bassette",
    "фаро": "faro",
    "штос": "classic",
    "штусс": "stuss",
    "штус": "stuss",
}
"""Russian names of the built-in schemes (lower case; spaces may stand for the hyphens)."""


SchemeArgument: TypeAlias = Scheme | str | os.PathLike[str]
"""What a library argument ``scheme=`` takes: a ``Scheme``, a built-in name or alias, or
a scheme file's path (text with a ``/`` or a suffix, or an ``os.PathLike``)."""

SCHEMES: Catalogue[Scheme] = Catalogue(N_("scheme"), BUILTIN, ALIASES, kind=Scheme, files=True)
"""The built-in schemes and their Russian names (``as_scheme`` also reads files)."""


def scheme_names() -> dict[str, list[str]]:
    """Every built-in scheme's name with its Russian aliases: the one registry that
    help texts and ``schemes`` list.

    >>> scheme_names()["pharaon"]
    ['фараон']
    """
    return SCHEMES.names()


def scheme_named(name: str) -> Scheme:
    """A built-in scheme by name or Russian alias (``"pharaon"``, ``"фараон"``); a
    library argument that may also be a file is read by ``schemes.files.as_scheme``.

    >>> scheme_named("classic").ev(Deal(52, 4)), scheme_named("Фараон").name
    (Fraction(-33, 833), 'pharaon')
    """
    return SCHEMES.named(name)
