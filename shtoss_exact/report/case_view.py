"""A deal in progress, rendered from its record (``CaseReport.to_dict()``): text,
Markdown, CSV."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.numbers import percent_str
from shtoss_exact.report.table import Cell, Table

GAME_TITLES = {"faro": N_("Faro"), "stuss": N_("Stuss"), "pharaon": N_("Pharaon"),
               "bassette": N_("Bassette"), "two-deck": N_("Stoss")}  # fmt: skip

RANK_COLUMNS = ("rank", "copies_left", "win", "lose", "split", "dead", "ev", "edge",
                "edge_per_action")  # fmt: skip
"""The columns of a bet on each live rank."""

BET_COLUMNS = ("rank", "side", "kind", "ev")


def describe(record: dict[str, Any]) -> str:
    """A one-line title of the state in the game's words."""
    game = _(GAME_TITLES[record["game"]]) if record["game"] in GAME_TITLES else record["game"]
    if record["game"] == "two-deck":
        game = _("Stoss ({scheme})").format(scheme=record["scheme"])
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
    kinds = {"stay": N_("staying until decided"), "one-turn": N_("for the next turn only")}
    side = _("coppered (to lose)") if record["side"] == "coppered" else _("open (to win)")
    kind = _(kinds[record["kind"]]) if record["kind"] in kinds else record["kind"]
    return _("Bets {side} on each live rank, {kind}").format(side=side, kind=kind)


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
    tables = [Table(describe(record), ("rank", *ranks), ((_("copies_left"), *copies),))]
    if "bet_kinds" in record:  # every bet kind: one table each
        for rows in record["bet_kinds"].values():
            if rows:
                tables.append(rank_table(rows, title=_bet_title(rows[0])))
    elif record["kind"] != "high-card" and record["ranks"]:
        tables.append(rank_table(record["ranks"], title=_bet_title(record)))
    high = record["high_card"]
    if high is not None:
        tables.append(
            Table(
                _(
                    "High card on the next turn: win = the winner outranks the loser, split = "
                    "a pair (a push)"
                ),
                ("win", "lose", "split", "ev", "edge"),
                ((high["win"], high["lose"], high["split"], high["ev"], high["edge"]),),
            )
        )
    best = record["best_bet"]
    if best is not None:
        tables.append(Table(_("The best bet now (highest ev)"), BET_COLUMNS, (_bet_row(best),)))
        tables.append(
            Table(
                _("Every bet now with ev >= 0"),
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
        _("Recorded bets: the banker's take so far {take}, open stakes {stakes}").format(
            take=ledger["banker_take"], stakes=ledger["open_stakes"]
        ),
        LEDGER_COLUMNS,
        tuple(tuple(_cell(row[key]) for key in LEDGER_COLUMNS) for row in ledger["recorded_bets"]),
    )


def _case_rows(case: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The ranks and their copies left, from the case text ``2:4,3:4,...``."""
    pairs = [item.split(":") for item in case.split(",")]
    return tuple(rank for rank, _ in pairs), tuple(int(copies) for _, copies in pairs)


def _bet_row(bet: dict[str, Any]) -> tuple[Cell, ...]:
    return (bet["rank"] or _("(high card)"), bet["side"], bet["kind"], bet["ev"])


def call_table(call: dict[str, Any]) -> Table:
    """Calling the turn: the kind of the last three cards, P(right), the payout and the
    expected net with the payout read "for" and "to"."""
    if call["p_right"] is None:
        return Table(
            _("Calling the turn: three of a kind, one order only: no bet"), ("kind",),
            ((call["kind"],),),
        )  # fmt: skip
    return Table(
        _("Calling the turn (naming the order of loser, winner and hock)"),
        ("kind", "p_right", "payout", "ev_for", "ev_to"),
        ((call["kind"], call["p_right"], call["payout"], call["ev_for"], call["ev_to"]),),
    )


def deal_tables(deal: dict[str, Any]) -> list[Table]:
    """The whole deal under a pattern: its measures, and the banker's net distribution."""
    rows: list[tuple[Cell, ...]] = [
        (_("pattern"), deal["pattern"]),
        (_("turns to deal"), deal["turns_left"]),
        (_("banker's expected net"), _negated(deal["ev"])),
        (_("punters' expected net"), deal["ev"]),
        (_("banker's edge per unit of action"), _cell(deal["edge_per_action"])),
    ]
    net = deal["banker_net"]
    if net is None:
        rows.append((_("banker's net distribution"), _("left out: too many joint states")))
    tables = [Table(_("The rest of the deal under the pattern"), ("quantity", "exact"),
                    tuple(rows))]  # fmt: skip
    if net is not None:
        tables.append(
            Table(
                _("The banker's net result over the rest of the deal"),
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
        _("The case after each turn"),
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
    under a pattern, else the bets on each live rank (or high card; with every bet kind,
    one row per kind and rank, with its ``side`` and ``kind``)."""
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
    elif "bet_kinds" in record:  # every bet kind, one row per kind and rank
        every = ("side", "kind", *RANK_COLUMNS)
        rows = [row for kind in record["bet_kinds"].values() for row in kind]
        table = Table("", every, tuple(tuple(_cell(row[key]) for key in every)
                                       for row in rows))  # fmt: skip
    else:
        table = rank_table(record["ranks"])
    return Table("", table.columns, table.rows)


def _cell(value: Any) -> Cell:
    if value is None:
        return ""
    return value  # type: ignore[no-any-return]
