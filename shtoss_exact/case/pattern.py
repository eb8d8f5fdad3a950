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
import unicodedata
from fractions import Fraction
from pathlib import Path
from typing import Any

from shtoss_exact.case.rules import Side, as_side
from shtoss_exact.data_files import (
    data_path,
    exact_from_data,
    looks_like_path,
    read_data,
    text_from_data,
)
from shtoss_exact.deck import parse_rank
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.limits import MAX_PATTERN_FILE_BYTES

LIVE, CASE_CARDS = "live", "case-cards"
UNTIL = ("deal-end", "decided")
MAX_FILE_BYTES = MAX_PATTERN_FILE_BYTES
MAX_BETS = 16
"""Most bets a pattern may hold."""

TOP_KEYS = ("name", "description", "bets")
BET_KEYS = ("ranks", "side", "stake", "until", "copper_after")


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
                raise ShtossError(f"ranks={quoted(self.ranks, 20)}: allowed 'live', 'case-cards'"
                                  " or a list of ranks")  # fmt: skip
        else:
            names = tuple(parse_rank(rank) for rank in self.ranks)
            if len(set(names)) != len(names) or not names:
                raise ShtossError("ranks: allowed a list of different ranks, at least one")
            object.__setattr__(self, "ranks", names)
        object.__setattr__(self, "side", as_side(self.side))
        if not isinstance(self.stake, Fraction | int) or isinstance(self.stake, bool):
            raise ShtossError(f"stake={quoted(self.stake, 20)}: allowed an exact number > 0")
        if self.stake <= 0:
            raise ShtossError(f"stake={self.stake}: allowed an exact number > 0")
        object.__setattr__(self, "stake", Fraction(self.stake))
        if self.until not in UNTIL:
            raise ShtossError(f"until={quoted(self.until, 20)}: allowed {' or '.join(UNTIL)}")
        if self.copper_after is not None:
            if isinstance(self.copper_after, bool) or not isinstance(self.copper_after, int):
                raise ShtossError(f"copper_after={quoted(self.copper_after, 20)}: allowed 1..4")
            if not 1 <= self.copper_after <= 4:
                raise ShtossError(f"copper_after={self.copper_after}: allowed 1..4 (a rank "
                                  "has four copies)")  # fmt: skip
            if self.side is Side.COPPERED:
                raise ShtossError("copper_after is for an open bet: this one is coppered")

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
            raise ShtossError(f"pattern {quoted(self.name)}: allowed 1..{MAX_BETS} bets")

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
        Pattern("every-rank", (PatternBet(),), "one unit on every live rank before every turn"),
        Pattern(
            "case-cards",
            (PatternBet(ranks=CASE_CARDS),),
            "one unit on every case card (a rank with one copy left) before every turn",
        ),
        Pattern(
            "copper-after-two",
            (PatternBet(copper_after=2),),
            "one unit on every live rank, coppered once the rank has lost twice",
        ),
    )
}
"""Built-in patterns by name."""


def pattern_named(name: str) -> Pattern:
    """A built-in pattern: ``every-rank``, ``case-cards``, ``copper-after-two``.

    >>> pattern_named("case-cards").bets[0].ranks
    'case-cards'
    """
    if not isinstance(name, str):
        raise ShtossError(f"pattern={quoted(name)} is a {type(name).__name__}: allowed a name")
    try:
        return BUILTIN[unicodedata.normalize("NFC", name.strip()[:100]).lower()]
    except KeyError:
        allowed = ", ".join(BUILTIN)
        raise ShtossError(
            f"unknown pattern {quoted(name)}: allowed patterns are {allowed}, or a .toml/.json "
            "pattern file"
        ) from None


