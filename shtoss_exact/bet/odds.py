"""The front door for one bet: ``odds(...)`` and its immutable result.

Without a scheme the odds are those of the classic game. With one (``scheme=``),
``Odds.ev`` follows the scheme and ``Odds.scheme_result`` holds its every measure;
a scheme that burns the first card (faro's soda) makes ``Odds.as_played`` the deck the
bet is played on, while ``Odds.as_shuffled`` keeps the deck as shuffled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from shtoss_exact.deck import Card, Deal, Suit, make_deal
from shtoss_exact.engine import (
    KindCounts,
    check_deal,
    counts_at,
    iter_abzug_counts,
    kind_counts_of,
    position_counts,
    relation_weights,
)
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import NamedTuple, dataclass, field
from shtoss_exact.i18n import _
from shtoss_exact.limits import MAX_HELD_ROWS, outside_allowance
from shtoss_exact.pictures import plot_of
from shtoss_exact.records import Record, exact_fields, made

if TYPE_CHECKING:
    from shtoss_exact.bet.measures import SchemeResult
    from shtoss_exact.bet.rows import AbzugOdds, PositionOdds, RelationOdds
    from shtoss_exact.bet.stream import AbzugStream
    from shtoss_exact.schemes.scheme import Scheme, SchemeArgument
    from shtoss_exact.schemes.settlement import PlayedDeck

# The schemes are imported where a scheme is asked for, not at the top: the classic
# odds of the CLI's default question then load no more than the engine.

MAX_TABLE_ROWS = MAX_HELD_ROWS
"""Largest deck (cards) whose table by position or abzug is held in memory
(``limits.MAX_HELD_ROWS``): ``Odds.iter_abzug()`` streams any deck."""

SHOWN_TABLE_CARDS = 1000
"""Largest deck whose rows by abzug a notebook's display and ``to_frame()`` read."""

LONG_BITS = 256
"""From a common denominator of this many bits on, each probability of an ``Odds`` is
reduced once and kept (a gcd of two such numbers costs more than keeping it)."""

SMALL_TABLE_CARDS = 1000
"""Largest deck whose table by abzug is made without its cost guard: C(n, m) < 2^1000,
so its ceil(n/2) rows take well under a second (``AbzugStream.seconds``)."""

IN_MEMORY_FACTOR = 4.0
"""A row of ``Fraction``s held in memory costs about this many streamed rows."""


