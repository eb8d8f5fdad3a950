"""What a bank will cost, estimated before it is computed: time, memory, digits.

The walk of ``bank_walk`` visits, at every abzug, each state (the undecided counts
``u`` and the decided ranks' category counts) once per way the abzug can move it.
A class of ``K`` ranks with ``C`` categories has, for ``u`` undecided, as many states
as multisets of ``K - u`` categories; a category that only a named position gives
(lob-half's first card, pharaon's last pair) counts from that position on, at most as
often as it has positions. Summed over the undecided counts of all classes (the
product of the classes' counts, times the moves of each) this is the work of one
abzug; the abzugs between named positions all cost the same. Beside the walk: the
hand-out of the stakes (the distinct sums of each class), the pairs of bets, and the
rows printed. Each is a count of Python operations, turned into seconds with costs
measured on a 2-core x86-64 machine; the estimates are meant to be within a few times
of the real cost both ways.

Every exact answer is a ratio over ``M`` (the arrangements of the labelled deck),
times the stakes' common denominator; a variance squares both. Their digits are
measured with ``bit_length``, never by printing them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import comb, inf, lcm, log10

from shtoss_exact.banks.setup import Label, categorize, named_positions
from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind, binom_bits, check_deal, summary_cost
from shtoss_exact.errors import ShtossError
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import N_, _, later
from shtoss_exact.limits import MAX_BANK_DIGITS, MAX_JOINT_ROWS, Cost, check_cost
from shtoss_exact.numbers import short_int
from shtoss_exact.schemes.scheme import Scheme
from shtoss_exact.schemes.settlement import settlement_seconds

# Seconds per operation, measured on a busy 2-core machine (see the module's docstring).
ITEM_SECONDS = 1.5e-7
"""One state moved by one way of an abzug: a multiply-add of a one-word weight."""
WORD_SECONDS = 2.5e-8
"""Each 64-bit word of the weights, per state moved."""
WAY_SECONDS = 5e-7
"""One way out of one ``u`` at one abzug (its count of choices computed)."""
STATE_SECONDS = 1e-7
"""One state divided down at the end of an abzug."""
ABZUG_SECONDS = 6e-6
"""One abzug's fixed work."""
SUM_SECONDS = 2e-7
"""One step of handing out the stakes (a partial sum extended)."""
PAIR_SECONDS = 1e-4
"""One pair of bets settled from its walk."""
ROW_SECONDS = 3e-5
"""One row of output: its exact values, floats and percent."""
WORD_OP_SECONDS = 3.3e-8
"""One machine-word operation of the one-bet engine (``engine.summary_cost``)."""
STATE_BYTES = 150
"""One state held in a dict, beside its weight's digits."""
ROW_BYTES = 2000
"""One row of output, as record and as text."""

ClassSpec = tuple[int, tuple[Scheme, ...], Sequence[tuple[Fraction, ...]]]
"""(copies, schemes in order, the stakes of each rank) of one class of ranks."""

BetSpec = tuple[str, int, Scheme]
"""(rank, copies, scheme) of one bet."""


@dataclass(frozen=True)
class Shape:
    """What the walk needs to know of a class: its ranks (0 when none can be decided),
    its categories at positions no rule names, whether the plié is one of its own, and
    the categories only named positions give, with their positions (sorted)."""

    size: int
    generic: int
    plie: int
    special: tuple[tuple[int, ...], ...]
    labels: tuple[Label, ...]


def shape_of(cards: int, copies: int, size: int, schemes: Sequence[Scheme]) -> Shape:
    """The ``Shape`` of ``size`` ranks of ``copies`` copies settled by ``schemes``.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> s = shape_of(52, 4, 3, [scheme_named("lob-half")])
    >>> s.generic, s.plie, s.special
    (2, 0, ((1,),))
    """
    label = categorize(cards, schemes)
    if copies == 0:
        return Shape(0, 1, 0, (), (label(Kind.NONE, None),))
    generic = [label(kind, None) for kind in (Kind.KILLED, Kind.PLIE, Kind.GIVEN)]
    special: dict[Label, list[int]] = {}
    for p in sorted(named_positions(cards, schemes)):
        for kind in (Kind.GIVEN,) if p % 2 == 0 else (Kind.KILLED, Kind.PLIE):
            found = label(kind, p)
            if found not in generic and p not in special.get(found, ()):
                special.setdefault(found, []).append(p)
    labels = tuple(dict.fromkeys([*generic, *special]))
    plie = int(generic[1] != generic[0])
    return Shape(size, len(set(generic)), plie, tuple(tuple(p) for p in special.values()), labels)


