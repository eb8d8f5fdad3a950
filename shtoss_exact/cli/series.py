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


def _number(text: str | None) -> Any:
    if text is None:
        return None
    from shtoss_exact.numbers import parse_fraction

    return parse_fraction(text)


@cli.command()
@click.option(
    "--deals",
    type=WholeNumber(1),
    default=None,
    help="Number of deals K [default: the plan's own, or until ruin or target].",
)
@click.option(
    "--plan",
    "plan_name",
    default="flat",
    show_default=True,
    metavar="PLAN",
    help="flat, raise, raise:k, paroli, paroli:k, stop, hermann.",
)
@click.option(
    "--plan-file", default=None, metavar="FILE", help="A plan as a TOML file (instead of --plan)."
)
@click.option(
    "--scheme",
    default="classic",
    show_default=True,
    metavar="NAME",
    help="A built-in payout scheme by name (classic, thirds, lob-half, ...).",
)
@click.option(
    "--kush",
    default=None,
    metavar="X",
    help="Initial kush, an exact number [default: the plan's, 1 or 47000].",
)
@click.option(
    "--bankroll",
    default=None,
    metavar="B",
    help="The punter's bankroll: ruined below the initial kush.",
)
@click.option("--target", default=None, metavar="T", help="Stop as soon as the net reaches T.")
@click.option(
    "--max-stake",
    default=None,
    metavar="S",
    help="No free kush: the banker refuses stakes above S.",
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
    deals: int | None,
    plan_name: str,
    plan_file: str | None,
    scheme: str,
    kush: str | None,
    bankroll: str | None,
    target: str | None,
    max_stake: str | None,
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
    from shtoss_exact.plans import load_plan, plan_named
    from shtoss_exact.report import render_tables
    from shtoss_exact.report.series_view import series_csv_table, series_record, series_tables
    from shtoss_exact.series import export_graph as write_graph
    from shtoss_exact.series import series as run

    plan = load_plan(plan_file) if plan_file is not None else plan_named(plan_name)
    result = run(
        plan,
        deals=deals,
        scheme=scheme,
        deal=make_deal_from(options),
        bankroll=_number(bankroll),
        target=_number(target),
        max_stake=_number(max_stake),
        kush=_number(kush),
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
