"""``shtoss-exact plot``: one command's picture alone, drawn as its ``--plot FILE`` draws it.

``plot --kind KIND -o FILE [OPTIONS]`` runs the command that computes the kind's result
(``registry.KINDS``: abzug is ``odds``, edge ``table``, ...) with ``OPTIONS`` and
``--plot FILE``, and prints no report: its options are that command's own, declared
once there, and its help is the registry's.
"""

from __future__ import annotations

import click

from shtoss_exact.cli.base import cli, completion
from shtoss_exact.cli.speaking import ListingOption
from shtoss_exact.i18n import _
from shtoss_exact.report.plots.registry import KINDS


class _KindOption(ListingOption):
    """``--kind``: each kind of the registry, what it draws and whose options it takes."""

    def listed(self) -> str:
        return (
            "; ".join(
                _("{name}: {description} (the options of {command})").format(
                    name=kind.name, description=_(kind.description), command=kind.command
                )
                for kind in KINDS.values()
            )
            + "."
        )


@cli.command(
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
)
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="FILE",
    shell_complete=completion("file"),
    help="The image to write: FILE.png, FILE.svg or FILE.pdf, replaced whole or not at all.",
)
@click.option(
    "--kind",
    cls=_KindOption,
    type=click.Choice(tuple(KINDS)),
    default="abzug",
    show_default=True,
)
@click.pass_context
def plot(ctx: click.Context, output: str, kind: str) -> None:
    """A command's picture alone, as PNG, SVG or PDF (pip install 'shtoss-exact[plot]').

    The other options are those of the command that computes the kind's result (abzug:
    odds, edge: table, bank, series, strategy, case), which draws it as with --plot FILE
    and prints no report; case adds --replay when --seen is given.

    \b
    Examples:
      shtoss-exact plot -o abzug.png
      shtoss-exact plot -o abzug.svg --deck 36 --one-deck
      shtoss-exact plot -o edge.svg --kind edge --cards 8..60 --scheme classic,pharaon
      shtoss-exact plot -o bank.pdf --kind bank --bet 7:10 --bet Q:5 --bet K:2:pharaon
      shtoss-exact plot -o series.png --kind series --plan paroli:3 --deals 30
      shtoss-exact plot -o case.svg --kind case --seen "5h Ks 5d 8d 6h 5c 6d"
    """
    from shtoss_exact.cli.bundles import PICTURE_ONLY

    chosen = KINDS[kind]
    args = list(ctx.args)
    if any(arg == "--plot" or arg.startswith("--plot=") for arg in args):
        raise click.UsageError(_("plot writes -o FILE: give no --plot"))
    if kind == "case" and "--replay" not in args and any(a.startswith("--seen") for a in args):
        args.append("--replay")
    command = cli.get_command(ctx, chosen.command)
    assert command is not None
    ctx.meta[PICTURE_ONLY] = True
    with command.make_context(chosen.command, [*args, "--plot", output], parent=ctx) as sub:
        command.invoke(sub)
