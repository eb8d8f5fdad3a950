"""The console script ``shtoss-exact``: Ctrl-C while the program is still loading is
one line and exit status 130 too, never a traceback."""

from __future__ import annotations

import sys


def main() -> None:
    """Load the command line, then run it."""
    try:
        from shtoss_exact.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("shtoss-exact: error: interrupted\n")
        sys.exit(130)
    run(prog_name="shtoss-exact")
