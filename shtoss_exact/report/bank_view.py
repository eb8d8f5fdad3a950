"""A bank's exact result as tables (text, Markdown, CSV) and as a JSON record."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.bank_odds import Bank, JointRow, PairOdds
from shtoss_exact.report.numbers import decimal_str, exact_str, percent_str
from shtoss_exact.report.table import Cell, Table


def describe(b: Bank) -> str:
    """A one-line title of the bank in the game's words."""
    game = "one-deck game" if b.deal.one_deck else "banker's deck"
    ranks = ", ".join(f"{rank} ({m} copies)" for rank, m in b.deal.copies)
    return f"Stoss, bank: {b.deal.cards} cards in the {game}; staked ranks {ranks}"


def mean_length(b: Bank) -> Fraction:
    """The expected abzug at which the last staked card is decided.

    >>> from shtoss_exact.bank_odds import bank
    >>> mean_length(bank(["7", "Q"], cards=4, copies=2))
    Fraction(4, 3)
    """
    return sum((j * p for j, p in b.length.items()), Fraction(0))


def correlation_str(pair: PairOdds) -> str:
    """The correlation rendered to six places, or ``-`` when undefined."""
    value = pair.correlation
    return "-" if value is None else f"{value:.6f}"


def _decimal(value: Fraction) -> str:
    return decimal_str(value, 12)


def _maybe(value: Fraction | None) -> Cell:
    return "-" if value is None else value


def summary_table(b: Bank) -> Table:
    rows: list[tuple[str, Fraction]] = [
        ("banker's expected net", b.ev_banker),
        ("variance of the banker's net", b.var_banker),
        ("every card given", b.all_given),
        ("every card killed (plié included)", b.all_killed),
        ("expected length in abzugs", mean_length(b)),
    ]
    return Table(
        describe(b),
        ("quantity", "exact", "decimal"),
        tuple((label, value, decimal_str(value)) for label, value in rows),
    )


def bets_table(b: Bank) -> Table:
    return Table(
        "Bets, each on its own (banker = killed or plié)",
        ("bet", "rank", "stake", "scheme", "copies", "given", "banker", "plie", "punter's ev"),
        tuple(
            (i + 1, o.bet.rank, o.bet.stake, o.bet.scheme.name, o.copies, o.given,
             o.killed + o.plie, o.plie, o.ev_punter)
            for i, o in enumerate(b.bet_odds)
        ),
    )  # fmt: skip


def net_table(b: Bank) -> Table:
    return Table(
        "The banker's total net result",
        ("banker's net", "probability", "percent"),
        tuple((v, p, percent_str(p)) for v, p in b.banker_net.items()),
    )


def length_table(b: Bank) -> Table:
    return Table(
        "The deal's length: the abzug deciding the last staked card",
        ("abzug", "probability", "percent"),
        tuple((j, p, percent_str(p)) for j, p in b.length.items()),
    )


def pairs_table(b: Bank) -> Table:
    return Table(
        "Pairs of bets: P(bet given | other bet given / killed), correlation of results",
        ("bet", "other", "given if other given", "given if other killed", "covariance",
         "correlation"),
        tuple(
            (p.first + 1, p.second + 1, _maybe(p.given_if_given), _maybe(p.given_if_killed),
             p.covariance, correlation_str(p))
            for p in b.pairs
        ),
    )  # fmt: skip


def _outcome_str(outcome: tuple[Any, int | None]) -> str:
    kind, abzug = outcome
    return str(kind.value) if abzug is None else f"{kind.value} {abzug}"


def joint_table(b: Bank, rows: tuple[JointRow, ...]) -> Table:
    return Table(
        "Joint outcome of the staked ranks (kind and abzug)",
        (*b.ranks, "probability"),
        tuple((*(_outcome_str(o) for o in row.outcomes), row.probability) for row in rows),
    )


def bank_tables(b: Bank, *, joint: tuple[JointRow, ...] | None = None) -> list[Table]:
    """Tables for text and Markdown: summary, bets, net, length, pairs (and the joint)."""
    tables = [summary_table(b), bets_table(b), net_table(b), length_table(b)]
    if len(b.bets) > 1:
        tables.append(pairs_table(b))
    if joint is not None:
        tables.append(joint_table(b, joint))
    return tables


def bank_csv_table(b: Bank, *, joint: tuple[JointRow, ...] | None = None) -> Table:
    """One long machine-readable table: (quantity, key, exact, decimal) rows."""
    rows: list[tuple[Cell, ...]] = [
        ("ev_banker", "", b.ev_banker, _decimal(b.ev_banker)),
        ("var_banker", "", b.var_banker, _decimal(b.var_banker)),
        ("all_given", "", b.all_given, _decimal(b.all_given)),
        ("all_killed", "", b.all_killed, _decimal(b.all_killed)),
    ]
    rows += [("banker_net", exact_str(v), p, _decimal(p)) for v, p in b.banker_net.items()]
    rows += [("length", str(j), p, _decimal(p)) for j, p in b.length.items()]
    rows += [
        (f"bet{i + 1}_ev_punter", str(o.bet), o.ev_punter, _decimal(o.ev_punter))
        for i, o in enumerate(b.bet_odds)
    ]
    for row in joint or ():
        key = ";".join(_outcome_str(o) for o in row.outcomes)
        rows.append(("joint", key, row.probability, _decimal(row.probability)))
    return Table("", ("quantity", "key", "exact", "decimal"), tuple(rows))


def bank_record(b: Bank, *, joint: tuple[JointRow, ...] | None = None) -> dict[str, Any]:
    """A JSON-ready record: exact values as strings (``"433/833"``), keys of maps too."""
    record: dict[str, Any] = {
        "cards": b.deal.cards,
        "one_deck": b.deal.one_deck,
        "copies": dict(b.deal.copies),
        "bets": [
            {"rank": o.bet.rank, "stake": exact_str(o.bet.stake), "scheme": o.bet.scheme.name,
             "copies": o.copies, "given": exact_str(o.given),
             "banker": exact_str(o.killed + o.plie), "killed": exact_str(o.killed),
             "plie": exact_str(o.plie),
             "ev_punter": exact_str(o.ev_punter)}
            for o in b.bet_odds
        ],
        "banker_net": {exact_str(v): exact_str(p) for v, p in b.banker_net.items()},
        "ev_banker": exact_str(b.ev_banker),
        "var_banker": exact_str(b.var_banker),
        "length": {str(j): exact_str(p) for j, p in b.length.items()},
        "mean_length": exact_str(mean_length(b)),
        "all_given": exact_str(b.all_given),
        "all_killed": exact_str(b.all_killed),
        "pairs": [
            {"bet": p.first + 1, "other": p.second + 1,
             "given_if_other_given": None if p.given_if_given is None
             else exact_str(p.given_if_given),
             "given_if_other_killed": None if p.given_if_killed is None
             else exact_str(p.given_if_killed),
             "covariance": exact_str(p.covariance),
             "correlation": p.correlation}
            for p in b.pairs
        ],
    }  # fmt: skip
    if joint is not None:
        record["joint"] = [
            {"outcomes": [{"rank": rank, "kind": kind.value, "abzug": abzug}
                          for rank, (kind, abzug) in zip(b.ranks, row.outcomes, strict=True)],
             "probability": exact_str(row.probability)}
            for row in joint
        ]  # fmt: skip
    return record