@dataclass(frozen=True, repr=False, kw_only=True)
class Odds(Record):
    """Exact odds of one bet. Every probability is a ``Fraction``.

    ``banker``, ``punter`` and ``null`` are who wins under the scheme (the classic
    one without ``scheme``): the punter's net result is < 0, > 0 or exactly 0; they
    sum to 1. ``killed``, ``plie`` and ``given`` are where the first copy falls (a
    lob alone, a lob and its sonik, a sonik); with no copy in the deck none of them.

    >>> o = odds(cards=52, copies=4)
    >>> o.banker, o.plie, o.punter
    (Fraction(433, 833), Fraction(33, 833), Fraction(400, 833))
    >>> o.by_abzug[0].given  # winning the sonik
    Fraction(16, 221)
    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> odds(deck=52, scheme="pharaon").ev, o.under(scheme_named("lob-half")).edge
    (Fraction(-33, 1666), Fraction(25, 21658))
    >>> o
    Odds(cards=52, copies=4, one_deck=False, scheme=classic, banker=433/833, punter=400/833, \
null=0, killed=400/833, plie=33/833, given=400/833, ev=-33/833, edge=33/833, \
variance=692800/693889, …)
    """

    as_played: Deal
    """The deck the bet is played on: after a soda the scheme burns (faro), else as
    shuffled; the deck as shuffled too when the kinds mix several decks."""
    as_shuffled: Deal
    """The banker's deck as shuffled (a faro soda among its cards)."""
    counts: KindCounts = field(repr=False)
    scheme: Scheme | None = None
    by_kind: bool = field(default=False, repr=False, compare=False)
    """True under the built-in classic scheme: who wins and the EV are the kinds' own
    (given +1, killed and plié -1, no copy null), read from the counts at once; the
    scheme's other measures are settled when first asked for."""
    played: tuple[PlayedDeck, ...] = field(default=(), repr=False, compare=False)
    """The decks the bet is played on, guarded and counted once (``odds_of``): the
    scheme's measures are settled from them, nothing derived twice."""

    @property
    def mixed(self) -> bool:
        """True when the kinds are a mixture over several decks (a soda not yet seen)."""
        if self.scheme is None:
            return False
        if self.played:
            return len(self.played) > 1
        return len(self.scheme.played_deals(self.as_shuffled)) > 1

    @property
    def cards(self) -> int:
        """Cards in the banker's deck as shuffled (a faro soda among them)."""
        return self.as_shuffled.cards

    @property
    def copies(self) -> int:
        """Copies of the punter's rank in the banker's deck as shuffled."""
        return self.as_shuffled.copies

    def _p(self, count: int) -> Fraction:
        total = self.counts[4]  # .total
        if total.bit_length() < LONG_BITS:
            return Fraction(count, total)
        # Long counts: each probability reduced once (killed, given and punter are one
        # count), a gcd of numbers as long as C(n, m) being the costly part.
        made_ = self._made
        if count not in made_:
            made_[count] = Fraction(count, total)
        return made_[count]

    @cached_property
    def _made(self) -> dict[int, Fraction]:
        return {}

    @property
    def killed(self) -> Fraction:
        """The first copy falls on a lob alone (a plié not included)."""
        return self._p(self.counts.killed)

    @property
    def plie(self) -> Fraction:
        """The first copy falls on a lob and the next card is a copy too."""
        _killed, plie, _given, _none, total = self.counts
        if total.bit_length() < LONG_BITS:  # as _p, one call fewer: the default question
            return Fraction(plie, total)
        return self._p(plie)

    @property
    def given(self) -> Fraction:
        """The first copy falls on a sonik."""
        return self._p(self.counts.given)

    @property
    def banker(self) -> Fraction:
        """The banker wins: the punter's net result is < 0 (classic: killed or plié)."""
        if not self.by_kind and self.scheme_result is not None:
            return self.scheme_result.banker
        killed, plie, _given, _none, total = self.counts
        if total.bit_length() < LONG_BITS:  # as _p, one call fewer: the default question
            return Fraction(killed + plie, total)
        return self._p(killed + plie)

    @property
    def punter(self) -> Fraction:
        """The punter wins: his net result is > 0 (classic: given)."""
        if not self.by_kind and self.scheme_result is not None:
            return self.scheme_result.punter
        _killed, _plie, given, _none, total = self.counts
        if total.bit_length() < LONG_BITS:  # as _p, one call fewer: the default question
            return Fraction(given, total)
        return self._p(given)

    @property
    def null(self) -> Fraction:
        """No money changes hands: no copy in the deck, or a card the scheme makes null."""
        if not self.by_kind and self.scheme_result is not None:
            return self.scheme_result.null
        return self._p(self.counts.no_copy)

    @property
    def ev(self) -> Fraction:
        """The punter's expected net result per unit stake under ``scheme`` (classic if none)."""
        if not self.by_kind and self.scheme_result is not None:
            return self.scheme_result.ev
        return self._p(self.counts.given - self.counts.banker)

    _rows = "by_abzug"

    def _shown_record(self) -> dict[str, Any]:
        # A display shows the rows by abzug of a deck whose table is held in memory.
        return self.to_dict(by_abzug=self.abzug_stream().cards <= SHOWN_TABLE_CARDS)

    def to_dict(self, *, by_abzug: bool = False) -> dict[str, Any]:
        """The record: the set-up, the outcomes, the scheme's measures, the suit
        relations, and (``by_abzug``) one row per abzug."""
        deal = self.as_shuffled
        record: dict[str, Any] = {
            "cards": deal.cards,
            "copies": deal.copies,
            "one_deck": deal.one_deck,
            "card": None if deal.card is None else str(deal.card),
            "scheme": None if self.scheme is None else self.scheme.name,
        }
        values: dict[str, Fraction | None] = {
            "banker": self.banker, "punter": self.punter, "null": self.null,
            "killed": self.killed, "plie": self.plie, "given": self.given, "ev": self.ev,
        }  # fmt: skip
        result = self.scheme_result
        if result is not None:
            values["edge"] = result.edge
            values["variance"] = result.variance
            values["action"] = result.action
            values["expected_abzugs"] = result.expected_abzugs
            # null where the measure does not exist: no action, or an empty deck
            values["edge_per_action"] = result.edge_per_action
            values["edge_per_abzug"] = result.edge_per_abzug
        record.update(exact_fields(values))
        if result is not None:
            record["distribution"] = result.distribution.to_dict()
        relations = self.by_relation
        if relations is not None:
            record["by_relation"] = [
                {"relation": r.relation.value, **exact_fields(
                    {"killed": r.killed, "plie": r.plie, "given": r.given}, floats=False)}
                for r in relations
            ]  # fmt: skip
        if by_abzug:
            record["by_abzug"] = [row.to_dict() for row in self.by_abzug]
        return record

    def plot(self, ax: Any = None) -> Any:
        """The matplotlib ``Figure`` of each outcome's probability by abzug, drawn on ``ax``
        if given (matplotlib: the extra ``plot``)."""
        return plot_of(self, ax)

    @cached_property
    def scheme_result(self) -> SchemeResult | None:
        """Every measure of the chosen scheme (EV, edges, variance, distribution), or ``None``."""
        if self.scheme is None:
            return None
        if not self.played:
            return self.under(self.scheme)
        from shtoss_exact.bet.measures import settle_played

        return settle_played(self.as_shuffled, self.scheme, self.played)

    def under(self, scheme: SchemeArgument) -> SchemeResult:
        """This bet under another scheme (a ``Scheme``, a built-in name or a scheme file's path).

        >>> odds().under("faro").edge
        Fraction(101, 4998)
        """
        from shtoss_exact.bet.measures import scheme_result

        return scheme_result(self.as_shuffled, _scheme(scheme))

    @cached_property
    def by_position(self) -> tuple[PositionOdds, ...]:
        """One row per position 1..n of the deck the bet is played on (refused beyond
        ``MAX_TABLE_ROWS`` cards)."""
        from shtoss_exact.bet.rows import PositionOdds  # loaded when a table is asked for

        stream = self._check_table()
        total, decks = self._total(stream), _decks(stream)
        return tuple(
            PositionOdds(
                rows[0].position,
                Fraction(sum(row.killed for row in rows), total),
                Fraction(sum(row.plie for row in rows), total),
                Fraction(sum(row.given for row in rows), total),
            )
            for rows in zip(*(position_counts(stream.cards, m) for m in decks), strict=True)
        )

    @cached_property
    def by_abzug(self) -> tuple[AbzugOdds, ...]:
        """One row per abzug 1..ceil(n/2); a lone last card makes the last abzug a lob
        only. Held in memory, so refused beyond ``MAX_TABLE_ROWS`` cards: ``iter_abzug()``
        makes the same rows one at a time for any deck."""
        deal = self.as_played
        if deal.cards <= SMALL_TABLE_CARDS and not self.mixed and outside_allowance():
            return self._small_abzug_table(deal.cards, deal.copies)
        return tuple(self._abzug_rows(self._check_table()))

    def _small_abzug_table(self, cards: int, copies: int) -> tuple[AbzugOdds, ...]:
        """``by_abzug`` of one small deck, as ``_abzug_rows`` makes it, with nothing to
        guard (its cost is far within every limit): a row is its counts' ``Fraction``s."""
        from shtoss_exact.bet.rows import AbzugOdds  # loaded when a table is asked for

        total, rows = self.counts.total, []
        for abzug, (killed, plie, given) in enumerate(iter_abzug_counts(cards, copies), 1):
            lob = Fraction(killed, total)
            row = _new(AbzugOdds)
            _set(row, "__dict__", {
                "abzug": abzug, "killed": lob, "plie": Fraction(plie, total),
                # a full abzug's lob and sonik are as likely: one Fraction for both
                "given": lob if given == killed else Fraction(given, total),
            })  # fmt: skip
            rows.append(row)
        return tuple(rows)

    def iter_abzug(self) -> Iterator[AbzugOdds]:
        """The rows of ``by_abzug`` one at a time, none held: any deck size streams.

        >>> next(odds(cards=10**12, copies=4).iter_abzug()).given
        Fraction(83333333333, 20833333333312500000000)
        """
        return self._abzug_rows(self.abzug_stream())

    def _abzug_rows(self, stream: AbzugStream) -> Iterator[AbzugOdds]:
        from shtoss_exact.bet.rows import AbzugOdds  # loaded when a table is asked for

        total = self._total(stream)
        for abzug, (killed, plie, given) in enumerate(stream.kinds(), start=1):
            lob = Fraction(killed, total)
            yield made(
                AbzugOdds,
                abzug=abzug,
                killed=lob,
                plie=Fraction(plie, total),
                # a full abzug's lob and sonik are as likely: one Fraction for both
                given=lob if given == killed else Fraction(given, total),
            )

    def abzug_stream(self) -> AbzugStream:
        """The rows by abzug as a stream of exact counts and records (``AbzugStream``),
        on the deck the bet is played on (after a faro soda, seen or not: the abzugs
        are those of the cards after it); with its cost estimate.

        >>> next(odds().abzug_stream().records())
        {'abzug': 1, 'killed': '16/221', 'plie': '1/221', 'given': '16/221'}
        """
        from shtoss_exact.bet.stream import AbzugStream  # loaded when rows are asked for

        if self.mixed:
            # Only a soda not yet seen mixes decks: the n - 1 cards after it, with all
            # the copies of the deck as shuffled or one fewer.
            return AbzugStream(self.as_played.cards - 1, self.as_played.copies, soda_before=True)
        return AbzugStream(self.as_played.cards, self.as_played.copies)

    def at_abzug(self, abzug: int) -> AbzugOdds:
        """One row of ``by_abzug`` in O(1) binomials, for any deck size.

        >>> odds(cards=10**9, copies=4).at_abzug(1).given
        Fraction(83333333, 20833333312500000)
        """
        from shtoss_exact.bet.rows import AbzugOdds  # loaded when a table is asked for

        stream = self.abzug_stream()
        rows = stream.size
        if isinstance(abzug, bool) or not isinstance(abzug, int) or not 1 <= abzug <= rows:
            raise ShtossError(
                _("abzug={abzug}: allowed a whole number 1..{rows}").format(
                    abzug=quoted(abzug), rows=rows
                )
            )
        total, decks = self._total(stream), _decks(stream)
        lobs = [counts_at(stream.cards, m, 2 * abzug - 1) for m in decks]
        soniks = [counts_at(stream.cards, m, 2 * abzug) for m in decks]
        return AbzugOdds(
            abzug=abzug,
            killed=Fraction(sum(lob.killed for lob in lobs), total),
            plie=Fraction(sum(lob.plie for lob in lobs), total),
            given=Fraction(sum(sonik.given for sonik in soniks), total),
        )

    @property
    def by_relation(self) -> tuple[RelationOdds, ...] | None:
        """Kinds jointly with the deciding card's suit relation, when the suits are known."""
        suits = self.as_played.suit_counts
        if suits is None or self.copies == 0 or self.mixed:
            return None
        from shtoss_exact.bet.rows import RelationOdds  # loaded when a table is asked for

        total = self.counts.total * self.copies
        return tuple(
            RelationOdds(
                relation,
                Fraction(self.counts.killed * weight, total),
                Fraction(self.counts.plie * weight, total),
                Fraction(self.counts.given * weight, total),
            )
            for relation, weight in relation_weights(suits)
            if relation is not None
        )

    def _total(self, stream: AbzugStream) -> int:
        """The denominator of a table's counts: the summary's, C(n, m), known already."""
        return stream.total if stream.soda_before else self.counts.total

    def _check_table(self) -> AbzugStream:
        """Refuse a table by position or abzug too large to hold in memory; else its stream."""
        stream = self.abzug_stream()
        if stream.cards > MAX_TABLE_ROWS:
            raise ShtossError(
                _(
                    "a table of cards={cards} rows is too large to hold: at most {max_table_rows} "
                    "(iter_abzug() streams any deck; summary odds have no such limit)"
                ).format(cards=stream.cards, max_table_rows=MAX_TABLE_ROWS)
            )
        stream.check(factor=IN_MEMORY_FACTOR)
        return stream


