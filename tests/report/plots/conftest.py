"""The Axes every drawing test draws on: a fresh figure's, made without pyplot."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def ax() -> Any:
    """Empty matplotlib Axes on a figure of their own (skipped without matplotlib)."""
    figure = pytest.importorskip("matplotlib.figure")
    return figure.Figure().add_subplot()


def lines_by_label(ax: Any) -> dict[str, tuple[list[float], list[float]]]:
    """Every labelled line of ``ax``: label -> (x data, y data), read back as floats."""
    return {
        str(line.get_label()): ([float(x) for x in line.get_xdata()],
                                [float(y) for y in line.get_ydata()])
        for line in ax.get_lines()
        if not str(line.get_label()).startswith("_")
    }  # fmt: skip


def bars(ax: Any) -> list[tuple[float, float]]:
    """Every bar of ``ax`` as (centre, height), left to right."""
    from matplotlib.patches import Rectangle

    found = [
        (patch.get_x() + patch.get_width() / 2, patch.get_height())
        for patch in ax.patches
        if isinstance(patch, Rectangle)
    ]
    return sorted(found)
