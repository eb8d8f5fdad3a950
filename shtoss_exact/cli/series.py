"""``shtoss-exact series``: a punter's plan across deals, exactly, as a Markov chain."""

from __future__ import annotations

from typing import Any

import click

from shtoss_exact.cli.base import (
    WholeNumber,
    cli,
    deck_options,
    emit_json,
    format_option,
    make_deal_from,
)
from shtoss_exact.cli.bundles import plan_arguments, plan_options


@cli.command()
@plan_options
@click.option(
    "--scheme",
    default="classic",
    show_default=True,
    metavar="NAME",
    help="A built-in payout scheme by name (classic, thirds, lob-half, ...).",
)
@click.option(
    "--series",
    "series_length",
    type=WholeNumber(1),
    default=None,
    metavar="L",
    help="Also P(a series of at least L wins in a row).",
)
@click.option(
    "--export-graph",
    default=None,
    metavar="FILE",
    help="Write the chain as GraphML (.graphml) or DOT (.dot, .gv).",
)
@deck_options
@format_option("text", "json", "csv", "markdown")
def series(
    scheme: str,
    series_length: int | None,
    export_graph: str | None,
    fmt: str,
    **options: Any,
) -> None:
    """A punter's plan over several deals: net result, ruin, series — exact.

    \b
    Examples:
      shtoss-exact series --deals 3
      shtoss-exact series --plan paroli:3 --deals 100 --format json
      shtoss-exact series --plan flat --bankroll 10 --target 10
      shtoss-exact series --plan hermann
    """
    from shtoss_exact.report import render_tables
    from shtoss_exact.report.series_view import series_csv_table, series_record, series_tables
    from shtoss_exact.series_odds import export_graph as write_graph
    from shtoss_exact.series_odds import series as run

    result = run(
        **plan_arguments(options),
        scheme=scheme,
        deal=make_deal_from(options),
        series_length=series_length,
    )
    if export_graph is not None and result.chain is not None:
        write_graph(result.chain, export_graph)
    if fmt == "json":
        emit_json(series_record(result))
    elif fmt == "csv":
        click.echo(render_tables([series_csv_table(result)], "csv"))
    else:
        click.echo(render_tables(series_tables(result), fmt))
