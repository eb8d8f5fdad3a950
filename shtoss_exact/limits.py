"""Every budget in one place, and the one check that refuses a computation up front.

Each entry point estimates what it is about to cost — CPU seconds, bytes held at once,
decimal digits of the exact numbers it prints, rows of output — as a ``Cost``, and
``check_cost`` refuses it, before anything is computed, with one line naming what is
refused, the estimate, the limit and what to change. The estimates are meant to be
within a few times of the measured figures both ways, so that what finishes in well
under a second is never refused.

A caller that runs several computations under one budget (``strategy`` compares named
plans after its own solve) narrows the budget with ``allowance``: every check inside
is made against what is left, and the allowance reports the largest estimate it passed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from shtoss_exact.errors import ShtossError
from shtoss_exact.frozen import NamedTuple, dataclass
from shtoss_exact.i18n import _

MAX_SECONDS = 10.0
"""CPU seconds of one computation (a command, or one library call)."""

MAX_DECK_SECONDS = 1.0
"""CPU seconds of one deck's summary counts: a command may count several decks."""

MAX_STREAM_SECONDS = 20.0
"""CPU seconds of a table streamed row by row (by abzug): its rows are written as they
are made, so it may take twice as long as a computation held whole."""

MAX_BYTES = 1_000_000_000
"""Bytes held at once by one computation."""

PROCESS_BYTES = 40_000_000
"""Bytes the program holds besides a computation when it runs as its own process: the
interpreter with the package loaded (18 MiB resident) and the allocator's slack around
long integers made and freed (about 3 %: 981 MiB resident for the 1 GB estimated of a
27 700-deal series)."""

BIT_BYTES = 4 / 30
"""Bytes of one bit of a long Python int: CPython keeps it in 30-bit digits of 4 bytes
each, a fifteenth more than 1/8 (measured on the counts of 10 000 deals: 3.5 % above an
estimate at 1/8 a bit, the process 6 % above the limit at 28 600 deals)."""

MAX_CHAIN_BYTES = 100_000_000
"""Bytes of the states and edges of a plan's chain while they are found (the chain is
solved afterwards, within ``MAX_SECONDS`` and ``MAX_BYTES``)."""

MAX_CHAIN_STATES = 200_000
"""States of a plan's chain."""

MAX_CHAIN_SECONDS = 3.0
"""CPU seconds of finding a plan's chain of states (it is solved afterwards)."""

MAX_SERIES_DIGITS = 90_000
"""Digits of the longest exact value a series computes (300 000 bits: reducing a
fraction of that size, a gcd, takes about a quarter of a second)."""

MAX_PRINTED_DIGITS = 50_000
"""Decimal digits of the common denominator of a deck's exact answers, C(n, m): what a
summary prints (a few values of that size, about a megabyte at most)."""

MAX_RESULT_DIGITS = 100_000
"""Decimal digits of a scheme's exact measures (the variance, the longest, has about
twice the digits of C(n, m) times a payoff): about a megabyte for a dozen values."""

MAX_ROWS = 50_000
"""Rows of one table held in memory (``table``)."""

MAX_HELD_ROWS = 500_000
"""Cards of a deck whose table by position or abzug is held in memory (about 5 s and
350 MB); ``Odds.iter_abzug()`` streams any deck."""

MAX_WHOLE_DIGITS = 4300
"""Digits of a whole number read from text (a number of cards, of deals, of copies),
of an integer of a data file (written in decimal, hexadecimal, octal or binary) and of
a deck's numbers of cards and copies: Python's default for int-to-text conversion,
enforced here whatever ``PYTHONINTMAXSTRDIGITS`` says."""

MAX_KEY_PARTS = 16
"""Most parts of one key of a TOML data file (``a.b.c`` has three; a table's header
too), counted on the text before it is parsed: the parser's cost grows with the
square of a key's parts (20 000 parts take 1.5 GB)."""

MAX_DATA_DEPTH = 32
"""Most tables and arrays nested in one another in a data file (TOML or JSON), each
part of a dotted key a level, counted on the text before it is parsed: the parsers
recurse into every level."""

MAX_SCHEME_FILE_BYTES = 1_000_000
"""Size of a scheme file (TOML or JSON)."""

MAX_PLAN_FILE_BYTES = 100_000
"""Size of a plan file."""

MAX_PATTERN_FILE_BYTES = 100_000
"""Size of a betting-pattern file."""


MAX_EXPORT_STATES = 20_000
"""Largest chain written (its text is about a hundred bytes a state and an edge)."""

