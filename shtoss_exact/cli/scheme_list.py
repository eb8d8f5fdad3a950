"""``--scheme NAME|FILE,...``: a comma list of schemes, for commands that compare several."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from shtoss_exact.cli.base import completion
from shtoss_exact.cli.speaking import ListingOption
from shtoss_exact.i18n import _

F = TypeVar("F", bound=Callable[..., Any])


class _SchemeListOption(ListingOption):
    """Its help lists the built-in schemes from the one registry."""

    def listed(self) -> str:
        from shtoss_exact.schemes.scheme import scheme_names

        names = ", ".join(scheme_names())
        return _("Built-in: {names}; or .toml/.json scheme files.").format(names=names)


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
