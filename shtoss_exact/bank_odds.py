"""The bank: several bets decided by one deal, exactly.

One deal decides every staked rank; a rank leaves the game once killed or given,
and the deal runs until all are decided. Outcomes of different ranks are
dependent, so the banker's total is computed over the deal itself, by the
dynamic programme of ``bank_walk``: ranks with the same copies and the same
schemes form one class and are tracked as counts, and the stakes are handed to
the class's outcomes at the end (every assignment equally likely).

A rank staked by two punters is one rank with two bets: they share its outcome.
In the bank's summaries a card is *killed* when it loses, a plié included.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from math import factorial, lcm, sqrt
from typing import cast

from shtoss_exact.bank_walk import (
    Categorize,
    RankClass,
    Walk,
    assign_all,
    convolve,
    state_estimate,
    walk,
)
from shtoss_exact.deck import PRESETS, Deal, parse_rank
from shtoss_exact.engine import Kind, kind_counts
from shtoss_exact.errors import ShtossError
from shtoss_exact.schemes import BUILTIN, Outcome, Scheme, Soda, scheme_named

MAX_BANK_COST = 5_000_000
"""Largest bank walked: (abzugs) x (state bound) x (transitions per state), about seconds."""

MAX_JOINT_ENTRIES = 100_000
"""Largest joint distribution of outcomes built (a bound on its rows)."""

GIVEN, LOST, NO_DECISION = "given", "killed", "none"
"""Outcome groups of a card in the bank's summaries (``killed`` includes the plié)."""

_STAKE = re.compile(r"[+-]?\d+(\.\d+)?(/\d+)?")


def parse_stake(text: str) -> Fraction:
    """A positive exact stake: ``10``, ``2.5``, ``1/2``.

    >>> parse_stake("5/2")
    Fraction(5, 2)
    """
    raw = text.strip()
    if len(raw) > 40 or not raw.isascii() or not _STAKE.fullmatch(raw):
        raise ShtossError(f"stake {text!r} is not a number: write e.g. 10, 2.5 or 1/2")
    if "/" in raw and int(raw.split("/")[1]) == 0:
        raise ShtossError(f"stake {text!r} divides by zero: write e.g. 10, 2.5 or 1/2")
    value = Fraction(raw)
    if value <= 0:
        raise ShtossError(f"stake {text!r} is not positive: allowed stakes are > 0")
    return value


@dataclass(frozen=True)
class Bet:
    """One punter's stake on a rank, settled by ``scheme``."""

    rank: str
    stake: Fraction = Fraction(1)
    scheme: Scheme = BUILTIN["classic"]

    def __post_init__(self) -> None:
        if self.stake <= 0:
            raise ShtossError(f"stake {self.stake} on {self.rank} is not positive: allowed > 0")
        if self.scheme.needs_suits:
            raise ShtossError(
                f"scheme {self.scheme.name!r} needs the suits, which the bank does not model: "
                "allowed schemes without suits (e.g. classic, lob-half, pharaon)"
            )

    def __str__(self) -> str:
        stake = str(self.stake)
        return f"{self.rank}:{stake}" + (
            "" if self.scheme.name == "classic" else ":" + self.scheme.name
        )


def parse_bet(text: str, *, scheme: str | Scheme = "classic") -> Bet:
    """Parse ``rank[:stake[:scheme]]``; the stake defaults to 1, the scheme to ``scheme``.

    >>> str(parse_bet("д:5:pharaon")), parse_bet("A").stake
    ('Q:5:pharaon', Fraction(1, 1))
    """
    parts = text.split(":")
    if not 1 <= len(parts) <= 3 or not parts[0].strip():
        raise ShtossError(
            f"bet {text!r} is not rank[:stake[:scheme]]: write e.g. 7, 7:10, Q:5:pharaon"
        )
    rank = parse_rank(parts[0])
    stake = parse_stake(parts[1]) if len(parts) > 1 else Fraction(1)
    chosen = parts[2].strip() if len(parts) > 2 else scheme
    return Bet(rank, stake, scheme_named(chosen) if isinstance(chosen, str) else chosen)


@dataclass(frozen=True)
class BankDeal:
    """The banker's deck: ``cards`` cards, ``copies[rank]`` of each staked rank, the rest other.

    >>> make_bank_deal(["7", "Q"], deck=36, one_deck=True)
    BankDeal(cards=34, copies=(('7', 3), ('Q', 3)), one_deck=True)
    """

    cards: int
    copies: tuple[tuple[str, int], ...]
    one_deck: bool = False

    def copies_of(self, rank: str) -> int:
        return dict(self.copies)[rank]


