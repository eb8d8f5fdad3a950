"""A result's ``plot`` reaches the drawing on the floor above without importing it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from shtoss_exact.errors import ShtossError
from shtoss_exact.pictures import plot_of
from tests import ROOT


def test_every_result_plot_is_plot_of() -> None:
    pytest.importorskip("matplotlib")
    from shtoss_exact.bet.odds import odds

    result = odds(cards=12, copies=2)
    assert type(plot_of(result)).__name__ == type(result.plot()).__name__ == "Figure"


def test_a_value_without_a_picture() -> None:
    with pytest.raises(ShtossError, match="a str has no picture"):
        plot_of("433/833")


def test_results_load_neither_the_renderers_nor_matplotlib() -> None:
    code = (
        "import sys, shtoss_exact\n"
        "shtoss_exact.odds(); shtoss_exact.bank(['7'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('matplotlib', "
        "'shtoss_exact.report.plots'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)  # fmt: skip
    assert done.stdout.strip() == "[]"
