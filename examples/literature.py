"""Printed figures on Pharaon and Faro beside this library's exact values, with sources.

Each entry gives the source, what it prints (its figure, or the rule or claim it
states, paraphrased — no quotation is claimed word for word), the exact value
computed here, and whether they agree. Only figures that could be checked against
the source are listed.
"""

from fractions import Fraction

from shtoss_exact import Case
from shtoss_exact.deck import Deal
from shtoss_exact.schemes.scheme import scheme_named

PHARAON = scheme_named("pharaon")
ENCYCLOPEDIE = 'Diderot & d\'Alembert (eds.), Encyclopédie, vol. 12 (1765), article "PHARAON"'


def entry(number: int, source: str, printed: str, exact: str, agrees: bool | None) -> None:
    """One source beside the exact value; ``agrees`` is None where it states a rule."""
    print(f"[{number}] {source}")
    print(f"    printed: {printed}")
    print(f"    exact:   {exact}")
    if agrees is None:
        print("    (a rule: the exact values are what it implies)")
    else:
        print(f"    agrees:  {'yes' if agrees else 'NO'}")
    print()


def banker(cards: int, copies: int) -> Fraction:
    """The banker's advantage per unit staked under Pharaon's rules."""
    return -PHARAON.ev(Deal(cards, copies))


# [1] The Encyclopédie's worked example: four cards, the punter's card twice.
counts = PHARAON.settlement_counts(Deal(4, 2)).distribution()
arrangements = {value: p * 24 for value, p in counts.items()}
entry(
    1,
    f"{ENCYCLOPEDIE}: the banker holds four cards, the punter's card among them twice",
    "of the 24 arrangements 12 win the whole stake for the banker, 8 lose it, and 4 "
    "(a doublet) give him half",
    f"{arrangements[Fraction(-1)]} / {arrangements[Fraction(1)]} / "
    f"{arrangements[Fraction(-1, 2)]} of 24; banker's advantage {banker(4, 2)}",
    (arrangements[Fraction(-1)], arrangements[Fraction(1)], arrangements[Fraction(-1, 2)])
    == (12, 8, 4),
)

# [2] The punter's card once in the stock: the null last card is the whole advantage.
evens = range(52, 2, -2)
once = all(banker(n, 1) == Fraction(1, n) for n in evens)
entry(
    2,
    f"{ENCYCLOPEDIE}, remark 1°",
    "with the punter's card once in the stock, the banker's advantage comes only from "
    "the last card, which would be the punter's, being null",
    f"advantage = 1/n = P(the card is the last of n) for every even n from 52 to 4: "
    f"{'yes' if once else 'no'} (52 cards: {banker(52, 1)})",
    once,
)

# [3] The advantage grows as the stock shrinks.
grows = all(
    banker(n, m) < banker(n - 2, m) for m in (1, 2, 3, 4) for n in evens if n - 2 >= max(m, 4)
)
entry(
    3,
    f"{ENCYCLOPEDIE}, remark 2°",
    "the banker's advantage increases as the number of his cards diminishes",
    "for 1, 2, 3 and 4 copies and every even stock from 52 down to 4: "
    f"{'increasing' if grows else 'not always increasing'} (4 copies: "
    f"{banker(52, 4)} at 52 cards, {banker(20, 4)} at 20, {banker(8, 4)} at 8)",
    grows,
)

# [4] Twice in the stock: the doublet, half the stake, all of it in the last pair.
n = 52
pairs = n * (n - 1) // 2
from_doublets = Fraction(n // 2 - 1, pairs) / 2 + Fraction(1, pairs)
entry(
    4,
    f"{ENCYCLOPEDIE}, remark 3°",
    "with the punter's card twice, the advantage is the chance of a doublet, which "
    "takes half the stake, except in the last pair, which takes all of it",
    f"52 cards: 1/2 x P(doublet in pairs 1..25) + P(doublet in the last pair) = "
    f"{from_doublets}; the engine's advantage {banker(52, 2)}",
    from_doublets == banker(52, 2),
)

# [5] Thorp: the least edge of any bet with a negative expectation in Faro.
least = None
for left in range(51, 2, -2):
    for copies in range(1, min(4, left) + 1):
        full, part = divmod(left - copies, 4)  # the other ranks: full, and one partial
        if full + (1 if part else 0) > 12:
            continue
        counts_left = {4: full, **({part: 1} if part else {})}
        counts_left[copies] = counts_left.get(copies, 0) + 1
        counts_left = {kept: ranks for kept, ranks in counts_left.items() if ranks}
        state = Case.from_counts(counts_left, game="faro")
        rank = state.ranks[state.left.index(copies)]
        for side in ("open", "coppered"):
            for kind in ("stay", "one-turn"):
                bet = state.bet(rank, side=side, kind=kind)
                if bet.ev < 0 and (least is None or bet.edge_per_action < least[0]):
                    least = (bet.edge_per_action, left, copies, side, kind)
assert least is not None and least[0] is not None
entry(
    5,
    "E. O. Thorp, Nonrandom shuffling with applications to the game of Faro, Journal "
    "of the American Statistical Association 68 (1973), 842-847, abstract",
    "with random shuffling the house edge is at least 0.526 percent if the player is "
    "limited to negative expectation bets",
    f"{least[0]} = {float(least[0]) * 100:.4f}% of the action, the least over every "
    f"negative bet of a 52-card deal: {least[4]} {least[3]} on a rank with {least[2]} "
    f"copies among {least[1]} cards",
    f"{float(least[0]) * 100:.3f}" == "0.526",
)

# [6] Calling the turn, as Hoyle's Games pays it.
three = Case.from_case("*:0,7:1,9:1,K:1", game="faro").call_the_turn()
cathop = Case.from_case("*:0,7:2,K:1", game="faro").call_the_turn()
assert three is not None and cathop is not None
entry(
    6,
    "R. F. Foster, Foster's Complete Hoyle (1897), Faro: calling the turn",
    "the bank pays four for a right call of the order of the last three cards, two "
    "for a cat-hop (a pair among them)",
    f"P(right) {three.p_right} (three ranks), {cathop.p_right} (cat-hop); expected net "
    f"per unit {three.ev_for} and {cathop.ev_for} if paid 'for' one, {three.ev_to} and "
    f"{cathop.ev_to} if paid 'to' one",
    None,
)
