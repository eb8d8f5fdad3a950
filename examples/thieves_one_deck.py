"""The thieves' one-deck 36-card game (as the Russian sources tell it) vs the two-deck game.

In the one-deck game the punter's card is the top card of the banker's cut deck:
35 cards remain with 3 copies of his rank, none of his suit.
"""

from shtoss_exact import odds
from shtoss_exact.report import percent_str

two = odds(deck=36)
one = odds(deck=36, one_deck=True, card="7h")
for name, o in (("two-deck, 36 cards", two), ("one-deck, 36 cards", one)):
    print(f"{name}: {o.cards} cards, {o.copies} copies")
    print(f"  punter {o.punter} ({percent_str(o.punter)}), plié {o.plie} ({percent_str(o.plie)})")
    print(f"  banker's edge per unit stake {-o.ev} ({percent_str(-o.ev)})")
print(f"one-deck edge / two-deck edge = {(-one.ev) / (-two.ev)}")
print("one-deck, by the deciding card's suit (punter holds 7♥):")
for row in one.by_relation or ():
    print(f"  {row.relation.value:11} killed {row.killed}, plié {row.plie}, given {row.given}")
