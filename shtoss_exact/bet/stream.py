"""One bet by abzug, streamed: a row at a time, exact counts over one denominator.

A deck of ``n`` cards has ceil(n/2) abzugs, so a table by abzug grows with the deck
while the summary odds do not. ``AbzugStream`` makes the rows one at a time from the
engine's integer counts over C(n, m) (``iter_abzug_counts``) and holds none of them:
memory stays constant whatever the deck. A count becomes an exact string (the
fraction reduced by one gcd) only when its row is rendered, and that, not the
counting, is most of the time: ``seconds()`` estimates it before anything is made,
and ``check()`` refuses a stream that would take more than ``MAX_STREAM_SECONDS``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from math import gcd
from typing import Any, ClassVar

from shtoss_exact import limits
from shtoss_exact.binomial_sums import binom
from shtoss_exact.engine import binom_bits, iter_abzug_counts
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _
from shtoss_exact.limits import Budget, Cost, check_cost, outside_allowance
from shtoss_exact.numbers import short_int

MAX_STREAM_SECONDS = limits.MAX_STREAM_SECONDS
"""Most estimated seconds of work a stream is allowed (``limits.MAX_STREAM_SECONDS``):
5·10^6 rows of CSV (10^7 cards) are answered."""

ROW_SECONDS = 1.2e-6
"""Seconds per CSV row, whatever the numbers: two big-int steps, three gcds, three
strings, the line (measured on a 2-core x86_64 machine)."""

WORD_SECONDS = 1.55e-6
"""Seconds per CSV row for each 64-bit word of C(n, m): the gcds and strings grow with it."""

WORD_SQUARED_SECONDS = 0.007e-6
"""Seconds per CSV row per squared word: gcds of long numbers are quadratic."""


DENOMINATORS_KEPT = 512
"""Reduced denominators kept as text while a stream runs (most rows share a few)."""


def ratio_str(numerator: int, denominator: int) -> str:
    """``numerator / denominator`` reduced, as ``exact_str`` writes it (``"p/q"`` or ``"p"``).

    One gcd of two ints instead of a ``Fraction``: the same text, a few times faster.

    >>> ratio_str(19600, 270725), ratio_str(0, 270725), ratio_str(6, 3)
    ('16/221', '0', '2')
    """
    divisor = gcd(numerator, denominator)
    if divisor == denominator:
        return str(numerator // divisor)
    return f"{numerator // divisor}/{denominator // divisor}"


@dataclass(frozen=True)
class AbzugStream:
    """The rows of one bet by abzug (``cards`` in the deck the bet is played on,
    ``copies`` of the punter's rank), made one at a time and never held.

    ``soda_before``: the bet was placed before a soda of any rank was burnt (faro's
    ``soda = "before"``): ``copies`` are those of the deck as shuffled, the soda among
    them, and ``cards`` still those after it. Each of the C(cards + 1, copies) decks as
    shuffled is one deck after the soda, holding ``copies`` copies (the soda another
    rank) or ``copies - 1`` (the soda a copy), so the rows add the counts of those two
    decks over C(cards + 1, copies).

    >>> stream = AbzugStream(52, 4)
    >>> len(stream), next(stream.records())["given"]
    (26, '16/221')
    >>> list(AbzugStream(5, 2, soda_before=True).counts())  # over C(6, 2) = 15
    [(1, 4, 1, 4), (2, 2, 1, 2), (3, 1, 0, 0)]
    """

    cards: int
    copies: int
    soda_before: bool = False

    columns: ClassVar[tuple[str, ...]] = ("abzug", "killed", "plie", "given")
    """The keys of each row, in order: as ``AbzugOdds.to_dict()``."""

    @property
    def size(self) -> int:
        """The number of rows: ceil(cards / 2) (a lone last card is an abzug of a lob alone),
        however large (``len()`` holds only a machine-sized number)."""
        return (self.cards + 1) // 2

    def __len__(self) -> int:
        return self.size

    @cached_property
    def total(self) -> int:
        """The common denominator of every count: C(cards, copies), or C(cards + 1,
        copies) with ``soda_before``."""
        return binom(self.cards + self.soda_before, self.copies)

    def kinds(self) -> Iterator[tuple[int, int, int]]:
        """(killed, plié, given) over ``total`` for each abzug, in order.

        >>> next(AbzugStream(52, 4).kinds())
        (19600, 1225, 19600)
        """
        if not self.soda_before:
            return iter_abzug_counts(self.cards, self.copies)
        return self._mixed_counts()

    def _mixed_counts(self) -> Iterator[tuple[int, int, int]]:
        decks = [m for m in (self.copies, self.copies - 1) if 0 <= m <= self.cards]
        for rows in zip(*(iter_abzug_counts(self.cards, m) for m in decks), strict=True):
            yield sum(r[0] for r in rows), sum(r[1] for r in rows), sum(r[2] for r in rows)

    def counts(self) -> Iterator[tuple[int, int, int, int]]:
        """``(abzug, killed, plie, given)``, the counts over ``total``, one row at a time.

        >>> list(AbzugStream(5, 2).counts())
        [(1, 3, 1, 3), (2, 1, 1, 1), (3, 0, 0, 0)]
        """
        for abzug, (killed, plie, given) in enumerate(self.kinds(), start=1):
            yield abzug, killed, plie, given

    def rows(self) -> Iterator[tuple[int, str, str, str]]:
        """The rows as the values of ``AbzugOdds.to_dict()``, in the order of ``columns``:
        the abzug, then killed, plié, given as exact strings.

        >>> [row[2] for row in AbzugStream(6, 2).rows()]
        ['1/15', '1/15', '1/15']
        """
        total = self.total
        # ratio_str with the denominators' strings kept by divisor (a few hundred are
        # most of them): these lines are most of the time of a long stream.
        denominators = {total: ""}

        def text(count: int) -> str:
            divisor = gcd(count, total)
            below = denominators.get(divisor)
            if below is None:
                below = f"/{total // divisor}"
                if len(denominators) < DENOMINATORS_KEPT:
                    denominators[divisor] = below
            return f"{count // divisor}{below}"

        for abzug, (killed, plie, given) in enumerate(self.kinds(), start=1):
            given_text = text(given)
            killed_text = given_text if killed == given else text(killed)
            yield abzug, killed_text, text(plie), given_text

    def records(self) -> Iterator[dict[str, Any]]:
        """The rows as records, each equal to ``AbzugOdds.to_dict()``.

        >>> next(AbzugStream(52, 4).records())["given"]
        '16/221'
        """
        columns = self.columns
        for row in self.rows():
            yield dict(zip(columns, row, strict=True))

    def seconds(self, *, factor: float = 1.0) -> float:
        """Estimated seconds to make every record (times ``factor``, what a renderer
        adds): rows times the cost of a row, which grows with the digits of C(n, m).

        >>> AbzugStream(52, 4).seconds() < 0.001 < AbzugStream(10**7, 4).seconds() < 60
        True
        """
        words = binom_bits(self.cards + self.soda_before, self.copies) / 64
        row = ROW_SECONDS + WORD_SECONDS * words + WORD_SQUARED_SECONDS * words * words
        row *= 1 + self.soda_before  # two decks counted per row
        # A row count beyond a float's range is as far beyond any budget.
        return row * factor * self.size if self.size < 2**1000 else float("inf")

    def check(self, *, factor: float = 1.0) -> None:
        """Refuse, before any row is made, a stream estimated above ``MAX_STREAM_SECONDS``."""
        seconds = self.seconds(factor=factor)
        if seconds <= MAX_STREAM_SECONDS and outside_allowance():
            return  # passed, with nothing to record: no message built
        check_cost(
            Cost(seconds=seconds),
            what=_(
                "by abzug, cards={short_int} with copies={short_int2} gives {short_int3} rows"
            ).format(
                short_int=short_int(self.cards),
                short_int2=short_int(self.copies),
                short_int3=short_int(self.size),
            ),
            advice=_("use fewer cards (the summary odds have no such limit)"),
            limit=Budget(seconds=MAX_STREAM_SECONDS),
        )
