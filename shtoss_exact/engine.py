"""Where the first copy of the punter's rank falls: exact counts over C(n, m).

The deck is never enumerated. With ``n`` cards and ``m`` copies every set of
copy positions is equally likely (C(n, m) of them), and the bet is decided at the
first copy's position ``p``:

* the number of position sets whose first copy is at ``p`` is C(n - p, m - 1);
* a plié at abzug ``j`` (copies at ``2j - 1`` and ``2j``) has C(n - 2j, m - 2);
* ``p`` even: the punter's card is given; ``p`` odd: killed (or plié).

Everything here is a Python int over the common denominator C(n, m).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from math import comb, inf, lgamma, log, log1p, log10, pi

from shtoss_exact.binomial_sums import alternating_sum, binom, plie_and_total
from shtoss_exact.deck import Deal, SuitCounts, SuitRelation
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import NamedTuple
from shtoss_exact.i18n import _
from shtoss_exact.limits import (
    BIT_BYTES,
    MAX_DECK_SECONDS,
    MAX_PRINTED_DIGITS,
    MAX_WHOLE_DIGITS,
    Budget,
    Cost,
    check_cost,
    float_estimate,
    outside_allowance,
)
from shtoss_exact.numbers import short_int


class Kind(StrEnum):
    """How one bet is decided: killed (бита), plié (плие), given (дана), or not at all.

    >>> Kind("plie").banker_wins, Kind.GIVEN.banker_wins
    (True, False)

    Of the C(52, 4) = 270725 places of 4 copies in 52 cards, killed and given are
    equally many (swap each abzug's lob and sonik) and the plié takes the rest:

    >>> counts = kind_counts(52, 4)
    >>> [getattr(counts, kind.value) for kind in (Kind.KILLED, Kind.PLIE, Kind.GIVEN)]
    [130000, 10725, 130000]
    """

    KILLED = "killed"
    PLIE = "plie"
    GIVEN = "given"
    NONE = "none"

    @property
    def banker_wins(self) -> bool:
        return self in (Kind.KILLED, Kind.PLIE)


def summary_cost(cards: int, copies: int) -> float:
    """Rough machine-word operations that ``kind_counts`` needs: steps times word size.

    The steps are min(m, n - m); the words those of C(n, m) (``binom_bits``). An upper
    bound for sizing work (``bet.tables``, ``banks``); the time the summary takes is
    ``summary_seconds``.

    >>> summary_cost(52, 4) < 100 < summary_cost(10**4000, 8)
    True
    """
    steps = min(copies, cards - copies) + 1
    return steps * (binom_bits(cards, copies) / 64 + 1)


SERIES_WORD_SECONDS = 5e-9
"""Seconds a Karatsuba word operation of the binomial series' binary splitting
(fitted: 3.5 to 6 ns from 10^-4 s to 0.2 s, from 300 copies to 10^4000 cards; with
the twos apart and the quotients by half an inverse, 7 ns overstated the time 1.5 to
2 times)."""

TERM_SECONDS = 1.3e-7
"""Seconds of the bookkeeping of one term of the series."""

CALL_SECONDS = 4e-7
"""Seconds of the summary counts of a small deck: a few products and divisions
(the game's four in closed form, 0.35 to 0.7 µs)."""


def summary_seconds(cards: int, copies: int) -> float:
    """Estimated seconds of ``kind_counts``, meant within a few times both ways.

    Its binomial series has t = min(m, n - m) terms whose products P hold about
    t (log2 n + 1) bits; binary splitting multiplies numbers of that size about
    log2 t times over, each a Karatsuba product of (bits / 64)^1.585 word operations
    (the exact quotients by k! at the end cost about half as much again).

    >>> summary_seconds(52, 4) < 1e-5 < summary_seconds(10**9, 9135) < 0.3
    True
    """
    terms = min(copies, cards - copies)
    if terms <= 0:
        return CALL_SECONDS
    try:  # log takes any int; a float past 10^308 is past any budget
        words = terms * (log(cards, 2) + 1) / 64
        splitting: float = words**1.585 * (log(terms + 1, 2) + 1)
        return SERIES_WORD_SECONDS * splitting + TERM_SECONDS * terms + CALL_SECONDS
    except OverflowError:
        return inf


def binom_bits(cards: int, copies: int) -> float:
    """About how many bits C(n, m) has, for any size of ``n`` (``inf`` beyond floats).

    >>> from math import comb, log2
    >>> abs(binom_bits(52, 4) - log2(comb(52, 4))) < 0.01, binom_bits(10**4000, 8) > 10**5
    (True, True)
    """
    k = min(copies, cards - copies)
    if k <= 0:
        return 0.0
    if k.bit_length() > 1000:
        return inf  # more copies than a float holds: no computation of that size is answered
    if k * k < cards:
        # Few copies in a large deck: log C(n, k) = k log n - log k! + sum log(1 - i/n),
        # and the sum is -k(k-1)/(2n) up to O(k^3/n^2), small as k^2 < n. log takes any int.
        nats = k * log(cards) - lgamma(k + 1) - (k * (k - 1) // 2) / cards
        return nats / log(2)
    if cards.bit_length() > 1000:
        return inf  # k >= sqrt(n) > 2^500: no computation of that size is answered anyway
    # Stirling, written so that nothing huge is subtracted from anything huge:
    # log C(n, k) = k log(n/k) + (n - k) log(1 + k/(n - k)) - log(2 pi k (n - k)/n) / 2,
    # to O(1/k) nats.
    rest = cards - k
    nats = (
        k * (log(cards) - log(k))
        + rest * log1p(k / rest)
        - (log(2 * pi) + log(k) + log(rest) - log(cards)) / 2
    )
    return nats / log(2)


def deal_cost(deal: Deal) -> Cost:
    """The cost of a deck's summary counts: seconds, and the digits of C(n, m), the
    common denominator of every exact answer on it.

    >>> deal_cost(Deal(52, 4)).digits < 6
    True
    """
    return Cost(
        seconds=summary_seconds(deal.cards, deal.copies),
        digits=binom_bits(deal.cards, deal.copies) * log10(2),
    )


def check_deal(deal: Deal) -> None:
    """Refuse up front a deck whose summary counts would take more than
    ``MAX_DECK_SECONDS`` (every command counts several), or whose exact answers would
    be longer than ``MAX_PRINTED_DIGITS`` digits.

    >>> check_deal(Deal(10**4000, 20))
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: cards=(about 4001 digits) with copies=20: exact \
values of about 8e+04 digits, more than the limit of 50000 digits; use fewer copies or cards
    """
    cards, copies = deal.cards, deal.copies
    small = (
        cards <= SMALL_DECK
        or (cards - copies if 2 * copies > cards else copies) * cards.bit_length() <= SMALL_BITS
    )
    if small and outside_allowance():
        return  # C(n, m) < 2^10000, counted in a millisecond or so: passed, nothing to record
    bits = binom_bits(cards, copies)
    seconds = summary_seconds(cards, copies)
    digits = bits * LOG10_2
    if seconds <= MAX_DECK_SECONDS and digits <= MAX_PRINTED_DIGITS and outside_allowance():
        return  # passed, with nothing to record: no message built (``deal_cost`` as is)
    check_cost(
        Cost(seconds=seconds, digits=digits),
        what=_("cards={short_int} with copies={short_int2}").format(
            short_int=short_int(cards), short_int2=short_int(copies)
        ),
        advice=_("use fewer copies or cards"),
        limit=Budget(seconds=MAX_DECK_SECONDS),
    )


LOG10_2 = log10(2)

SMALL_DECK = 1000
"""Decks of at most this many cards pass ``check_deal`` at once: C(n, m) < 2^1000."""

SMALL_BITS = 10_000
"""Decks with k = min(m, n - m) copies or gaps and ``k * bits(n) <= SMALL_BITS`` pass
``check_deal`` at once too: C(n, m) < n^k <= 2^10000, about 3000 digits (far within
``MAX_PRINTED_DIGITS``), counted in well under ``MAX_DECK_SECONDS``."""


class KindCounts(NamedTuple):
    """Position sets (out of ``total`` = C(n, m)) by how the bet is decided (a named
    tuple: made for every question, the cheapest immutable class to create)."""

    killed: int
    plie: int
    given: int
    no_copy: int
    total: int

    @property
    def banker(self) -> int:
        return self.killed + self.plie


_WHOLE_LIMIT = 10**MAX_WHOLE_DIGITS


def check_counts_args(cards: object, copies: object, *, position: object = 0) -> None:
    """The arguments of the public counts: ``0 <= copies <= cards``, whole numbers (and
    ``position`` a whole number), refused by name when they are anything else.

    >>> check_counts_args(52, 5.0)
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: copies=5.0 is not a whole number: allowed 0 <= copies <= cards
    """
    for name, value in (("cards", cards), ("copies", copies), ("position", position)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ShtossError(
                _("{name}={value} is not a whole number: allowed 0 <= copies <= cards").format(
                    name=name, value=quoted(value)
                )
            )
    for name, value in (("cards", cards), ("copies", copies), ("position", position)):
        assert isinstance(value, int)  # checked above
        if abs(value) >= _WHOLE_LIMIT and abs(value) > abs(cards) + 1:  # type: ignore[arg-type]
            raise ShtossError(
                _("{name}={short_int}: allowed at most {limit} digits").format(
                    name=name,
                    short_int=short_int(value),
                    limit=MAX_WHOLE_DIGITS,
                )
            )
    if not 0 <= copies <= cards:  # type: ignore[operator]
        raise ShtossError(
            _("copies={copies}, cards={cards}: allowed 0 <= copies <= cards").format(
                copies=quoted(copies), cards=quoted(cards)
            )
        )


def kind_counts(cards: int, copies: int) -> KindCounts:
    """Summary counts in one binomial and one binomial series, whatever the number of cards.

    plié  = sum over abzugs j of C(n - 2j, m - 2) = E(n - 2, m - 2)
          = (C(n - 1, m - 1) + A(n - 2, m - 2)) / 2, with C(n - 1, m - 1) = C(n, m) m / n;
    given = sum over even p of C(n - p, m - 1) = E(n - 2, m - 1) = (C(n, m) - plié) / 2:
    for k >= 1, E(N, k) = E(N-1, k) + E(N-1, k-1) (Pascal, term by term) and
    E(N-1, j) + E(N, j) = C(N + 1, j + 1) (hockey stick), so
    2 E(N, k) = C(N + 1, k + 1) + C(N + 1, k) - E(N, k - 1) = C(N + 2, k + 1) - E(N, k - 1).
    Then killed = given: in every abzug the lob's lone copy and the sonik's are as
    many. One copy (m = 1) is given on the floor(n/2) even positions.

    >>> kind_counts(52, 4)
    KindCounts(killed=130000, plie=10725, given=130000, no_copy=0, total=270725)
    """
    check_counts_args(cards, copies)
    _check_counts_cost(
        summary_seconds(cards, copies),
        lambda: _("kind_counts(cards={short_int}, copies={short_int2})").format(
            short_int=short_int(cards), short_int2=short_int(copies)
        ),
    )
    return _kind_counts(cards, copies)


def _check_counts_cost(seconds: float, what: Callable[[], str]) -> None:
    """The cost guard of a public count: ``what`` is written only for a refusal or
    inside an allowance (a small deck: no message made)."""
    if seconds > CALL_SECONDS * 1000 or not outside_allowance():
        check_cost(Cost(seconds=seconds), what=what(), advice=_("use fewer copies or cards"))


def kind_counts_of(deal: Deal) -> KindCounts:
    """``kind_counts`` of a deck already checked (a ``Deal`` holds 0 <= copies <= cards).

    >>> kind_counts_of(Deal(52, 4)).plie
    10725
    """
    return _kind_counts(deal.cards, deal.copies)


def _kind_counts(cards: int, copies: int) -> KindCounts:
    k, start = copies - 2, cards - copies
    if k == 2 and k <= start:
        # the game's four: C(n - 1, 3) in closed form, and A(N, 2) = floor(N/2) ceil(N/2)
        # (for N = 2M the pairs C(2i, 2) - C(2i - 1, 2) = 2i - 1 sum to M^2; for N odd
        # A(N, 2) = C(N, 2) - A(N - 1, 2) = M (M + 1))
        top = cards - 2
        lower = (cards - 1) * top * (cards - 3) // 6
        plie = (lower + (top >> 1) * ((top + 1) >> 1)) >> 1
        total = lower * cards >> 2
    elif 0 <= k <= start:
        # the diagonal series of alternating_sum, whose last term 2^k C(N, k) gives C(n, m)
        # too: whole terms for few copies, one splitting or halves for many
        plie, total = plie_and_total(cards, copies)
    else:
        total = comb(cards, copies)
        if copies == 0:
            return KindCounts(0, 0, 0, total, total)
        if copies == 1:
            return KindCounts(cards - cards // 2, 0, cards // 2, 0, total)
        plie = (total * copies // cards + alternating_sum(cards - 2, copies - 2)) // 2
    given = (total - plie) // 2
    # killed = total - plié - given = given; the tuple made without the named tuple's
    # Python-level __new__ (a summary is made at every question)
    return _tuple(KindCounts, (given, plie, given, 0, total))


_tuple = tuple.__new__


class PositionCounts(NamedTuple):
    """Counts (over C(n, m)) of bets decided at one position, by kind: a row (a named
    tuple, the cheapest class to create when the program starts).

    For an odd position the card is the lob: ``killed`` and ``plie`` (this lob and
    the next card both copies); for an even one the sonik: ``given``.
    """

    position: int
    killed: int
    plie: int
    given: int

    @property
    def abzug(self) -> int:
        return (self.position + 1) // 2


def position_counts(cards: int, copies: int) -> Iterator[PositionCounts]:
    """Counts for positions 1..n, each from C(n - p, m - 1) and C(n - p - 1, m - 2).

    Binomials are stepped down by C(q - 1, k) = C(q, k) (q - k) / q, so a table of
    ``n`` rows costs O(n) big-int operations.

    >>> [(r.position, r.killed, r.plie, r.given) for r in position_counts(4, 2)]
    [(1, 2, 1, 0), (2, 0, 0, 2), (3, 0, 1, 0), (4, 0, 0, 0)]
    """
    check_counts_args(cards, copies)  # now, not when the first row is asked for
    return _position_counts(cards, copies)


def _position_counts(cards: int, copies: int) -> Iterator[PositionCounts]:
    if copies == 0:
        for position in range(1, cards + 1):
            yield PositionCounts(position, 0, 0, 0)
        return
    first = _Stepper(cards - 1, copies - 1)  # C(n - p, m - 1) at p = 1
    pair = _Stepper(cards - 2, copies - 2)  # C(n - p - 1, m - 2) at p = 1
    for position in range(1, cards + 1):
        here = first.value
        if position % 2 == 0:
            yield PositionCounts(position, 0, 0, here)
        else:
            plie = pair.value if position < cards else 0
            yield PositionCounts(position, here - plie, plie, 0)
        first.step()
        pair.step()


def abzug_counts(cards: int, copies: int) -> list[tuple[int, int, int]]:
    """(killed, plié, given) counts over C(n, m) for abzugs 1..ceil(n/2), in O(n) steps.

    The list of ``iter_abzug_counts``: hold it only for small decks.

    >>> abzug_counts(5, 2)
    [(3, 1, 3), (1, 1, 1), (0, 0, 0)]
    >>> abzug_counts(10**10, 4)
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: abzug_counts(cards=10000000000, copies=4): about \
2.6e+03 s of work, more than the limit of 10 s; use fewer cards, or iter_abzug_counts \
(one row at a time)
    """
    check_counts_args(cards, copies)
    check_cost(
        abzug_cost(cards, copies),
        what=_("abzug_counts(cards={short_int}, copies={short_int2})").format(
            short_int=short_int(cards), short_int2=short_int(copies)
        ),
        advice=_("use fewer cards, or iter_abzug_counts (one row at a time)"),
    )
    return list(iter_abzug_counts(cards, copies))


ROW_SECONDS = 0.4e-6
"""Seconds of one by-abzug row of small counts (two products and quotients)."""

BIT_SECONDS = 1.0e-9
"""Seconds per bit of the counts, for each by-abzug row (its products and quotients)."""

INT_BYTES = 40
"""Bytes of a Python int besides its digits, with the list or tuple slot holding it."""


def abzug_cost(cards: int, copies: int) -> Cost:
    """The cost of the list of ``abzug_counts``: ceil(n/2) rows of three counts of up to
    the bits of C(n, m) each, held at once.

    >>> abzug_cost(52, 4).seconds < 1e-3
    True
    """
    rows = float_estimate((max(cards, 0) + 1) // 2)  # past a float: past any budget
    bits = binom_bits(cards, copies) if 0 <= copies <= cards else 0.0
    return Cost(
        seconds=rows * (ROW_SECONDS + bits * BIT_SECONDS),
        bytes=rows * (3 * (bits * BIT_BYTES + INT_BYTES) + 80),
        rows=0.0,
    )


def iter_abzug_counts(cards: int, copies: int) -> Iterator[tuple[int, int, int]]:
    """(killed, plié, given) counts over C(n, m) for abzugs 1..ceil(n/2), one at a time.

    With a = n - 2j for abzug j (2j <= n): given (first copy on the sonik 2j) is
    C(a, m - 1) and plié (copies on 2j - 1 and 2j) is C(a, m - 2); the first copy on
    the lob 2j - 1 is C(a + 1, m - 1) = C(a, m - 1) + C(a, m - 2) (Pascal), so
    killed = lob - plié = given in every full abzug. A lone last card (n odd) is a
    lob: killed there in C(0, m - 1) sets. Going from j to j + 1 steps a down by two:
    C(a - 2, k) = C(a, k) (a - k) (a - k - 1) / (a (a - 1)). Only the current row is
    held, so a deck of any size streams in constant memory.

    >>> next(iter_abzug_counts(52, 4))  # winning the sonik: 19600 of C(52, 4) = 270725
    (19600, 1225, 19600)
    """
    if copies == 0:
        for _ in range((cards + 1) // 2):
            yield 0, 0, 0
        return
    k1, k2 = copies - 1, copies - 2
    a = cards - 2
    given, plie = binom(a, k1), binom(a, k2)
    while a >= 0:
        yield given, plie, given
        if a >= 2:
            d = a * (a - 1)
            given = given * ((a - k1) * (a - k1 - 1)) // d
            plie = plie * ((a - k2) * (a - k2 - 1)) // d if k2 >= 0 else 0
        a -= 2
    if cards % 2:
        yield (1 if copies == 1 else 0), 0, 0


def counts_at(cards: int, copies: int, position: int) -> PositionCounts:
    """The counts of one position, in O(1) binomials: C(n - p, m - 1) and C(n - p - 1, m - 2).

    >>> counts_at(52, 4, 2).given
    19600
    """
    check_counts_args(cards, copies, position=position)
    if copies == 0 or not 1 <= position <= cards:
        return PositionCounts(position, 0, 0, 0)
    # Two binomials of about the size of kind_counts' series on the cards after it.
    _check_counts_cost(
        2 * summary_seconds(cards - position, copies - 1),
        lambda: _(
            "counts_at(cards={short_int}, copies={short_int2}, position={short_int3})"
        ).format(
            short_int=short_int(cards), short_int2=short_int(copies), short_int3=short_int(position)
        ),
    )
    here = binom(cards - position, copies - 1)
    if position % 2 == 0:
        return PositionCounts(position, 0, 0, here)
    plie = binom(cards - position - 1, copies - 2) if position < cards else 0
    return PositionCounts(position, here - plie, plie, 0)


class _Stepper:
    """C(q, k) for q = top, top - 1, ... down to where it vanishes."""

    def __init__(self, top: int, k: int) -> None:
        self.q = top
        self.k = k
        self.value = binom(top, k)

    def step(self) -> None:
        q, k = self.q, self.k
        if self.value and q > 0:
            self.value = self.value * (q - k) // q
        else:
            self.value = binom(q - 1, k)
        self.q = q - 1


def relation_weights(suits: SuitCounts | None) -> tuple[tuple[SuitRelation | None, int], ...]:
    """Weights of the deciding card's suit relation, over ``suits.total`` (= copies).

    The deciding card (the first copy; the lob in a plié) is each copy with equal
    chance, whatever the positions, so the relation is independent of kind and place.
    """
    if suits is None or suits.total == 0:
        return ((None, 1),)
    return tuple((rel, suits[rel]) for rel in SuitRelation if suits[rel])
