"""The ``shtoss-exact`` program: parse the options, make one library call, render.

Every refusal (a bad option, a bad file, a computation too large) is one line on
stderr and exit status 2. Each command lives in its own module and imports the
library inside the command, so sympy, networkx and matplotlib are loaded only by
the commands that need them and ``shtoss-exact odds`` starts fast.
"""

from __future__ import annotations

from collections.abc import Sequence

from shtoss_exact.cli import bank as _bank  # noqa: F401  (registers the command)
from shtoss_exact.cli import odds as _odds  # noqa: F401  (registers the command)
from shtoss_exact.cli.base import PROG, cli

__all__ = ["cli", "main"]


def main(argv: Sequence[str] | None = None, prog_name: str | None = None) -> None:
    """The console script ``shtoss-exact``."""
    cli.main(args=argv, prog_name=prog_name or PROG)
