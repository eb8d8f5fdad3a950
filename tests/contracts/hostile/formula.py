"""``formula``: the number of copies closed forms are derived for, and the schemes they
take."""

from __future__ import annotations

from tests.contracts.hostile.harness import HUGE, case

LONG = "7" * 4000  # a whole number click takes, with more digits than is sane
TOO_LONG = "9" * 5000  # more digits than int() converts by default


def _rules(count: int) -> bytes:
    rule = '[[rules]]\nkind = "killed"\nposition = {}\npayoff = 1\n'
    return "".join(rule.format(2 * i + 1) for i in range(count)).encode()


CASES = [
    case(
        "formula-copies-0",
        ["formula", "--copies", "0"],
        "copies=0: closed forms are derived for 1..12",
    ),
    case(
        "formula-copies-13",
        ["formula", "--copies", "13"],
        "copies=13: closed forms are derived for 1..12",
    ),
    case(
        "formula-copies-googol",
        ["formula", "--copies", HUGE],
        "copies=a number of about 101 digits",
    ),
    case(
        "formula-copies-4000-digits",
        ["formula", "--copies", LONG],
        "copies=a number of about 4000 digits",
    ),
    case("formula-copies-5000-digits", ["formula", "--copies", TOO_LONG], "is not a whole number"),
    case("formula-copies-negative", ["formula", "--copies", "-3"], "-3 is too small"),
    case("formula-copies-word", ["formula", "--copies", "four"], "'four' is not a whole number"),
    case("formula-copies-float", ["formula", "--copies", "4.0"], "'4.0' is not a whole number"),
    case("formula-copies-arabic-digit", ["formula", "--copies", "٤"], "is not a whole number"),
    case(
        "formula-copies-code", ["formula", "--copies", "__import__('os')"], "is not a whole number"
    ),
    case("formula-copies-missing", ["formula"], "Missing option '--copies'"),
    case(
        "formula-scheme-thirds",
        ["formula", "--copies", "4", "--scheme", "thirds"],
        "scheme 'thirds' depends on",
    ),
    case(
        "formula-scheme-thirds-russian",
        ["formula", "--copies", "4", "--scheme", "трети"],
        "'thirds' depends on",
    ),
    case(
        "formula-scheme-unknown",
        ["formula", "--copies", "4", "--scheme", "nosuch"],
        "unknown scheme 'nosuch'",
    ),
    case(
        "formula-scheme-expression",
        ["formula", "--copies", "4", "--scheme", "n**2"],
        "unknown scheme 'n**2'",
    ),
    case(
        "formula-scheme-file-missing",
        ["formula", "--copies", "4", "--scheme", "gone.toml"],
        "gone.toml",
    ),
    case(
        "formula-scheme-file-suits",
        ["formula", "--copies", "4", "--scheme", "s.toml"],
        "depends on the deciding card's suit",
        s__toml=b'[[rules]]\nrelation = "plain"\npayoff = "1/3"\n',
    ),
    case(
        "formula-scheme-file-malformed",
        ["formula", "--copies", "4", "--scheme", "bad.toml"],
        "bad.toml",
        bad__toml=b"[[rules]\n",
    ),
    case(
        "formula-scheme-file-position-zero",
        ["formula", "--copies", "4", "--scheme", "p.toml"],
        "position",
        p__toml=b"[[rules]]\nposition = 0\npayoff = 1\n",
    ),
    case(
        "formula-scheme-file-too-costly",
        ["formula", "--copies", "12", "--scheme", "many.toml"],
        "s of work, more than the limit of 10 s",
        many__toml=_rules(600),
    ),
    case(
        "formula-parity-all", ["formula", "--copies", "4", "--parity", "all"], "'all' is not one of"
    ),
    case("formula-parity-empty", ["formula", "--copies", "4", "--parity", ""], "'' is not one of"),
    case(
        "formula-format-html",
        ["formula", "--copies", "4", "--format", "html"],
        "'html' is not one of",
    ),
    case(
        "formula-decimals-too-many",
        ["formula", "--copies", "4", "--decimals", "51"],
        "51 is too many places",
    ),
]
