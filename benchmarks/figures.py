"""The figures a benchmark script measures, as data: one record per figure, with a stable key.

Every ``bench*.py`` beside this file collects its figures in a :class:`Figures` and, given
``--figures FILE``, writes them there as JSON (a list of records); ``run_all.py`` gathers
them into ``benchmarks/results.json``, from which ``scripts/perf_pages.py`` writes the
Performance page. Values are in base units: seconds, megabytes, plain counts, ratios.

A record::

    {"key": "startup.odds.ratio", "value": 1.48, "unit": "x",
     "measures": "shtoss-exact odds / python -c 'import click', median wall time",
     "baseline": "python -c 'import click', interleaved in the same run",
     "target": {"op": "<=", "value": 1.5}, "met": true}
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

UNITS = ("s", "x", "MB", "count", "error", "note")
"""Seconds; a ratio; megabytes (10^6 bytes); a whole number; a probability (an error);
a note (text: why a figure could not be measured, e.g. a peer over its budget)."""

OPS = ("<=", ">=", "within")
"""A target: at most, at least, or within a factor either way (for ratios)."""

KEY = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")


def arguments(description: str) -> argparse.ArgumentParser:
    """A parser with the two options every benchmark script takes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--figures", metavar="FILE", help="also write the figures measured as JSON to FILE"
    )
    parser.add_argument("--quick", action="store_true", help="fewer repeats, to try it out")
    return parser


class Figures:
    """The figures of one script, in the order measured; keys must be unique."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def add(
        self,
        key: str,
        value: float | int | str,
        unit: str,
        measures: str,
        *,
        baseline: str | None = None,
        target: tuple[str, float] | None = None,
    ) -> float | int | str:
        """Record one figure; returns its value (so a caller can go on using it)."""
        if not KEY.match(key):
            raise ValueError(f"figure key {key!r}: dotted lower-case words")
        if unit not in UNITS:
            raise ValueError(f"figure {key}: unit {unit!r}, allowed {', '.join(UNITS)}")
        if any(r["key"] == key for r in self.records):
            raise ValueError(f"figure {key} recorded twice")
        record: dict[str, Any] = {
            "key": key,
            "value": value,
            "unit": unit,
            "measures": measures,
            "baseline": baseline,
            "target": None,
            "met": None,
        }
        if target is not None:
            if isinstance(value, str):
                raise ValueError(f"figure {key}: a note has no target")
            op, limit = target
            if op not in OPS:
                raise ValueError(f"figure {key}: target {op!r}, allowed {', '.join(OPS)}")
            record["target"] = {"op": op, "value": limit}
            record["met"] = meets(value, op, limit)
        self.records.append(record)
        return value

    def failed(self) -> list[str]:
        """The keys of the figures that miss their target."""
        return [r["key"] for r in self.records if r["met"] is False]

    def write(self, path: str | None) -> None:
        if path:
            Path(path).write_text(json.dumps(self.records, indent=1) + "\n", encoding="utf-8")


def meets(value: float, op: str, limit: float) -> bool:
    if op == "<=":
        return value <= limit
    if op == ">=":
        return value >= limit
    return 1 / limit <= value <= limit
