"""The pieces a payout scheme is made of: outcomes, matches, rules, premiums, parameters.

Outcomes, rules, premiums and settlements are named tuples (immutable values whose
classes cost next to nothing to create when the program starts); a match checks its
fields, so it is a frozen dataclass.

``shtoss_exact.schemes.scheme`` re-exports every name here; import them from there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from fractions import Fraction

from shtoss_exact.deck import SuitRelation
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError
from shtoss_exact.frozen import NamedTuple, dataclass
from shtoss_exact.i18n import _


class Param(Fraction):
    """A payoff declared as a named parameter: a ``Fraction`` (its value) with a name.

    It computes exactly like its value; ``Scheme.with_params`` sets it and
    ``shtoss_exact.bet.fair.fair_value`` solves for the value that makes the game fair.

    >>> lob = Param("lob", Fraction(-1, 2))
    >>> lob.name, lob * 2
    ('lob', Fraction(-1, 1))
    """

    __slots__ = ("name",)
    name: str

    def __new__(cls, name: str, value: Fraction | int = 0) -> Param:
        if not name.isidentifier():
            raise ShtossError(
                _("parameter name {name!r}: allowed a name such as lob, x, sonik").format(name=name)
            )
        self = super().__new__(cls, Fraction(value))
        self.name = name
        return self

    def __repr__(self) -> str:
        return f"Param({self.name!r}, {Fraction(self)!r})"

    def __reduce__(self) -> tuple[type[Param], tuple[str, Fraction]]:
        return (Param, (self.name, Fraction(self)))

    def __copy__(self) -> Param:
        return self

    def __deepcopy__(self, memo: object) -> Param:
        return self


def params_in(values: Iterable[Fraction | None]) -> Iterator[Param]:
    return (v for v in values if isinstance(v, Param))


class Soda(StrEnum):
    """When a scheme burns the first card (faro's soda), what the punter knows of it.

    ``known``: the soda is turned before betting and is not of the punter's rank, so
    the bet is played on the ``n - 1`` cards after it with all ``m`` copies.
    ``before``: the bet is placed before the soda is seen; the soda is a copy with
    probability ``m / n`` (then ``n - 1`` cards, ``m - 1`` copies), else not.
    """

    KNOWN = "known"
    BEFORE = "before"


class Outcome(NamedTuple):
    """One way a bet is decided, as a scheme sees it.

    ``position`` is the deciding card's place (the lob of a plié); ``None`` stands for
    any position no rule of the scheme names, which only kind and suit can settle.
    """

    kind: Kind
    position: int | None
    cards: int
    relation: SuitRelation | None = None

    @property
    def abzug(self) -> int | None:
        return None if self.position is None else (self.position + 1) // 2

    @property
    def last_card(self) -> bool:
        """The deciding card is the last card of the deck (the hock, in faro)."""
        return self.position is not None and self.position == self.cards

    @property
    def last_pair(self) -> bool:
        """The deciding card is in the pair whose second card is the deck's last card
        (positions n-1, n for even n; with n odd no pair ends the deck)."""
        if self.position is None or self.cards % 2 or self.cards < 2:
            return False
        return self.abzug == self.cards // 2


@dataclass(frozen=True)
class Match:
    """Which outcomes a rule or premium applies to; a field left ``None`` matches anything."""

    kinds: frozenset[Kind] | None = None
    abzug: int | None = None
    position: int | None = None
    relation: SuitRelation | None = None
    last_pair: bool | None = None
    last_card: bool | None = None

    def __post_init__(self) -> None:
        for name in ("abzug", "position"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ShtossError(
                    _("{name}={value} in a rule: allowed {name} >= 1").format(
                        name=name, value=value
                    )
                )

    @property
    def positional(self) -> bool:
        """True when the match names a place in the deck (an abzug, a position, the end)."""
        return (
            self.abzug is not None
            or self.position is not None
            or self.last_pair is not None
            or self.last_card is not None
        )

    def positions(self, cards: int) -> set[int]:
        """The deck positions this match can name (used to find the special positions)."""
        named: set[int] = set()
        if self.position is not None:
            named.add(self.position)
        if self.abzug is not None:
            named.update((2 * self.abzug - 1, 2 * self.abzug))
        if self.last_pair is not None and cards >= 2 and cards % 2 == 0:
            named.update((cards - 1, cards))
        if self.last_card is not None and cards >= 1:
            named.add(cards)
        return {p for p in named if 1 <= p <= cards}

    def __call__(self, outcome: Outcome) -> bool:
        if self.kinds is not None and outcome.kind not in self.kinds:
            return False
        if self.relation is not None and outcome.relation is not self.relation:
            return False
        if not self.positional:
            return True
        if outcome.position is None:
            # A position no rule names: not a named position or abzug, not the last
            # pair, not the last card (those are named), so only ``False`` flags hold.
            return (
                self.position is None
                and self.abzug is None
                and not self.last_pair
                and not self.last_card
            )
        return (
            (self.position is None or outcome.position == self.position)
            and (self.abzug is None or outcome.abzug == self.abzug)
            and (self.last_pair is None or outcome.last_pair == self.last_pair)
            and (self.last_card is None or outcome.last_card == self.last_card)
        )


class Rule(NamedTuple):
    """Outcomes matching ``match`` pay ``payoff`` as written (never scaled by thirds);
    ``payoff=None`` is null."""

    match: Match
    payoff: Fraction | None


class Premium(NamedTuple):
    """An extra amount for a named event, added on top of the scheme's payoff ("with bait")."""

    name: str
    match: Match
    amount: Fraction


class Settlement(NamedTuple):
    """The punter's net result per unit stake; ``null`` when the bet is void (no action)."""

    payoff: Fraction
    null: bool = False