def _multisets(size: int, generic: int, caps: Sequence[int]) -> list[int]:
    """f[d] for d = 0..size: multisets of ``d`` decided ranks over ``generic`` categories
    and special ones each at most its cap (coefficients of a product of series)."""
    series = [comb(d + generic - 1, generic - 1) for d in range(size + 1)]
    for cap in caps:
        series = [sum(series[d - i] for i in range(min(cap, d) + 1)) for d in range(size + 1)]
    return series


def _product(values: Sequence[int], *, skip: tuple[int, ...] = ()) -> int:
    out = 1
    for i, v in enumerate(values):
        if i not in skip:
            out *= v
    return out


def _abzug_work(rows: Sequence[tuple[int, int, list[int]]]) -> tuple[int, int, int]:
    """(states moved, states, ways out of every ``u``) of one abzug, summed over every
    undecided count of every class.

    Row ``k``: the class's ``size``, ``a`` = ways a live class adds (given, killed, and
    plié when it is a category of its own), ``f[d]`` its states with ``d`` decided. The
    ways out of a state are 1 + sum of ``a`` over live classes + (live classes)² - (live
    classes with one rank left): a lob that kills one rank and a sonik that gives another.
    """
    count = len(rows)

    def weighted(values: list[int], lives: list[int], ones: list[int]) -> int:
        work = _product(values)
        for k in range(count):
            rest = _product(values, skip=(k,))
            work += (rows[k][1] + 1) * lives[k] * rest - ones[k] * rest
            for j in range(count):
                if j != k:
                    work += lives[k] * lives[j] * _product(values, skip=(k, j))
        return work

    totals = [sum(f) for _, _, f in rows]
    ended = _product([f[-1] for _, _, f in rows])  # every rank decided: out of the walk
    items = weighted(totals, [sum(f[:-1]) for _, _, f in rows],
                     [f[-2] if len(f) > 1 else 0 for _, _, f in rows]) - ended  # fmt: skip
    ways = weighted([s + 1 for s, _, _ in rows], [s for s, _, _ in rows],
                    [int(s > 0) for s, _, _ in rows])  # fmt: skip
    return items, _product(totals) - ended, ways


@dataclass(frozen=True)
class WalkWork:
    """The work of one walk: states moved, states held (summed over the abzugs, and
    the most at one abzug), ways computed, abzugs."""

    items: int
    states: int
    peak: int
    ways: int
    abzugs: int

    def seconds(self, bits: int) -> float:
        """Estimated seconds with weights of ``bits`` bits."""
        words = bits // 64 + 1
        return (
            _float(self.items) * (ITEM_SECONDS + WORD_SECONDS * words)
            + _float(self.states) * STATE_SECONDS
            + _float(self.ways) * WAY_SECONDS
            + _float(self.abzugs) * ABZUG_SECONDS
        )


