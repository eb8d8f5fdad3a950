"""What crooked dealing was worth at Faro and Stoss, exactly.

The mechanisms are those the sources document: J. N. Maskelyne, *Sharps and Flats*
(1894), ch. VIII — the two-card box, the sand-tell and putting up splits; the skeleton box of
Faro's gaffed dealing boxes, for dealing seconds; and the Russian rules of Stoss on
cheats — the «спуск» (two cards dropped for one) and the «передержка» (the two cards
of an abzug swapped). Each figure is the banker's edge against one bet of one unit on
a rank, left until decided, under his best use of the cheat (or his take over the deal
against a betting pattern); the last is the punter's own test, from his ledger.
"""

from shtoss_exact.audit import audit_ledger
from shtoss_exact.cheat.box import two_card_box
from shtoss_exact.cheat.box_pattern import box_against_pattern
from shtoss_exact.cheat.seconds import seconds, swap
from shtoss_exact.cheat.splits import stacked_splits
from shtoss_exact.cheat.tell import sand_tell
from shtoss_exact.report import percent_str

print("The two-card box, a bet on the 7 from the start (the soda shown):")
for game in ("faro", "stuss", "two-deck"):
    edges = [two_card_box("7", takes=k, game=game).edge for k in range(3)]
    shown = ", ".join(f"{k} takes {edge} ({percent_str(edge)})" for k, edge in enumerate(edges))
    print(f"  {game:8}  {shown}")

first = two_card_box("7", takes=1).policy[0]
print(f"  Faro, one take: he first pulls two with {first['cards_left']} cards left, "
      f"when a 7 is about to fall as the {first['slot']}")  # fmt: skip

print("Dealing seconds and the передержка, once a deal:")
for name, cheat in (("seconds", seconds), ("swap", swap)):
    for game in ("faro", "two-deck"):
        edge = cheat("7", takes=1, game=game).edge
        print(f"  {name:7} {game:8}  edge {edge} ({percent_str(edge)})")

print("The sand-tell used with the two-card box, Faro, a bet on the 7, one take:")
for named in ("7", "7,K", "2,3,4,5,6", "J,Q,K"):
    edge = sand_tell("7", named, takes=1).edge
    print(f"  class {named:9}  edge {percent_str(edge)}")

print("Splits put up: the number of splits in a fresh Faro deal, and the take of a")
print("punter with a unit on every rank (every split costs him half a unit):")
for stacked in range(4):
    result = stacked_splits(stacked, pattern="every-rank")
    assert result.banker_take is not None
    take = result.banker_take.mean
    print(f"  {stacked} put up: mean splits {result.mean} ({float(result.mean):.3f}), "
          f"banker's take {take} ({float(take):.3f} units)")  # fmt: skip

print("The two-card box against punters with a unit on every live rank, late in a deal")
print("(five cards left: two 7s, two kings, a queen; two turns and the hock):")
for takes in range(3):
    against = box_against_pattern("every-rank", takes=takes, case="*:0,7:2,K:2,Q:1")
    print(f"  {takes} takes: banker's take {against.banker_take} "
          f"({float(against.banker_take):.3f} units)")  # fmt: skip

print("A punter's ledger, tested against fair dealing: the 9, K and Q staked before the")
print("first turn, two units on the 7 after it, all four lost:")
ledger = audit_ledger([("5h Ks 5d 9c 2s 7h Kd 3c 4c Qs 7d", "9@0 K@0 Q@0 7:2@1")])
print(f"  total {ledger.total}, p-value {ledger.p_value} ({float(ledger.p_value):.5f}); "
      f"reject at or below {ledger.critical} (size {float(ledger.size):.5f})")  # fmt: skip
