"""``shtoss-exact schemes``: the built-in payout schemes, one line each."""

from __future__ import annotations

import click

from shtoss_exact.cli.base import cli, emit_json, format_option


@cli.command()
@format_option("text", "json", "csv", "markdown")
def schemes(fmt: str) -> None:
    """List the built-in payout schemes: name, solvable parameters, rule.

    Any of them goes to `odds --scheme NAME` and `fair --scheme NAME --solve PARAM`;
    a scheme file (.toml/.json) may start from any of them with `base = "NAME"`.

    \b
    Examples:
      shtoss-exact schemes
      shtoss-exact schemes --format json
    """
    from shtoss_exact.report import render_tables
    from shtoss_exact.report.scheme_view import schemes_records, schemes_table
    from shtoss_exact.schemes import BUILTIN

    if fmt == "json":
        emit_json(schemes_records(BUILTIN.values()))
    else:
        click.echo(render_tables([schemes_table(BUILTIN.values())], fmt))