def walk_work(cards: int, shapes: Sequence[Shape]) -> WalkWork:
    """The work of walking ``cards`` cards with classes of these shapes: every abzug
    between two named positions costs alike.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> walk_work(52, [shape_of(52, 4, 13, [scheme_named("classic")])]).items < 10**5
    True
    """
    abzugs = (cards + 1) // 2
    if all(s.size == 0 for s in shapes) or abzugs == 0:
        return WalkWork(0, 0, 0, 0, 0)  # nothing to decide: over before the first abzug
    # A category that a named position gives is held from the abzug after that position's.
    cuts = sorted({(p + 1) // 2 + 1 for s in shapes for ps in s.special for p in ps})
    items = states = peak = ways = 0
    start = 1
    for end in [*cuts, abzugs + 1]:
        if end <= start:
            continue
        seen = 2 * (start - 1)  # positions before the abzug ``start``
        rows = []
        for s in shapes:
            caps = [min(s.size, bisect_right(ps, seen)) for ps in s.special]
            rows.append((s.size, 2 + s.plie, _multisets(s.size, s.generic, caps)))
        moved, held, out = _abzug_work(rows)
        span = min(end, abzugs + 1) - start
        items, states, ways = items + moved * span, states + held * span, ways + out * span
        peak = max(peak, held)
        start = end
    return WalkWork(items, states, peak, ways, abzugs)


def _float(number: int) -> float:
    return float(number) if number.bit_length() < 1000 else inf


def _values(shape: Shape, stakes: Sequence[tuple[Fraction, ...]]) -> list[list[Fraction]]:
    """The banker's net on each rank of the class in each category."""
    return [
        [-sum((s * p for s, p in zip(row, label[1], strict=True)), Fraction(0))
         for label in shape.labels]
        for row in stakes
    ]  # fmt: skip


def _sums(ranks: Sequence[Sequence[int]]) -> int:
    """A bound on the distinct sums of one value per rank: the product of the ranks'
    distinct values, or the width of the range of the sums."""
    product, width = 1, 0
    for values in ranks:
        product *= len(set(values))
        width += max(values) - min(values)
    return min(product, width + 1)


def settle_work(
    shapes: Sequence[Shape], stakes: Sequence[Sequence[tuple[Fraction, ...]]]
) -> tuple[int, int, int]:
    """(steps of handing out the stakes, distinct banker's nets at most, bits of the
    largest |net| and of the stakes' common denominator) — see ``bank_odds._settle``.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> c = scheme_named("classic")
    >>> settle_work([shape_of(52, 4, 2, [c])], [[(1,), (2,)]])[1]  # nets -3, -1, 1, 3
    4
    """
    values = [_values(s, rows) for s, rows in zip(shapes, stakes, strict=True)]
    scale = lcm(1, *(v.denominator for cls in values for rank in cls for v in rank))
    ints = [[[int(v * scale) for v in rank] for rank in cls] for cls in values]
    largest = sum(max(abs(v) for v in rank) for cls in ints for rank in cls)
    steps = 0
    finals = [
        _multisets(s.size, s.generic, [min(s.size, len(ps)) for ps in s.special])[-1]
        for s in shapes
    ]
    for cls, shape in zip(ints, shapes, strict=True):
        if any(rank != cls[0] for rank in cls):
            # ``assign_all``: the count vectors of j ranks (the special categories
            # capped), each with its distinct sums, extended by one more rank.
            caps = [min(shape.size, len(ps)) for ps in shape.special]
            vectors = _multisets(len(cls), shape.generic, caps)
            for j in range(len(cls)):
                steps += vectors[j] * len(shape.labels) * _sums(cls[:j])
    before = 1
    for k, cls in enumerate(ints):
        stage = before * _product(finals[k:])
        steps += stage * _sums(cls)
        before = _sums([r for c in ints[: k + 1] for r in c])
    return steps, before, largest.bit_length() + scale.bit_length()


def arrangement_bits(cards: int, copies: Sequence[int]) -> float:
    """About how many bits ``bank_walk.arrangements`` has, for any size of deck.

    >>> round(arrangement_bits(52, [4] * 13))
    166
    """
    bits, left = 0.0, cards
    for m in copies:
        bits += binom_bits(left, m)
        left -= m
    return bits


@dataclass(frozen=True)
class BankEstimate:
    """What a bank will cost: seconds (by part), bytes, and digits of its exact values."""

    cards: int
    digits: float
    seconds: dict[str, float]
    memory: float
    steps: int

    @property
    def total_seconds(self) -> float:
        """The estimated seconds of every part together."""
        return sum(self.seconds.values())


def estimate_bank(
    cards: int, classes: Sequence[ClassSpec], *, bets: Sequence[BetSpec]
) -> BankEstimate:
    """The cost of a bank of ``classes`` (copies, schemes, stakes per rank) and ``bets``
    (rank, copies, scheme) on ``cards`` cards, before anything is computed.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> c = scheme_named("classic")
    >>> estimate_bank(52, [(4, (c,), [(1,), (2,)])], bets=[("7", 4, c), ("Q", 4, c)]).digits < 20
    True
    """
    copies = [c for c, _, rows in classes for _ in rows]
    bits = arrangement_bits(cards, copies)
    shapes = [shape_of(cards, c, len(rows), schemes) for c, schemes, rows in classes]
    steps, nets, value_bits = settle_work(shapes, [rows for _, _, rows in classes])
    walked = walk_work(cards, shapes)
    words = round(bits)
    # Each part is named as a message shows it, spoken when shown (``check_bank``).
    parts: dict[str, float] = {
        later(N_("the walk of {steps} steps"), steps=_big(walked.items)): walked.seconds(words)
    }
    # The pairs of bets: one small walk per distinct (ranks alike, copies, schemes).
    kinds = Counter(bets)
    keys = {(a[0] == b[0], a[1], b[1], a[2], b[2])
            for a in kinds for b in kinds if a != b or kinds[a] > 1}  # fmt: skip
    pairs = len(bets) * (len(bets) - 1)
    parts[later(N_("{pairs} pairs of bets"), pairs=pairs)] = pairs * PAIR_SECONDS + sum(
        walk_work(cards, _pair_shapes(cards, key)).seconds(words) for key in keys
    )
    parts[later(N_("handing out the stakes, {steps} steps"), steps=_big(steps))] = (
        _float(steps) * SUM_SECONDS
    )
    rows = _float(min(nets, 10**300) + (walked.abzugs if any(copies) else 1) + len(bets))
    parts[later(N_("{rows} rows of output"), rows=_big(rows))] = (
        rows * ROW_SECONDS * (1 + bits / 2000)
    )
    parts[N_("the bets alone")] = sum(
        summary_cost(cards, m) * WORD_OP_SECONDS + settlement_seconds(scheme, Deal(cards, m))
        for _, m, scheme in kinds
    )
    memory = _float(walked.peak) * (STATE_BYTES + bits / 4) + (rows + pairs) * ROW_BYTES
    digits = (bits + value_bits) * log10(2)
    return BankEstimate(cards, digits, parts, memory, walked.items)


def check_bank(cards: int, classes: Sequence[ClassSpec], *, bets: Sequence[BetSpec]) -> None:
    """Refuse up front a bank whose exact answers would be too long to print, or whose
    computation would take more than ``MAX_SECONDS`` or ``MAX_BYTES``.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> c = scheme_named("classic")
    >>> check_bank(10**6, [(4, (c,), [(1,)])], bets=[("7", 4, c)])
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: this bank on cards=1000000 (mostly 5.0e+05 rows of \
output): about 20 s of work, more than the limit of 10 s; stake fewer ranks or bets, use \
fewer schemes or stakes alike, or a smaller deck
    """
    for m in sorted({m for _scheme, m, _stake in bets}):
        check_deal(Deal(cards, m))
    cost = estimate_bank(cards, classes, bets=bets)
    staked = sum(c * len(rows) for c, _, rows in classes)
    if cost.digits > MAX_BANK_DIGITS:
        raise ShtossError(
            _(
                "this bank on cards={short_int} with {short_int2} staked copies makes exact values "
                "of about {digits:.0f} digits: more than the limit {max_bank_digits}; use fewer "
                "copies or cards, or plainer stakes"
            ).format(
                short_int=short_int(cards),
                short_int2=short_int(staked),
                digits=cost.digits,
                max_bank_digits=MAX_BANK_DIGITS,
            )
        )
    most = max(cost.seconds, key=cost.seconds.__getitem__)
    check_cost(
        Cost(seconds=cost.total_seconds, bytes=cost.memory),
        what=_("this bank on cards={short_int} (mostly {most})").format(
            short_int=short_int(cards), most=_(most)
        ),
        advice=_("stake fewer ranks or bets, use fewer schemes or stakes alike, or a smaller deck"),
    )


def _pair_shapes(cards: int, key: tuple[bool, int, int, Scheme, Scheme]) -> list[Shape]:
    same, ca, cb, sa, sb = key
    if same:
        return [shape_of(cards, ca, 1, (sa, sb))]
    return [shape_of(cards, ca, 1, (sa,)), shape_of(cards, cb, 1, (sb,))]


def check_joint(cards: int, copies: Sequence[int]) -> None:
    """Refuse up front a joint outcome of more than ``MAX_JOINT_ROWS`` rows or
    ``MAX_SECONDS``: each rank is its own class, with one category per kind and abzug.

    >>> check_joint(52, [4, 4, 4])
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: the joint distribution could have 4.9e+05 rows: more \
than the limit 100000; stake fewer ranks or use a smaller deck
    """
    abzugs = (cards + 1) // 2
    bound = 1
    for m in copies:
        bound *= 1 + 3 * abzugs if m else 1
    if bound > MAX_JOINT_ROWS:
        raise ShtossError(
            _(
                "the joint distribution could have {big} rows: more than the limit "
                "{max_joint_rows}; stake fewer ranks or use a smaller deck"
            ).format(big=_big(bound), max_joint_rows=MAX_JOINT_ROWS)
        )
    live = sum(1 for m in copies if m)
    if not live:
        return  # nothing to decide: the walk ends before the first abzug
    ways = 1 + 3 * live + live * live
    # At abzug t a decided rank has one of 3 (t - 1) outcomes so far; the states with
    # every rank decided have left the walk.
    items = 0
    for t in range(1, abzugs + 1):
        decided = [3 * (t - 1) if m else 1 for m in copies]
        items += _product([d + 1 if m else 1 for d, m in zip(decided, copies, strict=True)])
        items -= _product(decided)
    bits = round(arrangement_bits(cards, copies))
    seconds = WalkWork(items * ways, items, 0, ways * abzugs, abzugs).seconds(bits)
    seconds += bound * ROW_SECONDS
    check_cost(
        Cost(seconds=seconds),
        what=_("the joint distribution on cards={short_int}").format(short_int=short_int(cards)),
        advice=_("stake fewer ranks or use a smaller deck"),
    )


def _big(number: float | int) -> str:
    """A count for a message: ``1.2e+07``, or ``1e+N`` beyond floats."""
    if isinstance(number, int) and number.bit_length() >= 1000:
        return f"1e+{number.bit_length() * 3 // 10}"
    return f"{float(number):.1e}" if number != inf else "more than 1e+300"
