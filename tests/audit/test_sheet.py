"""Split counts from the command line and from cue sheets (CSV, JSON), and their refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from shtoss_exact.audit.sheet import MAX_SHEET_BYTES, parse_counts, read_sheet
from shtoss_exact.errors import ShtossError


def test_counts_as_text() -> None:
    assert parse_counts("3,1,0") == parse_counts(" 3 1, 0 ") == (3, 1, 0)


def test_a_csv_and_a_json_sheet_read_alike(tmp_path: Path) -> None:
    csv = tmp_path / "cues.csv"
    csv.write_text('splits,note\n3,first deal\n1,\n\n0,"a, b"\n', encoding="utf-8")
    json = tmp_path / "cues.json"
    json.write_text('[{"splits": 3, "note": "first deal"}, {"splits": 1}, {"splits": 0}]')
    assert read_sheet(csv) == read_sheet(json) == (3, 1, 0)


@pytest.mark.parametrize(
    ("name", "text", "fragment"),
    [
        ("a.csv", "splits\n26\n", "[1].splits: bad value 26; allowed a whole number from 0 to 25"),
        ("a.csv", "splits\n-1\n", "bad value '-1'"),
        ("a.csv", "splits\nthree\n", "bad value 'three'"),
        ("a.csv", "count\n3\n", "allowed a header naming a splits column"),
        ("a.csv", "splits,splits\n3,3\n", "allowed a header naming a splits column"),
        ("a.csv", "splits,note\n3\n", "line 2: 1 fields; allowed 2"),
        ("a.csv", "splits,colour\n3,red\n", "colour: unknown key"),
        ("a.csv", "splits\n", "0 entries"),
        ("a.csv", 'splits,note\n3,"open\n', "open quote"),
        ("a.csv", "splits\n" + "1\n" * 1001, "lines; allowed a header and at most 1000 rows"),
        ("a.csv", "splits,note\n1," + "x" * 5000 + "\n", "characters; allowed at most 1000"),
        ("a.csv", "", "the file is empty"),
        ("a.json", '{"splits": 3}', "bad value"),
        ("a.json", '[{"splits": 3, "splits": 4}]', "bad JSON"),
        ("a.json", '[{"splits": 2.5}]', "bad value"),
        ("a.json", "[]", "0 entries"),
        ("a.json", "[" + "[" * 100 + "]" * 100 + "]", "nest"),
        ("a.txt", "3\n", "unknown file type '.txt'; allowed .csv, .json"),
    ],
)
def test_bad_sheets_are_refused_in_one_line(
    tmp_path: Path, name: str, text: str, fragment: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ShtossError) as refused:
        read_sheet(path)
    assert fragment in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_huge_sheet_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(b"splits\n" + b"1\n" * MAX_SHEET_BYTES)
    with pytest.raises(ShtossError, match="the file is too large"):
        read_sheet(path)


def test_a_directory_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "d.csv").mkdir()
    with pytest.raises(ShtossError, match="not a regular file"):
        read_sheet(tmp_path / "d.csv")
    with pytest.raises(ShtossError, match="cannot read the file"):
        read_sheet(tmp_path / "none.csv")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("3,x", "split count 'x' of deal 2"),
        ("3,26", "split count '26' of deal 2: allowed a whole number 0..25"),
        ("", "no deal"),
        (",".join(["1"] * 1001), "1001 deals: allowed at most 1000"),
        ("9" * 20000, "characters; allowed at most"),
    ],
)
def test_bad_counts_are_refused(text: str, fragment: str) -> None:
    with pytest.raises(ShtossError, match=fragment):
        parse_counts(text)


def test_a_ledger_sheet_in_csv_and_in_json_read_alike(tmp_path: Path) -> None:
    from shtoss_exact.audit.sheet import read_ledger_sheet

    csv = tmp_path / "ledger.csv"
    csv.write_text('note,seen,bets\nfirst,5h Ks 5d,"K@0, 5@0"\n\nsecond,2d As Ac,A@0\n')
    json = tmp_path / "ledger.json"
    json.write_text('[{"seen": "5h Ks 5d", "bets": "K@0, 5@0", "note": "first"},'
                    ' {"seen": "2d As Ac", "bets": "A@0"}]')  # fmt: skip
    expected = (("5h Ks 5d", "K@0, 5@0"), ("2d As Ac", "A@0"))
    assert read_ledger_sheet(csv) == read_ledger_sheet(json) == expected


def test_the_ledger_command_reads_a_sheet(tmp_path: Path) -> None:
    from tests.conftest import shtoss_ok

    sheet = tmp_path / "ledger.json"
    sheet.write_text('[{"seen": "5h Ks 5d 9c 2s", "bets": "9@0 K@0"}]')
    ran = shtoss_ok("audit", "ledger", "--sheet", str(sheet), "--format", "csv")
    bets = ("--seen", "5h Ks 5d 9c 2s", "--bets", "9@0 K@0")
    assert ran == shtoss_ok("audit", "ledger", *bets, "--format", "csv")
    # Both bets lost: -2, the lower tail of the two bets' law over the two turns.
    assert ran.splitlines()[1] == "1,9:stay:1@0 K:stay:1@0,-2,-2257/249900,43/4165"
