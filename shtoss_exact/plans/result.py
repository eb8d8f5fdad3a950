"""A series' result: the net distribution, the figures, the record.

The net after ``K`` deals is a ``Distribution`` held as integer counts over one common
denominator (``D**K`` for ``K`` deals with denominator ``D``): a ``Fraction`` is made
only when a probability is read. Exact values of thousands of digits are written in
decimal by ``exact_text``, which does not depend on Python's limit on int-to-str
conversion (4300 digits).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.deck import Deal
from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError
from shtoss_exact.frozen import dataclass, field
from shtoss_exact.i18n import _
from shtoss_exact.limits import MAX_RECORD_DIGITS, MAX_SECONDS
from shtoss_exact.numbers import exact_text, float_of
from shtoss_exact.pictures import plot_of
from shtoss_exact.plans.catalog import Plan
from shtoss_exact.plans.cost import reduce_seconds
from shtoss_exact.records import Record, frozen_hash

if TYPE_CHECKING:
    from shtoss_exact.plans.chain import Chain, Rules


def _digits(bits: int) -> int:
    return int(bits * 0.30102999566398) + 1


class Solved:
    """What a solver of a series gives: the net, the ends (by status: playing, stopped,
    ruined, target), the expected deals played, and the mean and variance when a closed
    form knows them."""

    __slots__ = ("ends", "expected_deals", "moments", "net")

    def __init__(
        self, net: Distribution, ends: dict[str, Fraction], expected_deals: Fraction,
        moments: tuple[Fraction, Fraction] | None = None,
    ) -> None:  # fmt: skip
        self.net = net
        self.ends = ends
        self.expected_deals = expected_deals
        self.moments = moments


_FIGURES = (
    "ev", "variance", "punter", "banker", "null", "expected_deals", "p_ruin", "p_target",
    "p_stopped", "p_playing", "expected_series", "p_series", "p_story",
)  # fmt: skip


_ENDINGS = ("p_ruin", "p_target", "p_stopped", "p_playing")
"""How a play ends: a repr shows these before the other figures."""


@dataclass(frozen=True, repr=False, kw_only=True)
class SeriesResult(Record):
    """The punter's net result under a plan, exactly, and how the play ended.

    ``net`` maps each value of the punter's net result to its probability (the
    banker's net is its negation). ``punter``, ``banker`` and ``null`` are P(net > 0),
    P(net < 0) and P(net = 0). The play ends in exactly one way: ``p_ruin`` (the
    bankroll fell below the initial kush), ``p_target`` (the bankroll reached the target),
    ``p_stopped`` (the plan left after a loss) or ``p_playing`` (still playing after
    the deals); the four sum to 1.

    >>> from shtoss_exact import series
    >>> r = series("flat", deals=2)
    >>> r.net[Fraction(0)], r.punter
    (Fraction(346400, 693889), Fraction(160000, 693889))
    """

    plan: Plan
    scheme: str
    deal: Deal
    deals: int | None
    bankroll: Fraction | None
    target: Fraction | None
    max_stake: Fraction | None
    net: Distribution
    ev: Fraction
    variance: Fraction
    expected_deals: Fraction
    p_ruin: Fraction
    p_target: Fraction
    p_stopped: Fraction
    p_playing: Fraction
    expected_series: Fraction | None
    series_length: int | None = None
    p_series: Fraction | None = None
    p_story: Fraction | None = None
    rules: Rules | None = field(default=None, compare=False)

    def __hash__(self) -> int:  # the fields hold mappings: hashed by their items
        return frozen_hash(self)

    # Who ends ahead, read off the net when first asked for (one sum of its counts, kept
    # by the net): the net's counts are the answer, these three are figures of it.
    @property
    def punter(self) -> Fraction:
        """P(net > 0): the punter ends ahead."""
        return self.net.sides()[2]

    @property
    def banker(self) -> Fraction:
        """P(net < 0): the banker ends ahead."""
        return self.net.sides()[0]

    @property
    def null(self) -> Fraction:
        """P(net = 0): neither."""
        return self.net.sides()[1]

    @property
    def kush(self) -> Fraction:
        """The initial kush."""
        return self.plan.kush

    @property
    def banker_net(self) -> Distribution:
        """The banker's net result: the punter's, negated (he pays what the punter wins)."""
        return self.net.scaled(-1)

    def chain(self, *, max_states: int = 20_000) -> Chain:
        """The Markov chain of the plan within the deals (built now; for export)."""
        from shtoss_exact.plans.chain import build_chain

        if self.rules is None:
            raise ShtossError(_("this result has no rules to build its chain from"))
        return build_chain(self.rules, deals=self.deals, max_states=max_states)

    _rows = "net"

    def __repr__(self) -> str:
        from shtoss_exact.notebook import Sheet, one_line

        # How the play ends before the other figures: a repr is cut at 200 characters.
        summary = dict(Sheet("", self.to_dict(net=False)).summary)
        first = ("plan", "scheme", "deals", "bankroll", "target", "ev", *_ENDINGS)
        shown = [(key, summary[key]) for key in first if key in summary]
        shown += [(key, value) for key, value in summary.items() if key not in first]
        return one_line(type(self).__name__, shown)

    def _shown_record(self) -> dict[str, Any]:
        try:
            return self.to_dict()
        except ShtossError:  # too long a net result to write: the figures alone
            return self.to_dict(net=False)

    def figures(self) -> dict[str, Fraction | None]:
        """The exact figures of the record, by key (``None`` where not asked or defined)."""
        return {key: getattr(self, key) for key in _FIGURES}

    def to_dict(self, *, net: bool = True) -> dict[str, Any]:
        """The record; ``net=False`` leaves the distribution out (the figures alone).

        Refused (``ShtossError``) when it would hold more than ``MAX_RECORD_DIGITS``
        digits of exact values or take more than ``MAX_SECONDS`` to write.
        """
        figures = self.figures()
        bits = [
            max(v.numerator.bit_length(), v.denominator.bit_length())
            for v in figures.values()
            if v is not None
        ]
        digits = 2 * sum(_digits(b) for b in bits)
        seconds = 2 * sum(reduce_seconds(b) for b in bits)
        if net:
            digits += self.net.digits()
            seconds += len(self.net) * 2 * reduce_seconds(self.net.total.bit_length())
        if digits > MAX_RECORD_DIGITS or seconds > MAX_SECONDS:
            raise ShtossError(
                _(
                    "the result holds about {digits:.1e} digits of exact values: more than the "
                    "limit of {limit:.0e} for one output; use fewer deals"
                ).format(digits=digits, limit=MAX_RECORD_DIGITS)
                + (_(", or net=False for the figures alone") if net else "")
            )

        def exact(value: Fraction | None) -> str | None:
            return None if value is None else exact_text(value.numerator, value.denominator)

        record: dict[str, Any] = {
            "plan": self.plan.name,
            "scheme": self.scheme,
            "cards": self.deal.cards,
            "copies": self.deal.copies,
            "one_deck": self.deal.one_deck,
            "deals": self.deals,
            "kush": exact(self.plan.kush),
            "bankroll": exact(self.bankroll),
            "target": exact(self.target),
            "max_stake": exact(self.max_stake),
        }
        if net:
            record["net"] = self.net.to_dict()
        record.update({key: exact(value) for key, value in figures.items()})
        record["series_length"] = self.series_length
        record["story"] = [event.value for event in self.plan.story] or None
        record["float"] = {
            key: None if value is None else float_of(value) for key, value in figures.items()
        }
        return record

    def plot(self, ax: Any = None) -> Any:
        """The matplotlib ``Figure`` of the punter's net result, drawn on ``ax``
        if given (matplotlib: the extra ``plot``)."""
        return plot_of(self, ax)
