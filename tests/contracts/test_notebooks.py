"""The notebooks of examples/notebooks/ cannot go stale, nor their pages under docs/notebooks/.

1. Each notebook runs headless from its first cell in Jupyter's ``python3`` kernel
   (nbclient, ipykernel), in its folder, with this tree on ``PYTHONPATH``; every code
   cell prints and shows exactly the text it is saved with (a figure: an ``image/png``
   where the saved cell has one).
2. Each is saved executed, with no error, and shows at least one data frame and one
   figure.
3. docs/notebooks/NAME.md and its PNG figures are what the saved notebook makes, and the
   Notebooks page links every one.

After a change of the library's output: ``python scripts/run_notebooks.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import ROOT

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

from scripts.run_notebooks import PAGES, execute, notebooks, page, shown  # noqa: E402

NOTEBOOKS = notebooks()
RERUN = "run: python scripts/run_notebooks.py"


def _saved(path: Path) -> object:
    return nbformat.read(path, as_version=4)


def test_the_three_notebooks_are_there() -> None:
    assert [path.stem for path in NOTEBOOKS] == [
        "bank_and_paroli",
        "faro_mid_deal",
        "queen_of_spades",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_each_notebook_is_saved_executed_with_frames_and_figures(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code and all(cell.execution_count is not None for cell in code), RERUN
    # Executed in order, from a fresh kernel.
    assert [cell.execution_count for cell in code] == list(range(1, len(code) + 1)), RERUN
    kinds = [output[0] for outputs in shown(notebook) for output in outputs]
    assert "error" not in kinds
    assert "image/png" in kinds
    html = [
        "".join(output.get("data", {}).get("text/html", ""))
        for cell in code
        for output in cell.outputs
    ]
    assert any('class="dataframe"' in text for text in html), f"{path.name} shows no data frame"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_each_notebook_runs_and_shows_what_it_is_saved_with(path: Path) -> None:
    ran = shown(execute(path))
    saved = shown(_saved(path))
    assert len(ran) == len(saved)
    for number, (now, then) in enumerate(zip(ran, saved, strict=True), 1):
        assert now == then, f"{path.name}, code cell {number} shows other output: {RERUN}"


def test_the_pages_are_made_from_the_saved_notebooks() -> None:
    made: set[str] = set()
    for path in NOTEBOOKS:
        text, figures = page(_saved(path), path.stem)
        assert (PAGES / f"{path.stem}.md").read_text(encoding="utf-8") == text, RERUN
        for name, png in figures.items():
            assert (PAGES / name).read_bytes() == png, f"{name}: {RERUN}"
        assert figures, path.name
        made |= {f"{path.stem}.md", *figures}
    assert {p.name for p in PAGES.iterdir()} == made, RERUN


def test_the_pages_show_the_outputs_and_run_no_doctest() -> None:
    for path in NOTEBOOKS:
        text = (PAGES / f"{path.stem}.md").read_text(encoding="utf-8")
        assert text.startswith("# ")
        assert "```text\n" in text and "![Figure 1]" in text
        # The docs tests run every ```python block holding ">>>" as a doctest.
        assert ">>>" not in text


def test_the_notebooks_page_links_every_notebook() -> None:
    text = (ROOT / "docs" / "notebooks.md").read_text(encoding="utf-8")
    for path in NOTEBOOKS:
        assert f"(notebooks/{path.stem}.md)" in text, path.stem
