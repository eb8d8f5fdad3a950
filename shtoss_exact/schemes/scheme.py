"""The built-in schemes of the sources and their names.

Each factory (``classic``, ``lob_half``, ``gorka_half``, ``eleven``, ``thirds``,
``bait``, ``pharaon``, ``bassette``, ``faro``, ``stuss``) builds a ``Scheme`` from the
rule as published, its options as keywords; ``BUILTIN`` holds them with their default
options, ``ALIASES`` their Russian names, and ``scheme_named`` finds one by either.
A scheme itself, the data and how it settles one outcome, is in ``schemes.model``;
``Scheme`` and its parts are importable from here too.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from fractions import Fraction
from typing import TypeAlias

from shtoss_exact.catalogue import Catalogue
from shtoss_exact.deck import Deal, SuitRelation  # noqa: F401 (Deal: the doctests' decks)
from shtoss_exact.engine import Kind
from shtoss_exact.frozen import replace
from shtoss_exact.i18n import N_
from shtoss_exact.schemes.model import CLASSIC_BASE, Scheme
from shtoss_exact.schemes.parts import (
    Match,
    Outcome,
    Param,
    Premium,
    Rule,
    Settlement,
    Soda,
)

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

    >>> from shtoss_exact.cards import Suit, parse_card
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

SCHEMES: Catalogue[Scheme] = Catalogue(
    N_("scheme"), BUILTIN, ALIASES, kind=Scheme, files=True, whats=N_("schemes")
)
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
