"""Hermann's three nights in Pushkin's "The Queen of Spades", exactly.

Night one: 47 000 on a three, won the sonik. Night two: 94 000 (all he had), won the
sonik again. Night three: 188 000 on an ace; the first card — the lob — was his
card's rank: the queen he found in his hand, killed at once.
"""

from fractions import Fraction

from shtoss_exact import odds
from shtoss_exact.deck import make_deal
from shtoss_exact.plans.series import series, story_probability
from shtoss_exact.report import percent_str

o = odds(deck=52)
sonik = o.by_abzug[0].given
lob = o.by_position[0].killed + o.by_position[0].plie
print(f"winning the sonik (given at the 2nd card): {sonik} ({percent_str(sonik)})")
print(f"killed by the lob (the 1st card, a plié too): {lob} ({percent_str(lob)})")
story = story_probability(make_deal(deck=52), series("hermann").plan.story)
print(f"the story, sonik, sonik, lob: {story} = (16/221)^2 * (1/13): {story == sonik**2 * lob}")
print(f"  about one evening in {round(1 / story):,}")
print()

result = series("hermann")
print("Hermann's plan: 47 000, then let everything ride, three deals; a loss ends it")
for net, p in result.net.items():
    print(f"  net {net!s:>8}: {p} ({percent_str(p)})")
print(f"  expected net {result.ev} = {float(result.ev):,.2f}")
print(f"  expected deals played {result.expected_deals}")
three = o.punter**3
print(f"  three wins in a row: (400/833)^3 = {three}: {result.net[Fraction(329000)] == three}")
print()

print("Had the banker dealt a 36-card deck:")
short = series("hermann", deck=36)
for net, p in short.net.items():
    print(f"  net {net!s:>8}: {p} ({percent_str(p)})")
