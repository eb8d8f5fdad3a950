"""Where and how output goes: ``-o``, ``--format``, ``--decimals``.

A target that cannot be opened (no such directory, a directory) is bad input, exit
status 2; a write that fails midway (a full disk) is exit status 1.
"""

from __future__ import annotations

from tests.hostile.harness import case

CASES = [
    case("output-a-directory", "odds -o .", "directory"),
    case("output-no-directory", "odds -o nodir/out.txt", "cannot write"),
    case("output-full-disk", "odds -o /dev/full", "cannot write '/dev/full'", status=1),
    case("output-decimals-too-many", "odds --decimals 51", "allowed 0..50"),
    case("output-decimals-negative", "odds --decimals -1", "too small"),
    case("output-format-unknown", "fair --scheme lob-half --solve lob --format yaml", "yaml"),
]
