"""Rewrite the output shown under each ``$ shtoss-exact ...`` line of README.md and docs/.

Run from the repository's root after a change of output; review the diff. A block
whose shown output starts with ``...`` (an elided head) is left as it is, and so is a
command shown without output.
"""

from __future__ import annotations

import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

from shtoss_exact.cli import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
EXTRA_FILES = {"bad.toml": "[[rules]]\nabzug = 0\npayoff = 1\n"}


def run(command: str, where: Path) -> list[str]:
    args = shlex.split(command)[1:]
    import os

    here = os.getcwd()
    os.chdir(where)
    try:
        result = CliRunner().invoke(cli, args, prog_name="shtoss-exact", terminal_width=100)
    finally:
        os.chdir(here)
    return result.output.splitlines()


def refresh(block: str, where: Path) -> str:
    lines = block.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if not line.startswith("$ shtoss-exact"):
            continue
        shown: list[str] = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        if not shown or shown[0] == "...":
            out.extend(shown)
        else:
            out.extend(run(line[2:], where))
    return "\n".join(out) + "\n"


def refresh_page(page: Path, where: Path) -> None:
    text = page.read_text(encoding="utf-8")
    parts = re.split(r"(^```console\n.*?^```)", text, flags=re.S | re.M)
    for k, part in enumerate(parts):
        if part.startswith("```console\n"):
            body = part[len("```console\n") : -len("```")]
            parts[k] = "```console\n" + refresh(body, where) + "```"
    page.write_text("".join(parts), encoding="utf-8")


def main() -> int:
    with tempfile.TemporaryDirectory() as temporary:
        where = Path(temporary)
        shutil.copytree(ROOT / "examples", where / "examples")
        for name, content in EXTRA_FILES.items():
            (where / name).write_text(content, encoding="utf-8")
        for page in PAGES:
            refresh_page(page, where)
    return 0


if __name__ == "__main__":
    sys.exit(main())
