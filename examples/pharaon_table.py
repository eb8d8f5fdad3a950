"""An 18th-century Pharaon table: the banker's advantage by the copies left in the deck.

Pharaon (Montmort, de Moivre, Euler 1764): a doublet costs the punter half his stake,
in the last pair all of it; the last card is null. Mid-deal, the odds depend on the
cards left and the copies of the punter's rank among them.
"""

from shtoss_exact.deck import Deal
from shtoss_exact.report import Table, render_tables
from shtoss_exact.schemes.scheme import scheme_named

pharaon = scheme_named("pharaon")
print("The worked example: 4 cards, the punter's card twice")
for value, p in pharaon.settlement_counts(Deal(4, 2)).distribution().items():
    print(f"  punter's result {value}: {p} of the 24 arrangements = {p * 24}")
print(f"  banker's advantage {-pharaon.ev(Deal(4, 2))}")
print()
rows = []
for cards in (52, 40, 30, 20, 10, 6):
    rows.append((cards, *(-pharaon.ev(Deal(cards, m)) for m in (1, 2, 3, 4))))
table = Table(
    "Banker's advantage under Pharaon, per unit staked",
    ("cards left", "1 copy", "2 copies", "3 copies", "4 copies"),
    tuple(rows),
)
print(render_tables([table], "text"))
