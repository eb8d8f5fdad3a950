"""Hermann's 47 000 roubles: how should he have played to double them?

Hermann (Pushkin, "The Queen of Spades") staked everything, 47 000, and let it ride. Was
that wise? Count in units of 1 000 roubles, the table's least stake: a bankroll of 47,
a target of 94. In classic Stoss the punter wins a deal with 400/833 against 433/833,
even money: a subfair game, where bold play — stake what reaches the target, or all you
hold — is optimal (Dubins and Savage, "How to Gamble If You Must"). The computation
proves it exactly, and finds what is best where the payoffs are not even money.
"""

from fractions import Fraction

from shtoss_exact.report import percent_str
from shtoss_exact.report.plots.strategy import bold_stakes
from shtoss_exact.strategy.play import OptimalPlay, optimal_play

P = Fraction(400, 833)


def show(title: str, result: OptimalPlay) -> None:
    print(title)
    print(f"  P(double) = {percent_str(result.value)}, stake now: {list(result.stakes)}")
    for plan in result.compare:
        value = "not computed" if plan.value is None else percent_str(plan.value)
        print(f"    {plan.plan:>8}: {value}")


classic = optimal_play(bankroll=47, target=94)
show("Classic Stoss, free kush: 47 to 94 (thousands of roubles)", classic)
print(f"  exactly {classic.value}: one deal, everything on one card")
ties = {x: s for x, s in classic.policy.items() if len(s) > 1}
print(f"  bankrolls where several stakes are optimal: {len(ties)} of {len(classic.policy)}")
print(
    f"  e.g. at 30: stakes {list(classic.policy[30])} both give {percent_str(classic.values[30])}"
)
print()

capped = optimal_play(bankroll=47, target=94, max_stake=10, plans=["flat", "paroli", "hermann"])
show("No free kush: the banker accepts at most 10 (10 000 roubles) a deal", capped)
print()

for scheme in ("lob-half", "pharaon"):
    other = optimal_play(bankroll=47, target=94, scheme=scheme, plans=())
    bold = other.compare[0].value
    print(f"Scheme {scheme}: best P(double) = {percent_str(other.value)}", end="")
    print(f" (bold play {percent_str(bold)}), stake now {list(other.stakes)}")
    # A half loss leaves half a unit: the bankrolls run on halves.
    for half in (False, True):
        held = [x for x in other.policy if (x.denominator == 2) == half]
        bold_too = [x for x, b in zip(other.policy, bold_stakes(other), strict=True) if x in held
                    and b in other.policy[x]]  # fmt: skip
        ones = sum(other.policy[x] == (1,) for x in held)
        kind = "half-unit" if half else "whole"
        print(f"  {kind} bankrolls: bold play optimal at {len(bold_too)} of {len(held)}, ", end="")
        print(f"a single unit the only best stake at {ones}")
print()

three_nights = optimal_play(bankroll=47, target=376, plans=["hermann"])
print("Hermann's own aim: let it ride three times, 47 000 to 376 000")
print(f"  best P = {three_nights.value} = (400/833)^3: {three_nights.value == P**3}")
print(f"  his plan's P = {three_nights.compare[1].value}: he played the optimal way")
print()

stay = optimal_play(bankroll=47, target=94, objective="stay", plans=["flat"])
print("To stay at the table instead (the most deals before ruin or 94):")
print(f"  expected deals {float(stay.value):,.1f} with stakes {list(stay.stakes)} now;")
print(f"  flat 1 000 a deal gives {float(stay.compare[0].value):,.1f}")
