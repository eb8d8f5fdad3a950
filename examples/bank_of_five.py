"""A bank of five punters: one 52-card deal decides five bets at once.

Five punters stake on five ranks: 10 on a seven, 5 on a queen, 20 on an ace (all
classic), 1 on a three under "в лоб полкуша" (a card killed by the lob costs half)
and 2 on a king under Pharaon's rule (a plié costs half). The banker's total is
counted over the deal itself, exactly.
"""

from fractions import Fraction

from shtoss_exact import bank
from shtoss_exact.report import decimal_str, percent_str

STAKES = ["7:10", "Q:5", "A:20", "3:1:lob-half", "K:2:pharaon"]

b = bank(STAKES)
print("Five punters, one 52-card deal:", ", ".join(str(bet) for bet in b.bets))
ahead = sum((p for v, p in b.banker_net.items() if v > 0), Fraction(0))
print(f"banker's expected net: {-b.ev} ({decimal_str(-b.ev, 4)})")
print(f"  = the sum of the bets' edges: {b.ev == sum(o.ev for o in b.bet_odds)}")
print(f"variance of the banker's net: {b.variance} ({decimal_str(b.variance, 4)})")
print(f"P(banker ahead after the deal): {ahead} ({percent_str(ahead)})")
# The ace's 20 outweighs the other stakes together (18): the banker ends ahead exactly
# when the ace loses, whatever the others do.
ace = b.bet_odds[2]
print(f"  = P(the ace killed or plié) = {ace.killed + ace.plie}: {ahead == 1 - ace.given}")
print(f"banker's net results possible: {len(b.banker_net)}")
print()

mean = b.expected_abzugs
likely = max(b.length, key=lambda k: b.length[k])
print("The deal's length (the abzug deciding the last of the five cards):")
print(f"  mean {mean} ({decimal_str(mean, 4)} abzugs)")
print(f"  most likely abzug {likely}: {b.length[likely]} ({percent_str(b.length[likely])})")
print(f"every card given: {b.all_given} ({percent_str(b.all_given)})")
print(f"no card given (each killed or plié): {b.none_given} ({percent_str(b.none_given)})")
print()

seven_queen = b.pair(0, 1)
alone = b.bet_odds[0].given
print("One deal, dependent cards:")
print(f"  the seven alone is given with {alone} ({percent_str(alone)});")
if seven_queen.given_if_other_given is not None:
    given = seven_queen.given_if_other_given
    print(f"  once the queen is given, with {given} ({percent_str(given)})")
correlation = seven_queen.correlation
shown = "none" if correlation is None else f"{correlation:+.4f}"
print(f"  correlation of the seven's and the queen's results: {shown}")
print()

# Var(X_1 + ... + X_5) = sum Var(X_i) + 2 sum_{i<j} Cov(X_i, X_j): the punters' results
# share one deal (a lob that kills one card cannot kill another), so every
# covariance is non-zero and the banker's variance is not the sum of the punters'.
variances = [o.variance for o in b.bet_odds]
covariances = [b.pair(i, j).covariance for i in range(5) for j in range(i + 1, 5)]
separate = sum(variances, Fraction(0))
print("Why the banker's variance is not the sum of the punters' variances:")
print(f"  sum of the five punters' variances: {decimal_str(separate, 4)} (five separate deals)")
print(f"  twice the sum of the ten covariances: {decimal_str(2 * sum(covariances), 4)}")
total = separate + 2 * sum(covariances)
print(f"  together, exactly the banker's variance: {total == b.variance}")
print(f"  every covariance negative: {all(c < 0 for c in covariances)}")
print("  one deal decides every card: a lob that kills one card cannot kill another,")
print("  so one punter's loss makes another's a little less likely, and the banker's")
print("  total varies less than five separate deals would.")
