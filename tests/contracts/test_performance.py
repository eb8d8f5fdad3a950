"""One source for every measured figure: ``benchmarks/results.json``.

1. The results file holds the run's facts: the commit measured, the machine, the load.
2. ``docs/performance.md`` is exactly what ``scripts/perf_pages.py`` makes from it.
3. Every marker ``<!-- figure: KEY -->TEXT<!-- /figure -->`` in README.md and on the
   other pages under docs/ names a figure of the file and shows its formatted value.
4. No page under docs/ but the Performance page types a time (µs, ms, s with a decimal)
   or a ratio (N×) outside a marker; fenced code blocks (run by the tests) are left out,
   and so is a bound after ≤, ≥, "within", "under", "at most", "at least" or "limit"
   (a target, not a measure).

The pages under docs/ are scanned as they are: the test holds with none there yet.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests import ROOT


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("perf_pages", ROOT / "scripts/perf_pages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PAGES = _generator()
RESULTS: dict[str, Any] = PAGES.load(ROOT / "benchmarks/results.json")

HAND_TYPED = re.compile(
    r"(?<![\w.])\d(?:[\d.,]|\s(?=\d{3}))*\s?(?:µs|ms)(?!\w)"  # 72 µs, 0.85 ms, 1 250 ms
    r"|(?<![\w.])\d+\.\d+\s?s(?!\w)"  # 0.17 s
    r"|(?<![\w.])\d(?:[\d.,]|\s(?=\d{3}))*×"  # 5.6×, 2 707× (not "16 × 33")
)
"""A time or a ratio as one would type it by hand."""

BOUND = re.compile(r"(?:≤|≥|<=|>=|\bwithin|\bunder|\bat most|\bat least|\blimit)\s*$")
"""What precedes a target rather than a measure."""

ALLOWED: set[tuple[str, str]] = set()
"""(page, text) pairs allowed to look like a typed figure; none so far."""

FENCE = PAGES.FENCE
COMMENT = re.compile(r"<!--.*?-->", flags=re.S)


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_results_name_the_commit_machine_and_load() -> None:
    assert re.fullmatch(r"[0-9a-f]{40}", RESULTS["commit"]), RESULTS["commit"]
    assert isinstance(RESULTS["dirty"], bool)
    assert re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", RESULTS["date"])
    machine = RESULTS["machine"]
    for field in ("cores", "cpu", "memory_gb", "python", "platform"):
        assert machine.get(field), f"machine.{field} missing"
    for field in ("load_before", "load_after"):
        load = RESULTS[field]
        assert len(load) == 3 and all(x >= 0 for x in load), field
    assert RESULTS["figures"], "no figure in the results"
    for key, figure in RESULTS["figures"].items():
        assert {"value", "unit", "measures", "baseline", "target", "met"} <= set(figure), key
        if figure["unit"] == "x":
            assert figure["baseline"], f"{key}: a ratio names its baseline"


def test_performance_page_is_generated() -> None:
    page = ROOT / "docs/performance.md"
    assert page.exists(), "docs/performance.md missing: run python scripts/perf_pages.py"
    assert page.read_text(encoding="utf-8") == PAGES.performance_page(RESULTS), (
        "docs/performance.md is not what scripts/perf_pages.py makes from "
        "benchmarks/results.json: run python scripts/perf_pages.py"
    )


def test_every_missed_target_is_explained() -> None:
    # A target the run missed says why on the Performance page; an explanation left
    # for a figure no longer in the results, or met, is shown nowhere (and may stay).
    missed = {k for k, f in RESULTS["figures"].items() if f["target"] and f["met"] is False}
    assert missed <= set(PAGES.WHY_MISSED), sorted(missed - set(PAGES.WHY_MISSED))
    page = PAGES.performance_page(RESULTS)
    for key in missed:
        assert f"- `{key}`: {PAGES.WHY_MISSED[key]}" in page


def test_every_figure_is_formatted() -> None:
    for key, figure in RESULTS["figures"].items():
        text = PAGES.value_text(RESULTS, key)
        assert text and text == PAGES.formatted(figure["value"], figure["unit"]), key


@pytest.mark.parametrize("page", PAGES.marked_pages(ROOT), ids=_name)
def test_markers_agree_with_the_results(page: Path) -> None:
    _, problems = PAGES.fill(page.read_text(encoding="utf-8"), RESULTS)
    assert not problems, "\n".join(f"{_name(page)}: figure {k}: {why}" for k, why in problems)


def typed_figures(text: str) -> list[str]:
    """The times and ratios typed in ``text`` outside markers, code blocks and bounds."""
    text = PAGES.MARKER.sub(" ", text)
    text = COMMENT.sub(" ", FENCE.sub(" ", text))
    return [
        m[0]
        for m in HAND_TYPED.finditer(text)
        if not BOUND.search(text[max(0, m.start() - 12) : m.start()])
    ]


def test_typed_figures_are_found() -> None:
    found = typed_figures(
        "takes 72–90 µs, 0.17 s and 1.48× (≤ 1.5×, within 10×); 2 707× faster; "
        "<!-- figure: a.b -->9 ms<!-- /figure --> and 16 × 33/833\n```\n3.2 s\n```\n"
    )
    assert found == ["90 µs", "0.17 s", "1.48×", "2 707×"]


@pytest.mark.parametrize(
    "page",
    [p for p in PAGES.marked_pages(ROOT) if p.parent != ROOT],
    ids=_name,
)
def test_no_figure_typed_by_hand(page: Path) -> None:
    name = _name(page)
    typed = [t for t in typed_figures(page.read_text(encoding="utf-8")) if (name, t) not in ALLOWED]
    assert not typed, (
        f"{name} types {typed}: quote the figure with <!-- figure: KEY -->…<!-- /figure --> "
        "(keys in docs/performance.md) and run python scripts/perf_pages.py"
    )


def test_check_mode_names_page_and_key(tmp_path: Path) -> None:
    key = next(iter(RESULTS["figures"]))
    good = f"x <!-- figure: {key} -->{PAGES.value_text(RESULTS, key)}<!-- /figure --> y"
    assert PAGES.fill(good, RESULTS) == (good, [])
    stale, problems = PAGES.fill(
        good.replace("-->" + PAGES.value_text(RESULTS, key), "-->0"), RESULTS
    )
    assert stale == good and [k for k, _ in problems] == [key]
    _, unknown = PAGES.fill("<!-- figure: no.such_key -->1 s<!-- /figure -->", RESULTS)
    assert unknown and unknown[0][0] == "no.such_key"
    example = "```\n<!-- figure: KEY -->TEXT<!-- /figure -->\n```\n"
    assert PAGES.fill(example, RESULTS) == (example, [])
