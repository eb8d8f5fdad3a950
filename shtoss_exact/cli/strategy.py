"""``shtoss-exact strategy``: the exactly optimal stakes across deals, against the plans."""

from __future__ import annotations

from typing import Any

import click

from shtoss_exact.cli.base import (
    Output,
    cli,
    completion,
    deck_options,
    make_deal_from,
    option_number,
    output_options,
    scheme_option,
)
from shtoss_exact.cli.bundles import plot_option, plotted


@cli.command()
@click.option(
    "--bankroll",
    required=True,
    metavar="B",
    help="The punter's bankroll in units of the initial kush (>= 1): 50, 5/2.",
)
@click.option(
    "--target",
    default=None,
    metavar="T",
    help="The bankroll he wants to reach (> B); or give --bank.",
)
@click.option(
    "--bank",
    default=None,
    metavar="K",
    help="The banker's side: the bank a punter breaks when he wins K (target = B + K).",
)
@click.option(
    "--objective",
    type=click.Choice(["reach", "stay"]),
    default="reach",
    show_default=True,
    help="reach: maximise P(reach the target); stay: the expected deals before ruin or target.",
)
@click.option(
    "--max-stake",
    default=None,
    metavar="S",
    help="No free kush: the banker refuses stakes above S units.",
)
@click.option(
    "--plans",
    default="flat,stop,raise,paroli,hermann",
    show_default=True,
    metavar="PLANS",
    shell_complete=completion("plan", several=True),
    help="Named plans to compare, a comma list (flat, stop, raise, raise:k, paroli, "
    "paroli:k, hermann); none for none.",
)
@scheme_option(default="classic")
@deck_options
@plot_option
@output_options()
def strategy(
    bankroll: str,
    target: str | None,
    bank: str | None,
    objective: str,
    max_stake: str | None,
    plans: str,
    scheme: str,
    plot_path: str | None,
    out: Output,
    **options: Any,
) -> None:
    """The best a punter can do: exactly optimal stakes across deals, proved optimal.

    Every stake is a whole number of units, at least one and at most what he holds; he is
    ruined below one unit. The value and every optimal stake at every bankroll, with
    bold play and the named plans on the same problem.

    \b
    Examples:
      shtoss-exact strategy --bankroll 50 --target 100
      shtoss-exact strategy --bankroll 10 --target 20 --scheme lob-half
      shtoss-exact strategy --bankroll 20 --bank 30 --max-stake 5
      shtoss-exact strategy --bankroll 10 --target 20 --objective stay --format json
      shtoss-exact strategy --bankroll 50 --target 100 --plot strategy.svg
    """
    from shtoss_exact.report.strategy_view import strategy_csv, strategy_tables
    from shtoss_exact.schemes.files import resolve_scheme
    from shtoss_exact.strategy.play import optimal_play

    names = [] if plans.strip().lower() == "none" else [p.strip() for p in plans.split(",")]
    result = optimal_play(
        bankroll=option_number("--bankroll", bankroll),
        target=option_number("--target", target),
        bank=option_number("--bank", bank),
        scheme=resolve_scheme(scheme),
        objective=objective,
        max_stake=option_number("--max-stake", max_stake),
        deal=make_deal_from(options),
        plans=names,
    )
    if plotted(result, plot_path):
        return
    out.emit(result.to_dict(), strategy_tables, csv=strategy_csv)
