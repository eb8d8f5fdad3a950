"""A Griffe extension for the docs site: doctests in docstrings shown as code.

The docstrings hold their doctests in the running text (``>>> f(x)`` and its output);
read as Markdown, an output such as ``d["a"]["b"]`` would be a link. This wraps each
run of doctest lines, with the output after them, in a ``pycon`` code block.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """Each doctest (``>>>`` lines, ``...`` lines and their output) as a fenced block."""
    out: list[str] = []
    indent = ""
    inside = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(">>>") and not inside:
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not stripped:
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestsAsCode(griffe.Extension):
    """Fence the doctests of every docstring before mkdocstrings renders it."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
