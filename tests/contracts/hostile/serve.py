"""``serve``: ports, hosts and the recorded bets of ``case --bets`` that the page sends.

Every row is refused before a socket is bound (nothing listens, nothing is left)."""

from __future__ import annotations

from tests.contracts.hostile.harness import HUGE, case

CASES = [
    # --- the port and the host -------------------------------------------------------------
    case("serve-port-too-big", ["serve", "--port", "70000"], "70000 is not in the range"),
    case("serve-port-negative", ["serve", "--port", "-1"], "-1 is not in the range"),
    case("serve-port-huge", ["serve", "--port", HUGE], "is not in the range"),
    case("serve-port-word", ["serve", "--port", "http"], "'http' is not a valid integer"),
    case("serve-port-float", ["serve", "--port", "80.5"], "'80.5' is not a valid integer"),
    case("serve-host-public-address", ["serve", "--host", "8.8.8.8"], "not a loopback address"),
    case("serve-host-private", ["serve", "--host", "192.168.1.1"], "not a loopback address"),
    case("serve-host-any", ["serve", "--host", "0.0.0.0"], "not a loopback address"),
    case("serve-host-any-v6", ["serve", "--host", "::"], "not a loopback address"),
    case("serve-host-name", ["serve", "--host", "example.com"], "not a loopback address"),
    case("serve-host-empty", ["serve", "--host", ""], "not a loopback address"),
    case("serve-host-control", ["serve", "--host", "127.0.0.1\x1b[31m"], "not a loopback"),
    case("serve-unknown-option", ["serve", "--bind", "x"], "--bind"),
    # --- the recorded bets (case --bets, the page's bets=) -----------------------------------
    case("case-bets-without-seen", ["case", "--bets", "K"], "give --seen"),
    case("case-bets-with-case", ["case", "--case", "A:3", "--bets", "A"], "give --seen"),
    case("case-bets-kind", ["case", "--seen", "5h", "--bets", "K:sideways"], "is not RANK:KIND"),
    case("case-bets-rank", ["case", "--seen", "5h", "--bets", "X:stay"], "unknown rank 'X'"),
    case("case-bets-stake-zero", ["case", "--seen", "5h", "--bets", "K:stay:0"], "stake > 0"),
    case(
        "case-bets-stake-huge-digits",
        ["case", "--seen", "5h", "--bets", "K:stay:" + "9" * 5000],
        "characters",
    ),
    case("case-bets-turn-word", ["case", "--seen", "5h", "--bets", "K@x"], "whole number of turns"),
    case("case-bets-turn-later", ["case", "--seen", "5h Ks 5d", "--bets", "K@2"], "placed after"),
    case("case-bets-too-many", ["case", "--seen", "5h", "--bets", "K " * 500], "at most 200"),
    case(
        "case-bets-dead-rank", ["case", "--seen", "5h 5s 5d 5c Kh", "--bets", "5@2"], "no copy left"
    ),
    case(
        "case-bets-copper-pharaon",
        ["case", "--game", "pharaon", "--seen", "5h Ks", "--bets", "K:coppered"],
        "a Faro bet",
    ),
]
