"""``shtoss-exact serve``: the casekeeper page, exact odds live while a deal is dealt.

The options and one call: the page and its server are ``shtoss_exact.serve``."""

from __future__ import annotations

import click

from shtoss_exact.cli.base import WholeNumber, cli

DEFAULT_PORT = 8052


@cli.command()
@click.option(
    "--port",
    type=WholeNumber(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="The port to listen on, 0..65535; 0 picks a free one (the URL printed is the real one).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar="ADDRESS",
    help="The address to listen on: a loopback address unless --public is given.",
)
@click.option(
    "--public",
    is_flag=True,
    help="Allow a --host other than the loopback, and any Host header: the page is then "
    "open to every machine that reaches the address.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
@click.option("--verbose", is_flag=True, help="Log each request on stderr.")
def serve(port: int, host: str, public: bool, open_browser: bool, verbose: bool) -> None:
    """The casekeeper page: exact odds live while a deal is dealt.

    Serves one page (the game, the cards as they fall, every rank's odds for every bet
    kind, the best bet, calling the turn, the punter's recorded bets settled) and its
    read-only JSON: GET /api/case?game=G&seen=CARDS&... is exactly `case --game G
    --seen CARDS ... --format json`. Prints the page's URL; Ctrl-C stops it.

    \b
    Examples:
      shtoss-exact serve --open
      shtoss-exact serve --port 0
    """
    from shtoss_exact.serve.server import run

    run(host, port, public=public, verbose=verbose, open_browser=open_browser,
        announce=click.echo)  # fmt: skip
