"""``table``: ranges of decks, tables by abzug, and tables too large or too slow to count.

Every size is counted, and every cost estimated, before anything is computed: the
largest requests are refused at once.
"""

from __future__ import annotations

from tests.contracts.hostile.harness import HUGE, case, many_rules_scheme

BAD_SCHEME = b'name = "bad"\n[[rules]]\nposition = 0\npayoff = "1/0"\n'

CASES = [
    # --- ranges ------------------------------------------------------------------------------
    case("table-range-word", "table --cards 4..a", "4..a"),
    case("table-range-copies-word", "table --copies x", "--copies 'x' is not a valid range"),
    case("table-range-empty", ["table", "--cards", ""], "cards"),
    case("table-range-step-zero", "table --cards 4..12:0", "4..12:0"),
    case(
        "table-range-step-missing", "table --cards 4..12:", "--cards '4..12:' is not a valid range"
    ),
    case("table-range-step-without-range", "table --cards 4:", "--cards '4:' is not a valid range"),
    case("table-range-backwards", "table --cards 8..4", "--cards '8..4' is not a valid range"),
    case("table-range-arabic", "table --cards ٥٢", "is not a valid range"),
    case("table-range-long", "table --cards 1234567890123", "allowed 12 digits at most"),
    case("table-cards-googol", f"table --cards {HUGE}", "12 digits"),
    case("table-range-many", "table --cards 1..999999999999", "has too many values: at most 50000"),
    case("table-no-rows", "table --cards 2 --copies 5", "the table has no rows"),
    # --- schemes, games, formats -------------------------------------------------------------
    case("table-thirds", "table --scheme thirds", "scheme 'thirds' depends on"),
    case("table-scheme-unknown", "table --scheme classic,nope", "unknown scheme 'nope'"),
    case("table-scheme-file-missing", "table --scheme missing.toml", "missing.toml"),
    case("table-scheme-file-bad", "table --scheme bad.toml", "bad.toml", bad__toml=BAD_SCHEME),
    case("table-scheme-none", "table --scheme ,", "names no scheme"),
    case("table-scheme-empty", ["table", "--scheme", ""], "--scheme '' names no scheme"),
    case("table-scheme-trailing-comma", "table --scheme classic,", "has an empty name in its list"),
    case(
        "table-game-unknown",
        "table --game three-deck",
        "--game 'three-deck': allowed games are two-deck, one-deck",
    ),
    case(
        "table-game-twice", "table --one-deck --game two-deck", "--one-deck and --game both given"
    ),
    case("table-decimals-1000", "table --decimals 1000", "allowed 0..50"),
    case("table-decimals-many", "table --decimals 51", "51 is too many places"),
    case("table-decimals-negative", "table --decimals -1", "-1 is too small"),
    case("table-format-unknown", "table --format xml", "'xml' is not one of"),
    # --- too large ---------------------------------------------------------------------------
    case("table-ten-million-rows", "table --cards 4..10000000", "50000"),
    case(
        "table-rows-counted",
        "table --cards 1..50000 --copies 1..50000",
        "1250025000 rows: at most 50000",
    ),
    case("table-cost", "table --cards 999999999999 --copies 1000000", "limit"),
    case(
        "table-slow",
        "table --cards 1000..40000 --copies 200",
        "(the most for deck=40000 with copies=200): about 45 s of work, more than the limit",
    ),
    case(
        "table-digits",
        "table --cards 10000000 --copies 5000000",
        "cards=10000000 with copies=5000000",
    ),
    case("table-output-refused-run", "table --cards 4..10000000 -o out.csv", "50000"),
    case("table-output-no-directory", "table -o nodir/out.csv", "cannot write"),
    # --- by abzug ----------------------------------------------------------------------------
    case("table-by-abzug-googol", f"table --cards {HUGE} --by-abzug", "too large"),
    case(
        "table-by-abzug-set-ups",
        "table --by-abzug --cards 1..50000 --copies 1..50000",
        "got 1250025000",
    ),
    case("table-by-abzug-three", "table --by-abzug", "needs one set-up, got 3"),
    case("table-by-abzug-scheme", "table --by-abzug --cards 52 --scheme faro", "takes no --scheme"),
    case(
        "table-by-abzug-huge",
        "table --by-abzug --cards 999999999999 --copies 4",
        "cards=999999999999 with copies=4 gives 500000000000 rows",
    ),
    case(
        "table-by-abzug-big-numbers",
        "table --by-abzug --cards 200000 --copies 300",
        "cards=200000 with copies=300",
    ),
    case("table-game-faro", "table --game faro", "--game 'faro' is not dealt here"),
    case(
        "table-scheme-many-rules",
        "table --cards 1000..2000 --copies 4 --scheme heavy.toml",
        "the table (the most for deck=2000 with copies=4): about",
        heavy__toml=many_rules_scheme(),
    ),
    case(
        "table-one-deck-no-copy",
        "table --one-deck --copies 0",
        "the table has no rows: copies=0 in a one-deck game",
    ),
    case(
        "table-faro-no-room-after-the-soda",
        "table --scheme faro --cards 1 --copies 1 --one-deck",
        "the table has no rows: scheme 'faro' burns the first card (the soda)",
    ),
]
