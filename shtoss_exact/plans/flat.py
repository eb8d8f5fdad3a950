"""Flat stakes (the initial kush every deal): closed forms instead of a chain.

K deals at a flat stake are a sum of K independent bets, so no chain is needed:

* With no bankroll and no target, the net is the K-fold convolution of one deal: on
  the grid of the payoffs, the generating polynomial ``P(y)**K``. Its coefficients
  come from J. C. P. Miller's recurrence for the power of a power series (Knuth, *The
  Art of Computer Programming* 2, 4.7), exactly in integers:
  ``n p_0 q_n = sum_i (i (K + 1) - n) p_i q_{n-i}``, ``q_0 = p_0**K`` — for the
  classic scheme the binomial ``C(K, j) 400**j 433**(K-j)``. ``K d + 1`` values of
  ``G`` terms each (``d`` the span of one deal on the grid, ``G`` its outcomes).
* With a bankroll or a target and K deals, flat play is a walk on the grid with an
  absorbing end (ruin below the kush, the target reached): one array of positions a
  deal, the mass that crosses an end kept at the net where it crossed.
* With both and no K it is the gambler's ruin (Huygens; de Moivre, *De mensura
  sortis*, 1711): for steps of one grid unit (the classic scheme) the exact closed
  form ``P(target) = p^(N-i) (p^i - q^i) / (p^N - q^N)``; for several step sizes an
  exact solve of the walk's banded linear system (``shtoss_exact.linear``).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate, repeat
from math import ceil, comb, gcd, lcm
from operator import add, mul

from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import (
    BIT_BYTES,
    MAX_SECONDS,
    Cost,
    check_cost,
    float_estimate,
    multiply_seconds,
)
from shtoss_exact.numbers import short_int
from shtoss_exact.plans.chain import DealOutcomes, Rules, Status
from shtoss_exact.plans.cost import (
    BIT_STEP,
    DENSE_STEP,
    INT_BYTES,
    SPARSE_STEP,
    bits_after,
    check_bits,
    deals_text,
    int_bytes,
    layered_seconds,
    reduce_seconds,
)
from shtoss_exact.plans.result import Solved
from shtoss_exact.quotients import twos_in

_FEWER = N_("use fewer deals")
_SMALLER = N_("use a smaller bankroll or target, or a larger kush")


def grid(outcomes: DealOutcomes, kush: Fraction) -> tuple[Fraction, list[tuple[int, int]]]:
    """The grid unit ``U`` of one deal's net at a flat ``kush`` and its steps as
    ``(whole multiple of U, count)``.

    >>> from shtoss_exact.plans.chain import DealOutcomes
    >>> grid(DealOutcomes(4, ((Fraction(-1, 2), 1), (Fraction(1), 3))), Fraction(2))
    (Fraction(1, 1), [(-1, 1), (2, 3)])
    """
    scale = lcm(*(x.denominator for x, _ in outcomes.counts))
    steps = [(int(x * scale), c) for x, c in outcomes.counts]
    common = gcd(*(e for e, _ in steps)) or 1
    return kush * common / scale, [(e // common, c) for e, c in steps]


def solve_flat(rules: Rules, deals: int | None) -> Solved:
    """The exact result of flat play: the closed form that fits the limits.

    >>> from shtoss_exact.deck import Deal
    >>> from shtoss_exact.plans.catalog import plan_named
    >>> from shtoss_exact.plans.chain import classic_outcomes
    >>> rules = Rules(plan_named("flat"), classic_outcomes(Deal(52, 4)), bankroll=Fraction(1),
    ...               target=Fraction(1), tracks_net=True)
    >>> solve_flat(rules, None).ends["target"]
    Fraction(400, 833)
    """
    outcomes = rules.outcomes
    unit, steps = grid(outcomes, rules.plan.kush)
    if rules.bankroll is None and rules.target is None:
        if deals is None:
            raise ShtossError(
                _("no number of deals: give deals=, or bankroll=/target= to play until one ends it")
            )
        return _convolution(outcomes.denominator, unit, steps, deals)
    low = None if rules.bankroll is None else ceil((rules.plan.kush - rules.bankroll) / unit)
    high = None if rules.target is None else ceil(rules.target / unit) - 1
    if deals is not None:
        return _walk(outcomes.denominator, unit, steps, deals, low=low, high=high)
    if low is None or high is None:
        raise ShtossError(
            _("play until ruin or target needs both bankroll= and target= (or give deals=)")
        )
    if {e for e, _ in steps} <= {-1, 0, 1}:
        return _ruin_closed_form(outcomes.denominator, unit, dict(steps), low, high)
    return _ruin_solve(outcomes.denominator, unit, steps, low, high)


def _convolution(denominator: int, unit: Fraction, steps: list[tuple[int, int]],
                 deals: int) -> Solved:  # fmt: skip
    lowest = min(e for e, _ in steps)
    spacing = gcd(*(e - lowest for e, _ in steps)) or 1
    terms = sorted(((e - lowest) // spacing, c) for e, c in steps)
    span = terms[-1][0]
    size = deals * span + 1
    bits = bits_after(deals, denominator)
    check_bits(bits, what=deals_text(deals), advice=_FEWER)
    head = terms[0][1]  # p_0: the count of the lowest payoff, never 0
    binomial = len(terms) == 2 and terms[1][0] == 1 and terms[1][1] > 0  # its counts all > 0
    # Each value: a product and a sum per term and one exact division (a binomial: one
    # product and one division), on K log2 D bits.
    passes = 2 if binomial else len(terms) + 1
    points = float_estimate(size)  # payoffs of hundreds of digits: a grid past any float
    seconds = points * passes * (2 * DENSE_STEP + bits * BIT_STEP) + 4 * reduce_seconds(bits)
    if seconds > MAX_SECONDS:  # a grid far wider than the nets: their dict may do
        sparse = _sparse_cost(steps, deals, denominator)
        if sparse.seconds < seconds:
            check_cost(sparse, what=deals_text(deals), advice=_FEWER)
            return _sparse(denominator, unit, steps, deals)
    check_cost(
        Cost(seconds=seconds, bytes=int_bytes(points, bits)),
        what=deals_text(deals),
        advice=_FEWER,
    )
    if binomial:
        q = binomial_row(head, terms[1][1], deals)
        values = tuple(range(deals * lowest, deals * lowest + size * spacing, spacing))
    else:
        q = _miller(head, terms[1:], deals, size)
        values = tuple(deals * lowest + n * spacing for n in range(size) if q[n])
        q = [c for c in q if c]
    # The counts of P(y)**K sum to P(1)**K = D**K by construction, over points increasing
    # and a unit > 0 (a kush > 0): the grid is canonical as it stands, its sum not redone.
    net = Distribution._make(unit, values, tuple(q), denominator**deals, denominator)
    return _every_deal_played(net, unit, steps, denominator, deals)


def _every_deal_played(net: Distribution, unit: Fraction, steps: list[tuple[int, int]],
                       denominator: int, deals: int) -> Solved:  # fmt: skip
    """The result of ``deals`` independent deals, all played: the moments K times one
    deal's mean and variance."""
    one = Distribution.on_grid(unit, (e for e, _ in steps), (c for _, c in steps), denominator)
    moments = (deals * one.mean, deals * one.variance)
    return Solved(net, {Status.PLAYING.value: Fraction(1)}, Fraction(deals), moments)


