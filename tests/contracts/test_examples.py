"""Every script in examples/ runs and prints exactly its recorded output (examples/NAME.out)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests import ROOT

EXAMPLES = ROOT / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


def test_every_example_has_its_output() -> None:
    assert SCRIPTS, "no example scripts found"
    missing = [s.name for s in SCRIPTS if not s.with_suffix(".out").exists()]
    assert not missing, f"examples without a recorded output: {missing}"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_example_output(script: Path) -> None:
    run = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        cwd=EXAMPLES,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == script.with_suffix(".out").read_text(encoding="utf-8")
