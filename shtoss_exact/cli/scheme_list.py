"""``--scheme NAME|FILE,...``: a comma list of schemes, for commands that compare several."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from shtoss_exact.cli.base import completion

F = TypeVar("F", bound=Callable[..., Any])


class _SchemeListOption(click.Option):
    """Its help lists the built-in schemes from the one registry, read only when help
    is shown (so that starting a command does not load the schemes)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        from shtoss_exact.schemes.scheme import scheme_names

        base = getattr(self, "_base_help", None) or self.help or ""
        self._base_help = base
        self.help = f"{base} Built-in: {', '.join(scheme_names())}; or .toml/.json scheme files."
        return super().get_help_record(ctx)


def scheme_list_option(*, help: str) -> Callable[[F], F]:
    """``--scheme NAME|FILE,...``: built-in schemes (names or Russian aliases) and
    scheme files, a comma list; ``tables.parse_schemes`` reads it."""
    return click.option(
        "--scheme",
        cls=_SchemeListOption,
        default=None,
        metavar="NAME|FILE,...",
        shell_complete=completion("scheme", several=True),
        help=help,
    )
