"""``audit``: split counts and cue sheets, levels, classes, the cards of a deal."""

from __future__ import annotations

import json

from tests.contracts.hostile.harness import HUGE, VERY_LONG, case

DECK = " ".join(
    f"{r}{s}"
    for s in "shdc"
    for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
)

CASES = [
    # --- split counts ----------------------------------------------------------------------
    case(
        "audit-counts-too-many-splits", "audit splits --counts 3,26", "split count '26' of deal 2"
    ),
    case("audit-counts-negative", "audit splits --counts 3,-1", "split count '-1' of deal 2"),
    case("audit-counts-word", "audit splits --counts 3,x", "split count 'x' of deal 2"),
    case("audit-counts-huge", f"audit splits --counts {HUGE}", "allowed a whole number 0..25"),
    case("audit-counts-long-digits", f"audit splits --counts {VERY_LONG}", "allowed a whole"),
    case("audit-counts-empty", ["audit", "splits", "--counts", " , "], "no deal"),
    case(
        "audit-counts-too-many-deals",
        "audit splits --counts " + ",".join(["1"] * 1001),
        "1001 deals: allowed at most 1000",
    ),
    # 150 deals took 9.8 s of CPU, estimated at 9.15 s on a loaded machine: now about 12 s
    case(
        "audit-splits-150-deals",
        "audit splits --counts " + ",".join(["1"] * 150),
        "the splits audit of 150 deals: about",
    ),
    case("audit-counts-too-long", "audit splits --counts " + "1," * 6000, "characters"),
    case(
        "audit-deals-too-costly",
        "audit splits --counts " + ",".join(["1"] * 900),
        "the splits audit of 900 deals: about",
    ),
    case("audit-counts-and-sheet", "audit splits --counts 1 --sheet a.csv", "--counts or --sheet"),
    case("audit-alpha-zero", "audit splits --counts 1 --alpha 0", "alpha=0: allowed"),
    case("audit-alpha-one", "audit splits --counts 1 --alpha 1", "alpha=1: allowed"),
    case("audit-alpha-negative", "audit splits --counts 1 --alpha -1/2", "alpha=-1/2"),
    case("audit-alpha-above", "audit splits --counts 1 --alpha 3/2", "alpha=3/2"),
    # named by its flag (it was the library's alpha)
    case("audit-alpha-word", "audit splits --counts 1 --alpha nan", "--alpha: 'nan' is not"),
    case(
        "audit-ledger-alpha-word",
        ["audit", "ledger", "--seen", "5h Ks 5d", "--bets", "7@0", "--alpha", "x"],
        "--alpha: 'x' is not an exact number",
    ),
    case("audit-alpha-huge", f"audit splits --counts 1 --alpha 1/{VERY_LONG}", "alpha"),
    case(
        "audit-stacked-too-many",
        "audit splits --counts 1 --stacked 13",
        "13 is too large: allowed whole numbers 0..12",
    ),
    case(
        "audit-stacked-negative",
        "audit splits --counts 1 --stacked -1",
        "-1 is too small: allowed whole numbers 0..12",
    ),
    # --- cue sheets --------------------------------------------------------------------------
    case("audit-sheet-missing", "audit splits --sheet none.csv", "cannot read the file"),
    case(
        "audit-sheet-type",
        "audit splits --sheet a.txt",
        "unknown file type '.txt'",
        a__txt=b"splits\n1\n",
    ),
    case("audit-sheet-fifo", "audit splits --sheet f.csv", "not a regular file", fifos=("f.csv",)),
    case(
        "audit-sheet-csv-header",
        "audit splits --sheet a.csv",
        "naming a splits column",
        a__csv=b"count\n1\n",
    ),
    case(
        "audit-sheet-csv-bad-count",
        "audit splits --sheet a.csv",
        "[2].splits: bad value 26",
        a__csv=b"splits\n1\n26\n",
    ),
    case(
        "audit-sheet-csv-fields",
        "audit splits --sheet a.csv",
        "line 2: 2 fields; allowed 1",
        a__csv=b"splits\n1,2\n",
    ),
    case(
        "audit-sheet-csv-quote",
        "audit splits --sheet a.csv",
        "open quote",
        a__csv=b'splits,note\n1,"never closed\n',
    ),
    case(
        "audit-sheet-csv-long-field",
        "audit splits --sheet a.csv",
        "characters; allowed",
        a__csv=b"splits,note\n1," + b"x" * 10_000 + b"\n",
    ),
    case(
        "audit-sheet-csv-rows",
        "audit splits --sheet a.csv",
        "allowed a header and at most",
        a__csv=b"splits\n" + b"1\n" * 5000,
    ),
    case(
        "audit-sheet-too-large",
        "audit splits --sheet a.csv",
        "the file is too large",
        a__csv=b"splits\n" + b" " * 300_000 + b"\n",
    ),
    case(
        "audit-sheet-not-utf8", "audit splits --sheet a.csv", "not UTF-8", a__csv=b"splits\n\xff\n"
    ),
    case(
        "audit-sheet-control",
        "audit splits --sheet a.csv",
        "control character",
        a__csv=b"splits,note\n1,\x1b[31m\n",
    ),
    case(
        "audit-sheet-json-shape",
        "audit splits --sheet a.json",
        "bad value",
        a__json=b'{"splits": 1}',
    ),
    case(
        "audit-sheet-json-key",
        "audit splits --sheet a.json",
        "colour: unknown key",
        a__json=b'[{"splits": 1, "colour": "red"}]',
    ),
    case(
        "audit-sheet-json-twice",
        "audit splits --sheet a.json",
        "bad JSON",
        a__json=b'[{"splits": 1, "splits": 2}]',
    ),
    case(
        "audit-sheet-json-deep",
        "audit splits --sheet a.json",
        "nest",
        a__json=b"[" * 10_000 + b"]" * 10_000,
    ),
    case(
        "audit-sheet-json-huge-int",
        "audit splits --sheet a.json",
        "an integer of 5000 digits",
        a__json=b'[{"splits": ' + b"9" * 5000 + b"}]",
    ),
    case(
        "audit-sheet-json-float",
        "audit splits --sheet a.json",
        "bad value",
        a__json=b'[{"splits": 1.5}]',
    ),
    # --- parity ------------------------------------------------------------------------------
    case("audit-parity-no-seen", "audit parity --class K", "--seen"),
    case(
        "audit-parity-rank-twice",
        ["audit", "parity", "--class", "K,K", "--seen", "2s Kh 3d"],
        "rank K is given twice",
    ),
    case(
        "audit-parity-unknown-rank",
        ["audit", "parity", "--class", "X", "--seen", "2s"],
        "unknown rank 'X'",
    ),
    case(
        "audit-parity-every-rank",
        ["audit", "parity", "--class", "2,3,4,5,6,7,8,9,10,J,Q,K,A", "--seen", "2s"],
        "not all of them",
    ),
    case(
        "audit-parity-duplicate-card",
        ["audit", "parity", "--class", "K", "--seen", "Kh Kh"],
        "card K♥ is seen twice",
    ),
    case(
        "audit-parity-too-many-deals",
        ["audit", "parity", "--class", "K"] + ["--seen", "2s"] * 1001,
        "1001 deals seen",
    ),
    # --- the ledger ----------------------------------------------------------------------------
    case("audit-ledger-nothing", "audit ledger", "give --seen with --bets"),
    case("audit-ledger-no-bets", ["audit", "ledger", "--seen", "5h Ks 5d"], "--bets"),
    case(
        "audit-ledger-sheet-and-seen",
        ["audit", "ledger", "--sheet", "a.csv", "--seen", "5h"],
        "not both",
    ),
    case(
        "audit-ledger-bet-bad",
        ["audit", "ledger", "--seen", "5h Ks 5d", "--bets", "X@0"],
        "unknown rank 'X'",
    ),
    case(
        "audit-ledger-bet-later",
        ["audit", "ledger", "--seen", "5h Ks 5d", "--bets", "7@3"],
        "deal 1: bet 7:stay:1@3: placed after turn 3, but 1 turn is dealt",
    ),
    case(
        "audit-ledger-bet-dead-rank",
        ["audit", "ledger", "--seen", "5h 5s 5d 9c 5c", "--bets", "5@2"],
        "rank 5 has no copy left",
    ),
    case(
        "audit-ledger-no-bet",
        ["audit", "ledger", "--seen", "5h Ks 5d", "--bets", ","],
        "no recorded bet",
    ),
    case(
        "audit-ledger-bets-huge",
        ["audit", "ledger", "--seen", "5h Ks 5d", "--bets", "7@0 " * 2000],
        "characters; allowed at most 4000",
    ),
    case(
        "audit-ledger-alpha",
        ["audit", "ledger", "--seen", "5h Ks 5d", "--bets", "7@0", "--alpha", "2"],
        "alpha=2: allowed",
    ),
    case(
        "audit-ledger-seen-bad",
        ["audit", "ledger", "--seen", "5h Ks", "--bets", "7@0"],
        "end inside a turn",
    ),
    case(
        "audit-ledger-too-costly",
        ["audit", "ledger", "--seen", DECK + " |", "--bets", "7@0 high-card@20"],
        "the law of 2 recorded bets over 25 turns: about",
    ),
    case(
        "audit-ledger-game-coppered",
        ["audit", "ledger", "--game", "two-deck", "--seen", "5h Ks", "--bets", "K:coppered@0"],
        "coppered bets: a Faro bet",
    ),
    case(
        "audit-ledger-sheet-header",
        "audit ledger --sheet a.csv",
        "naming a seen and bets columns",
        a__csv=b"seen\n5h Ks 5d\n",
    ),
    case(
        "audit-ledger-sheet-bad-row",
        "audit ledger --sheet a.csv",
        "deal 2: unknown card '1x'",
        a__csv=b"seen,bets\n5h Ks 5d,K@0\n5h 1x 5d,K@0\n",
    ),
    case(
        "audit-ledger-sheet-json-key",
        "audit ledger --sheet a.json",
        "colour: unknown key",
        a__json=b'[{"seen": "5h Ks 5d", "bets": "K@0", "colour": "red"}]',
    ),
    case(
        "audit-ledger-sheet-json-number",
        "audit ledger --sheet a.json",
        "bets: bad value",
        a__json=b'[{"seen": "5h Ks 5d", "bets": 7}]',
    ),
    case(
        "audit-ledger-sheet-rows",
        "audit ledger --sheet a.json",
        "allowed a list of 1 to 100 rows",
        a__json=b"[" + b",".join([b'{"seen": "5h", "bets": "K@0"}'] * 101) + b"]",
    ),
    case(
        "audit-ledger-sheet-long-field",
        "audit ledger --sheet a.csv",
        "characters; allowed",
        a__csv=b"seen,bets\n5h Ks 5d," + b"K@0 " * 3000 + b"\n",
    ),
    # --- the deal ------------------------------------------------------------------------------
    case("audit-deal-duplicate", ["audit", "deal", "--seen", "5h Ks 5h"], "card 5♥ is seen twice"),
    case("audit-deal-marker-inside", ["audit", "deal", "--seen", "5h | Ks"], "after the last card"),
    case("audit-deal-empty", ["audit", "deal", "--seen", "|"], "none"),
    case("audit-deal-huge", ["audit", "deal", "--seen", "7h " * 5000], "characters"),
    case(
        "case-seen-ended-short",
        ["case", "--seen", DECK.replace(" 9d", "") + " |"],
        "with 51 of 52 cards seen; not seen: 9♦",
    ),
    case("case-seen-marker-inside", ["case", "--seen", "5h | Ks 5d"], "after the last card"),
    case(
        "audit-stacked-4300-digits",
        ["audit", "splits", "--counts", "1", "--stacked", "9" * 4300],
        "(about 4300 digits) is too large: allowed whole numbers 0..12",
    ),
    # 360 whole deals: estimated at 7.8 s by their sums alone, they took 12.6 s
    case(
        "audit-parity-360-whole-deals",
        ["audit", "parity", "--class", "7,8,9", *["--seen", DECK + " |"] * 360],
        "the parity audit of 360 deals: about",
    ),
    case(
        "audit-parity-ended-short",
        ["audit", "parity", "--class", "7", "--seen", "5h Ks 5d |"],
        "the deal is over ('|') with 3 of 52 cards seen",
    ),
    case(
        "audit-ledger-bet-after-the-last-turn",
        ["audit", "ledger", "--seen", DECK + " |", "--bets", "Q@0 A@25"],
        "deal 1: bet A:stay:1@25: no turn is left to deal",
    ),
    # 30 deals of six bets, each deal's walk within the budget: they were walked one by
    # one for 17 s before the sum of their laws was refused; now refused up front.
    case(
        "audit-ledger-sheet-many-walks",
        "audit ledger --sheet a.json",
        "the ledger audit of 30 deals: about",
        a__json=json.dumps(
            [{"seen": DECK + " |", "bets": "2@0 3@0 4@0 5@0 6@0 7@0"}] * 30
        ).encode(),
    ),
    # five stay bets at stakes 1/2 ... 1/6 placed turn by turn: about 12 s of walk
    case(
        "audit-ledger-five-fractional-bets",
        [
            "audit",
            "ledger",
            "--seen",
            DECK + " |",
            "--bets",
            "2:stay:1/2@0 3:stay:1/3@1 4:stay:1/4@2 5:stay:1/5@3 6:stay:1/6@4",
        ],
        "the law of 5 recorded bets over 25 turns: about",
    ),
]
