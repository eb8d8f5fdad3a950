"""A deal in progress, rendered from its record (``CaseReport.to_dict()``): text,
Markdown, CSV."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.i18n import _, ngettext
from shtoss_exact.report.numbers import percent_str
from shtoss_exact.report.table import Cell, Table

GAME_TITLES = {"faro": "Faro", "stuss": "Stuss", "pharaon": "Pharaon", "bassette": "Bassette",
               "two-deck": "Stoss"}  # fmt: skip

RANK_COLUMNS = ("rank", "copies_left", "win", "lose", "split", "dead", "ev", "edge",
                "edge_per_action")  # fmt: skip
"""The columns of a bet on each live rank."""

BET_COLUMNS = ("rank", "side", "kind", "ev")


def describe(record: dict[str, Any]) -> str:
    """A one-line title of the state in the game's words."""
    game = GAME_TITLES.get(record["game"], record["game"])
    if record["game"] == "two-deck":
        game = f"Stoss ({record['scheme']})"
    turns = record["turns_dealt"]
    if record["game"] in ("faro", "stuss") and record["cards_left"] == record["deck"]:
        where = _("before the soda")
    else:
        where = ngettext("after {count} turn", "after {count} turns", turns).format(count=turns)
    soda = _(", soda {card}").format(card=record["soda"]) if record["soda"] is not None else ""
    left, to_deal = record["cards_left"], record["turns_left"]
    cards = ngettext("{count} card left", "{count} cards left", left).format(count=left)
    turns_to_deal = ngettext("{count} turn to deal", "{count} turns to deal", to_deal)
    return f"{game}, {where}{soda}: {cards}, {turns_to_deal.format(count=to_deal)}"


def _bet_title(record: dict[str, Any]) -> str:
    kinds = {"stay": "staying until decided", "one-turn": "for the next turn only"}
    side = "coppered (to lose)" if record["side"] == "coppered" else "open (to win)"
    return f"Bets {side} on each live rank, {kinds.get(record['kind'], record['kind'])}"


def rank_table(rows: list[dict[str, Any]], *, title: str = "") -> Table:
    """One row per live rank: its copies left, win, lose, split, dead, ev, edge, edge per
    action (empty when no money can change hands)."""
    return Table(
        title,
        RANK_COLUMNS,
        tuple(tuple(_cell(row[key]) for key in RANK_COLUMNS) for row in rows),
    )


def case_tables(record: dict[str, Any]) -> list[Table]:
    """Tables for text and Markdown: the case, the bets on each rank, high card, the best
    bet, the bets with ev >= 0, calling the turn, the whole deal, the replay."""
    ranks, copies = _case_rows(record["case"])
    tables = [Table(describe(record), ("rank", *ranks), (("copies_left", *copies),))]
    if record["kind"] != "high-card" and record["ranks"]:
        tables.append(rank_table(record["ranks"], title=_bet_title(record)))
    high = record["high_card"]
    if high is not None:
        tables.append(
            Table(
                "High card on the next turn: win = the winner outranks the loser, split = a "
                "pair (a push)",
                ("win", "lose", "split", "ev", "edge"),
                ((high["win"], high["lose"], high["split"], high["ev"], high["edge"]),),
            )
        )
    best = record["best_bet"]
    if best is not None:
        tables.append(Table("The best bet now (highest ev)", BET_COLUMNS, (_bet_row(best),)))
        tables.append(
            Table(
                "Every bet now with ev >= 0",
                BET_COLUMNS,
                tuple(_bet_row(bet) for bet in record["fair_or_better"]),
            )
        )
    call = record["call_the_turn"]
    if call is not None:
        tables.append(call_table(call))
    if "whole_deal" in record:
        tables.extend(deal_tables(record["whole_deal"]))
    if "replay" in record:
        tables.append(replay_table(record["replay"]))
    if "ledger" in record:
        tables.append(ledger_table(record["ledger"]))
    return tables


LEDGER_COLUMNS = ("notation", "placed_after", "stake", "ev", "status", "settled_at", "result")


