"""``bank``: stakes, ranks, schemes per bet, and banks too large to count."""

from __future__ import annotations

from shtoss_exact.deck import RANKS_52
from tests.contracts.hostile.harness import HUGE, case

SEVEN_SCHEMES = ["classic", "lob-half", "gorka-half", "eleven", "bait", "pharaon", "bassette"]
THIRTEEN = [f"--bet={rank}" for rank in RANKS_52]
# Thirty stakes with coprime 60-digit denominators: their common denominator alone has
# 1 800 digits.
COPRIME = [f"--bet={RANKS_52[i % 13]}:1/{10**59 + 2 * i + 1}" for i in range(30)]

CASES = [
    # --- stakes, ranks, schemes ------------------------------------------------------------
    case("bank-no-bet", "bank", "Missing option '--bet'"),
    case("bank-stake-word", "bank --bet 7:abc", "stake 'abc'"),
    case("bank-stake-zero-denominator", "bank --bet 7:1/0", "divides by zero"),
    case("bank-stake-negative", "bank --bet 7:-1", "not positive"),
    case("bank-stake-exponent", "bank --bet 7:1e999999", "not a number"),
    case("bank-stake-fullwidth", "bank --bet 7:３", "not a number"),
    case("bank-stake-float-exponent", "bank --bet 7:1e9", "'1e9'"),
    case("bank-stake-zero", "bank --bet 7:0", "not positive"),
    case("bank-stake-61-digits", ["bank", "--bet", "7:" + "1" * 61], "digits"),
    case("bank-stake-code", ["bank", "--bet", "7:__import__('os')"], "not a number"),
    case("bank-stakes-coprime-denominators", ["bank", *COPRIME], "digits"),
    case("bank-rank-unknown", "bank --bet X", "unknown rank 'X'"),
    case("bank-bet-rank-unknown", "bank --bet Z:1", "unknown rank 'Z'"),
    case("bank-bet-empty-rank", "bank --bet :5", "no rank"),
    case("bank-rank-not-in-deck", "bank --deck 32 --bet 2", "rank 2"),
    case("bank-scheme-unknown", "bank --bet 7:1:nosuch", "unknown scheme 'nosuch'"),
    case("bank-bet-scheme-file-missing", "bank --bet 7:1:missing.toml", "missing.toml"),
    case(
        "bank-bet-scheme-file-bad",
        "bank --bet 7:1:bad.toml",
        "abzug",
        bad__toml=b"[[rules]]\nabzug = 0\npayoff = 1\n",
    ),
    case("bank-thirds", "bank --bet 7 --scheme thirds", "needs the suits"),
    case("bank-bet-scheme-thirds", "bank --bet 7:1:трети", "needs the suits"),
    case(
        "bank-scheme-file-endless",
        "bank --bet 7 --scheme z.toml",
        "z.toml",
        links={"z.toml": "/dev/zero"},
    ),
    case("bank-soda-mixed", "bank --bet 7:1:faro --bet Q", "soda"),
    case("bank-decimals-too-many", "bank --bet 7 --decimals 99", "99"),
    # --- decks -------------------------------------------------------------------------------
    case("bank-copies-more-than-cards", "bank --cards 5 --copies 3 --bet 7 --bet Q", "6 copies"),
    case(
        "bank-one-deck-too-small",
        "bank --one-deck --cards 1 --bet 7 --bet Q",
        "allowed total copies <= cards",
    ),
    case("bank-cards-5000-digits", ["bank", "--cards", "9" * 5000, "--bet", "7"], "not a whole"),
    case("bank-copies-4000-digits", ["bank", "--copies", "9" * 4000, "--bet", "7"], "copies"),
    # --- too large to count ------------------------------------------------------------------
    case(
        "bank-too-many-schemes",
        [
            "bank",
            *[
                f"--bet={rank}:1:{scheme}"
                for rank, scheme in zip("23456789TJQKA", SEVEN_SCHEMES * 2, strict=False)
            ],
        ],
        "limit",
    ),
    case(
        "bank-thirteen-ranks-seven-schemes",
        ["bank", *(f"--bet={rank}:1:{SEVEN_SCHEMES[i % 7]}" for i, rank in enumerate(RANKS_52))],
        "limit",
    ),
    case(
        "bank-thirteen-ranks-mixed-1000-cards",
        [
            "bank",
            *(f"--bet={r}:{i + 1}:{SEVEN_SCHEMES[i % 3]}" for i, r in enumerate(RANKS_52)),
            "--cards",
            "1000",
        ],
        "limit of 10 s",
    ),
    case("bank-googol-cards", f"bank --cards {HUGE} --copies 4 --bet 7 --bet Q", "limit"),
    case("bank-googol-cards-default-copies", f"bank --cards {HUGE} --bet 7 --bet Q", "limit"),
    case("bank-cards-4000-digits", ["bank", "--cards", "9" * 4000, "--bet", "7"], "limit"),
    case(
        "bank-cards-8000-copies-2000",
        "bank --cards 8000 --copies 2000 --bet 7 --bet Q",
        "digits",
    ),
    case(
        "bank-cards-100000-copies-20000",
        "bank --cards 100000 --copies 20000 --bet 7 --bet Q",
        "digits",
    ),
    case("bank-million-cards-length", "bank --cards 1000000 --bet 7", "rows"),
    case("bank-thousand-bets", ["bank", *["--bet", "7"] * 1000], "300 bets"),
    case(
        "bank-joint-too-large",
        ["bank", "--joint", *[f"--bet={rank}" for rank in "23456789TJQKA"]],
        "100000",
    ),
    case("bank-joint-thirteen-ranks", ["bank", "--joint", *THIRTEEN], "100000"),
    case("bank-joint-three-ranks", "bank --joint --bet 7 --bet Q --bet A", "100000"),
    case("bank-one-deck-no-copy", "bank --one-deck --copies 0 --bet 7", "copies=0 of 7"),
    case(
        "bank-preset-copies-4300-digits",
        ["bank", "--bet", "7", "--copies", "9" * 4300],
        "copies=(about 4300 digits) of 7 in the preset 52-card deck, which holds 4 of each "
        "rank: allowed copies <= 4",
    ),
]