MAX_RECORD_DIGITS = 20_000_000
"""Most digits of exact values one record (one output) may hold: about 20 MB of text."""

MAX_JOINT_STATES = 30_000
"""Most joint states (estimated up front) for which the distribution is computed: about
2 s (every live rank of a 52-card Faro deal, 2 380 states, takes about 0.3 s)."""

MAX_JOINT_STEPS = 3_000_000
"""Most (state, value, move) steps the distribution's walk may take (about 2 s); past
them it stops and the distribution is left out."""

MAX_JOINT_ROWS = 100_000
"""Largest joint distribution of outcomes built (a bound on its rows)."""

MAX_BANK_DIGITS = 1500
"""Most decimal digits of a bank's exact values: its joint walk multiplies weights
over every abzug, and a bank prints dozens of them, per bet and per pair."""

MAX_SUM_PAIRS = 4_000_000
"""Most pairs of outcomes (the product of the two supports) the sum of two independent
results may combine: about 4 s."""

SUM_PAIR_STEP = 0.3e-6
"""Seconds of one pair of outcomes in the sum of two results, besides its product."""


def float_estimate(count: int | float) -> float:
    """A whole number as a float for an estimate: ``inf`` past a float's range (a cost
    so far beyond any budget is refused as such, never an ``OverflowError``).

    >>> float_estimate(52), float_estimate(10**400)
    (52.0, inf)
    """
    try:
        return float(count)
    except OverflowError:
        return float("inf")


def multiply_seconds(small: float, big: float) -> float:
    """CPU seconds of one product of integers of ``small <= big`` bits. Below CPython's
    Karatsuba cutoff (70 digits of 30 bits, 2 100 bits) the product is schoolbook, one
    step for each pair of digits (measured 0.6 ns a pair on a quiet machine, for 226 by
    22 600 bits as for 2 000 by 200 000; counted here at 1 ns); above it Karatsuba takes
    about ``small**1.6`` (1.6 µs at 1 000 bits, 63 µs at 10 000, 2.6 ms at 100 000), a
    lopsided product ``big / small`` such pieces. (Karatsuba's figures for a short
    factor had the lopsided products of a few hundred bits 4 times too dear.)

    >>> 50e-6 < multiply_seconds(10_000, 10_000) < 80e-6
    True
    >>> 4e-6 < multiply_seconds(226, 22_600) < 8e-6  # measured 3.8 µs
    True
    """
    small = max(float(small), 1.0)
    big = max(float(big), small)
    if small <= KARATSUBA_BITS:
        return 0.1e-6 + SCHOOLBOOK_STEP * (small / 30) * (big / 30)
    karatsuba: float = (small / 1000) ** 1.6
    return 0.1e-6 + 1.6e-6 * karatsuba * (big / small)


KARATSUBA_BITS = 2100
"""Bits of the shorter factor below which CPython multiplies digit by digit."""

SCHOOLBOOK_STEP = 1e-9
"""CPU seconds of one pair of 30-bit digits in a schoolbook product."""


def sum_cost(pairs: float, outcomes: float, bits: tuple[float, float]) -> Cost:
    """The sum of two independent results: ``pairs`` products of counts of ``bits``
    bits each (at most those of the totals), into at most ``outcomes`` counts.

    >>> sum_cost(1025**2, 2049, (9930, 9930)).seconds > MAX_SECONDS  # two 1024-deal series
    True
    """
    small, big = sorted(bits)
    seconds = pairs * (SUM_PAIR_STEP + multiply_seconds(small, big) + (small + big) * 5e-11)
    return Cost(seconds=seconds, bytes=min(pairs, outcomes) * ((small + big) * BIT_BYTES + 100))


def check_sum(sizes: tuple[int, int], outcomes: int, bits: tuple[int, int]) -> None:
    """Refuse up front the sum of two results of ``sizes`` outcomes whose counts have
    ``bits`` bits (their totals'), into at most ``outcomes`` outcomes: more than
    ``MAX_SUM_PAIRS`` pairs, or more than the budget's time or memory.

    >>> check_sum((1025, 1025), 2049, (9930, 9930))
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: the sum of two results of 1025 and 1025 outcomes (counts \
of 9930 and 9930 bits): about 68 s of work, more than the limit of 10 s; sum results of \
fewer outcomes or shorter counts
    """
    pairs = sizes[0] * sizes[1]
    what = _("the sum of two results of {sizes} and {sizes2} outcomes").format(
        sizes=sizes[0], sizes2=sizes[1]
    )
    if pairs > MAX_SUM_PAIRS:
        raise ShtossError(
            _("{what} combines {pairs} pairs: allowed at most {max_sum_pairs}").format(
                what=what, pairs=pairs, max_sum_pairs=MAX_SUM_PAIRS
            )
        )
    check_cost(
        sum_cost(pairs, outcomes, bits),
        what=_("{what} (counts of {bits} and {bits2} bits)").format(
            what=what, bits=bits[0], bits2=bits[1]
        ),
        advice=_("sum results of fewer outcomes or shorter counts"),
    )


