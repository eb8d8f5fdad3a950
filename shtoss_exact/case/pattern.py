"""Betting patterns: how punters bet before every turn of a deal, written as data.

A pattern is a list of bets. Before each turn every bet of the list is placed on each
rank it names that is still live (or left there: a bet that is not decided stays);
the turn settles those whose rank it deals. A bet names

* ``ranks``: ``"live"`` (every live rank), ``"case-cards"`` (the live ranks with one
  copy left: they can never split) or a list of ranks (``["7", "K"]``);
* ``side``: ``"open"`` (to win) or ``"coppered"`` (to lose; Faro and Stuss only);
* ``stake``: the units staked on each rank (an exact number > 0, default 1);
* ``until``: ``"deal-end"`` (placed again before every turn) or ``"decided"`` (taken
  down for good once its rank is dealt);
* ``copper_after``: an open bet is coppered from the turn after its rank has lost
  that many times (counted from now).

A file (TOML or JSON) holds ``name``, ``description`` and ``[[bets]]`` tables with the
keys above; it is data only, read by ``data_files.read_data`` and checked key by key.
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

from shtoss_exact.cards import parse_rank
from shtoss_exact.case.rules import Side, as_side
from shtoss_exact.catalogue import Catalogue
from shtoss_exact.data_files import data_path, read_data
from shtoss_exact.data_schema import (
    Choice,
    Either,
    Items,
    Number,
    Table,
    Text,
    Whole,
    check_data,
)
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import N_, _, later
from shtoss_exact.limits import MAX_PATTERN_FILE_BYTES

LIVE, CASE_CARDS = "live", "case-cards"
UNTIL = ("deal-end", "decided")
MAX_FILE_BYTES = MAX_PATTERN_FILE_BYTES
MAX_BETS = 16
"""Most bets a pattern may hold."""


@dataclass(frozen=True)
class PatternBet:
    """One bet of a pattern, placed on each rank it names before every turn.

    >>> PatternBet(ranks=("7",), until="decided").names("7")
    True
    """

    ranks: str | tuple[str, ...] = LIVE
    side: Side = Side.OPEN
    stake: Fraction = Fraction(1)
    until: str = "deal-end"
    copper_after: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.ranks, str):
            if self.ranks not in (LIVE, CASE_CARDS):
                raise ShtossError(
                    _("ranks={ranks}: allowed 'live', 'case-cards' or a list of ranks").format(
                        ranks=quoted(self.ranks, 20)
                    )
                )
        else:
            names = tuple(parse_rank(rank) for rank in self.ranks)
            twice = [rank for i, rank in enumerate(names) if rank in names[:i]]
            if twice or not names:
                raise ShtossError(
                    _(
                        "ranks={ranks}{twice}: allowed a list of different ranks, at least one"
                    ).format(
                        ranks=quoted(self.ranks, 60),
                        twice=_(" names {rank} twice").format(rank=twice[0]) if twice else "",
                    )
                )
            object.__setattr__(self, "ranks", names)
        object.__setattr__(self, "side", as_side(self.side))
        if not isinstance(self.stake, Fraction | int) or isinstance(self.stake, bool):
            raise ShtossError(
                _("stake={stake}: allowed an exact number > 0").format(stake=quoted(self.stake, 20))
            )
        if self.stake <= 0:
            raise ShtossError(
                _("stake={stake}: allowed an exact number > 0").format(stake=self.stake)
            )
        object.__setattr__(self, "stake", Fraction(self.stake))
        if self.until not in UNTIL:
            raise ShtossError(
                _("until={until}: allowed {until2}").format(
                    until=quoted(self.until, 20), until2=" or ".join(UNTIL)
                )
            )
        if self.copper_after is not None:
            if isinstance(self.copper_after, bool) or not isinstance(self.copper_after, int):
                raise ShtossError(
                    _("copper_after={copper_after}: allowed 1..4").format(
                        copper_after=quoted(self.copper_after, 20)
                    )
                )
            if not 1 <= self.copper_after <= 4:
                raise ShtossError(
                    _("copper_after={copper_after}: allowed 1..4 (a rank has four copies)").format(
                        copper_after=self.copper_after
                    )
                )
            if self.side is Side.COPPERED:
                raise ShtossError(_("copper_after is for an open bet: this one is coppered"))

    def names(self, rank: str) -> bool:
        """True when the bet is placed on ``rank`` (while it is live)."""
        return isinstance(self.ranks, str) or rank in self.ranks


@dataclass(frozen=True)
class Pattern:
    """A betting pattern: a name and its bets.

    >>> pattern_named("every-rank").bets[0].ranks
    'live'
    """

    name: str
    bets: tuple[PatternBet, ...]
    description: str = ""

    def __post_init__(self) -> None:
        if not self.bets or len(self.bets) > MAX_BETS:
            raise ShtossError(
                _("pattern {name}: allowed 1..{max_bets} bets").format(
                    name=quoted(self.name), max_bets=MAX_BETS
                )
            )

    @property
    def coppers(self) -> bool:
        """True when some bet is or may become coppered."""
        return any(b.side is Side.COPPERED or b.copper_after for b in self.bets)

    @classmethod
    def fixed(cls, rank: str, *, stake: Fraction | int = 1, side: Side | str = Side.OPEN
              ) -> Pattern:  # fmt: skip
        """One bet on ``rank``, left until its rank is dealt.

        >>> Pattern.fixed("7").name
        'fixed 7'
        """
        bet = PatternBet(ranks=(rank,), stake=Fraction(stake), side=as_side(side),
                         until="decided")  # fmt: skip
        return cls(f"fixed {bet.ranks[0]}", (bet,), f"one bet on {bet.ranks[0]} until decided")


BUILTIN: dict[str, Pattern] = {
    pattern.name: pattern
    for pattern in (
        Pattern("every-rank", (PatternBet(),), N_("one unit on every live rank before every turn")),
        Pattern(
            "case-cards",
            (PatternBet(ranks=CASE_CARDS),),
            N_("one unit on every case card (a rank with one copy left) before every turn"),
        ),
        Pattern(
            "copper-after-two",
            (PatternBet(copper_after=2),),
            N_("one unit on every live rank, coppered once the rank has lost twice"),
        ),
    )
}
"""Built-in patterns by name."""


PATTERNS: Catalogue[Pattern] = Catalogue(
    N_("pattern"), BUILTIN, kind=Pattern, files=True, whats=N_("patterns")
)
"""The built-in patterns (``resolve_pattern`` also reads pattern files)."""


def pattern_named(name: str) -> Pattern:
    """A built-in pattern: ``every-rank``, ``case-cards``, ``copper-after-two``.

    >>> pattern_named("case-cards").bets[0].ranks
    'case-cards'
    """
    return PATTERNS.named(name, argument="pattern")


def resolve_pattern(pattern: object) -> Pattern:
    """A ``Pattern`` from a library or command-line argument: a ``Pattern``, a built-in
    name, or the path of a pattern file.

    >>> resolve_pattern("every-rank").name
    'every-rank'
    """
    # A name is never looked up in the working directory (see ``looks_like_path``).
    return PATTERNS.resolve(pattern, argument="pattern", load=load_pattern)


def load_pattern(path: str | os.PathLike[str]) -> Pattern:
    """Read a pattern file (TOML or JSON); every mistake is one line naming the key.

    >>> load_pattern("examples/patterns/fixed-seven.toml").bets[0].until
    'decided'
    """
    name = data_path(path, what=N_("pattern file"))
    data = read_data(name, what=N_("pattern file"), max_bytes=MAX_FILE_BYTES)
    where = f"{_('pattern file')} {quoted(name, 200)}"
    return pattern_from_data(data, default_name=Path(name).stem, where=where)


RANKS = Either(Choice((LIVE, CASE_CARDS)), Items(Text(N_("a rank such as 7, K")), least=1, most=13))
BET = Table(
    {
        "ranks": RANKS,
        "side": Text(),  # a side's name, read by ``as_side``
        "stake": Number(),
        "until": Choice(UNTIL),
        "copper_after": Whole(1, 4),
    }
)
_BETS = later(N_("a list of 1 to {most} bet tables ([[bets]])"), most=MAX_BETS)
SCHEMA = Table(
    {
        "name": Text(),
        "description": Text(),
        "bets": Items(BET, least=1, most=MAX_BETS, allowed=_BETS),
    },
    required=("bets",),
)
"""The keys of a pattern file and the type of each value."""
TOP_KEYS = tuple(SCHEMA.fields)
BET_KEYS = tuple(BET.fields)


def pattern_from_data(
    data: object, *, default_name: str = "pattern", where: str = "pattern"
) -> Pattern:
    """A ``Pattern`` from parsed data (a table with ``name``, ``description``, ``bets``).

    >>> pattern_from_data({"bets": [{"ranks": "case-cards", "stake": "1/2"}]}).bets[0].stake
    Fraction(1, 2)
    """
    table = check_data(data, SCHEMA, where=where)
    bets = []
    for i, entry in enumerate(table["bets"], start=1):
        key = f"bets[{i}]"
        try:
            if isinstance(entry.get("ranks"), list):
                key = f"bets[{i}].ranks"
                entry["ranks"] = PatternBet(ranks=tuple(entry["ranks"])).ranks
            if "side" in entry:
                key = f"bets[{i}].side"
                entry["side"] = as_side(entry["side"])
            key = f"bets[{i}]"
            bets.append(PatternBet(**entry))
        except ShtossError as error:
            raise ShtossError(f"{where}: {key}: {error}") from None
    return Pattern(table.get("name", default_name), tuple(bets), table.get("description", ""))