def make_bank_deal(
    ranks: Sequence[str],
    *,
    deck: int = 52,
    cards: int | None = None,
    copies: int | Mapping[str, int] | None = None,
    one_deck: bool = False,
) -> BankDeal:
    """The deck for a bank on ``ranks`` (distinct, normalised).

    ``deck`` is a preset (52, 36, 32); ``cards`` a custom size overriding it (any
    rank allowed); ``copies`` the copies of each staked rank in the banker's deck
    (default 4, or 3 with ``one_deck``), one number or one per rank. ``one_deck``:
    each punter takes his card off the top of the banker's deck, so one card of each
    staked rank leaves it (the deck is ``cards`` minus the number of staked ranks).
    """
    if isinstance(deck, bool) or deck not in PRESETS:
        raise ShtossError(f"unknown deck {deck!r}: allowed decks are 52, 36, 32")
    if not ranks:
        raise ShtossError("no bet given: stake at least one rank (e.g. --bet 7)")
    if cards is None:
        for rank in ranks:
            if rank not in PRESETS[deck]:
                raise ShtossError(
                    f"rank {rank} is not in the {deck}-card deck: allowed ranks "
                    f"{PRESETS[deck][0]}..A"
                )
        size = deck
    else:
        if isinstance(cards, bool) or not isinstance(cards, int) or cards < 0:
            raise ShtossError(f"cards must be a whole number >= 0, got {cards!r}")
        size = cards
    default = 3 if one_deck else 4
    per_rank: dict[str, int] = {}
    for rank in ranks:
        count = copies.get(rank, default) if isinstance(copies, Mapping) else copies
        count = default if count is None else count
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ShtossError(f"copies of {rank} must be a whole number >= 0, got {count!r}")
        per_rank[rank] = count
    in_deck = size - len(ranks) if one_deck else size
    if in_deck < 0:
        raise ShtossError(
            f"a one-deck bank on {len(ranks)} ranks needs cards >= {len(ranks)}, got {size}"
        )
    staked = sum(per_rank.values())
    if staked > in_deck:
        raise ShtossError(
            f"the staked ranks hold {staked} copies but the deck has {in_deck} cards: "
            "allowed total copies <= cards"
        )
    return BankDeal(in_deck, tuple(per_rank.items()), one_deck=one_deck)


def categorize(cards: int, schemes: Sequence[Scheme]) -> Categorize:
    """Outcome -> (group, the punter's payoff under each scheme); null settles as 0."""

    def category(kind: Kind, position: int | None) -> tuple[str, tuple[Fraction, ...]]:
        group = GIVEN if kind is Kind.GIVEN else NO_DECISION if kind is Kind.NONE else LOST
        outcome = Outcome(kind, position, cards)
        return group, tuple(s.settle(outcome).payoff for s in schemes)

    return category


def category_count(cards: int, copies: int, schemes: Sequence[Scheme]) -> int:
    """How many categories ``categorize`` can give: settled at every named position
    and once with ``position=None`` (every other position settles by kind alone)."""
    if copies == 0:
        return 1
    category = categorize(cards, schemes)
    named = sorted({p for s in schemes for p in s.special_positions(cards)})
    seen = {category(kind, None) for kind in (Kind.KILLED, Kind.PLIE, Kind.GIVEN)}
    for p in named:
        kinds = (Kind.GIVEN,) if p % 2 == 0 else (Kind.KILLED, Kind.PLIE)
        seen.update(category(kind, p) for kind in kinds)
    return len(seen)