def _sparse_cost(steps: list[tuple[int, int]], deals: int, denominator: int) -> Cost:
    """Seconds and bytes of ``_sparse``: one entry for each of the C(K + t - 1, t - 1)
    ways the ``K`` deals fall among the ``t`` outcomes, each a few products of counts of
    up to ``K log2 D`` bits by smaller ones, and a dict entry on a key of the grid's
    bits (summed, hashed and sorted: a few passes over its bits). Each entry holds its
    key and its count, and the net made from them holds both again (measured: about
    ``6 INT_BYTES`` besides their bits, for 3 to 42 outcomes and keys of 900 to 7 700
    bits)."""
    outcomes = len(steps)
    ways = float_estimate(comb(deals + outcomes - 1, outcomes - 1))
    bits = bits_after(deals, denominator)
    key_bits = max(abs(e) for e, _ in steps).bit_length() + deals.bit_length()
    entry = 3 * SPARSE_STEP + outcomes * multiply_seconds(bits / 4, bits) + 4 * key_bits * BIT_STEP
    return Cost(seconds=ways * entry, bytes=ways * (6 * INT_BYTES + (key_bits + bits) * BIT_BYTES))


def _sparse(denominator: int, unit: Fraction, steps: list[tuple[int, int]],
            deals: int) -> Solved:  # fmt: skip
    """Flat play over ``deals`` deals whose nets are few on a wide grid (payoffs of
    many digits): the net summed over the ways the deals fall among the outcomes, the
    ``n_i`` deals of outcome ``i`` counted by the multinomial times the counts' powers,
    ``K! / (n_1! ... n_t!) c_1**n_1 ... c_t**n_t``, at the value ``sum n_i e_i``."""
    held: dict[int, int] = {}
    powers = [list(accumulate(repeat(c, deals), mul, initial=1)) for _, c in steps]
    last = len(steps) - 1

    def fall(i: int, left: int, value: int, count: int) -> None:
        if i == last:
            value += left * steps[i][0]
            held[value] = held.get(value, 0) + count * powers[i][left]
            return
        e, power = steps[i][0], powers[i]
        for n in range(left + 1):
            fall(i + 1, left - n, value + n * e, count * comb(left, n) * power[n])

    fall(0, deals, 0, 1)
    values = sorted(held)
    net = Distribution.on_grid(unit, values, tuple(held[v] for v in values), denominator**deals,
                               base=denominator)  # fmt: skip
    return _every_deal_played(net, unit, steps, denominator, deals)


