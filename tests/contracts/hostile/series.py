"""``series``: plans, stakes across deals, plan files, and chains too long to follow."""

from __future__ import annotations

from tests.contracts.hostile.harness import DEEP, HUGE, VERY_LONG, case, random_bytes

CASES = [
    case("series-deals-billion", "series --plan paroli:3 --deals 1000000000", "limit"),
    case("series-deals-billion-flat", "series --deals 1000000000", "limit"),
    case(
        "series-deals-googol",
        f"series --deals {HUGE}",
        "a number of about 101 digits deals: exact values",
    ),
    case("series-raise-million", "series --plan raise --deals 1000000", "limit"),
    case("series-plan-unknown", "series --plan martingale", "unknown plan 'martingale'"),
    case("series-plan-bound-5000-digits", ["series", "--plan", "paroli:" + VERY_LONG], "paroli"),
    case("series-plan-bound-on-flat", "series --plan flat:3 --deals 2", "flat:3"),
    case("series-kush-zero", "series --kush 0", "kush"),
    case("series-kush-zero-deals", "series --kush 0 --deals 2", "kush"),
    case("series-kush-code", ["series", "--kush", "__import__('os').system('x')"], "exact number"),
    case("series-kush-arabic", "series --kush ٣", "exact number"),
    case("series-kush-5000-digits", ["series", "--kush", VERY_LONG, "--deals", "2"], "digits"),
    case("series-target-exponent", "series --target 1e999999", "exact number"),
    case("series-bankroll-below-kush", "series --deals 2 --bankroll 1/2", "bankroll=1/2"),
    case(
        "series-ruin-state-space", f"series --bankroll {HUGE[:40]} --target 2{HUGE[1:40]}", "limit"
    ),
    case("series-ruin-walk-wide", "series --bankroll 1000000 --target 2000000", "limit"),
    case(
        "series-ruin-paroli-wide",
        "series --plan paroli:3 --bankroll 1000000 --target 2000000",
        "limit",
    ),
    case(
        "series-ruin-thirds-wide",
        "series --bankroll 3000 --target 6000 --scheme thirds --card 7h",
        "limit",
    ),
    # Past the stop plan's 2000-state walk (answered in seconds): refused up front.
    case("series-stop-ruin-6000", "series --plan stop --bankroll 1 --target 6000", "limit"),
    case("series-bankroll-alone", "series --bankroll 5", "--target"),
    case(
        "series-thirds-paroli-100",
        "series --plan paroli:3 --deals 100 --scheme thirds --card 7h",
        "limit",
    ),
    case("series-thirds-without-card", "series --scheme thirds --deals 2", "thirds"),
    case("series-length-zero", "series --deals 3 --series 0", "0 is too small"),
    case("series-without-deals", "series --bankroll 2 --target 4 --series 2", "deals"),
    case("series-json-too-long", "series --deals 10000 --format json", "limit"),
    case("series-never-ends", "series --bankroll 2 --target 4 --cards 10 --copies 0", "never ends"),
    case("plan-file-missing", "series --plan-file missing.toml", "cannot read"),
    case(
        "plan-file-endless",
        "series --plan-file z.toml",
        "not a regular file",
        links={"z.toml": "/dev/zero"},
    ),
    case(
        "plan-file-random-bytes",
        "series --plan-file p.toml",
        "p.toml",
        p__toml=random_bytes(4096, 2),
    ),
    case("plan-file-empty", "series --plan-file p.toml", "empty", p__toml=b""),
    case(
        "plan-file-fifo",
        "series --plan-file f.toml --deals 2",
        "not a regular file",
        fifos=("f.toml",),
    ),
    case("plan-file-nul-bytes", "series --plan-file p.toml", "bad TOML", p__toml=b"\x00" * 64),
    case(
        "plan-file-nested",
        "series --plan-file p.toml",
        "p.toml",
        p__toml=b"story = " + b"[" * DEEP + b"]" * DEEP,
    ),
    case(
        "plan-file-huge",
        "series --plan-file p.toml",
        "bytes",
        p__toml=b'name = "big"\n# ' + b"x" * 1_100_000 + b"\n",
    ),
    case("plan-file-unknown-key", "series --plan-file p.toml", "unknown key", p__toml=b"stake = 2"),
    case(
        "plan-file-duplicate-key",
        "series --plan-file p.json",
        "twice",
        p__json=b'{"kush": 1, "kush": 1000}',
    ),
    case(
        "plan-file-kush-code",
        "series --plan-file p.toml",
        "exact number",
        p__toml=b"kush = \"__import__('os').system('x')\"",
    ),
    case(
        "plan-file-kush-5000-digits",
        "series --plan-file p.toml --deals 2",
        "digits",
        p__toml=b'kush = "' + b"9" * 5000 + b'"',
    ),
    case(
        "plan-file-kush-5000-digit-int",
        "series --plan-file p.json --deals 2",
        "digits",
        p__json=b'{"kush": ' + b"9" * 5000 + b"}",
    ),
    case(
        "plan-file-kush-exponent", "series --plan-file p.toml", "kush", p__toml=b"kush = 1e999999"
    ),
    case("plan-file-kush-nan", "series --plan-file p.json", "p.json", p__json=b'{"kush": NaN}'),
    case("plan-file-raises-word", "series --plan-file p.toml", "raises", p__toml=b'raises = "two"'),
    case(
        "plan-file-story-2000",
        "series --plan-file p.toml",
        "story",
        p__toml=b"story = [" + b", ".join([b'"sonik-won"'] * 2000) + b"]",
    ),
    case(
        "plan-file-story-longer-than-deals",
        "series --plan-file p.toml",
        "story",
        p__toml=b'deals = 1\nstory = ["sonik-won", "lob-killed"]',
    ),
    case(
        "plan-file-control-character",
        "series --plan-file p.toml --deals 2",
        "control",
        p__toml=b'name = "\\u001b[2J"',
    ),
    case(
        "plan-file-deals-huge",
        "series --plan-file p.toml",
        "limit",
        p__toml=b'after_win = "ride"\nraises = 3\ndeals = 1000000000000',
    ),
    case(
        "plan-file-wrong-suffix", "series --plan-file p.yaml", "unknown file type", p__yaml=b"a: 1"
    ),
    case("export-graph-suffix", "series --deals 2 --export-graph chain.txt", ".graphml"),
    case(
        "export-graph-no-directory", "series --deals 2 --export-graph nodir/c.dot", "cannot write"
    ),
    case(
        "export-graph-refused-run",
        "series --plan paroli:3 --deals 1000000000 --export-graph c.graphml",
        "limit",
    ),
    case(
        "export-graph-too-large",
        "series --plan raise --deals 30000 --export-graph c.dot",
        "30000 deals of a chain of more than",
    ),
    case("series-target-without-bankroll", "series --deals 2 --target 5", "needs a bankroll"),
    case(
        "series-target-not-above-bankroll",
        "series --deals 2 --bankroll 5 --target 5",
        "target=5 is not above bankroll=5",
    ),
    # The graph on standard output only when -o sends the report elsewhere.
    case("export-graph-stdout-with-report", "series --deals 2 --export-graph -", "-o FILE"),
    case("export-graph-stdout-report-dash", "series --deals 2 --export-graph - -o -", "-o FILE"),
    case(
        "export-graph-same-file-as-report",
        "series --deals 2 --export-graph c.dot -o c.dot",
        "a file each",
    ),
    case(
        "export-graph-same-file-through-link",
        "series --deals 2 --export-graph c.dot -o link.dot",
        "a file each",
        links={"link.dot": "c.dot"},
    ),
]
