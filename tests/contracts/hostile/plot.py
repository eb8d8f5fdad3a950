"""``plot`` and ``--plot FILE``: targets, kinds, and plots with too many points or too costly
to draw. A refused picture leaves no file, and no report is printed before it."""

from __future__ import annotations

from tests.contracts.hostile.harness import HUGE, HUGE_PAYOFFS, TINY_PAYOFF, case
from tests.contracts.hostile.table import BAD_SCHEME

BASE = ["--bankroll", "5", "--target", "10"]

PICTURED = (
    ("odds", "odds"),
    ("table", "table --cards 8..20:4"),
    ("bank", "bank --bet 7"),
    ("series", "series --deals 2"),
    ("strategy", "strategy --bankroll 2 --target 4"),
    ("case", "case --seen 5h"),
)
"""Each command with a picture, as the shortest call that computes one."""

CASES = [
    # A series passed, and matplotlib loaded beside its counts: 1061 MiB resident at
    # 28 515 deals. The picture's memory now counts in the budget of what it draws.
    case(
        "plot-series-26800-deals",
        "plot -o x.png --kind series --deals 26800",
        "GB held at once, more than the limit of 1 GB",
    ),
    case("plot-missing-output", "plot", "Missing option '-o'"),
    case(
        "plot-suffix",
        "plot -o out.gif",
        "cannot plot to 'out.gif': the suffix '.gif' is not an image format: allowed .png, .svg, "
        ".pdf",
    ),
    case("plot-no-suffix", "plot -o out", "cannot plot to 'out': no suffix: allowed .png"),
    case("plot-format", "plot -o x.png --format gif", "'gif' is not one of"),
    case("plot-and-plot", "plot -o x.png --plot y.svg", "plot writes -o FILE: give no --plot"),
    case(
        "plot-a-directory",
        "plot -o d.png",
        "cannot write 'd.png': not a regular file",
        links={"d.png": "."},
    ),
    case(
        "plot-fifo", "plot -o f.svg", "cannot write 'f.svg': not a regular file", fifos=("f.svg",)
    ),
    # "x.svg/" has the suffix .svg but names a directory: a file x.svg was written.
    case("plot-directory-name", "plot -o x.svg/", "cannot write 'x.svg/': a name ending in /"),
    case("odds-plot-directory-name", "odds --plot x.svg/", "a name ending in / is a directory's"),
    # A loop of links: the picture replaced one of the links with itself.
    case(
        "odds-plot-symlink-loop",
        "odds --plot x.svg",
        "cannot write 'x.svg': Too many levels of symbolic links",
        links={"x.svg": "loop", "loop": "x.svg"},
    ),
    case(
        "plot-no-directory",
        "plot -o nodir/out.svg --cards 8",
        "cannot write 'nodir/out.svg': no directory",
    ),
    case("plot-scheme-unknown", "plot -o out.svg --kind edge --scheme nosuch", "nosuch"),
    case(
        "plot-scheme-file",
        "plot -o x.png --kind series --scheme bad.toml",
        "bad.toml",
        bad__toml=BAD_SCHEME,
    ),
    case(
        "plot-series-raise-ruin-2000",
        "plot -o x.png --kind series --plan raise --bankroll 2000 --target 4000",
        "limit",
    ),
    case(
        "plot-series-deals-400-digits", f"plot -o x.png --kind series --deals {HUGE * 4}", "digits"
    ),
    case("plot-abzug-two-sizes", "plot -o x.png --cards 36,52", "'36,52' is not a whole number"),
    case("plot-too-many-points", "plot -o out.svg --kind edge --cards 4..1000000", "at most"),
    case("plot-edge-many", "plot -o x.png --kind edge --cards 1..60000", "at most 50000"),
    case(
        "plot-edge-digits",
        "plot -o x.png --kind edge --cards 10000..40000 --copies 2000",
        "the most for deck=40000 with copies=2000",
    ),
    case(
        "plot-edge-slow",
        "plot -o x.png --kind edge --cards 10000..40000 --copies 600 "
        "--scheme classic,pharaon,faro,lob-half",
        "the table has 120004 rows: at most 50000",
    ),
    case(
        "plot-strategy-max-stake-61-digits",
        ["plot", "-o", "x.svg", "--kind", "strategy", *BASE, "--max-stake", "9" * 61],
        "--max-stake: '99999999999999999999'... has more than 60 digits",
    ),
    case("plot-case-cards", "plot -o out.svg --kind case --cards 40", "No such option '--cards'"),
    case("plot-case-one-deck", "plot -o out.svg --kind case --one-deck", "No such option"),
    case(
        "plot-case-game-one-deck",
        "plot --kind case --game one-deck -o x.svg",
        "--game 'one-deck' is not dealt here",
    ),
    case(
        "plot-series-deals-310-digits",
        ["plot", "-o", "x.svg", "--kind", "series", "--deals", "9" * 310],
        "(about 310 digits) deals",
    ),
    case(
        "plot-series-plan-file-deals-hex",
        "plot -o x.svg --kind series --plan-file p.toml",
        "(about 1205 digits) deals",  # refused by the series cost: no crash past a float
        p__toml=b"deals = 0x" + b"f" * 1000 + b"\n",
    ),
    # --- --plot FILE on each command that has a picture --------------------------------------
    *(
        case(
            f"{name}-plot-suffix",
            f"{argv} --plot out.jpg",
            "the suffix '.jpg' is not an image format: allowed .png, .svg, .pdf",
        )
        for name, argv in PICTURED
    ),
    *(
        case(
            f"{name}-plot-no-directory",
            f"{argv} --plot no/x.svg",
            "cannot write 'no/x.svg': no directory",
        )
        for name, argv in PICTURED
    ),
    case("odds-plot-a-directory", "odds --plot d.svg", "not a regular file", links={"d.svg": "."}),
    # The picture and the report in one file: the report was written over the picture.
    *(
        case(
            f"{name}-plot-and-report-one-file",
            f"{argv} --plot x.svg -o x.svg",
            "--plot and -o FILE both name 'x.svg': give the picture and the report a file each",
        )
        for name, argv in PICTURED
    ),
    case(
        "series-plot-and-report-linked",
        "series --deals 2 --plot x.svg -o report.txt",
        "--plot and -o FILE both name 'x.svg'",
        links={"report.txt": "x.svg"},
    ),
    case(
        "table-plot-by-abzug",
        "table --cards 36 --by-abzug --plot t.png",
        "--plot draws the edge by deck size: not with --by-abzug",
    ),
    case(
        "odds-plot-file-size-limit",
        "odds --cards 9000 --plot big.png",
        "cannot write 'big.png'",
        status=1,
        file_limit=4096,
    ),
    # Values past a float cannot be drawn: one line, not matplotlib's OverflowError.
    case(
        "plot-cards-310-digits",
        ["plot", "-o", "x.svg", "--cards", "9" * 310],
        "passes the largest float, about 1.8e+308",
    ),
    case(
        "odds-plot-cards-4300-digits",
        ["odds", "--cards", "9" * 4300, "--copies", "1", "--plot", "x.pdf"],
        "passes the largest float, about 1.8e+308",
    ),
    case(
        "plot-edge-payoffs-400-digits",
        "plot -o x.svg --kind edge --scheme h.toml",
        "passes the largest float, about 1.8e+308",
        h__toml=TINY_PAYOFF,
    ),
    case(
        "plot-bank-payoffs-400-digits",
        "plot -o x.svg --kind bank --bet 7:1:h.toml --bet Q",
        "passes the largest float, about 1.8e+308",
        h__toml=HUGE_PAYOFFS,
    ),
    case(
        "table-plot-payoffs-400-digits",
        "table --cards 10..20 --scheme h.toml --plot x.svg",
        "passes the largest float, about 1.8e+308",
        h__toml=TINY_PAYOFF,
    ),
]
