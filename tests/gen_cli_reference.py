"""The README's command reference, generated from the click commands.

``python -m tests.gen_cli_reference`` rewrites the block between the markers in
README.md; ``tests/contracts/test_docs.py`` fails when the block is not what this makes.
"""

from __future__ import annotations

import sys

import click

from shtoss_exact.cli import all_commands
from tests import ROOT

START = "<!-- cli-reference:start -->"
END = "<!-- cli-reference:end -->"
README = ROOT / "README.md"


def _options(command: click.Command) -> str:
    shown = []
    for param in command.params:
        if isinstance(param, click.Option):
            shown.append("/".join(f"`{opt}`" for opt in [*param.opts, *param.secondary_opts]))
    return ", ".join([*shown, "`-h`, `--help`"])


def reference_text() -> str:
    """The block's lines between the markers (markers excluded)."""
    lines = [
        "| command | what it does | options |",
        "| --- | --- | --- |",
        "| (the program) | `shtoss-exact COMMAND [OPTIONS]` | `--version`, `-h`, `--help` |",
    ]
    for name, command in all_commands().items():
        summary = command.get_short_help_str(limit=80).replace("|", "\\|")
        lines.append(f"| `{name}` | {summary} | {_options(command)} |")
    return "\n".join(lines)


def readme_block(text: str) -> str:
    """What README.md has between the markers."""
    _, _, rest = text.partition(START)
    block, _, _ = rest.partition(END)
    return block.strip("\n")


def main() -> None:
    text = README.read_text(encoding="utf-8")
    if START not in text or END not in text:
        sys.exit(f"README.md has no {START} ... {END} block")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    README.write_text(f"{head}{START}\n{reference_text()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