def binomial_row(head: int, tail: int, deals: int) -> list[int]:
    """``C(K, n) tail**n head**(K - n)`` for ``n = 0..K``: one product by ``(K - n) tail``
    and one exact division by ``(n + 1) head`` a value, as the plain stepped loop does.

    Where the count's known power of two (``head = 2**a h``, ``tail = 2**b t``, ``h``
    and ``t`` odd: ``2**(a (K - n) + b n)``) is long, the step is made on the count with
    it shifted out, by ``(K - n) t`` and ``(n + 1) h``, and the count shifted back: a
    shift costs about a fifth of a product and a division, so this pays once the power
    is more than about a sixth of the count's bits (measured; for the classic 400 = 2**4
    25, past ``n ~ 2 K / 5``). The way is chosen every ``_STRIDE`` values.

    >>> binomial_row(433, 400, 2)
    [187489, 346400, 160000]
    """
    a, b = twos_in(head), twos_in(tail)
    h, t = head >> a, tail >> b
    count = head**deals
    row = [count]
    append = row.append
    for start in range(0, deals, _STRIDE):
        stop = min(start + _STRIDE, deals)
        twos = a * (deals - start) + b * start  # the power of two in row[start]
        if 6 * twos > count.bit_length():
            odd = count >> twos
            for n in range(start, stop):
                odd = odd * ((deals - n) * t) // ((n + 1) * h)
                twos += b - a
                append(odd << twos)
            count = row[-1]
        else:
            for n in range(start, stop):
                count = count * ((deals - n) * tail) // ((n + 1) * head)
                append(count)
    return row


_STRIDE = 64
"""Values of a binomial row stepped one way before the way is chosen again."""


