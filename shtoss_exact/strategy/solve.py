"""Exactly optimal stakes across deals: policy iteration with exact evaluations.

The problem (Dubins and Savage, *How to Gamble If You Must*, 1965, in the units of the
initial kush): a punter holds a bankroll and, before each deal, stakes a whole number
``s`` of units, ``1 <= s <=`` what he holds (and at most the banker's maximum stake);
the deal pays ``s * a`` for a per-unit payoff ``a`` of the scheme, with its exact
probability. He is ruined when his bankroll falls below one unit and done when it
reaches the target. The objective is P(reach the target) (``reach``) or the expected
number of deals before ruin or target (``stay``).

States. Every payoff is a multiple of ``1/L`` (``L`` the lcm of the payoffs'
denominators: 1 for classic, 2 for half losses, 3 for thirds), so from a bankroll ``B``
every bankroll reachable lies on ``B + Z/L``. State ``j`` is the bankroll
``low + j/L``, ``low`` the least point of that grid ``>= 1``; states below ``0`` are
ruin, ``j >= size`` the target. A payoff ``a`` at stake ``s`` moves ``j`` by
``s * a * L`` grid points.

Evaluation. A policy (a stake per state) is a Markov chain; its values solve, over the
deal's common denominator ``d`` and counts ``c_i``,
``d V(j) - sum_i c_i V(j + s_j k_i) = r_j`` (the sum over next states still playing;
``r_j`` the counts that reach the target, or ``d`` for one deal played), an integer
system solved exactly by ``shtoss_exact.linear.solve``.

Improvement and proof. With the values over one common denominator ``D``
(``V(j) = N_j / D``), every Bellman sum ``Q(j, s) d D = sum_i c_i N(j + s k_i)``
(``+ d D`` for ``stay``) is an integer, so comparing stakes is comparing integers.
Each state takes a stake of largest ``Q`` (keeping its own when it ties); the policy
iteration (Howard, 1960) stops when no state can do strictly better. Every policy ends
with probability 1 (a run of wins reaches the target, a run of losses ruins), so the
Bellman equation ``V(j) = max_s Q(j, s)`` has exactly one solution, the optimal value
(Bertsekas and Tsitsiklis, stochastic shortest paths): the last sweep checks it exactly
at every state for every stake, and the stakes that attain the maximum are all the
optimal ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import ceil, floor, lcm

from shtoss_exact.errors import ShtossError, shown_number
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _
from shtoss_exact.limits import BIT_BYTES, MAX_SECONDS, MAX_VALUE_BITS, Cost, float_estimate
from shtoss_exact.linear import POWER, Row, TooLong, elimination_work, lifted_bits, solve

MAX_STATES = 20_000
"""Most states looked at before the cost is estimated: beyond it a refusal is certain."""

MAX_WORK = MAX_SECONDS * 1e9
"""Largest estimated cost (about one unit a nanosecond): ``limits.MAX_SECONDS``."""

SETTLING = 10
"""Policy iterations assumed in the estimate when bold (or timid) play need not be
optimal: measured, 4 to 10 from the start up to a target of 400."""

SWEEP_COST = 200.0
"""Cost of one term ``c_i * N`` of a Bellman sum, plus ``SWEEP_BIT_COST`` per bit of N
(measured 92 ns a term for values of 1 000 bits on 2 000 bankrolls, up to 210 ns on a
few hundred, where each bankroll's own work weighs more; once counted at 400)."""

SWEEP_BIT_COST = 0.05

INT_BYTES = 40
"""Bytes of a Python int besides its digits, with the list slot holding it."""

WIDE_ENTRY_BIT = 25.0
"""Cost, per bit of the system's entries, of one entry of A at one lifting step: its
product by the step's digit and the residual's exact division, which
``linear.elimination_work`` counts as one word. Measured on a stuss deck of 10**k cards
(entries of 68 to 1330 bits): 15 to 25 a bit; nothing beside the word at 11 bits."""

WIDE_EUCLID = 25_000.0
"""Cost per (kilobit of the answer's bound)**2 of its reconstruction beyond the
``linear`` estimate's own: the Euclid and one product a bankroll (measured 30 000 in all)."""


RECONSTRUCT_BIT2 = 6e-3
"""Cost per (unknown x bit of the lifting's modulus x bit of the values) of an exact
evaluation's answers, beyond the ``linear`` estimate's: each answer a product of the
modulus by the values' common denominator, and a gcd of the value's length. Measured
4.5e-3 to 1e-2 under timid play (classic, lob-half, stuss, bassette; 100 to 1000
bankrolls), where it was up to two thirds of an evaluation."""

TIMID_VALUE_BITS = 0.85
"""Bits of the values' common denominator under timid play (and the policies a
policy iteration from it passes through), per state and bit of the deal's denominator:
measured 0.75 to 0.85 (bold play's: a tenth to a half of that)."""


def shown(value: Fraction | int) -> str:
    """A number for a message: exact when short, else by its number of digits.

    >>> shown(Fraction(5, 2)), shown(10**80)
    ('5/2', '(about 81 digits)')
    """
    return shown_number(Fraction(value))


@dataclass(frozen=True)
class BankrollGrid:
    """The problem on its grid: state ``j`` is the bankroll ``low + j / unit``.

    >>> g = bankroll_grid((833, ((Fraction(-1), 433), (Fraction(1), 400))), bankroll=2, target=4)
    >>> g.size, g.most, g.bankroll(2)
    (3, (1, 2, 3), Fraction(3, 1))
    """

    unit: int
    low: Fraction
    size: int
    steps: tuple[int, ...]
    counts: tuple[int, ...]
    denominator: int
    most: tuple[int, ...]
    reach: bool

    def bankroll(self, index: int) -> Fraction:
        """The bankroll of state ``index``."""
        return self.low + Fraction(index, self.unit)

    def index(self, bankroll: Fraction) -> int:
        """The state of a bankroll on the grid."""
        return int((bankroll - self.low) * self.unit)

    @property
    def pairs(self) -> int:
        """The (state, stake) pairs a Bellman sweep compares."""
        return sum(self.most)

    def bold(self) -> list[int]:
        """Bold play: the least stake that reaches the target on the largest win, or all
        that is allowed (Dubins and Savage's optimal play in a subfair even-money game)."""
        top = max(self.steps)
        if top <= 0:
            return list(self.most)
        return [max(1, min(most, ceil((self.size - j) / top))) for j, most in enumerate(self.most)]

    def timid(self) -> list[int]:
        """Timid play: one unit every deal."""
        return [1] * self.size


def states_between(bankroll: Fraction, target: Fraction, unit: int) -> int:
    """The number of playing states from the least bankroll ``>= 1`` on ``bankroll``'s
    grid up to ``target`` (without building them).

    >>> states_between(Fraction(50), Fraction(100), 2)
    198
    """
    low = bankroll - Fraction(floor((bankroll - 1) * unit), unit)
    return max(0, ceil((target - low) * unit))


def bankroll_grid(
    outcomes: tuple[int, Sequence[tuple[Fraction, int]]],
    *,
    bankroll: Fraction | int,
    target: Fraction | int,
    max_stake: Fraction | int | None = None,
    reach: bool = True,
) -> BankrollGrid:
    """The grid of states of a problem, from one deal's per-unit payoffs with their
    counts over a common denominator (``(denominator, ((payoff, count), ...))``)."""
    denominator, counts = outcomes
    unit = lcm(*(payoff.denominator for payoff, _ in counts))
    start, goal = Fraction(bankroll), Fraction(target)
    low = start - Fraction(floor((start - 1) * unit), unit)
    size = states_between(start, goal, unit)
    if size > MAX_STATES:
        raise ShtossError(
            _(
                "{shown} bankrolls between {shown2} and the target {shown3} (steps of 1/{shown4}): "
                "more than the limit {max_states}; use a smaller target"
            ).format(
                shown=shown(size),
                shown2=shown(start),
                shown3=shown(goal),
                shown4=shown(unit),
                max_states=MAX_STATES,
            )
        )
    cap = None if max_stake is None else floor(max_stake)
    num, den = low.numerator, low.denominator
    most = tuple(
        (num * unit + j * den) // (den * unit) if cap is None
        else min(cap, (num * unit + j * den) // (den * unit))
        for j in range(size)
    )  # fmt: skip
    return BankrollGrid(
        unit=unit,
        low=low,
        size=size,
        steps=tuple(int(payoff * unit) for payoff, _ in counts),
        counts=tuple(count for _, count in counts),
        denominator=denominator,
        most=most,
        reach=reach,
    )


def equations(g: BankrollGrid, policy: Sequence[int]) -> tuple[list[Row], list[int]]:
    """The integer system of a policy's values: one row per state."""
    rows: list[Row] = []
    rhs: list[int] = []
    d, size = g.denominator, g.size
    for j, stake in enumerate(policy):
        row: Row = {j: d}
        right = 0 if g.reach else d
        for step, count in zip(g.steps, g.counts, strict=True):
            nxt = j + stake * step
            if nxt >= size:
                if g.reach:
                    right += count
            elif nxt >= 0:
                row[nxt] = row.get(nxt, 0) - count
        rows.append(row)
        rhs.append(right)
    return rows, rhs


@dataclass(frozen=True)
class Values:
    """A policy's exact values, ``numerators[j] / denominator`` at state ``j``."""

    numerators: tuple[int, ...]
    denominator: int

    def at(self, index: int) -> Fraction:
        return Fraction(self.numerators[index], self.denominator)


def evaluate(g: BankrollGrid, policy: Sequence[int]) -> Values:
    """The exact values of a policy, over their least common denominator.

    >>> g = bankroll_grid((833, ((Fraction(-1), 433), (Fraction(1), 400))), bankroll=1, target=2)
    >>> evaluate(g, [1]).at(0)
    Fraction(400, 833)
    """
    rows, rhs = equations(g, policy)
    try:
        solution = solve(rows, rhs, max_bits=MAX_VALUE_BITS)
    except TooLong:
        raise ShtossError(
            _(
                "the exact values have more than {max_value_bits:.0f} digits, the limit; use a "
                "smaller target"
            ).format(max_value_bits=MAX_VALUE_BITS * 0.30103)
        ) from None
    common = lcm(*(value.denominator for value in solution))
    longest = max(common.bit_length(), *(v.numerator.bit_length() for v in solution))
    if longest > MAX_VALUE_BITS:
        raise ShtossError(
            _(
                "the exact values have about {longest:.0f} digits: more than the limit "
                "{max_value_bits:.0f}; use a smaller target"
            ).format(longest=longest * 0.30103, max_value_bits=MAX_VALUE_BITS * 0.30103)
        )
    return Values(
        tuple(value.numerator * (common // value.denominator) for value in solution), common
    )


def stake_column(numerators: Sequence[int], j: int, step: int, most: int, *, end: int) -> list[int]:
    """The values after one outcome at state ``j`` for the stakes ``1..most``: the state
    ``j + s * step`` clamped to the grid's ends (ruin, value 0, below the grid; the
    target, value ``end``, at or past its top), so that a step of 400 digits costs no
    more than a step of one.

    >>> stake_column([10, 20, 30], 1, 1, 3, end=99), stake_column([10, 20, 30], 2, -2, 2, end=99)
    ([30, 99, 99], [10, 0])
    """
    if step == 0:
        return [numerators[j]] * most
    if step > 0:
        inside = min(most, (len(numerators) - 1 - j) // step)
        if inside == 0:  # every stake reaches the target (a step of any size)
            return [end] * most
        stop = j + step * inside + 1
        return [*numerators[j + step : stop : step], *[end] * (most - inside)]
    inside = min(most, j // -step)
    if inside == 0:  # every stake ruins
        return [0] * most
    stop = j + step * inside - 1
    column = numerators[j + step : stop if stop >= 0 else None : step]
    return [*column, *[0] * (most - inside)]


@dataclass(frozen=True)
class Sweep:
    """One Bellman sweep: at each state the best stakes and whether the policy's own is
    among them."""

    best: tuple[tuple[int, ...], ...]
    improved: tuple[int, ...]  # states where some stake does strictly better


def sweep(g: BankrollGrid, policy: Sequence[int], values: Values) -> Sweep:
    """Every Bellman sum ``Q(j, s)`` for every state and stake, as integers over ``d D``.

    The policy's own stake must give back its value exactly (``Q = d N_j``): a check of
    the evaluation.
    """
    d, big = g.denominator, values.denominator
    end = big if g.reach else 0
    numerators = values.numerators
    bonus = 0 if g.reach else d * big
    best: list[tuple[int, ...]] = []
    improved: list[int] = []
    pairs = list(zip(g.steps, g.counts, strict=True))
    for j, most in enumerate(g.most):
        sums: list[int] | None = None
        for step, count in pairs:
            column = stake_column(numerators, j, step, most, end=end)
            if sums is None:
                sums = [bonus + count * v for v in column] if bonus else [count * v for v in column]
            else:
                sums = [a + count * v for a, v in zip(sums, column, strict=True)]
        assert sums is not None and len(sums) == most
        own = sums[policy[j] - 1]
        if own != d * values.numerators[j]:
            raise AssertionError(f"state {j}: the policy's Bellman sum is not its value")
        top = max(sums)
        best.append(tuple(s for s, q in enumerate(sums, start=1) if q == top))
        if top > own:
            improved.append(j)
    return Sweep(tuple(best), tuple(improved))


def iteration_cost(
    g: BankrollGrid,
    policy: Sequence[int],
    *,
    limit: float,
    settled: bool = True,
    value_bits: int | None = None,
) -> float:
    """Estimated cost of one evaluation and one sweep (about a unit a nanosecond).

    ``settled``: the policy is bold play known to be optimal, whose values are short;
    otherwise the iteration may pass through timid play's long values, and their
    reconstruction (``RECONSTRUCT_BIT2``) is counted at timid play's length.
    ``value_bits``: the values' bits when they are known (``bold_bits``).
    """
    rows, _ = equations(g, policy)
    bits = g.denominator.bit_length() + 1
    # Every value is reconstructed (one product modulo the lifted modulus each: 3.4 s of
    # the 5.3 s of 5 000 bankrolls, once uncounted, hidden by a lifting to Hadamard's bound)
    solving = elimination_work(rows, bits=bits, limit=limit, sums=g.size, max_bits=MAX_VALUE_BITS)
    # Entries of hundreds of bits (a deck of 10**200 cards): each lifting step multiplies
    # them, and the answer's bound, 2 n (bits + 1) bits or twice the values' limit, is
    # reconstructed for n unknowns.
    answer_bits = lifted_bits(g.size, bits, MAX_VALUE_BITS)
    steps = answer_bits // (61 * POWER) + 1
    entries = sum(len(row) for row in rows)
    solving += steps * entries * bits * WIDE_ENTRY_BIT + (answer_bits / 1000) ** 2 * WIDE_EUCLID
    if value_bits is None:
        value_bits = g.size * bits // 2  # measured: a tenth to most of Hadamard's bound
    if not settled:
        long_values = TIMID_VALUE_BITS * g.size * (bits - 1)
        solving += RECONSTRUCT_BIT2 * g.size * answer_bits * long_values
    terms = g.pairs * len(g.steps)
    return solving + terms * (SWEEP_COST + SWEEP_BIT_COST * value_bits)


def bold_bits(g: BankrollGrid) -> int | None:
    """Bits of the common denominator of bold play's values, counted before they are
    solved, where bold play is the doubling map: even money (and null deals), a target
    of ``n`` units from the bankrolls ``1 .. n - 1``, every stake ``min(x, n - x)``
    allowed; else ``None``.

    Bold play takes ``x`` to ``2x`` or 0 below ``n / 2``, to ``n`` or ``2x - n`` above:
    ``x -> 2x mod n``. After the ``v`` deals of the two in ``n = 2**v m`` every bankroll
    is on a cycle of the doubling mod ``m``; a cycle of ``p`` deals, ``w`` of them below
    the half, solves to a denominator ``D**p - W**w L**(p - w)`` (``D`` the deals that
    decide, ``W`` and ``L`` the wins and losses among them). The common denominator is
    ``D**v`` times the lcm of the cycles' (a bound: a numerator may share a few of its
    bits): 19 385 bits for a target of 1999 (2 is a primitive root), 98 for 1024.

    >>> g = bankroll_grid((833, ((Fraction(-1), 433), (Fraction(1), 400))), bankroll=1, target=6)
    >>> bold_bits(g), evaluate(g, g.bold()).denominator.bit_length()
    (29, 29)
    """
    n = g.size + 1
    if not g.reach or g.low * g.unit != 1 or not {-1, 1} <= set(g.steps) <= {-1, 0, 1}:
        return None
    if any(most < min(j + 1, n - 1 - j) for j, most in enumerate(g.most)):
        return None
    won = sum(c for step, c in zip(g.steps, g.counts, strict=True) if step > 0)
    lost = sum(c for step, c in zip(g.steps, g.counts, strict=True) if step < 0)
    twos = (n & -n).bit_length() - 1
    odd = n >> twos
    cycles: set[tuple[int, int]] = set()
    seen = bytearray(odd)
    for start in range(1, odd):
        length = below = 0
        x = start
        while not seen[x]:
            seen[x] = 1
            length, below, x = length + 1, below + (2 * x < odd), 2 * x % odd
        if length:
            cycles.add((length, below))
    decided = won + lost
    common: int = lcm(*(decided**p - won**w * lost ** (p - w) for p, w in cycles))
    whole: int = common * decided**twos
    return whole.bit_length()


def solve_cost(
    g: BankrollGrid, policy: Sequence[int], *, settled: bool, value_bits: int | None = None
) -> Cost:
    """The estimated cost of the whole policy iteration from ``policy``: seconds (one
    evaluation and sweep, or ``SETTLING`` of them), and the bytes of the exact
    optimality check — the values over their common denominator, one column of them
    and one Bellman sum per stake of a state — with the exact solve's own.
    """
    work = iteration_cost(g, policy, limit=MAX_WORK, settled=settled, value_bits=value_bits)
    work *= 1 if settled else SETTLING
    if value_bits is None:
        value_bits = g.size * (g.denominator.bit_length() + 1) // 2
    held = float_estimate(g.size + 2 * max(g.most, default=0)) * (
        value_bits * BIT_BYTES + INT_BYTES
    )
    return Cost(seconds=work * 1e-9, bytes=held + (work / 1000) * (256 / 8 + INT_BYTES))


@dataclass(frozen=True)
class Solution:
    """The optimal values, every optimal stake at each state, and the start's values."""

    values: Values
    best: tuple[tuple[int, ...], ...]
    start: Values
    iterations: int


def policy_iteration(
    g: BankrollGrid,
    start: Sequence[int],
    *,
    settled: bool,
    refuse: Callable[[float], ShtossError],
    cost: float | None = None,
) -> Solution:
    """Howard's policy iteration from ``start``, every policy evaluated exactly, until the
    Bellman equation holds exactly at every state for every stake.

    ``settled``: the start is known to be optimal (one evaluation and one sweep are
    expected). ``cost``: the estimate of one iteration, when the caller has checked it.
    The cost is estimated before each evaluation; ``refuse(estimate)`` makes
    the refusal when the estimate (and, on the way, the work done) passes ``MAX_WORK``.

    >>> g = bankroll_grid((833, ((Fraction(-1), 433), (Fraction(1), 400))), bankroll=2, target=4)
    >>> s = policy_iteration(g, g.bold(), settled=True, refuse=ShtossError)
    >>> s.values.at(1), s.best
    (Fraction(400, 833), ((1,), (2,), (1,)))
    """
    policy = list(start)
    if cost is None:
        cost = iteration_cost(g, policy, limit=MAX_WORK, settled=settled)
        expected = cost * (1 if settled else SETTLING)
        if expected > MAX_WORK:
            raise refuse(expected)
    spent = 0.0
    first: Values | None = None
    iterations = 0
    moved = 0  # states whose stake changed since the cost was last estimated
    while True:
        iterations += 1
        if moved * 8 > g.size:  # a policy much changed may fill in more: estimate again
            cost = iteration_cost(g, policy, limit=MAX_WORK, settled=settled)
            moved = 0
        spent += cost
        if spent > 2 * MAX_WORK:
            raise refuse(spent)
        values = evaluate(g, policy)
        if first is None:
            first = values
        result = sweep(g, policy, values)
        if not result.improved:
            return Solution(values, result.best, first, iterations)
        for j in result.improved:
            policy[j] = result.best[j][-1] if g.reach else result.best[j][0]
        moved += len(result.improved)
