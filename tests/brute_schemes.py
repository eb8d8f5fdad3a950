"""An independent oracle: every arrangement of a small deck, settled from SPEC.md's table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


def decide(deck: dict[int, str], n: int, punter: str, *, plie_card: str = "lob") -> tuple:
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


def distribution(
    n: int,
    suits: tuple[str, ...],
    pay: Pay,
    *,
    punter: str = "h",
    soda: str | None = None,
    plie_card: str = "lob",
) -> tuple[dict[Fraction, Fraction], Fraction]:
    """(value -> probability, P(null)) over every arrangement of the deck as shuffled.

    ``soda``: None (no dead first card), "known" (first card dead and not a copy) or
    "before" (first card dead, whatever it is).
    """
    counts: dict[Fraction, int] = {}
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
        value = Fraction(0) if kind == "none" else pay(kind, p, cards, rel)
        total += 1
        if value is None:
            null += 1
            value = Fraction(0)
        counts[value] = counts.get(value, 0) + 1
    dist = {v: Fraction(c, total) for v, c in sorted(counts.items())}
    return dist, Fraction(null, total)


def classic(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return Fraction(1 if kind == "given" else -1)


HALF = Fraction(1, 2)


def lob_half(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return -HALF if kind != "given" and p == 1 else classic(kind, p, n, rel)


def gorka_half(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return -HALF if kind != "given" and p == 3 else classic(kind, p, n, rel)


def eleven(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return Fraction(1) if kind == "killed" and p == 11 else classic(kind, p, n, rel)


def thirds(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    factor = {"colour": Fraction(1), "half-colour": Fraction(2, 3), "plain": Fraction(1, 3)}
    return factor[rel] * (1 if kind == "given" else -1)


def bait(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    return Fraction(3, 2) if kind == "given" and p == 2 else classic(kind, p, n, rel)


def pharaon(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    if p == n:
        return None
    if kind == "plie":
        return Fraction(-1) if (p + 1) // 2 == n // 2 else -HALF
    return classic(kind, p, n, rel)


def bassette(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    if p == n:
        return None
    if kind == "killed" and p == 1:
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
