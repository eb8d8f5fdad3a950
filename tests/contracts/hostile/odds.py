"""``odds``: numbers, cards, suits, formats, and tables by abzug."""

from __future__ import annotations

from tests.contracts.hostile.harness import HUGE, VERY_LONG, case

FARO_BEFORE_SODA = b'name = "faro-before"\nbase = "faro"\n[options]\nsoda = "before"\n'

CASES = [
    # --- numbers -------------------------------------------------------------------------
    case("odds-cards-word", "odds --cards abc", "'abc' is not a whole number"),
    case("odds-cards-negative", "odds --cards -5", "-5 is too small"),
    case("odds-cards-float", "odds --cards 1.5", "'1.5' is not a whole number"),
    case("odds-cards-arabic-digit", "odds --cards ٣", "not a whole number"),
    case("odds-copies-fullwidth-digit", "odds --copies ３", "not a whole number"),
    case("odds-cards-superscript", "odds --cards ²", "not a whole number"),
    case("odds-cards-exponent", "odds --cards 1e999999", "not a whole number"),
    case("odds-cards-code", ["odds", "--cards", "__import__('os').system('x')"], "whole number"),
    case("odds-cards-5000-digits", ["odds", "--cards", VERY_LONG], "not a whole number"),
    case("odds-copies-above-cards", "odds --cards 52 --copies 60", "copies"),
    case("odds-copies-huge", f"odds --cards {HUGE} --copies {HUGE[:30]}", "limit"),
    case("odds-cards-4000-digits", ["odds", "--cards", "9" * 4000, "--copies", "20"], "digits"),
    # --- cards, suits, formats -----------------------------------------------------------
    case("odds-deck-53", "odds --deck 53", "'53' is not one of"),
    case("odds-card-unknown", "odds --card 7x", "unknown card '7x'"),
    case("odds-card-code", ["odds", "--card", "__import__('os').system('x')"], "unknown card"),
    case("odds-suits-unknown", "odds --cards 20 --copies 2 --card 7h --suits zz", "suit"),
    case("odds-format", "odds --format yaml", "'yaml' is not one of"),
    # --- by abzug ------------------------------------------------------------------------
    case("odds-by-abzug-googol", f"odds --cards {HUGE} --by-abzug", "limit"),
    case("odds-by-abzug-huge", "odds --cards 1000000000 --by-abzug", "cards=1000000000"),
    case(
        "odds-by-abzug-json",
        "odds --cards 1000000000 --by-abzug --format json",
        "cards=1000000000",
    ),
    case(
        "odds-by-abzug-text",
        "odds --cards 10000000 --copies 4 --by-abzug --format text",
        "cards=10000000 with copies=4 gives 5000000 rows",
    ),
    case(
        "odds-by-abzug-decimals",
        "odds --cards 10000000 --by-abzug --format csv --decimals 6",
        "cards=10000000",
    ),
    case(
        "odds-by-abzug-soda-huge",
        "odds --scheme faro.toml --cards 100000000 --by-abzug",
        "limit",
        faro__toml=FARO_BEFORE_SODA,
    ),
    case("odds-one-deck-no-copy", "odds --one-deck --copies 0", "copies=0 in a one-deck game"),
    case("odds-preset-five-copies", "odds --deck 36 --copies 5", "copies=5 in the preset 36-card"),
    case(
        "odds-by-abzug-rows-beyond-a-float",
        ["odds", "--cards", "1" + "0" * 3999, "--copies", "11", "--by-abzug"],
        "1e+300 or more s of work",
    ),
    case(
        "odds-decimals-1000-digits",
        ["odds", "--decimals", "9" * 1000],
        "'--decimals': (about 1000 digits) is too many places: allowed 0..50",
    ),
    # --- hostile6: a huge number named by its size, the banker's deck where it is meant --
    case(
        "odds-preset-copies-4300-digits",
        ["odds", "--copies", "9" * 4300],
        "copies=(about 4300 digits) in the preset 52-card deck, which holds 4 of each rank: "
        "allowed copies <= 4",
    ),
    case(
        "odds-faro-one-deck-of-one-card",
        "odds --scheme faro --cards 1 --copies 1 --one-deck",
        "the banker's deck holds none: allowed a banker's deck of 1 card or more",
    ),
    case(
        "odds-faro-every-card-a-copy-4300-digits",
        ["odds", "--scheme", "faro", "--cards", "9" * 4300, "--copies", "9" * 4300],
        "got (about 4300 digits) copies in a banker's deck of (about 4300 digits) cards",
    ),
    # --plot of a deck whose abzugs pass a float: refused before 800 exact rows of
    # 17 000-digit counts (6 s), and near the largest float before matplotlib's ticks
    # fail ("internal error (ValueError: arange: cannot compute length)")
    case(
        "odds-plot-4300-digit-deck",
        ["odds", "--cards", "9" * 4300, "--plot", "x.svg"],
        "cannot draw this result: one of its values",
    ),
    case(
        "odds-plot-abzugs-near-the-largest-float",
        ["odds", "--cards", str(2 * int(1.7e308)), "--plot", "x.svg"],
        "cannot draw this result: one of its values",
    ),
]
