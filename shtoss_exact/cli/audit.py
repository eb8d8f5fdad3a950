"""``shtoss-exact audit``: exact tests of fair dealing from what a punter recorded."""

from __future__ import annotations

from typing import Any

import click

from shtoss_exact.cli.base import (
    CASE_GAMES,
    Output,
    WholeNumber,
    cli,
    completion,
    deck_option,
    game_option,
    option_number,
    output_options,
)
from shtoss_exact.cli.bundles import seen_option
from shtoss_exact.i18n import _


@cli.group()
def audit() -> None:
    """Exact tests of fair dealing from what the punter recorded.

    Were splits put up, did a class of ranks fall as losers, was a card taken unseen,
    did the punter's recorded bets do worse than fair dealing allows?

    Under fair dealing every order of the cards is equally likely; a p-value is the
    probability, under fair dealing, of a result at least as extreme as the one recorded.

    \b
    Examples:
      shtoss-exact audit splits --counts 3,1,0,2 --alpha 1/20
      shtoss-exact audit parity --class 7,8,9 --seen "5h 7s Kd 8c 2h"
      shtoss-exact audit ledger --seen "5h Ks 5d 9c 2s" --bets "9@0 K@0"
    """


@audit.command()
@click.option(
    "--counts",
    default=None,
    metavar="K,K,...",
    help="The split counts of the deals, one number a deal, e.g. 3,1,0,2.",
)
@click.option(
    "--sheet",
    default=None,
    metavar="FILE",
    shell_complete=completion("file"),
    help="A cue sheet, one deal a row: CSV with a splits column, or JSON "
    '[{"splits": 3}, ...] (instead of --counts).',
)
@click.option(
    "--alpha",
    default="1/20",
    show_default=True,
    metavar="A",
    help="The level of the tests: an exact number strictly between 0 and 1.",
)
@click.option(
    "--stacked",
    type=WholeNumber(0, 12),  # 52-card Faro: the twelve full ranks besides the soda's
    default=1,
    show_default=True,
    metavar="S",
    help="The alternative: S pairs put up a deal (the power and the sequential test).",
)
@output_options()
def splits(counts: str | None, sheet: str | None, alpha: str, stacked: int, out: Output) -> None:
    """Were splits put up? The split counts of D Faro deals against fair dealing.

    The exact law of the splits of a deal, summed over the deals; the p-value of the
    total, the critical value at alpha with its exact size, the power against S pairs
    put up a deal, and a test martingale (valid whenever the punter stops).

    \b
    Examples:
      shtoss-exact audit splits --counts 3,1,0,2
      shtoss-exact audit splits --sheet cues.csv --alpha 1/100 --stacked 2
    """
    from shtoss_exact.audit.sheet import parse_counts, read_sheet
    from shtoss_exact.audit.splits import audit_splits
    from shtoss_exact.report.audit_view import splits_csv, splits_tables

    if (counts is None) == (sheet is None):
        raise click.UsageError(_("give --counts or --sheet (one of them)"))
    seen = parse_counts(counts) if counts is not None else read_sheet(sheet or "")
    result = audit_splits(seen, alpha=option_number("--alpha", alpha), stacked=stacked)
    out.emit(result.to_dict(), splits_tables, csv=splits_csv)


@audit.command()
@click.option(
    "--class",
    "ranks",
    required=True,
    metavar="RANKS",
    help="The class of ranks, e.g. 7,8,9 (the cards a stripper deck makes fall as losers).",
)
@seen_option(multiple=True)
@output_options()
def parity(ranks: str, seen: tuple[str, ...], out: Output) -> None:
    """Did a class of ranks fall as losers too often? The exact hypergeometric p-value.

    \b
    Examples:
      shtoss-exact audit parity --class 7,8,9 --seen "5h 7s Kd 8c 2h"
      shtoss-exact audit parity --class K --seen "2s Kh 3d" --seen "4c Ks 5d"
    """
    from shtoss_exact.audit.parity import audit_parity
    from shtoss_exact.report.audit_view import parity_csv, parity_tables

    if not seen:
        raise click.UsageError(_("give the cards of each deal with --seen (repeat it)"))
    record: dict[str, Any] = audit_parity(ranks, list(seen)).to_dict()
    out.emit(record, parity_tables, csv=parity_csv)


@audit.command()
@seen_option()
@deck_option()
@output_options()
def deal(seen: str | None, deck: str, out: Output) -> None:
    """Was the whole deck dealt? Every card seen once, the soda first, the hock last.

    A card taken out unseen (a two-card box) leaves the deal short: caught with
    certainty. The end-of-deal marker | may follow the hock, as in case --seen.

    \b
    Examples:
      shtoss-exact audit deal --seen "2s 3s ... Ac |"
    """
    from shtoss_exact.audit.deal import audit_deal
    from shtoss_exact.report.audit_view import deal_csv, deal_tables

    if seen is None:
        raise click.UsageError(_("give the cards of the deal with --seen"))
    record = audit_deal(seen, deck=int(deck)).to_dict()
    out.emit(record, deal_tables, csv=deal_csv)


@audit.command()
@seen_option()
@click.option(
    "--bets",
    default=None,
    metavar="BETS",
    help="With --seen: the punter's recorded bets, as case --bets writes them, e.g. "
    '"K:stay:1@0 5:coppered:2@3 high-card:1@4" (RANK:KIND:STAKE@TURNS-DEALT).',
)
@click.option(
    "--sheet",
    default=None,
    metavar="FILE",
    shell_complete=completion("file"),
    help="A ledger sheet, one deal a row: CSV with seen and bets columns, or JSON "
    '[{"seen": "5h Ks 5d", "bets": "K@0"}, ...] (instead of --seen and --bets).',
)
@click.option(
    "--alpha",
    default="1/20",
    show_default=True,
    metavar="A",
    help="The level of the test: an exact number strictly between 0 and 1.",
)
@game_option(*CASE_GAMES, default="faro", help="The game dealt through one deck.")
@deck_option()
@output_options()
def ledger(seen: str | None, bets: str | None, sheet: str | None, alpha: str, game: str,
           deck: str, out: Output) -> None:  # fmt: skip
    """Did the punter do worse than fair dealing allows? His recorded bets' results.

    The exact law of the punter's total result of the recorded bets under fair dealing
    (given the cards seen before the first of them, every order of the rest), summed
    over the deals; the p-value of his total (the lower tail), the critical value at
    alpha with its exact size.

    \b
    Examples:
      shtoss-exact audit ledger --seen "5h Ks 5d 9c 2s" --bets "9@0 K@0"
      shtoss-exact audit ledger --sheet ledger.csv --alpha 1/100
    """
    from shtoss_exact.audit.ledger import audit_ledger
    from shtoss_exact.audit.sheet import read_ledger_sheet
    from shtoss_exact.report.audit_view import ledger_csv, ledger_tables

    if sheet is not None:
        if seen is not None or bets is not None:
            raise click.UsageError(_("give --sheet, or --seen with --bets, not both"))
        deals = read_ledger_sheet(sheet)
    elif seen is None or bets is None:
        raise click.UsageError(_("give --seen with --bets (or a --sheet of deals)"))
    else:
        deals = ((seen, bets),)
    result = audit_ledger(deals, alpha=option_number("--alpha", alpha), game=game, deck=int(deck))
    out.emit(result.to_dict(), ledger_tables, csv=ledger_csv)
