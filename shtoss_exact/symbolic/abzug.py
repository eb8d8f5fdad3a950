"""The per-abzug closed forms, derived: which abzugs share one form, and each form's counts.

On the deck the bet is played on, ``N`` cards with ``M`` copies, and with
``x = N - 2j`` (the cards after abzug ``j``), the first copy falls

* on the lob of abzug ``j`` with the sonik not a copy (killed) in C(x, M - 1) sets,
* on the lob and the sonik (plié) in C(x, M - 2) sets,
* on the sonik (given) in C(x, M - 1) sets,

each a polynomial in ``x``, exact for every ``x >= 0`` (``binomial_poly``). A lone
last card (``N`` odd, ``x = -1``) is a lob with no sonik: killed in one set when
``M = 1``, else never. The scheme settles each kind at each position; it treats
alike every position no rule names (the engine settles them as one), so every
abzug between the named ones at the start of the deck (a position or an abzug) and
those at its end (the last pair, the last card) has one form in ``n`` and ``j``. A
named abzug gets a form of its own unless its values are those of that common form.

Faro and Stuss burn the soda, so ``N = n - 1``: with the soda known the bet is
played with all ``m`` copies over C(n - 1, m) sets; with the bet placed before the
soda, over C(n, m) sets, on ``m`` copies when the soda is another rank and ``m - 1``
when it is a copy (the weights (n - m)/n and m/n cancel the two denominators).
Every form is K(x) / C(n - s, m), ``s = 1`` for a known soda and 0 otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind, abzug_counts, counts_at
from shtoss_exact.schemes.parts import Outcome, Soda
from shtoss_exact.schemes.scheme import Scheme
from shtoss_exact.symbolic.poly import ZERO, QPoly, binomial_poly

PER_ABZUG = ("decided_at", "banker_at", "punter_at", "null_at")
"""The per-abzug quantities: the bet decided at abzug j, and so with the banker, the
punter or no one winning."""

_LOB_KINDS = (Kind.KILLED, Kind.PLIE)


@dataclass(frozen=True)
class Bound:
    """An abzug number as a function of the number of cards: ``j = a*n + b``."""

    a: Fraction
    b: Fraction

    def at(self, cards: int) -> int:
        value = self.a * cards + self.b
        if value.denominator != 1:
            raise AssertionError(f"abzug bound {self} is not whole at n={cards}")
        return int(value)

    def plus(self, step: int) -> Bound:
        return Bound(self.a, self.b + step)


@dataclass(frozen=True)
class Segment:
    """Abzugs ``first..last`` that share one form per quantity: ``values[name]`` is
    K(x), x = n - dead - 2j (a constant where the segment is one abzug at the end)."""

    first: Bound
    last: Bound
    values: Mapping[str, QPoly]
    single: bool


@dataclass(frozen=True)
class AbzugPlan:
    """The per-abzug forms of one scheme, number of copies and parity of ``n``.

    ``dead`` is 1 when the first card is burnt (the bet is played on n - 1 cards),
    ``shift`` is ``s`` of the denominator C(n - s, m), and ``start`` the smallest ``n``
    from which the named positions at the start and at the end of the deck are
    apart, so that the segments (and the whole-deal counts) are polynomials.
    """

    copies: int
    dead: int
    shift: int
    start: int
    segments: tuple[Segment, ...]

    def last_abzug(self, cards: int) -> int:
        """The last abzug of the deck the bet is played on (a lone last card counts)."""
        return (cards - self.dead + 1) // 2

    def denominator(self, cards: int) -> int:
        return comb(cards - self.shift, self.copies)

    def value(self, segment: Segment, name: str, cards: int, abzug: int) -> Fraction:
        x = cards - self.dead - 2 * abzug
        return segment.values[name](x) / self.denominator(cards)

    def segment_at(self, cards: int, abzug: int) -> Segment | None:
        for segment in self.segments:
            if segment.first.at(cards) <= abzug <= segment.last.at(cards):
                return segment
        return None

    def tiles(self, cards: int) -> bool:
        """True when the segments at ``n = cards`` cover abzugs 1..last once each, in order
        (a segment may be empty)."""
        expected = 1
        for segment in self.segments:
            first, last = segment.first.at(cards), segment.last.at(cards)
            if first != expected or last < first - 1:
                return False
            expected = last + 1
        return expected == self.last_abzug(cards) + 1


def head_positions(scheme: Scheme) -> int:
    """The last position a rule or premium names by its place from the start (0 if none)."""
    named = [0]
    for match in (*(r.match for r in scheme.rules), *(p.match for p in scheme.premiums)):
        if match.position is not None:
            named.append(match.position)
        if match.abzug is not None:
            named.append(2 * match.abzug)
    return max(named)


def _parts(scheme: Scheme, copies: int) -> tuple[tuple[int, ...], int, int]:
    """(the copies of each deck played on, dead, shift)."""
    if not scheme.dead_first:
        return (copies,), 0, 0
    if scheme.soda is Soda.KNOWN:
        return (copies,), 1, 1
    return (copies, copies - 1), 1, 0


def plan_abzugs(scheme: Scheme, copies: int, *, even: bool) -> AbzugPlan:
    """Derive the per-abzug segments and their forms for ``n`` of one parity.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> plan = plan_abzugs(scheme_named("faro"), 4, even=True)
    >>> [(s.first.at(52), s.last.at(52)) for s in plan.segments]
    [(1, 25), (26, 26)]
    """
    parts, dead, shift = _parts(scheme, copies)
    head_abzug = (head_positions(scheme) + 1) // 2
    low = max(2 * head_abzug + 4, copies, 1)  # the played deck: named places apart
    start = low + dead
    if (start % 2 == 0) != even:
        start += 1
    played = start - dead
    special = set(scheme.special_positions(played))
    last = (played + 1) // 2

    bulk = _slot(scheme, parts, played, None, special=set())
    slots: dict[int, dict[str, QPoly]] = {}
    for abzug in sorted({(p + 1) // 2 for p in special if p <= 2 * head_abzug}):
        values = _slot(scheme, parts, played, abzug, special=special)
        if values != bulk:
            slots[abzug] = values
    tail = {(p + 1) // 2 for p in special if p > 2 * head_abzug}
    if played % 2:
        tail.add(last)
    for abzug in sorted(tail):
        x = played - 2 * abzug
        values = _slot(scheme, parts, played, abzug, special=special, end=True)
        if any(values[k] != QPoly.of([bulk[k](x)]) for k in PER_ABZUG):
            slots[abzug] = values

    # Bounds: abzugs at the start are constants, those at the end count from the last.
    half = Fraction(1, 2)
    last_bound = Bound(half, Fraction(1 - dead, 2) if played % 2 else Fraction(-dead, 2))
    segments: list[Segment] = []
    first = Bound(Fraction(0), Fraction(1))
    for abzug, values in sorted(slots.items()):
        here = (
            Bound(Fraction(0), Fraction(abzug))
            if abzug <= head_abzug
            else last_bound.plus(abzug - last)
        )
        if here != first:
            segments.append(Segment(first, here.plus(-1), bulk, single=False))
        segments.append(Segment(here, here, values, single=True))
        first = here.plus(1)
    if first != last_bound.plus(1):
        segments.append(Segment(first, last_bound, bulk, single=False))
    return AbzugPlan(copies, dead, shift, start, tuple(segments))


def _class_of(scheme: Scheme, kind: Kind, position: int | None, cards: int) -> str:
    settlement = scheme.settle(Outcome(kind, position, cards))
    if settlement.null or settlement.payoff == 0:
        return "null_at"
    return "banker_at" if settlement.payoff < 0 else "punter_at"


def _slot(
    scheme: Scheme,
    parts: Sequence[int],
    played: int,
    abzug: int | None,
    *,
    special: set[int],
    end: bool = False,
) -> dict[str, QPoly]:
    """K(x) of each quantity at one abzug (``None``: any abzug no rule names), summed
    over the decks played on. At an abzug at the ``end`` of the deck x is a constant
    (``played - 2 * abzug`` whatever the deck's size), and so is K."""
    lob = None if abzug is None else 2 * abzug - 1
    x = played - 2 * abzug if end and abzug is not None else None

    def place(position: int | None) -> int | None:
        return position if position is not None and position in special else None

    values = dict.fromkeys(PER_ABZUG, ZERO)
    for copies in parts:
        if lob is not None and lob == played:  # a lone last card: a lob, no sonik
            counts = {Kind.KILLED: QPoly.of([1 if copies == 1 else 0])}
        else:
            counts = {
                Kind.KILLED: binomial_poly(copies - 1) if copies >= 1 else ZERO,
                Kind.PLIE: binomial_poly(copies - 2) if copies >= 2 else ZERO,
                Kind.GIVEN: binomial_poly(copies - 1) if copies >= 1 else ZERO,
            }
            if x is not None:
                counts = {k: QPoly.of([p(x)]) for k, p in counts.items()}
        for kind, count in counts.items():
            position = place(lob) if kind in _LOB_KINDS else place(None if lob is None else lob + 1)
            name = _class_of(scheme, kind, position, played)
            values[name] = values[name] + count
            values["decided_at"] = values["decided_at"] + count
    return values


def engine_abzugs(
    scheme: Scheme, cards: int, copies: int, abzugs: Sequence[int]
) -> tuple[int, dict[int, dict[str, int]]]:
    """The engine's per-abzug probabilities over one common denominator: for each
    abzug, the bet decided there and who wins, from the engine's counts by abzug
    (``abzug_counts``, or ``counts_at`` for a few abzugs of a large deck) settled by
    the scheme as the engine settles them (a position no rule names as any such
    position).

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> total, counts = engine_abzugs(scheme_named("classic"), 52, 4, [1])
    >>> Fraction(counts[1]["punter_at"], total)
    Fraction(16, 221)
    """
    played = scheme.played_deals(Deal(cards, copies))
    totals = [comb(deal.cards, deal.copies) for _, deal in played]
    common = lcm(*totals)
    weight = sum(w for w, _ in played)
    result = {abzug: dict.fromkeys(PER_ABZUG, 0) for abzug in abzugs}
    for (share, deal), total in zip(played, totals, strict=True):
        scale = share * (common // total)
        special = set(scheme.special_positions(deal.cards))
        generic = {kind: _class_of(scheme, kind, None, deal.cards) for kind in Kind}
        rows = _abzug_rows(deal.cards, deal.copies, abzugs)
        for abzug, tally in result.items():
            for kind, position, count in zip(
                (Kind.KILLED, Kind.PLIE, Kind.GIVEN),
                (2 * abzug - 1, 2 * abzug - 1, 2 * abzug),
                rows[abzug],
                strict=True,
            ):
                if count:
                    name = (
                        _class_of(scheme, kind, position, deal.cards)
                        if position in special
                        else generic[kind]
                    )
                    tally[name] += count * scale
                    tally["decided_at"] += count * scale
    return common * weight, result


def _abzug_rows(cards: int, copies: int, abzugs: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """(killed, plié, given) counts of the abzugs asked for: every abzug in one pass of
    the engine when they are most of the deck's, else position by position."""
    if 2 * len(abzugs) >= (cards + 1) // 2:
        every = abzug_counts(cards, copies)
        return {abzug: every[abzug - 1] if abzug <= len(every) else (0, 0, 0) for abzug in abzugs}
    rows: dict[int, tuple[int, ...]] = {}
    for abzug in abzugs:
        lob, sonik = counts_at(cards, copies, 2 * abzug - 1), counts_at(cards, copies, 2 * abzug)
        rows[abzug] = (lob.killed, lob.plie, sonik.given)
    return rows