MAX_VALUE_BITS = 13_000
"""Longest numerator or denominator of an exact value (about 3 900 digits), so that
every answer prints."""


@dataclass(frozen=True)
class Cost:
    """What a computation is estimated to take: CPU seconds, bytes held at once, decimal
    digits of its longest exact number, rows of output. Costs add up.

    >>> Cost(seconds=1.5) + Cost(seconds=1, bytes=10)
    Cost(seconds=2.5, bytes=10.0, digits=0.0, rows=0.0)
    """

    seconds: float = 0.0
    bytes: float = 0.0
    digits: float = 0.0
    rows: float = 0.0

    def __add__(self, other: Cost) -> Cost:
        return Cost(
            self.seconds + other.seconds,
            float(self.bytes + other.bytes),
            float(max(self.digits, other.digits)),
            float(self.rows + other.rows),
        )


class Budget(NamedTuple):
    """What one computation may take; ``check_cost`` compares a ``Cost`` with it. (A
    named tuple: no class is generated for it when the program starts.)"""

    seconds: float = MAX_SECONDS
    bytes: float = MAX_BYTES
    digits: float = MAX_PRINTED_DIGITS
    rows: float = MAX_ROWS


_BUDGET: ContextVar[Budget | None] = ContextVar("shtoss_exact_budget", default=None)


class Spent:
    """The largest estimate passed inside an ``allowance`` (seconds and bytes), and what
    was refused there."""

    __slots__ = ("bytes", "refused", "seconds")

    def __init__(self) -> None:
        self.seconds = 0.0
        self.bytes = 0.0
        self.refused: list[str] = []


_SPENT: ContextVar[Spent | None] = ContextVar("shtoss_exact_spent", default=None)


@contextmanager
def allowance(*, seconds: float, digits: float | None = None) -> Iterator[Spent]:
    """Run computations with at most ``seconds`` of the budget (and exact values of at
    most ``digits`` digits); the ``Spent`` it yields holds the largest estimate passed.

    >>> with allowance(seconds=0.5) as spent:
    ...     check_cost(Cost(seconds=0.2), what="a", advice="b")
    >>> spent.seconds
    0.2
    """
    now = _BUDGET.get() or Budget()
    narrowed = Budget(
        max(0.0, min(seconds, now.seconds)),
        now.bytes,
        now.digits if digits is None else min(digits, now.digits),
        now.rows,
    )
    spent = Spent()
    token = _BUDGET.set(narrowed)
    token_spent = _SPENT.set(spent)
    try:
        yield spent
    finally:
        _SPENT.reset(token_spent)
        _BUDGET.reset(token)


@contextmanager
def held_besides(held: float) -> Iterator[None]:
    """Run computations while ``held`` bytes are, or will be, held besides them (a
    picture's matplotlib, about 60 MB): every check inside counts them with its estimate,
    and ``budget()`` leaves them out of the bytes it allows.

    >>> with held_besides(0.9e9):
    ...     check_cost(Cost(bytes=0.2e9), what="a", advice="b")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: a: about 1.1 GB held at once, more than the limit of 1 GB; b
    """
    token = _HELD.set(_HELD.get() + held)
    try:
        yield
    finally:
        _HELD.reset(token)


_HELD: ContextVar[float] = ContextVar("shtoss_exact_held", default=0.0)


def _less_held(most: Budget) -> Budget:
    held = _HELD.get()
    return most._replace(bytes=max(0.0, most.bytes - held)) if held else most


def budget() -> Budget:
    """The budget in force (``Budget()`` outside any ``allowance``), less the bytes
    ``held_besides`` holds."""
    return _less_held(_BUDGET.get() or Budget())