def ledger_table(ledger: dict[str, Any]) -> Table:
    """The recorded bets, each as it stands, titled with the banker's take so far."""
    return Table(
        f"Recorded bets: the banker's take so far {ledger['banker_take']}, open stakes "
        f"{ledger['open_stakes']}",
        LEDGER_COLUMNS,
        tuple(tuple(_cell(row[key]) for key in LEDGER_COLUMNS) for row in ledger["recorded_bets"]),
    )


def _case_rows(case: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The ranks and their copies left, from the case text ``2:4,3:4,...``."""
    pairs = [item.split(":") for item in case.split(",")]
    return tuple(rank for rank, _ in pairs), tuple(int(copies) for _, copies in pairs)


def _bet_row(bet: dict[str, Any]) -> tuple[Cell, ...]:
    return (bet["rank"] or "(high card)", bet["side"], bet["kind"], bet["ev"])


def call_table(call: dict[str, Any]) -> Table:
    """Calling the turn: the kind of the last three cards, P(right), the payout and the
    expected net with the payout read "for" and "to"."""
    if call["p_right"] is None:
        return Table(
            "Calling the turn: three of a kind, one order only: no bet", ("kind",),
            ((call["kind"],),),
        )  # fmt: skip
    return Table(
        "Calling the turn (naming the order of loser, winner and hock)",
        ("kind", "p_right", "payout", "ev_for", "ev_to"),
        ((call["kind"], call["p_right"], call["payout"], call["ev_for"], call["ev_to"]),),
    )


def deal_tables(deal: dict[str, Any]) -> list[Table]:
    """The whole deal under a pattern: its measures, and the banker's net distribution."""
    rows: list[tuple[Cell, ...]] = [
        ("pattern", deal["pattern"]),
        ("turns to deal", deal["turns_left"]),
        ("banker's expected net", _negated(deal["ev"])),
        ("punters' expected net", deal["ev"]),
        ("banker's edge per unit of action", _cell(deal["edge_per_action"])),
    ]
    net = deal["banker_net"]
    if net is None:
        rows.append(("banker's net distribution", "left out: too many joint states"))
    tables = [Table("The rest of the deal under the pattern", ("quantity", "exact"),
                    tuple(rows))]  # fmt: skip
    if net is not None:
        tables.append(
            Table(
                "The banker's net result over the rest of the deal",
                ("value", "probability", "percent"),
                tuple(
                    (d["value"], d["probability"], percent_str(Fraction(d["probability"])))
                    for d in net
                ),
            )
        )
    return tables


def _negated(value: str) -> str:
    from shtoss_exact.numbers import exact_str

    return exact_str(-Fraction(value))


REPLAY_COLUMNS = ("turns_dealt", "loser", "winner", *RANK_COLUMNS)


def replay_table(rows: list[dict[str, Any]]) -> Table:
    """The replay: after each turn (its loser and winner), one row per live rank."""
    return Table(
        "The case after each turn",
        REPLAY_COLUMNS,
        tuple(
            (
                row["turns_dealt"],
                _cell(row["loser"]),
                _cell(row["winner"]),
                *(_cell(bet[key]) for key in RANK_COLUMNS),
            )
            for row in rows
            for bet in row["ranks"]
        ),
    )


def case_csv(record: dict[str, Any]) -> Table:
    """One machine-readable table: the replay rows, else the banker's net distribution
    under a pattern, else the bets on each live rank (or high card)."""
    if "replay" in record:
        table = replay_table(record["replay"])
    elif "whole_deal" in record and record["whole_deal"]["banker_net"] is not None:
        table = Table(
            "",
            ("value", "probability"),
            tuple((d["value"], d["probability"]) for d in record["whole_deal"]["banker_net"]),
        )
    elif record["kind"] == "high-card" and record["high_card"] is not None:
        high = record["high_card"]
        columns = ("win", "lose", "split", "dead", "ev", "edge", "edge_per_action")
        table = Table("", columns, (tuple(_cell(high[key]) for key in columns),))
    else:
        table = rank_table(record["ranks"])
    return Table("", table.columns, table.rows)


def _cell(value: Any) -> Cell:
    if value is None:
        return ""
    return value  # type: ignore[no-any-return]