def odds(
    *,
    deck: int = 52,
    cards: int | None = None,
    copies: int | None = None,
    one_deck: bool = False,
    card: Card | str | None = None,
    suits: tuple[Suit, ...] | str | None = None,
    scheme: SchemeArgument | None = None,
) -> Odds:
    """Exact odds of one bet; the arguments are those of ``make_deal``, plus ``scheme``.

    ``scheme`` is a ``Scheme``, a built-in name or a scheme file's path; ``Odds.ev``
    then follows it. Faro and Stuss burn the soda: ``odds(deck=52, scheme="faro")`` is
    the bet on the 51 cards after a soda of another rank.

    >>> odds(cards=52, copies=4).punter
    Fraction(400, 833)
    >>> odds(deck=36, one_deck=True).punter
    Fraction(184, 385)
    >>> odds(deck=52, scheme="faro").as_played.cards  # the bet plays after the soda
    51
    """
    deal = make_deal(
        deck=deck, cards=cards, copies=copies, one_deck=one_deck, card=card, suits=suits
    )
    if scheme is None:
        return _classic_odds(deal)
    return odds_of(deal, scheme=scheme)


def odds_of(deal: Deal, *, scheme: SchemeArgument | None = None) -> Odds:
    """Exact odds of the bet set up by ``deal`` (the deck as shuffled), under ``scheme``.

    >>> odds_of(Deal(52, 4), scheme="pharaon").ev
    Fraction(-33, 1666)
    """
    if not isinstance(deal, Deal):
        raise ShtossError(
            _("deal={deal} is a {name}: allowed a Deal (make_deal)").format(
                deal=quoted(deal), name=type(deal).__name__
            )
        )
    if scheme is None:
        return _classic_odds(deal)
    # A scheme named is normalised once; the decks played on are derived, guarded and
    # counted here once, and handed down.
    late = _late()
    chosen = late.classic if scheme is None else late.as_scheme(scheme)
    parts = late.played_decks(deal, chosen, guard=True)
    if len(parts) == 1:
        played, counts = parts[0].deal, parts[0].counts
    else:
        played, counts = deal, _mixed_counts(parts)
    # the built-in classic itself (a scheme file named "classic" may pay otherwise)
    classic = chosen is late.classic
    result = made(
        Odds,
        as_played=played,
        as_shuffled=deal,
        counts=counts,
        scheme=chosen,
        by_kind=classic,
        played=parts,
    )
    if not classic:
        _settled = (
            result.scheme_result
        )  # settle now: a scheme that cannot be settled is refused here
    return result