def check_cost(
    cost: Cost, *, what: str, advice: str, limit: Budget | None = None, least: bool = False
) -> None:
    """Refuse up front a computation whose estimated ``cost`` passes the budget:
    ``ShtossError`` with one line — what, the estimate, the limit, the advice.

    ``limit`` replaces the default budget (a streamed table may take
    ``MAX_STREAM_SECONDS``; a chain being found ``MAX_CHAIN_BYTES``); inside an
    ``allowance`` the narrower of the two holds. ``least``: the seconds are a lower bound
    (the work found so far), told as "at least".

    >>> check_cost(Cost(seconds=0.1, bytes=1e6), what="10 deals", advice="use fewer deals")
    >>> check_cost(Cost(seconds=99.0), what="1000 deals", advice="use fewer deals")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: 1000 deals: about 99 s of work, more than the limit \
of 10 s; use fewer deals
    """
    now = _BUDGET.get()
    most = (now or Budget()) if limit is None else limit
    if now is not None and limit is not None:  # inside an allowance: the narrower of both
        most = Budget(*(min(a, b) for a, b in zip(limit, now, strict=True)))
    seconds = most.seconds
    if cost.seconds > seconds:
        text = (
            _("{what}: at least {figure} s of work, more than the limit of {seconds:g} s; {advice}")
            if least
            else _(
                "{what}: about {figure} s of work, more than the limit of {seconds:g} s; {advice}"
            )
        )
        _refuse(
            text.format(
                what=_(what),
                figure=figure(cost.seconds, above=seconds),
                seconds=seconds,
                advice=_(advice),
            )
        )
    held = cost.bytes + _HELD.get()  # with what the program and its picture hold besides
    if held > most.bytes:
        unit, size = ("GB", 1e9) if max(most.bytes, held) >= 1e9 else ("MB", 1e6)
        _refuse(
            _(
                "{what}: about {figure} {unit} held at once, more than the limit of "
                "{limit:g} {unit}; {advice}"
            ).format(
                what=_(what),
                figure=figure(held / size, above=most.bytes / size),
                unit=unit,
                limit=most.bytes / size,
                advice=_(advice),
            )
        )
    if cost.digits > most.digits:
        _refuse(
            _(
                "{what}: exact values of about {figure} digits, more than the limit of "
                "{limit:g} digits; {advice}"
            ).format(
                what=_(what),
                figure=figure(cost.digits, above=most.digits),
                limit=most.digits,
                advice=_(advice),
            )
        )
    if cost.rows > most.rows:
        _refuse(
            _(
                "{what}: about {figure} rows, more than the limit of {limit:g} rows; {advice}"
            ).format(
                what=_(what),
                figure=figure(cost.rows, above=most.rows),
                limit=most.rows,
                advice=_(advice),
            )
        )
    spent = _SPENT.get()
    if spent is not None:
        spent.seconds = max(spent.seconds, cost.seconds)
        spent.bytes = max(spent.bytes, cost.bytes)


def outside_allowance() -> bool:
    """True when no ``allowance`` is in force: a cost within the default limits then
    passes ``check_cost`` with nothing to record, and a caller may skip the call (and
    the message it would build).

    >>> outside_allowance()
    True
    """
    return _BUDGET.get() is None


def _refuse(message: str) -> None:
    spent = _SPENT.get()
    if spent is not None:
        spent.refused.append(message)
    raise ShtossError(message)


def figure(value: float, *, above: float | None = None) -> str:
    """A figure for a message: ``0.5``, ``99``, ``120``, ``5e+04``, ``1.2e+03``; with
    ``above`` (the limit ``value`` passed), as many more digits as it takes to read above
    it: ``10.3`` s against a limit of 10 s, not ``10``.

    >>> figure(0.5), figure(99.4), figure(120.3), figure(50_000), figure(1234.0)
    ('0.5', '99', '120', '5e+04', '1.2e+03')
    >>> figure(10.3, above=10), figure(1e9 + 1, above=1e9), figure(12, above=10)
    ('10.3', '1000000001', '12')
    >>> figure(float("inf"))
    '1e+300 or more'
    """
    if value > 1e300:  # beyond a float: as far beyond any budget
        return _("1e+300 or more")
    text = _rounded(value)
    if above is not None and value > above:
        digits = 2
        while float(text) <= above and digits < 17:
            digits += 1
            text = f"{value:.{digits}g}"
    return text


def _rounded(value: float) -> str:
    if value < 10:
        return f"{value:.2g}"
    if value < 1000:
        return f"{value:.0f}"
    text = f"{value:.1e}"
    return text.replace(".0e", "e")
