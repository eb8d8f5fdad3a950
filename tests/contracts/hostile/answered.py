"""Inputs that look hostile but have an answer: each must be answered (exit status 0,
nothing on stderr) within ``ANSWER_SECONDS`` and in less than ``ANSWER_MEMORY``.

A guard must not refuse what finishes well within its limits: huge decks with a
closed form, long chains that are solved, banks of every rank, payoffs with hundreds
of digits, and a million-row table streamed to a file.
"""

from __future__ import annotations

import json

from shtoss_exact.deck import RANKS_52
from tests.contracts.hostile.harness import (
    HUGE,
    HUGE_PAYOFFS,
    answer,
    coprime_scheme,
    heavy_scheme,
    many_rules_scheme,
    premiums_scheme,
    wide_scheme,
)

SEVEN_SCHEMES = ["classic", "lob-half", "gorka-half", "eleven", "bait", "pharaon", "bassette"]
THIRTEEN = [f"--bet={rank}" for rank in RANKS_52]
SMALL_GOAL = ["--bankroll", "5", "--target", "10"]
WHOLE_DEAL = " ".join(f"{rank}{suit}" for suit in "shdc" for rank in RANKS_52)

ANSWERED = [
    # --- cards as a phone's keyboard writes them: ♥️ is ♥ and U+FE0F (once "unknown rank '5♥'")
    answer(
        "case-seen-emoji-suits", ["case", "--seen", "5\u2665\ufe0f K\u2660\ufe0f 5\u2666\ufe0f"]
    ),
    answer("odds-card-emoji-suit", ["odds", "--card", "7\u2665\ufe0f", "--scheme", "thirds"]),
    # --- odds --------------------------------------------------------------------------------
    answer("odds-billion-cards-1000-copies", "odds --cards 1000000000 --copies 1000"),
    answer(
        "odds-huge-payoffs-huge-deck",
        "odds --scheme h.toml --cards 4900 --copies 2450",
        h__toml=b"[payoffs]\nkilled = 1e399\ngiven = 1e-399\n",
    ),
    answer(
        "odds-by-abzug-soda-before",
        "odds --scheme faro.toml --by-abzug --format json",
        faro__toml=b'name = "faro-before"\nbase = "faro"\n[options]\nsoda = "before"\n',
    ),
    answer(
        "odds-by-abzug-million-rows-to-a-file",
        "odds --cards 2000000 --by-abzug --format csv -o out.csv",
        leaves=("out.csv",),
    ),
    answer(
        "odds-cards-4001-digits-json",
        ["odds", "--cards", "1" + "0" * 4000, "--copies", "1", "--format", "json"],
    ),
    answer(
        "table-scheme-many-rules-under-the-limit",
        "table --cards 200..230 --copies 4 --scheme heavy.toml",
        heavy__toml=many_rules_scheme(),
    ),
    # --- bank --------------------------------------------------------------------------------
    answer("bank-thirteen-ranks-10000-cards", ["bank", *THIRTEEN, "--cards", "10000"]),
    answer(
        "bank-thirteen-ranks-10000-cards-csv",
        ["bank", *THIRTEEN, "--cards", "10000", "--format", "csv"],
    ),
    answer(
        "bank-thirteen-ranks-mixed-schemes",
        ["bank", *(f"--bet={r}:{i + 1}:{SEVEN_SCHEMES[i % 3]}" for i, r in enumerate(RANKS_52))],
    ),
    # Three schemes of a thousand rules each: 14.5 s when every outcome ran through
    # every rule; each is settled from the rules that can match its place.
    answer(
        "bank-three-thousand-rule-schemes-2000-cards",
        "bank --bet 7:1:h1.toml --bet Q:1:h2.toml --bet K:1:h3.toml --cards 2000",
        h1__toml=heavy_scheme("h1", payoff="-1/2", amount="1/10"),
        h2__toml=heavy_scheme("h2", payoff="-1/3", amount="1/7"),
        h3__toml=heavy_scheme("h3", payoff="-1/5", amount="1/11"),
    ),
    answer("bank-two-ranks-400-copies", "bank --cards 3000 --copies 400 --bet 7 --bet Q"),
    answer("bank-joint-120-cards", "bank --joint --cards 120 --bet 7 --bet Q"),
    # --- series ------------------------------------------------------------------------------
    answer("series-deals-1500", "series --deals 1500"),
    answer("series-cards-4000-digits", ["series", "--deals", "2", "--cards", "9" * 4000]),
    answer("series-length-googol", "series --deals 3 --series 10000000000000000000"),
    answer("series-length-billion", "series --deals 3 --series 1000000000"),
    answer("series-length-million", "series --deals 1000 --series 1000000"),
    answer("series-raise-100", "series --plan raise --deals 100"),
    answer(
        "series-graph-on-stdout-report-to-a-file",
        "series --plan paroli:2 --deals 5 --export-graph - -o report.txt",
        leaves=("report.txt",),
    ),
    answer("series-raise-ruin-100", "series --plan raise --bankroll 100 --target 200"),
    answer("series-raise-ruin-300", "series --plan raise --bankroll 300 --target 600"),
    answer(
        "series-paroli-coprime-payoffs-7-deals",
        "series --plan paroli:3 --scheme c.toml --deals 7",
        c__toml=coprime_scheme(),
    ),
    answer(
        "series-paroli-bait-premiums-12-deals",
        "series --plan paroli:2 --scheme b.toml --deals 12",
        b__toml=premiums_scheme(),
    ),
    # Payoffs of 400 digits: the ranges' estimate past a float (once an OverflowError) is
    # still small for two deals of the stop plan.
    answer(
        "series-stop-payoffs-400-digits",
        "series --plan stop --scheme h.toml --deals 2",
        h__toml=HUGE_PAYOFFS,
    ),
    # Flat play on payoffs of 400 digits: a grid of nets past any float, but few nets (the
    # ways three deals fall among the outcomes), and a walk to ruin or target that each
    # decided deal ends.
    answer(
        "series-flat-payoffs-400-digits", "series --scheme h.toml --deals 3", h__toml=HUGE_PAYOFFS
    ),
    answer(
        "series-flat-payoffs-400-digits-ruin",
        "series --scheme h.toml --bankroll 5 --target 10",
        h__toml=HUGE_PAYOFFS,
    ),
    # 80 payoffs over coprime denominators of 59 digits over 4 deals: the ways the deals
    # fall (a net each, on keys of thousands of bits) are few enough; over 5 deals refused.
    answer(
        "series-flat-80-coprime-payoffs-4-deals",
        "series --deals 4 --cards 200 --scheme w.toml",
        w__toml=wide_scheme(80, "given", lambda i: f"1/{10**58 + 2 * i + 1}", start=2),
    ),
    answer("series-flat-1000-deals-ruin", "series --deals 1000 --bankroll 20 --target 40"),
    answer("series-flat-ruin-1000", "series --bankroll 1000 --target 2000 --format json"),
    answer(
        "series-ruin-thirds-small-kush",
        "series --bankroll 1 --target 2 --kush 1/100 --scheme thirds --card 7h",
    ),
    # --- strategy ----------------------------------------------------------------------------
    # 2 999 bankrolls: about 4.5 s, once refused as 11 s (its sweep counted at 400 ns a
    # term for 100, bold play's values at Hadamard's length, the lifting past the limit)
    answer(
        "strategy-target-3000-max-stake", "strategy --bankroll 1 --target 3000 --max-stake 3000"
    ),
    # The optimal stakes take about 3 s, and 6 s with every named plan but stop: the stop
    # plan's walk to the target must not take longer (it takes about 70 s today).
    answer("strategy-target-2000", "strategy --bankroll 1 --target 2000 --max-stake 2000"),
    # Expected deals (a policy iteration from timid play) up to 400: about 2 s.
    answer("strategy-stay-400", "strategy --bankroll 1 --target 400 --objective stay"),
    answer("series-stop-ruin-2000", "series --plan stop --bankroll 1 --target 2000"),
    # A payoff of 400 digits moves a bankroll past the target (or below ruin) at any stake:
    # it settles at the grid's end, costing no more than a payoff of one.
    answer(
        "strategy-payoffs-400-digits",
        "strategy --scheme h.toml --bankroll 5 --target 10",
        h__toml=HUGE_PAYOFFS,
    ),
    # --- sixty digits, the longest number: accepted wherever it is bounded ----------------
    answer("strategy-max-stake-60-digits", ["strategy", *SMALL_GOAL, "--max-stake", "9" * 60]),
    answer("series-max-stake-60-digits", ["series", "--deals", "2", "--max-stake", "9" * 60]),
    answer("series-kush-60-digits", ["series", "--deals", "2", "--kush", "9" * 60]),
    answer(
        "plot-strategy-max-stake-60-digits",
        ["plot", "-o", "x.svg", "--kind", "strategy", *SMALL_GOAL, "--max-stake", "9" * 60],
        leaves=("x.svg",),
    ),
    # 40 001 bars of probabilities over D**20000: drawn as floats off the counts, where
    # each one's gcd took 23 s in all.
    answer(
        "plot-series-20000-deals", "plot -o x.png --kind series --deals 20000", leaves=("x.png",)
    ),
    answer("plot-googol-cards", f"plot -o out.png --cards {HUGE}", leaves=("out.png",)),
    answer("odds-googol-cards-plot-pdf", f"odds --cards {HUGE} --plot o.pdf", leaves=("o.pdf",)),
    answer(
        "plan-file-kush-60-digit-int",
        "series --plan-file p.toml --deals 2",
        p__toml=b"kush = " + b"9" * 60,
    ),
    # --- built-in names before files of the working directory, composed text ---------------
    answer(
        "scheme-builtin-beside-files-of-its-name",
        "odds --scheme classic",
        classic=b"\xff not a scheme",
        classic__toml=b"[[[",
    ),
    answer(
        "case-pattern-builtin-beside-file-of-its-name",
        ["case", "--seen", "5h", "--pattern", "every-rank"],
        **{"every-rank": b"\x00"},
    ),
    answer(
        "scheme-name-no-break-spaces",
        "odds --scheme n.toml",
        n__toml='name = "my\u00a0scheme\u202fof\u3000halves"\nbase = "lob-half"\n'.encode(),
    ),
    answer(
        "scheme-file-decomposed-plie",
        "odds --scheme k.toml",
        k__toml='name = "и\u0306"\n[[rules]]\nkind = "plie\u0301"\npayoff = "-1/2"\n'.encode(),
    ),
    # hostile6
    # A byte-order mark at the start of a data file (Notepad's, Excel's "CSV UTF-8") is
    # the encoding's signature: read past, in every kind of file.
    answer(
        "audit-cue-sheet-with-a-bom",
        "audit splits --sheet a.csv",
        a__csv=b"\xef\xbb\xbfsplits\n1\n2\n",
    ),
    answer(
        "audit-ledger-sheet-with-a-bom",
        "audit ledger --sheet a.json",
        a__json=b'\xef\xbb\xbf[{"seen": "5h Ks 5d", "bets": "K@0"}]',
    ),
    answer(
        "scheme-file-toml-with-a-bom",
        "odds --scheme b.toml",
        b__toml=b'\xef\xbb\xbfname = "b"\nbase = "lob-half"\n',
    ),
    # The end-of-deal marker after the hock, as every --seen reads it (the parity audit
    # took it for a card).
    answer(
        "audit-parity-whole-deal-ended",
        ["audit", "parity", "--class", "7,8,9", "--seen", WHOLE_DEAL + " |"],
    ),
    # 40 deals of two bets: the sum of their laws falls on one grid, a few hundred values
    # (it was refused as "about 2.4e+30 s of work", the product of the laws' lengths).
    answer(
        "audit-ledger-sheet-40-deals",
        "audit ledger --sheet a.json",
        a__json=json.dumps(
            [
                {"seen": WHOLE_DEAL + " |", "bets": f"A:stay:1@{i % 20} K:stay:1@0"}
                for i in range(40)
            ]
        ).encode(),
    ),
    # four such bets: about 1.5 s, once refused as "about 36 s" by the walk's bound alone
    answer(
        "audit-ledger-four-fractional-bets",
        [
            "audit",
            "ledger",
            "--seen",
            WHOLE_DEAL + " |",
            "--bets",
            "2:stay:1/2@0 3:stay:1/3@1 4:stay:1/4@2 5:stay:1/5@3",
        ],
    ),
    # 100 deals of three bets: about 5 s, once refused as "about 12 s" (the sum of the
    # laws counted with products of a few hundred bits by long ones 4 times too dear)
    answer(
        "audit-ledger-sheet-100-deals-three-bets",
        "audit ledger --sheet a.json",
        a__json=json.dumps([{"seen": WHOLE_DEAL + " |", "bets": "K@0 Q@0 J@0"}] * 100).encode(),
    ),
]
