"""The ``shtoss-exact`` program: parse the options, make one library call, render.

Every refusal (a bad option, a bad file, a computation too large) is one line on
stderr and exit status 2. Each command lives in its own module and imports the
library inside the command, so sympy, networkx and matplotlib are loaded only by
the commands that need them and ``shtoss-exact odds`` starts fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module

import click

from shtoss_exact.cli.group import COMMAND_MODULES, cli
from shtoss_exact.cli.process import PROG

__all__ = ["all_commands", "cli", "main"]


def all_commands() -> dict[str, click.Command]:
    """Every command, loaded (for documentation and tests), by name."""
    for name in COMMAND_MODULES:
        import_module(f"shtoss_exact.cli.{name}")
    return dict(sorted(cli.commands.items()))


def main(argv: Sequence[str] | None = None, prog_name: str | None = None) -> None:
    """The console script ``shtoss-exact``."""
    cli.main(args=argv, prog_name=prog_name or PROG)


def __dir__() -> list[str]:
    # The public names only (tab completion offers these), not the submodules.
    return sorted(__all__)
