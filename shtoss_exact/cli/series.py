"""``shtoss-exact series``: a punter's plan across deals, exactly."""

from __future__ import annotations

from typing import Any

import click

from shtoss_exact.cli.base import (
    Output,
    WholeNumber,
    cli,
    completion,
    deck_options,
    make_deal_from,
    output_options,
    scheme_option,
)
from shtoss_exact.cli.bundles import (
    picture_only,
    plan_arguments,
    plan_options,
    plot_option,
    plotted,
)
from shtoss_exact.i18n import _


@cli.command()
@plan_options
@scheme_option(default="classic", help="Payout scheme.")
@click.option(
    "--series",
    "series_length",
    type=WholeNumber(1),
    default=None,
    metavar="L",
    help="Also P(a series of at least L wins in a row among the deals played).",
)
@click.option(
    "--export-graph",
    default=None,
    metavar="FILE",
    shell_complete=completion("file"),
    help="Also write the plan's Markov chain as GraphML (.graphml) or DOT (.dot, .gv); - "
    "writes DOT to standard output, with the report sent to a file by -o.",
)
@deck_options
@plot_option
@output_options()
def series(
    scheme: str, series_length: int | None, export_graph: str | None, plot_path: str | None,
    out: Output,
    **options: Any,
) -> None:  # fmt: skip
    """A punter's plan over several deals: net result, ruin, series — exact.

    \b
    Examples:
      shtoss-exact series --deals 3
      shtoss-exact series --plan paroli:3 --deals 100 --format json
      shtoss-exact series --plan flat --bankroll 10 --target 20
      shtoss-exact series --plan hermann
      shtoss-exact series --plan пароли:2 --scheme examples/schemes/lob-half.toml --deals 5
      shtoss-exact series --plan paroli:3 --deals 30 --plot series.png
    """
    from shtoss_exact.plans.series import series as run
    from shtoss_exact.report.series_view import series_csv, series_tables, shows_net

    if export_graph is not None:
        from shtoss_exact.plans.export import check_graph_target, graph_format

        graph_format(export_graph)  # an unknown suffix is refused before any work
        if not picture_only():  # and so is a graph mixed with the report (plot prints none)
            check_graph_target(export_graph, out.path)
    chosen: Any = scheme  # the default, classic, is counted without loading the schemes
    if scheme.strip().lower() != "classic":
        from shtoss_exact.schemes.files import resolve_scheme

        chosen = resolve_scheme(scheme)
    arguments = plan_arguments(options)
    if series_length is not None and arguments["deals"] is None and arguments["plan"].deals is None:
        # A series is counted among a number of deals: a play until ruin or the target
        # has no last deal to count it up to.
        raise click.UsageError(
            _(
                "--series needs a number of deals: give --deals (plan {name} has none of its own)"
            ).format(name=arguments["plan"].name)
        )
    from contextlib import nullcontext

    from shtoss_exact.plans.cost import net_written

    # JSON and CSV write the net whole: one too long for an output is refused before
    # it is computed (a picture alone, or a table, shows no long net).
    whole = out.fmt in ("json", "csv") and not picture_only()
    with net_written() if whole else nullcontext():
        result = run(
            **arguments,
            scheme=chosen,
            deal=make_deal_from(options),
            series_length=series_length,
        )
    # plot --kind series draws only, but writes the graph it is given too
    record = None if plotted(result, plot_path) else result.to_dict(net=shows_net(result, out.fmt))
    if export_graph is not None:
        from shtoss_exact.plans.export import write_graph

        write_graph(result, export_graph)
    if record is not None:
        out.emit(record, series_tables, csv=series_csv)