def _check_cost(cards: int, classes: Sequence[tuple[int, int]], what: str) -> None:
    states = state_estimate(classes)
    cost = max(cards // 2, 1) * states * (len(classes) + 1) ** 2
    if cost > MAX_BANK_COST:
        # A float holds the estimate up to about 1e308; beyond, its power of ten is shown.
        shown = f"{cost:.1e}" if cost.bit_length() < 1000 else f"1e+{cost.bit_length() * 3 // 10}"
        raise ShtossError(
            f"{what} needs about {shown} steps ({states} states per abzug): more than the "
            f"limit {MAX_BANK_COST:.0e}; stake fewer ranks, use fewer schemes or a smaller deck"
        )


@dataclass(frozen=True)
class BetOdds:
    """One bet's own odds (as if alone: the one-bet engine) and its expected net result."""

    bet: Bet
    copies: int
    given: Fraction
    killed: Fraction
    plie: Fraction
    ev_punter: Fraction


@dataclass(frozen=True)
class PairOdds:
    """Bet ``first`` against bet ``second`` (indices into the bank's bets).

    ``given_if_given`` = P(first's card given | second's card given) and
    ``given_if_killed`` = P(first's card given | second's card killed, plié included),
    ``None`` when the condition is impossible. ``covariance`` is that of the punters'
    net results (stake x payoff); the correlation is its only irrational value.
    """

    first: int
    second: int
    given_if_given: Fraction | None
    given_if_killed: Fraction | None
    covariance: Fraction
    variance_first: Fraction
    variance_second: Fraction

    @property
    def correlation(self) -> float | None:
        """Pearson's correlation of the two results; ``None`` when one cannot vary."""
        if not self.variance_first or not self.variance_second:
            return None
        return float(self.covariance) / sqrt(float(self.variance_first * self.variance_second))


@dataclass(frozen=True)
class JointRow:
    """One joint outcome of the staked ranks: (kind, abzug) per rank, and its probability."""

    outcomes: tuple[tuple[Kind, int | None], ...]
    probability: Fraction


@dataclass(frozen=True)
class Bank:
    """The exact result of a bank: every bet decided by one deal.

    >>> b = bank(["7", "Q"], cards=8, copies=2)
    >>> b.ev_banker, b.all_given
    (Fraction(2, 7), Fraction(2, 15))
    """

    deal: BankDeal
    bets: tuple[Bet, ...]
    banker_net: Mapping[Fraction, Fraction]
    length: Mapping[int, Fraction]
    all_given: Fraction
    all_killed: Fraction
    _pair_cache: dict[tuple[object, ...], Walk] = field(
        default_factory=dict, repr=False, compare=False
    )

    @property
    def ranks(self) -> tuple[str, ...]:
        return tuple(rank for rank, _ in self.deal.copies)

    @property
    def ev_banker(self) -> Fraction:
        """The banker's expected total net result."""
        return sum((v * p for v, p in self.banker_net.items()), Fraction(0))

    @property
    def var_banker(self) -> Fraction:
        """The variance of the banker's total net result."""
        mean = self.ev_banker
        return sum(((v - mean) ** 2 * p for v, p in self.banker_net.items()), Fraction(0))

    @cached_property
    def bet_odds(self) -> tuple[BetOdds, ...]:
        """Each bet alone, from the one-bet engine; their ``ev_punter`` add up to -``ev_banker``."""
        rows = []
        for bet in self.bets:
            m = self.deal.copies_of(bet.rank)
            counts = kind_counts(self.deal.cards, m)
            ev = bet.scheme.ev(Deal(self.deal.cards, m)) * bet.stake
            rows.append(
                BetOdds(
                    bet,
                    m,
                    Fraction(counts.given, counts.total),
                    Fraction(counts.killed, counts.total),
                    Fraction(counts.plie, counts.total),
                    ev,
                )
            )
        return tuple(rows)

    def pair(self, first: int, second: int) -> PairOdds:
        """Conditional odds and covariance of two bets, from a two-rank walk of the deal.

        >>> p = bank(["7", "Q"], cards=8, copies=2).pair(0, 1)
        >>> p.given_if_given, p.given_if_killed
        (Fraction(14, 45), Fraction(31, 60))
        """
        a, b = self.bets[first], self.bets[second]
        n = self.deal.cards
        ca, cb = self.deal.copies_of(a.rank), self.deal.copies_of(b.rank)
        same = a.rank == b.rank
        key: tuple[object, ...] = (same, ca, cb, a.scheme, b.scheme)
        found = self._pair_cache.get(key)
        if found is None:
            if same:
                classes = [RankClass(ca, 1, categorize(n, (a.scheme, b.scheme)))]
            else:
                classes = [
                    RankClass(ca, 1, categorize(n, (a.scheme,))),
                    RankClass(cb, 1, categorize(n, (b.scheme,))),
                ]
            found = self._pair_cache[key] = walk(n, classes)
        return _pair_odds(found, first, second, same=same, stakes=(a.stake, b.stake))

    @cached_property
    def pairs(self) -> tuple[PairOdds, ...]:
        """Every ordered pair of different bets."""
        k = len(self.bets)
        return tuple(self.pair(i, j) for i in range(k) for j in range(k) if i != j)

    def joint(self) -> tuple[JointRow, ...]:
        """The joint distribution of the ranks' outcomes (kind and abzug per rank, in
        ``ranks`` order); refused when it could exceed ``MAX_JOINT_ENTRIES`` rows.

        >>> rows = bank(["7", "Q"], cards=4, copies=2).joint()
        >>> len(rows), rows[0].probability
        (4, Fraction(1, 3))
        """
        n = self.deal.cards
        bound = 1
        for _, m in self.deal.copies:
            bound *= 1 + 3 * ((n + 1) // 2) if m else 1
        if bound > MAX_JOINT_ENTRIES:
            raise ShtossError(
                f"the joint distribution could have {bound} rows: more than the limit "
                f"{MAX_JOINT_ENTRIES}; stake fewer ranks or use a smaller deck"
            )

        def by_abzug(kind: Kind, position: int | None) -> tuple[Kind, int | None]:
            return kind, None if position is None else (position + 1) // 2

        result = walk(n, [RankClass(m, 1, by_abzug) for _, m in self.deal.copies])
        rows = []
        for terminal, probability in result.terminals.items():
            outcomes = tuple(
                cast(tuple[Kind, int | None], result.categories[k][ms[0]])
                for k, ms in enumerate(terminal)
            )
            rows.append(JointRow(outcomes, probability))
        rows.sort(key=lambda r: tuple((a or 0, kind.value) for kind, a in r.outcomes))
        return tuple(rows)


def _settled(result: Walk, k: int, index: int) -> tuple[str, tuple[Fraction, ...]]:
    """Category ``index`` of class ``k`` as ``categorize`` made it: (group, payoffs)."""
    return cast(tuple[str, tuple[Fraction, ...]], result.categories[k][index])


def _pair_odds(
    result: Walk, first: int, second: int, *, same: bool, stakes: tuple[Fraction, Fraction]
) -> PairOdds:
    # Sums over the pair's joint outcome: P(second given), P(both given), ... and the
    # moments of the payoffs P_1, P_2; the results are X_i = stake_i P_i.
    sums: dict[str, Fraction] = defaultdict(Fraction)
    for terminal, w in result.terminals.items():
        if same:
            group, (p1, p2) = _settled(result, 0, terminal[0][0])
            group1 = group2 = group
        else:
            group1, (p1,) = _settled(result, 0, terminal[0][0])
            group2, (p2,) = _settled(result, 1, terminal[1][0])
        given1 = group1 == GIVEN
        if group2 == GIVEN:
            sums["g2"] += w
            sums["g1g2"] += w if given1 else 0
        elif group2 == LOST:
            sums["k2"] += w
            sums["g1k2"] += w if given1 else 0
        sums["p1"] += w * p1
        sums["p2"] += w * p2
        sums["p1p2"] += w * p1 * p2
        sums["p1p1"] += w * p1 * p1
        sums["p2p2"] += w * p2 * p2
    s1, s2 = stakes
    return PairOdds(
        first,
        second,
        sums["g1g2"] / sums["g2"] if sums["g2"] else None,
        sums["g1k2"] / sums["k2"] if sums["k2"] else None,
        s1 * s2 * (sums["p1p2"] - sums["p1"] * sums["p2"]),
        s1 * s1 * (sums["p1p1"] - sums["p1"] ** 2),
        s2 * s2 * (sums["p2p2"] - sums["p2"] ** 2),
    )


def bank(
    bets: Iterable[Bet | str],
    *,
    deck: int = 52,
    cards: int | None = None,
    copies: int | Mapping[str, int] | None = None,
    one_deck: bool = False,
) -> Bank:
    """The exact result of a bank; ``bets`` as ``Bet`` or ``"rank[:stake[:scheme]]"``.

    The deck arguments are those of ``make_bank_deal``.

    >>> b = bank(["7:10", "Q:5", "A"])
    >>> b.ev_banker == -sum(o.ev_punter for o in b.bet_odds)
    True
    >>> b.all_given
    Fraction(1982464, 21129555)
    """
    parsed = tuple(parse_bet(b) if isinstance(b, str) else b for b in bets)
    ranks = list(dict.fromkeys(b.rank for b in parsed))
    deal = make_bank_deal(ranks, deck=deck, cards=cards, copies=copies, one_deck=one_deck)
    return bank_of(deal, parsed)


def _burn_soda(deal: BankDeal, bets: Sequence[Bet]) -> tuple[BankDeal, list[Bet]]:
    """Faro and Stuss burn the first card (the soda) for the whole deal.

    The soda is turned before betting and is of none of the staked ranks (the
    ``soda="known"`` convention of one bet), so the bank is dealt from the ``n - 1``
    cards after it, each bet settled on them as its scheme settles the deck it plays.
    """
    burnt = {bet.scheme.dead_first for bet in bets}
    if burnt != {True}:
        if True in burnt:
            raise ShtossError(
                "faro and stuss burn the first card (the soda) for the whole deal: "
                "stake every bet under a scheme that burns it, or none"
            )
        return deal, list(bets)
    if any(bet.scheme.soda is not Soda.KNOWN for bet in bets):
        raise ShtossError(
            "the bank deals after a soda seen before betting (soda=known); "
            "soda=before is for one bet alone"
        )
    staked = sum(m for _, m in deal.copies)
    if deal.cards - staked < 1:
        raise ShtossError(
            f"a soda of an unstaked rank needs a card that is not a copy of a staked rank: "
            f"cards={deal.cards}, staked copies={staked}"
        )
    played = replace(deal, cards=deal.cards - 1)
    return played, [replace(bet, scheme=replace(bet.scheme, dead_first=False)) for bet in bets]


def bank_of(deal: BankDeal, bets: Sequence[Bet]) -> Bank:
    """The exact result of ``bets`` on the deck ``deal`` (after the soda, for faro and stuss)."""
    deal, bets = _burn_soda(deal, bets)
    n = deal.cards
    # Each rank: its schemes in a fixed order (by name) and the stakes beside them.
    slots: dict[str, list[Bet]] = defaultdict(list)
    for bet in bets:
        if bet.rank not in dict(deal.copies):
            raise ShtossError(f"rank {bet.rank} has no copies set in the deck: stake it first")
        slots[bet.rank].append(bet)
    members: dict[tuple[int, tuple[Scheme, ...]], list[tuple[Fraction, ...]]] = defaultdict(list)
    for rank, m in deal.copies:
        ordered = sorted(slots[rank], key=lambda b: b.scheme.name)
        schemes = tuple(b.scheme for b in ordered)
        members[(m, schemes)].append(tuple(b.stake for b in ordered))
    keys = list(members)
    _check_cost(
        n,
        [(len(members[key]), category_count(n, key[0], key[1])) for key in keys],
        "this bank",
    )
    result = walk(n, [RankClass(m, len(members[(m, s)]), categorize(n, s)) for m, s in keys])

    # Banker's net per rank and category: -sum of stake x payoff, as ints over `scale`.
    fractions = []
    for k, key in enumerate(keys):
        payoffs = [_settled(result, k, c)[1] for c in range(len(result.categories[k]))]
        fractions.append(
            [
                [
                    -sum((s * p for s, p in zip(stakes, row, strict=True)), Fraction(0))
                    for row in payoffs
                ]
                for stakes in members[key]
            ]
        )
    scale = lcm(1, *(v.denominator for cls in fractions for rank in cls for v in rank))
    ints = [[[int(v * scale) for v in rank] for rank in cls] for cls in fractions]
    tables: list[dict[tuple[int, ...], dict[int, int]] | None] = []
    for k, cls in enumerate(ints):
        ncat = len(result.categories[k])
        if all(rank == cls[0] for rank in cls):
            tables.append(None)  # one point per multiset: no assignment needed
        else:
            tables.append(assign_all(len(cls), [rank.__getitem__ for rank in cls], ncat))

    # Every ended deal over one common denominator, so the sums below stay in ints.
    common = lcm(*(p.denominator for p in result.terminals.values()))
    net: dict[int, int] = defaultdict(int)
    given = killed = 0
    for terminal, probability in result.terminals.items():
        count = int(probability * common)
        dist = {0: count}
        for k, ms in enumerate(terminal):
            table = tables[k]
            if table is None:
                point = sum(ints[k][0][c] for c in ms)
                dist = {v + point: w * factorial(len(ms)) for v, w in dist.items()}
            else:
                dist = convolve(dist, table[ms])
        for v, w in dist.items():
            net[v] += w
        groups = {_settled(result, k, c)[0] for k, ms in enumerate(terminal) for c in ms}
        given += count if groups == {GIVEN} else 0
        killed += count if groups == {LOST} else 0
    total = common
    for key in keys:
        total *= factorial(len(members[key]))
    return Bank(
        deal,
        tuple(bets),
        {Fraction(v, scale): Fraction(w, total) for v, w in sorted(net.items()) if w},
        dict(result.length),
        Fraction(given, common),
        Fraction(killed, common),
    )
