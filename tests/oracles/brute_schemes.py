"""An independent oracle: every arrangement of a small deck, settled from the rules' table.

Each copy of the punter's rank is a distinct card (its suit matters to the thirds),
so a deck of ``n`` cards with ``m`` copies has C(n, m) m! arrangements, all equally
likely. Each one is decided card by card, settled by a payoff function written
afresh from the rules (nothing of the package's), and tallied: the punter's net
result, who wins (``banker``: net < 0, ``punter``: net > 0, ``null``: net = 0, as
the package defines them), and where the first copy falls on the deck the bet is
played on (``killed``, ``plie``, ``given``, ``no_copy``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations

SUITS = ("s", "c", "h", "d")
RED = {"h", "d"}


def relation(punter: str, deciding: str) -> str:
    if punter == deciding:
        return "colour"
    return "half-colour" if (punter in RED) == (deciding in RED) else "plain"


# A payoff function gets (kind, p, n, rel) and returns the punter's net, or None for null.
Pay = Callable[[str, int, int, str], Fraction | None]


def arrangements(n: int, suits: tuple[str, ...]) -> Iterator[dict[int, str]]:
    """Every placement of the copies (each distinct by its index) among n positions."""
    m = len(suits)
    for places in combinations(range(1, n + 1), m):
        for order in permutations(range(m)):
            yield {pos: suits[i] for pos, i in zip(places, order, strict=True)}


def decide(
    deck: dict[int, str], n: int, punter: str, *, plie_card: str = "lob"
) -> tuple[str, int | None, str | None]:
    if not deck:
        return ("none", None, None)
    p = min(deck)
    if p % 2 == 0:
        kind = "given"
    elif p + 1 in deck:
        kind = "plie"
    else:
        kind = "killed"
    card = p + 1 if kind == "plie" and plie_card == "sonik" else p
    return (kind, p, relation(punter, deck[card]))


@dataclass(frozen=True)
class Settled:
    """What the oracle counts over every arrangement of the deck as shuffled.

    ``distribution``: the punter's net result -> probability (every value seen);
    ``null_card``: P(a rule makes the deciding card null); ``kinds``: where the
    first copy falls on the deck the bet is played on, ``none`` for no copy.
    """

    distribution: dict[Fraction, Fraction]
    null_card: Fraction
    kinds: dict[str, Fraction]

    @property
    def banker(self) -> Fraction:
        return sum((p for v, p in self.distribution.items() if v < 0), Fraction(0))

    @property
    def punter(self) -> Fraction:
        return sum((p for v, p in self.distribution.items() if v > 0), Fraction(0))

    @property
    def null(self) -> Fraction:
        return self.distribution.get(Fraction(0), Fraction(0))

    @property
    def ev(self) -> Fraction:
        return sum((v * p for v, p in self.distribution.items()), Fraction(0))

    @property
    def seen(self) -> dict[Fraction, Fraction]:
        """The distribution without the values of probability 0."""
        return {v: p for v, p in self.distribution.items() if p}


def settle(
    n: int,
    suits: tuple[str, ...],
    pay: Pay,
    *,
    punter: str = "h",
    soda: str | None = None,
    plie_card: str = "lob",
) -> Settled:
    """Settle every arrangement of the deck as shuffled.

    ``soda``: None (no dead first card), "known" (first card dead and not a copy) or
    "before" (first card dead, whatever it is).
    """
    counts: dict[Fraction, int] = {}
    kinds = {"killed": 0, "plie": 0, "given": 0, "none": 0}
    null = total = 0
    for deck in arrangements(n, suits):
        if soda == "known" and 1 in deck:
            continue
        if soda is not None:
            deck = {pos - 1: s for pos, s in deck.items() if pos > 1}
            cards = n - 1
        else:
            cards = n
        kind, p, rel = decide(deck, cards, punter, plie_card=plie_card)
        kinds[kind] += 1
        value = Fraction(0) if p is None or rel is None else pay(kind, p, cards, rel)
        total += 1
        if value is None:
            null += 1
            value = Fraction(0)
        counts[value] = counts.get(value, 0) + 1
    return Settled(
        distribution={v: Fraction(c, total) for v, c in sorted(counts.items())},
        null_card=Fraction(null, total),
        kinds={k: Fraction(c, total) for k, c in kinds.items()},
    )


def classic(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return Fraction(1 if kind == "given" else -1)


HALF = Fraction(1, 2)


def lob_half(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return -HALF if kind != "given" and p == 1 else classic(kind, p, n, rel)


def gorka_half(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return -HALF if kind != "given" and p == 3 else classic(kind, p, n, rel)


def eleven(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    # Killed at eleven counts as a win, and so does a plié whose lob is the eleventh card.
    return Fraction(1) if kind != "given" and p == 11 else classic(kind, p, n, rel)


def thirds(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    factor = {"colour": Fraction(1), "half-colour": Fraction(2, 3), "plain": Fraction(1, 3)}
    return factor[rel] * (1 if kind == "given" else -1)


def bait(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return Fraction(3, 2) if kind == "given" and p == 2 else classic(kind, p, n, rel)


def pharaon(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    if p == n:
        return None  # the last card, which would be the punter's, is null
    if kind == "plie":
        # A doublet costs half, but the whole stake in the pair that ends the deck:
        # its second card is the last card (n even). With n odd no pair ends it.
        return Fraction(-1) if p + 1 == n else -HALF
    return classic(kind, p, n, rel)


def bassette(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    if p == n:
        return None
    if kind == "killed" and p == 1:
        return Fraction(-2, 3)
    return classic(kind, p, n, rel)


def bassette_mid_deal(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    # A card taken in mid-deal (the Encyclopédie): p counts from the card taken. Its
    # first card is null for it, whatever lies there; a copy second is facée; then
    # the whole stake either way, a doublet to the banker; the last card null.
    if p == n or p == 1:
        return None
    if p == 2:
        return Fraction(-2, 3)
    return classic(kind, p, n, rel)


def faro(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    # n is the deck after the soda: the hock is its last card.
    if p == n:
        return None
    return -HALF if kind == "plie" else classic(kind, p, n, rel)


def stuss(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return None if p == n else classic(kind, p, n, rel)


ORACLES: dict[str, tuple[Pay, str | None]] = {
    "classic": (classic, None),
    "lob-half": (lob_half, None),
    "gorka-half": (gorka_half, None),
    "eleven": (eleven, None),
    "thirds": (thirds, None),
    "bait": (bait, None),
    "pharaon": (pharaon, None),
    "bassette": (bassette, None),
    "faro": (faro, "known"),
    "stuss": (stuss, "known"),
}
