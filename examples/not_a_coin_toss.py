"""Why Stoss is not a coin toss: the banker's exact edge and where it comes from.

A card is killed on a lob exactly as often as it is given on a sonik (swap the two
cards of every abzug), so a coin toss it would be — but for the plié, both cards of
one abzug of the punter's rank, which goes to the banker. The whole edge is the plié.
"""

from fractions import Fraction

from shtoss_exact import odds
from shtoss_exact.report import percent_str

for deck in (52, 36, 32):
    o = odds(deck=deck)
    print(f"{deck}-card deck, two-deck game:")
    banker, punter = o.banker, o.punter
    print(f"  banker {banker} ({percent_str(banker)}), punter {punter} ({percent_str(punter)})")
    print(f"  killed by a lob {o.killed} = given on a sonik {o.punter}: {o.killed == o.punter}")
    print(f"  plié {o.plie} = banker - punter {banker - punter}: {o.plie == banker - punter}")
    print(f"  the punter loses {-o.ev} of every unit staked")

o = odds(deck=52)
print()
print("Where the plié falls in the 52-card game (first abzugs):")
for row in o.by_abzug[:5]:
    share = row.plie / o.plie
    print(f"  abzug {row.abzug}: plié {row.plie}, {percent_str(share)} of the edge")
early = sum((row.plie for row in o.by_abzug[:5]), Fraction(0))
print(f"  abzugs 1-5 together: {early / o.plie} of the edge ({percent_str(early / o.plie)})")
