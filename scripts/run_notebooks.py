"""Re-execute the notebooks of examples/notebooks/, save them with their outputs, and
write their pages under docs/notebooks/ (the outputs as text, each figure a PNG beside).

Run from the repository's root after a change of the library's output; review the diff::

    python scripts/run_notebooks.py           # execute, save, write the pages
    python scripts/run_notebooks.py --pages   # the pages only, from the saved notebooks

The kernel is Jupyter's ``python3`` (ipykernel) started in the notebook's folder with this
tree on ``PYTHONPATH``, so the notebooks import the checked-out package. The tests
(tests/contracts/test_notebooks.py) execute each notebook the same way and compare what
``shown`` reads of every code cell with the saved notebook, and the pages with ``page``.
"""

from __future__ import annotations

import argparse
import base64
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "examples" / "notebooks"
PAGES = ROOT / "docs" / "notebooks"
TIMEOUT = 120
"""Most seconds one cell may take."""

Output = tuple[str, ...]


def notebooks() -> list[Path]:
    """The notebooks, by name."""
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def kernel_environment() -> dict[str, str]:
    """This environment with this tree first on ``PYTHONPATH`` (no ``MPLBACKEND``: the
    notebooks choose the inline backend themselves)."""
    env = {key: value for key, value in os.environ.items() if key != "MPLBACKEND"}
    paths = [str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def execute(path: Path) -> Any:
    """The notebook at ``path`` executed from its first cell (an ``nbformat`` node)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=TIMEOUT,
        kernel_name="python3",
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute(env=kernel_environment())
    return notebook


def _output(output: Any) -> Output:
    kind = output["output_type"]
    if kind == "stream":
        return ("stream", output["name"], output["text"])
    if kind == "error":
        return ("error", output["ename"], output["evalue"])
    data = output.get("data", {})
    if "image/png" in data:
        return ("image/png",)
    if "text/markdown" in data:
        return ("text/markdown", data["text/markdown"])
    return ("text/plain", data.get("text/plain", ""))


def shown(notebook: Any) -> list[list[Output]]:
    """What each code cell shows: its printed text and the text of its results; a figure
    only as ``("image/png",)`` (its pixels depend on the fonts)."""
    return [
        [_output(output) for output in cell.get("outputs", [])]
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
    ]


def _fenced(text: str, language: str = "text") -> str:
    return f"```{language}\n{text.rstrip()}\n```\n"


def page(notebook: Any, stem: str) -> tuple[str, dict[str, bytes]]:
    """The Markdown page of an executed notebook and its figures (file name -> PNG)."""
    parts: list[str] = []
    figures: dict[str, bytes] = {}
    for number, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"]).rstrip()
        if cell["cell_type"] == "markdown":
            parts.append(source + "\n")
            if number == 0:
                parts.append(
                    f"*The notebook `examples/notebooks/{stem}.ipynb`, executed (the tests run "
                    "it and compare every output; `python scripts/run_notebooks.py` writes "
                    "it and this page).*\n"
                )
            continue
        if cell["cell_type"] != "code":
            continue
        parts.append(_fenced(source, "python"))
        for output in cell.get("outputs", []):
            kind = output["output_type"]
            if kind == "stream":
                parts.append(_fenced("".join(output["text"])))
                continue
            data = output.get("data", {})
            if "image/png" in data:
                name = f"{stem}-{len(figures) + 1}.png"
                figures[name] = base64.b64decode("".join(data["image/png"]))
                parts.append(f"![Figure {len(figures)}]({name})\n")
            elif "text/markdown" in data:
                parts.append("".join(data["text/markdown"]).rstrip() + "\n")
            elif "text/plain" in data:
                parts.append(_fenced("".join(data["text/plain"])))
    return "\n".join(parts), figures


def write_pages() -> None:
    """docs/notebooks/NAME.md and its figures for every saved notebook."""
    import nbformat

    PAGES.mkdir(exist_ok=True)
    for old in PAGES.glob("*.png"):
        old.unlink()
    for path in notebooks():
        text, figures = page(nbformat.read(path, as_version=4), path.stem)
        (PAGES / f"{path.stem}.md").write_text(text, encoding="utf-8")
        for name, png in figures.items():
            (PAGES / name).write_bytes(png)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", action="store_true", help="write the pages only")
    args = parser.parse_args(argv)
    if not args.pages:
        import nbformat

        for path in notebooks():
            print(f"executing {path.relative_to(ROOT)}", file=sys.stderr)
            nbformat.write(execute(path), path)
    write_pages()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