def resolve_pattern(pattern: object) -> Pattern:
    """A ``Pattern`` from a library or command-line argument: a ``Pattern``, a built-in
    name, or the path of a pattern file.

    >>> resolve_pattern("every-rank").name
    'every-rank'
    """
    if isinstance(pattern, Pattern):
        return pattern
    if isinstance(pattern, os.PathLike):
        return load_pattern(pattern)
    if isinstance(pattern, str):
        # A name is never looked up in the working directory (see ``looks_like_path``).
        return load_pattern(pattern) if looks_like_path(pattern) else pattern_named(pattern)
    raise ShtossError(
        f"pattern={quoted(pattern)} is a {type(pattern).__name__}: allowed a Pattern, a "
        "built-in name or a pattern file"
    )


def load_pattern(path: str | os.PathLike[str]) -> Pattern:
    """Read a pattern file (TOML or JSON); every mistake is one line naming the key.

    >>> load_pattern("examples/patterns/fixed-seven.toml").bets[0].until
    'decided'
    """
    name = data_path(path, what="pattern file")
    data = read_data(name, what="pattern file", max_bytes=MAX_FILE_BYTES)
    where = f"pattern file {quoted(name, 200)}"
    try:
        return pattern_from_data(data, default_name=Path(name).stem)
    except ShtossError as error:
        raise ShtossError(f"{where}: {error}") from None


def pattern_from_data(data: object, *, default_name: str = "pattern") -> Pattern:
    """A ``Pattern`` from parsed data (a table with ``name``, ``description``, ``bets``).

    >>> pattern_from_data({"bets": [{"ranks": "case-cards", "stake": "1/2"}]}).bets[0].stake
    Fraction(1, 2)
    """
    table = _table(data, "the file", TOP_KEYS)
    name = text_from_data(table.get("name", default_name), key="name")
    description = text_from_data(table.get("description", ""), key="description")
    entries = table.get("bets")
    if not isinstance(entries, list) or not entries:
        raise ShtossError("bets: expected a list of bet tables ([[bets]]), at least one")
    if len(entries) > MAX_BETS:
        raise ShtossError(f"bets: {len(entries)} bets; allowed at most {MAX_BETS}")
    bets = tuple(_bet(entry, f"bets[{i}]") for i, entry in enumerate(entries, start=1))
    return Pattern(name, bets, description)


def _table(value: object, key: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ShtossError(f"{key}: expected a table")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise ShtossError(
            f"{key}: unknown key {str(unknown[0])[:40]!r}; allowed keys: {', '.join(keys)}"
        )
    return value


def _bet(entry: object, key: str) -> PatternBet:
    table = _table(entry, key, BET_KEYS)
    options: dict[str, Any] = {}
    if "ranks" in table:
        ranks = table["ranks"]
        if isinstance(ranks, str):
            options["ranks"] = _within(f"{key}.ranks", lambda: PatternBet(ranks=ranks).ranks)
        elif isinstance(ranks, list) and all(isinstance(r, str) for r in ranks) and ranks:
            if len(ranks) > 13:
                raise ShtossError(f"{key}.ranks: {len(ranks)} ranks; a deck has at most 13")
            options["ranks"] = _within(f"{key}.ranks", lambda: PatternBet(ranks=tuple(ranks)).ranks)
        else:
            raise ShtossError(
                f"{key}.ranks: expected 'live', 'case-cards' or a list of ranks such as ['7', 'K']"
            )
    if "side" in table:
        options["side"] = _within(f"{key}.side", lambda: as_side(_text(table["side"], key)))
    if "stake" in table:
        stake = _within(f"{key}.stake", lambda: exact_from_data(table["stake"]))
        if stake is None:
            raise ShtossError(f"{key}.stake: expected an exact number > 0 such as 1, 2.5, '1/2'")
        options["stake"] = stake
    if "until" in table:
        options["until"] = _text(table["until"], f"{key}.until")
    if "copper_after" in table:
        options["copper_after"] = table["copper_after"]
    bet: PatternBet = _within(key, lambda: PatternBet(**options))
    return bet


def _text(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise ShtossError(f"{key}: expected a string")
    return text_from_data(value, key=key)


def _within(key: str, make: Any) -> Any:
    try:
        return make()
    except ShtossError as error:
        message = str(error)
        raise ShtossError(message if message.startswith(key) else f"{key}: {message}") from None