def _miller(head: int, rest: list[tuple[int, int]], deals: int, size: int) -> list[int]:
    """The coefficients of ``P(y)**K``, ``P(y) = head + sum c y**i`` over ``rest``: Miller's
    ``n p_0 q_n = sum_i (i (K + 1) - n) p_i q_{n-i}``, one exact division a value."""
    q = [0] * size
    q[0] = head**deals
    k1 = deals + 1
    for n in range(1, size):
        total = 0
        for i, c in rest:
            if i > n:
                break
            total += ((i * k1 - n) * c) * q[n - i]
        q[n] = total // (n * head)
    return q


def _walk(denominator: int, unit: Fraction, steps: list[tuple[int, int]], deals: int, *,
          low: int | None, high: int | None) -> Solved:  # fmt: skip
    """K deals of a walk from 0 with ruin below ``low`` and the target above ``high``."""
    down = min(0, *(e for e, _ in steps))
    up = max(0, *(e for e, _ in steps))
    lo = deals * down if low is None else max(low, deals * down)
    hi = deals * up if high is None else min(high, deals * up)
    width = hi - lo + 1
    bits = bits_after(deals, denominator)
    check_bits(bits, what=deals_text(deals), advice=_FEWER)
    # Within k deals the walk spans at most k (up - down) + 1 positions.
    span = up - down
    reach = float_estimate(min(width, deals * span // 2 + 1))  # payoffs of many digits: inf
    seconds = layered_seconds(reach * len(steps), deals, denominator, step=DENSE_STEP)
    check_cost(
        Cost(seconds=seconds, bytes=2 * int_bytes(float_estimate(width), bits)),
        what=_("{deals} of a walk of {width} positions").format(
            deals=deals_text(deals), width=short_int(width)
        ),
        advice=_("{fewer} or {smaller}").format(fewer=_(_FEWER), smaller=_(_SMALLER)),
    )
    row = [0] * width
    row[-lo] = 1
    ends: dict[tuple[Status, int], int] = {}
    power = 1  # D**k
    playing_sum = 0  # sum over k < K of P(playing after k deals) D**k, by Horner
    for _deal in range(deals):
        playing_sum = playing_sum * denominator + power - sum(ends.values())
        following = [0] * width
        for key in ends:
            ends[key] *= denominator
        for e, c in steps:
            if e >= 0:  # sources 0..n-1 move up by e; the rest cross the top
                n = max(0, width - e)
                inside, start, crossing = row[:n], e, range(n, width)
            else:  # sources width-n..width-1 move down; the rest cross the bottom
                n = max(0, width + e)
                inside, start, crossing = row[width - n :], 0, range(0, width - n)
            following[start : start + n] = map(
                add, following[start : start + n], map(c.__mul__, inside)
            )
            for i in crossing:
                if row[i]:
                    key = (Status.TARGET if e > 0 else Status.RUINED, lo + i + e)
                    ends[key] = ends.get(key, 0) + c * row[i]
        row = following
        power *= denominator
    by_value: dict[int, int] = {}
    for i, count in enumerate(row):
        if count:
            by_value[lo + i] = count
    result = dict.fromkeys((s.value for s in Status), 0)
    result[Status.PLAYING.value] = sum(row)
    for (status, value), count in ends.items():
        by_value[value] = by_value.get(value, 0) + count
        result[status.value] += count
    values = tuple(sorted(by_value))
    net = Distribution.on_grid(
        unit, values, tuple(by_value[v] for v in values), power, base=denominator
    )
    scale = denominator ** (deals - 1)
    return Solved(
        net,
        {key: Fraction(count, power) for key, count in result.items()},
        Fraction(playing_sum, scale),
    )


def _ruin_closed_form(denominator: int, unit: Fraction, steps: dict[int, int], low: int,
                      high: int) -> Solved:  # fmt: skip
    """Steps of one unit: absorbed at ``low - 1`` (ruin) or ``high + 1`` (target)."""
    p, q = steps.get(1, 0), steps.get(-1, 0)
    if p == 0 and q == 0:
        raise ShtossError(_("the play never ends with these options (no deal is ever decided)"))
    size = high - low + 2  # N: from the ruin end to the target end
    start = -low + 1  # i: the start's distance from the ruin end
    bits = size * max(p, q).bit_length()
    what = _("a walk of {size} positions").format(size=size - 1)
    check_bits(bits, what=what, advice=_SMALLER)
    check_cost(
        Cost(seconds=6 * reduce_seconds(bits), bytes=int_bytes(8, bits)), what=what, advice=_SMALLER
    )
    if p == 0:
        target, decided = Fraction(0), Fraction(start)
    elif q == 0:
        target, decided = Fraction(1), Fraction(size - start)
    elif p == q:
        target = Fraction(start, size)
        decided = Fraction(start * (size - start))
    else:
        target = Fraction(p ** (size - start) * (p**start - q**start), p**size - q**size)
        decided = (start - size * target) * (p + q) / (q - p)
    deals = decided * Fraction(denominator, p + q)  # pushes: D / (p + q) deals a step
    ruin = 1 - target
    net = Distribution.of({(low - 1) * unit: ruin, (high + 1) * unit: target})
    return Solved(
        net,
        {Status.PLAYING.value: Fraction(0), Status.STOPPED.value: Fraction(0),
         Status.RUINED.value: ruin, Status.TARGET.value: target},
        deals,
    )  # fmt: skip


def _ruin_solve(denominator: int, unit: Fraction, steps: list[tuple[int, int]], low: int,
                high: int) -> Solved:  # fmt: skip
    """Several step sizes: expected visits of each position, then where the walk ends."""
    from shtoss_exact.linear import elimination_work, solve_sums

    width = high - low + 1
    bits = denominator.bit_length()
    what = _("a walk of {width} positions").format(width=short_int(width))
    check_bits(width * (bits + 1), what=what, advice=_SMALLER)
    span = float_estimate(max(e for e, _ in steps) - min(e for e, _ in steps))
    band = min(2 * span + 1, width)  # a row's entries: within the band, and the walk
    # Dixon's solve: about 2 W (bits + 1) / 244 lifting steps over W band entries.
    rough = (2 * width * (bits + 1) / 244 + 1) * width * band * 150e-9
    check_cost(Cost(seconds=rough / 10), what=what, advice=_SMALLER)
    # Equation j: D v_j - sum over i of v_i count(i -> j) = D [j = start].
    rows: list[dict[int, int]] = [{j: denominator} for j in range(width)]
    ends: dict[tuple[Status, int], dict[int, int]] = {}
    for i in range(width):
        for e, c in steps:
            j = i + e
            if 0 <= j < width:
                rows[j][i] = rows[j].get(i, 0) - c
            else:
                key = (Status.TARGET if j >= width else Status.RUINED, low + j)
                weights = ends.setdefault(key, {})
                weights[i] = weights.get(i, 0) + c
    if any(rows[j][j] == 0 for j in range(width)):
        raise ShtossError(_("the play never ends with these options (no deal is ever decided)"))
    seconds = elimination_work(rows, bits=bits, sums=len(ends) + 1, limit=MAX_SECONDS * 1e9)
    seconds *= 1e-9
    check_cost(
        Cost(seconds=seconds, bytes=int_bytes(width * band * 4, 256)),
        what=what,
        advice=_SMALLER,
    )
    rhs = [0] * width
    rhs[-low] = denominator
    keys = sorted(ends, key=lambda key: key[1])
    answers = solve_sums(rows, rhs, [ends[key] for key in keys] + [dict.fromkeys(range(width), 1)])
    result = dict.fromkeys((s.value for s in Status), Fraction(0))
    distribution: dict[Fraction, Fraction] = {}
    for (status, value), visits in zip(keys, answers, strict=False):
        p = visits / denominator
        result[status.value] += p
        distribution[value * unit] = distribution.get(value * unit, Fraction(0)) + p
    return Solved(Distribution.of(distribution), result, answers[-1])
