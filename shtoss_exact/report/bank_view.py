"""A bank's exact result, rendered from its record (``Bank.to_dict()``): text, Markdown, CSV."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.numbers import decimal_str, percent_str
from shtoss_exact.report.table import Cell, Table


def describe(record: dict[str, Any]) -> str:
    """A one-line title of the bank in the game's words.

    >>> describe({"cards": 8, "one_deck": False, "bets": [{"rank": "7", "copies": 2}]})
    "Stoss, bank: 8 cards in the banker's deck; staked ranks 7 (2 copies)"
    """
    cards = record["cards"]
    if record["one_deck"]:
        deck = ngettext(
            "{count} card in the one-deck game", "{count} cards in the one-deck game", cards
        )
    else:
        deck = ngettext(
            "{count} card in the banker's deck", "{count} cards in the banker's deck", cards
        )
    copies = {bet["rank"]: bet["copies"] for bet in record["bets"]}
    ranks = ", ".join(
        f"{rank} ({ngettext('{count} copy', '{count} copies', m).format(count=m)})"
        for rank, m in copies.items()
    )
    return _("Stoss, bank: {deck}; staked ranks {ranks}").format(
        deck=deck.format(count=cards), ranks=ranks
    )


_SUMMARY = [
    ("ev", N_("punters' expected net (the banker's is minus it)")),
    ("variance", N_("variance of the net")),
    ("all_given", N_("every staked rank given")),
    ("none_given", N_("no staked rank given")),
    ("expected_abzugs", N_("expected abzugs the deal lasts")),
]


def summary_table(record: dict[str, Any]) -> Table:
    rows = tuple(
        (_(label), record[key], decimal_str(Fraction(record[key]))) for key, label in _SUMMARY
    )
    return Table(describe(record), ("quantity", "exact", "decimal"), rows)


def bets_table(record: dict[str, Any]) -> Table:
    return Table(
        _("Bets, each on its own: where the first copy falls, who wins, the punter's net"),
        ("bet", "rank", "stake", "scheme", "copies", "killed", "plie", "given", "banker",
         "punter", "null", "ev"),
        tuple(
            (b["bet"], b["rank"], b["stake"], b["scheme"], b["copies"], b["killed"], b["plie"],
             b["given"], b["banker"], b["punter"], b["null"], b["ev"])
            for b in record["bets"]
        ),
    )  # fmt: skip


def _distribution(title: str, column: str, rows: list[dict[str, Any]]) -> Table:
    return Table(
        title,
        (column, "probability", "percent"),
        tuple(
            (r["value"], r["probability"], percent_str(Fraction(r["probability"]))) for r in rows
        ),
    )


def pairs_table(record: dict[str, Any]) -> Table:
    return Table(
        _(
            "Pairs of bets: P(bet's rank given | the other's given / not given), covariance "
            "and correlation of the nets"
        ),
        ("bet", "other", "given if other given", "given if other not given", "covariance",
         "correlation"),
        tuple(
            (p["bet"], p["other"], _maybe(p["given_if_other_given"]),
             _maybe(p["given_if_other_not_given"]), p["covariance"],
             _correlation(p["float"]["correlation"]))
            for p in record["pairs"]
        ),
    )  # fmt: skip


def _maybe(value: str | None) -> Cell:
    return "-" if value is None else value


def _correlation(value: float | None) -> str:
    return "-" if value is None else f"{value:.6f}"


def outcome_str(outcome: dict[str, Any]) -> str:
    """One rank's part of a joint outcome: ``given 3``, ``plie 1``, ``none``.

    >>> outcome_str({"rank": "7", "decided": "given", "abzug": 3})
    'given 3'
    """
    abzug = outcome["abzug"]
    return str(outcome["decided"]) if abzug is None else f"{outcome['decided']} {abzug}"


def joint_table(record: dict[str, Any]) -> Table:
    rows = record["joint"]
    ranks = tuple(o["rank"] for o in rows[0]["outcomes"]) if rows else ()
    return Table(
        _("Joint outcome of the staked ranks (kind and abzug)"),
        (*ranks, "probability"),
        tuple((*(outcome_str(o) for o in r["outcomes"]), r["probability"]) for r in rows),
    )


def bank_tables(record: dict[str, Any]) -> list[Table]:
    """Tables for text, Markdown, LaTeX and HTML: summary, bets, the banker's net, the
    deal's length, pairs of bets (and the joint outcome)."""
    tables = [
        summary_table(record),
        bets_table(record),
        _distribution(_("The banker's net result"), "banker's net", record["banker_net"]),
        _distribution(
            _("The deal's length: abzugs until the last staked rank is decided"),
            "abzugs",
            record["length"],
        ),
    ]
    if record["pairs"]:
        tables.append(pairs_table(record))
    if "joint" in record:
        tables.append(joint_table(record))
    return tables


def bank_csv(record: dict[str, Any]) -> Table:
    """One machine-readable table: the banker's net (``value``, ``probability``), or
    with the joint outcome, its rows (``outcomes`` as ``rank kind abzug`` joined by ``;``).

    >>> bank_csv({"banker_net": [{"value": "-1", "probability": "1/2"}]}).rows
    (('-1', '1/2'),)
    """
    if "joint" in record:
        return Table(
            "",
            ("outcomes", "probability"),
            tuple(
                ("; ".join(f"{o['rank']} {outcome_str(o)}" for o in r["outcomes"]),
                 r["probability"])
                for r in record["joint"]
            ),
        )  # fmt: skip
    return Table(
        "",
        ("value", "probability"),
        tuple((r["value"], r["probability"]) for r in record["banker_net"]),
    )
