"""``case``: the cards seen, the case, games, bets and patterns (and ``plot --kind case``)."""

from __future__ import annotations

from shtoss_exact.deck import RANKS_52
from tests.contracts.hostile.harness import LONG_EXPONENT, case

WHOLE_DEAL = " ".join(f"{rank}{suit}" for suit in "shdc" for rank in RANKS_52)

CASES = [
    # --- the cards seen ------------------------------------------------------------------
    case("case-seen-unknown-card", ["case", "--seen", "5h 1x 5d"], "unknown card '1x'"),
    case("case-seen-unknown-suit", ["case", "--seen", "5z"], "unknown card '5z'"),
    case("case-seen-twice", ["case", "--seen", "5h Ks 5h"], "card 5♥ is seen twice"),
    case(
        "case-seen-not-in-deck",
        ["case", "--game", "two-deck", "--deck", "36", "--seen", "2h 7c"],
        "not in the 36-card deck",
    ),
    case("case-seen-inside-a-turn", ["case", "--seen", "5h Ks"], "end inside a turn"),
    # once "1 cards dealt end inside a turn"
    case(
        "case-seen-pharaon-odd",
        ["case", "--game", "pharaon", "--seen", "5h"],
        "cards seen: 1 card dealt ends inside a turn",
    ),
    case("case-seen-whole-deck-twice", ["case", "--seen", " ".join(["5h"] * 60)], "seen twice"),
    case("case-seen-huge", ["case", "--seen", "7h " * 5000], "characters"),
    case("case-seen-control-chars", ["case", "--seen", "5h \x1b[31m"], "unknown card"),
    case("case-seen-and-case", ["case", "--seen", "5h", "--case", "A:1"], "--seen or --case"),
    # --- the case --------------------------------------------------------------------------
    case("case-syntax", ["case", "--case", "A=1"], "is not RANK:COPIES"),
    case("case-too-many-copies", ["case", "--case", "A:5"], "allowed a whole number 0..4"),
    case("case-negative", ["case", "--case", "A:-1"], "allowed a whole number 0..4"),
    case("case-huge-copies", ["case", "--case", "A:" + "9" * 5000], "characters"),
    case("case-long-digits", ["case", "--case", "A:99999"], "allowed a whole number 0..4"),
    case("case-unknown-rank", ["case", "--case", "X:1"], "unknown rank 'X'"),
    case("case-rank-twice", ["case", "--case", "A:1,A:2"], "rank A is given twice"),
    case("case-star-twice", ["case", "--case", "*:0,*:1"], "'*' is given twice"),
    case("case-inside-a-turn", ["case", "--case", "A:2"], "end inside a turn"),
    case("case-empty", ["case", "--case", ","], "no rank given"),
    case("case-fullwidth-digit", ["case", "--case", "A:３"], "allowed a whole number 0..4"),
    # --- games, schemes, bets ----------------------------------------------------------------
    case(
        "case-game-unknown",
        ["case", "--game", "poker"],
        "--game 'poker': allowed games are faro, stuss, pharaon, bassette, two-deck",
    ),
    case(
        "case-scheme-with-faro", ["case", "--scheme", "classic"], "--scheme is for --game two-deck"
    ),
    case("case-scheme-thirds", ["case", "--game", "two-deck", "--scheme", "thirds"], "has no suit"),
    case("case-scheme-unknown", ["case", "--game", "two-deck", "--scheme", "nosuch"], "nosuch"),
    case(
        "case-coppered-pharaon",
        ["case", "--game", "pharaon", "--bet-kind", "coppered"],
        "coppered bets: a Faro bet",
    ),
    case(
        "case-high-card-bassette",
        ["case", "--game", "bassette", "--bet-kind", "high-card"],
        "high card: a Faro bet",
    ),
    case("case-bet-kind-unknown", ["case", "--bet-kind", "twice"], "'twice' is not one of"),
    case(
        "case-call-the-turn-early",
        ["case", "--call-the-turn"],
        "needs three cards left (loser, winner, hock): 52 cards left",
    ),
    # once "1 are left"
    case(
        "case-call-the-turn-late",
        ["case", "--case", "*:0,A:1", "--call-the-turn"],
        "needs three cards left (loser, winner, hock): 1 card left",
    ),
    case("case-pay-zero", ["case", "--pay-for", "0"], "allowed a payout > 0"),
    # named by the flag, not the library's pay / cathop_pay
    case("case-pay-word", ["case", "--pay-for", "four"], "--pay-for: 'four' is not an exact"),
    case(
        "case-pay-code",
        ["case", "--cathop-pay", "__import__('os')"],
        "--cathop-pay: \"__import__('os')\" is not an exact number",
    ),
    case("case-pay-huge", ["case", "--pay-for", "9" * 5000], "digits"),
    case(
        "case-replay-without-seen",
        ["case", "--case", "5:2,K:3", "--replay"],
        "needs the cards seen",
    ),
    # --- patterns ----------------------------------------------------------------------------
    case("case-pattern-unknown", ["case", "--pattern", "nosuch"], "unknown pattern 'nosuch'"),
    case("case-pattern-missing-file", ["case", "--pattern", "none.toml"], "cannot read the file"),
    case(
        "case-pattern-unknown-key",
        ["case", "--pattern", "p.toml"],
        "bets[1].rank: unknown key; allowed ranks",
        p__toml=b'[[bets]]\nrank = "7"\n',
    ),
    # Д and q are one rank: the line named neither.
    case(
        "case-pattern-rank-twice",
        ["case", "--pattern", "p.toml"],
        "bets[1].ranks: ranks=('Д', 'q') names Q twice: allowed a list of different ranks",
        p__toml='[[bets]]\nranks = ["Д", "q"]\n'.encode(),
    ),
    case(
        "case-pattern-no-bets",
        ["case", "--pattern", "p.toml"],
        "bets: missing; allowed a list of 1 to 16 bet tables",
        p__toml=b'name = "x"\n',
    ),
    case(
        "case-pattern-stake-negative",
        ["case", "--pattern", "p.json"],
        "allowed an exact number > 0",
        p__json=b'{"bets": [{"stake": -1}]}',
    ),
    case(
        "case-pattern-stake-huge",
        ["case", "--pattern", "p.toml"],
        "too long",
        p__toml=b"[[bets]]\nstake = 1e999999\n",
    ),
    case(
        "case-pattern-stake-code",
        ["case", "--pattern", "p.toml"],
        "not an exact number",
        p__toml=b"[[bets]]\nstake = \"__import__('os').system('x')\"\n",
    ),
    case(
        "case-pattern-duplicate-key",
        ["case", "--pattern", "p.json"],
        "given twice",
        p__json=b'{"bets": [{}], "bets": [{}]}',
    ),
    case(
        "case-pattern-bad-toml", ["case", "--pattern", "p.toml"], "bad TOML", p__toml=b"[[bets]\n"
    ),
    case(
        "case-pattern-not-utf8", ["case", "--pattern", "p.toml"], "not UTF-8", p__toml=b"\xff\xfe"
    ),
    case(
        "case-pattern-too-large",
        ["case", "--pattern", "p.toml"],
        "too large",
        p__toml=b"# " + b"x" * 200_000,
    ),
    case(
        "case-pattern-too-many-bets",
        ["case", "--pattern", "p.toml"],
        "bets: 17 entries; allowed a list of 1 to 16",
        p__toml=b"[[bets]]\n" * 17,
    ),
    case(
        "case-pattern-rank-not-in-deck",
        ["case", "--deck", "36", "--game", "two-deck", "--pattern", "p.toml"],
        "bets on 2: not in",
        p__toml=b'[[bets]]\nranks = ["2"]\n',
    ),
    case(
        "case-pattern-copper-pharaon",
        ["case", "--game", "pharaon", "--pattern", "copper-after-two"],
        "coppers bets",
    ),
    case(
        "case-pattern-control-chars",
        ["case", "--pattern", "p.toml"],
        "control character",
        p__toml=b'name = "\\u001b[31mred"\n[[bets]]\n',
    ),
    case(
        "case-pattern-deep",
        ["case", "--pattern", "p.json"],
        "bad JSON",
        p__json=b'{"bets": ' + b"[" * 40_000 + b"]" * 40_000 + b"}",
    ),
    # --- the plot ------------------------------------------------------------------------
    case(
        "plot-seen-twice",
        ["plot", "-o", "c.png", "--kind", "case", "--seen", "5h 5h"],
        "seen twice",
    ),
    case(
        "plot-seen-wrong-kind", ["plot", "-o", "c.png", "--seen", "5h"], "No such option '--seen'"
    ),
    case("case-game-one-deck", "case --game one-deck", "--game 'one-deck' is not dealt here"),
    case(
        "case-pattern-path-without-suffix",
        ["case", "--pattern", "./every-rank"],
        "unknown file type 'none'",
        **{"every-rank": b'name = "x"\n'},
    ),
    case(
        "case-pattern-name-beside-file",
        ["case", "--pattern", "nosuch"],
        "unknown pattern 'nosuch'",
        nosuch=b'[[bets]]\nranks = "live"\n',
    ),
    case(
        "case-pattern-copper-after-hex",
        ["case", "--pattern", "p.toml"],
        "bets[1].copper_after=(about 4817 digits) is not a whole number of at most 4300 digits",
        p__toml=b'[[bets]]\nranks = "live"\ncopper_after = 0x' + b"f" * 4000 + b"\n",
    ),
    case(
        "case-pattern-copper-after-octal",
        ["case", "--pattern", "p.toml"],
        "copper_after=(about 4516 digits)",
        p__toml=b'[[bets]]\nranks = "live"\ncopper_after = 0o' + b"7" * 5000 + b"\n",
    ),
    case(
        "case-pattern-quoted-dotted-key",
        ["case", "--pattern", "p.toml"],
        "a key of more than 16 parts",
        p__toml=b'"a"' + b'."a"' * 20_000 + b" = 1\n",
    ),
    case(
        "pattern-json-stake-exponent-5000-digits",
        "case --seen 5h --pattern p.json",
        "pattern file 'p.json': bad JSON (the decimal 1e999999999999999999... has an exponent",
        p__json=b'{"name": "p", "bets": [{"ranks": "live", "stake": ' + LONG_EXPONENT + b"}]}",
    ),
    # hostile6: a recorded bet that cannot be placed is named, one among up to 200
    case(
        "case-bets-after-the-last-turn",
        ["case", "--seen", WHOLE_DEAL + " |", "--bets", "Q@0 A@25"],
        "bet A:stay:1@25: no turn is left to deal",
    ),
    case(
        "case-bets-on-a-rank-gone",
        ["case", "--seen", WHOLE_DEAL + " |", "--bets", "Q@0 K@25"],
        "bet K:stay:1@25: rank K has no copy left",
    ),
]
