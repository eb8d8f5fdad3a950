"""MkDocs hooks for the docs site.

The pages escape a pipe inside a table's code span (``--format text\\|json``) as GitHub
needs; Python-Markdown's tables already keep such a pipe in its cell and would show the
backslash, so it is taken out of code spans on table rows before the page is rendered.
"""

from __future__ import annotations

import re
from typing import Any

_CODE = re.compile(r"`[^`\n]*`")


def unescape_table_pipes(markdown: str) -> str:
    """``\\|`` as ``|`` inside the code spans of lines that are table rows."""
    lines = []
    for line in markdown.splitlines(keepends=True):
        if line.startswith("|"):
            line = _CODE.sub(lambda code: code.group(0).replace("\\|", "|"), line)
        lines.append(line)
    return "".join(lines)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return unescape_table_pipes(markdown)
