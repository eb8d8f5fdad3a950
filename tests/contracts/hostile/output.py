"""Where and how output goes: ``-o``, ``--format``, ``--decimals``, standard output.

A target that cannot be opened (no such directory, a directory) is bad input, exit
status 2; a write that fails midway (a full disk, a closed standard output, a file
past ``ulimit -f``) is exit status 1, with no partial or temporary file left behind.
Help and version go through the same checked standard output as every answer.
"""

from __future__ import annotations

from tests.contracts.hostile.harness import case

FULL = "No space left on device"
CLOSED = "cannot write standard output: it is closed"
TOO_LARGE = "File too large"
LIMIT = 64 * 1024
"""Bytes a file may reach in the rows with a file size limit (``ulimit -f``)."""

LONG_CSV = "odds --cards 200000 --copies 4 --by-abzug --format csv"

CASES = [
    case("output-a-directory", "odds -o .", "directory"),
    case("output-no-directory", "odds -o nodir/out.txt", "cannot write"),
    # A name ending in / names a directory: the separator was dropped, a file 'new' written.
    case("output-new-directory-name", "odds -o new/", "cannot write 'new/': a name ending in /"),
    case(
        "output-symlink-loop",
        "odds -o a.txt",
        "cannot write 'a.txt': Too many levels of symbolic links",
        links={"a.txt": "b.txt", "b.txt": "a.txt"},
    ),
    case("output-full-disk", "odds -o /dev/full", "cannot write '/dev/full'", status=1),
    case("output-decimals-too-many", "odds --decimals 51", "allowed 0..50"),
    case("output-decimals-negative", "odds --decimals -1", "too small"),
    case("output-format-unknown", "fair --scheme lob-half --solve lob --format yaml", "yaml"),
    # --- standard output full or closed: exit status 1, one line --------------------------
    case("stdout-full-odds", "odds", FULL, status=1, stdout="full"),
    case("stdout-full-help", "--help", FULL, status=1, stdout="full"),
    case("stdout-full-version", "--version", FULL, status=1, stdout="full"),
    case("stdout-full-command-help", "table --help", FULL, status=1, stdout="full"),
    case("stdout-full-no-command", [], FULL, status=1, stdout="full"),
    case("stdout-full-long-csv", LONG_CSV, FULL, status=1, stdout="full"),
    case("stdout-closed-odds", "odds", CLOSED, status=1, stdout="closed"),
    case("stdout-closed-help", "--help", CLOSED, status=1, stdout="closed"),
    case("stdout-closed-version", "--version", CLOSED, status=1, stdout="closed"),
    case("stdout-closed-command-help", "series -h", CLOSED, status=1, stdout="closed"),
    case("stdout-closed-no-command", [], CLOSED, status=1, stdout="closed"),
    case("stdout-closed-long-csv", LONG_CSV, CLOSED, status=1, stdout="closed"),
    case(
        "stdout-closed-export-graph",
        "series --deals 2 --export-graph - -o r.txt",
        CLOSED,
        status=1,
        stdout="closed",
    ),
    # --- a file past its size limit (ulimit -f): no partial or temporary file --------------
    case("output-file-size-limit", f"{LONG_CSV} -o big.csv", TOO_LARGE, status=1, file_limit=LIMIT),
    case(
        "output-file-size-limit-table",
        "table --cards 4..3000 --format csv -o t.csv",
        TOO_LARGE,
        status=1,
        file_limit=LIMIT,
    ),
    case(
        "output-file-size-limit-json",
        "series --deals 400 --format json -o s.json",
        TOO_LARGE,
        status=1,
        file_limit=LIMIT,
    ),
    case(
        "output-file-size-limit-graph",
        "series --plan raise --deals 150 --export-graph c.graphml",
        TOO_LARGE,
        status=1,
        file_limit=LIMIT // 4,
    ),
]
