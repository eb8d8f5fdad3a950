"""Small deals for the cheats' tests: a case of ``cards`` cards left with ``copies``
of the 7 among them, the rest K, Q, J, 10, ... (the other ranks dealt)."""

from __future__ import annotations

OTHERS = ("K", "Q", "J", "10", "9", "8")


def small_case(cards: int, copies: int) -> str:
    """``case=`` text of a deal with ``cards`` left, ``copies`` of them 7s."""
    parts, rest = ["*:0", f"7:{copies}"], cards - copies
    for rank in OTHERS:
        take = min(4, rest)
        if take:
            parts.append(f"{rank}:{take}")
        rest -= take
    return ",".join(parts)


def small_deals(game: str, most: int = 7) -> list[tuple[int, int]]:
    """Every (cards, copies) the game can be between turns, up to ``most`` cards:
    after the soda an odd number left in Faro and Stuss, an even one otherwise."""
    odd = game in ("faro", "stuss")
    return [
        (n, m) for n in range(1, most + 1) if (n % 2 == 1) == odd for m in range(0, min(4, n) + 1)
    ]
