"""``shtoss-exact schemes``: the built-in payout schemes, one line each."""

from __future__ import annotations

from shtoss_exact.cli.base import Output, cli, output_options


@cli.command()
@output_options()
def schemes(out: Output) -> None:
    """List the built-in payout schemes: name, solvable parameters, rule.

    Any of them (by name or Russian name) goes to every command's `--scheme`; a
    scheme file (.toml/.json) may start from any of them with `base = "NAME"`.

    \b
    Examples:
      shtoss-exact schemes
      shtoss-exact schemes --format json
    """
    from shtoss_exact.report.scheme_view import schemes_csv, schemes_tables
    from shtoss_exact.schemes.listing import schemes_record

    out.emit(schemes_record(), schemes_tables, csv=schemes_csv)