def _classic_odds(deal: Deal) -> Odds:
    """``odds_of(deal)`` without a scheme: the built-in classic one, which plays the deck
    as shuffled (no first card burnt) and whose measures are the kinds' own. Its set-up
    is that of ``odds_of`` with nothing to derive: the deck guarded and counted once."""
    late = _late()
    check_deal(deal)
    counts = kind_counts_of(deal)
    result = _new(Odds)
    _set(result, "__dict__", {
        "as_played": deal, "as_shuffled": deal, "counts": counts, "scheme": late.classic,
        "by_kind": True, "played": (_tuple(late.played_deck, (1, deal, counts)),),
    })  # fmt: skip
    return result


_new, _set, _tuple = object.__new__, object.__setattr__, tuple.__new__


def _decks(stream: AbzugStream) -> list[int]:
    """The copies of each deck a table adds up (two after a soda not yet seen)."""
    if not stream.soda_before:
        return [stream.copies]
    return [m for m in (stream.copies, stream.copies - 1) if 0 <= m <= stream.cards]


def _scheme(scheme: SchemeArgument) -> Scheme:
    return _late().as_scheme(scheme)


class _Late(NamedTuple):
    """What this module takes from the schemes, imported on the first question."""

    as_scheme: Callable[[SchemeArgument], Scheme]
    played_decks: Callable[..., tuple[PlayedDeck, ...]]
    classic: Scheme
    played_deck: type[PlayedDeck]


@cache
def _late() -> _Late:
    """The schemes' entries, imported once when first asked for (not at start-up): a
    function-level import costs a microsecond at every call; a built-in scheme's name
    loads no reader of scheme files (``chosen_scheme``)."""
    from shtoss_exact.bet.measures import chosen_scheme
    from shtoss_exact.schemes.settlement import PlayedDeck, played_decks

    return _Late(chosen_scheme, played_decks, chosen_scheme("classic"), PlayedDeck)


def _mixed_counts(parts: tuple[PlayedDeck, ...]) -> KindCounts:
    """Kind counts of a weighted mixture of decks, over one common denominator."""
    from shtoss_exact.distribution import mix_counts  # only a scheme of several deals

    fields = ("killed", "plie", "given", "no_copy")
    tables = []
    for weight, _deal, c in parts:
        tables.append((weight, {name: getattr(c, name) for name in fields}, c.total))
    sums, total = mix_counts(tables)
    killed, plie, given, no_copy = (sums.get(name, 0) for name in fields)
    return KindCounts(killed, plie, given, no_copy, total)
