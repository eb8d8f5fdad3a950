"""The command-line reference, docs/reference/cli.md, generated from the click commands.

``python scripts/gen_cli_reference.py`` rewrites the page: every command with its help
and every option with the help text ``shtoss-exact COMMAND -h`` prints.
``tests/contracts/test_docs.py`` fails when the committed page is not what this makes.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import click

from shtoss_exact.cli import all_commands, cli

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "reference" / "cli.md"

HEAD = """# Command-line reference

Every command and every option, generated from the program itself by
`python scripts/gen_cli_reference.py` (a test fails when this page is stale). Each
command's page tells more: [Every command alike](../commands/every-command.md)."""


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _help(command: click.Command) -> str:
    """The command's help as Markdown: paragraphs, and click's ``\\b`` blocks as code."""
    blocks = inspect.cleandoc(command.help or "").split("\n\n")
    shown = []
    for block in blocks:
        if block.startswith("\b\n"):
            shown.append("```text\n" + block[2:].rstrip() + "\n```")
        else:
            shown.append(" ".join(block.split()))
    return "\n\n".join(shown)


def _options(command: click.Command, ctx: click.Context) -> list[str]:
    lines = ["| option | meaning |", "| --- | --- |"]
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        names, meaning = record
        shown = ", ".join(f"`{_cell(name)}`" for name in names.split(", "))
        lines.append(f"| {shown} | {_cell(meaning)} |")
    return lines


def reference_text() -> str:
    """The whole page."""
    top = click.Context(cli, info_name="shtoss-exact", **cli.context_settings)
    parts = [HEAD, "## `shtoss-exact`", _help(cli), "\n".join(_options(cli, top))]
    for name, command in all_commands().items():
        ctx = click.Context(command, info_name=name, parent=top, **command.context_settings)
        parts += _section(name, command, ctx)
        if isinstance(command, click.Group):  # a command of commands: each its own section
            for sub_name, sub in sorted(command.commands.items()):
                sub_ctx = click.Context(sub, info_name=sub_name, parent=ctx, **sub.context_settings)
                parts += _section(f"{name} {sub_name}", sub, sub_ctx)
    return "\n\n".join(parts) + "\n"


def _section(name: str, command: click.Command, ctx: click.Context) -> list[str]:
    usage = " ".join(command.collect_usage_pieces(ctx))
    return [
        f"## `{name}`",
        f"`shtoss-exact {name} {usage}`",
        _help(command),
        "\n".join(_options(command, ctx)),
    ]


def main() -> None:
    PAGE.parent.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(reference_text(), encoding="utf-8")


if __name__ == "__main__":
    main()
