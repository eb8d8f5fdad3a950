"""Replaying a recorded Faro deal turn by turn, the case kept.

The banker burns the soda, then deals 25 turns of two cards — the loser (his card),
then the winner (the punter's) — and the last card, the hock, is dead. After each
turn a casekeeper shows how many copies of each rank are left; the banker's edge on a
bet depends on nothing else. This script replays one shuffled deck and prints, after
each turn, the case (how many ranks have 4, 3, 2, 1 copies left), the banker's exact
edge on a bet that stays on a rank with that many copies, and the best bet; then
calling the turn with three cards left, and the whole deal under one unit on every
live rank before every turn.
"""

from collections import Counter

from shtoss_exact.case.state import Case
from shtoss_exact.report.numbers import percent_str

DECK = (
    "5s 8d 6h 5c 6d Ah Kh Ad 2c 2s 9h 9s 8c 3c 10d 6c Js 2d 7s 7c 3d Kc 3s 8s As 4d "
    "Jh Ac Kd 5d 10h Ks 2h 10s 4c Qs Qh 9d 5h 6s 10c Qd 7d Qc 4s 9c 8h 4h 7h 3h Jc Jd"
)
seen = DECK.split()[:-1]  # every card but the hock
deal = Case.from_seen(seen, game="faro")

print(f"Faro, soda {deal.history()[0].soda}; the edge is the banker's, per unit staked")
print("turn  loser winner  case 4/3/2/1  edge on 4 / 3 / 2 / 1 copies left        best bet")
for state in deal.history():
    cards = state.turn_cards()
    turn = f"{state.turns_dealt:>4}  " + (f"{cards[0]!s:>5} {cards[1]!s:>6}" if cards else " " * 12)
    counts = Counter(state.left)
    case = "/".join(str(counts[c]) for c in (4, 3, 2, 1))
    edges = []
    for copies in (4, 3, 2, 1):
        bets = [bet for bet in state.bets() if bet.copies_left == copies]
        edges.append(percent_str(bets[0].edge) if bets else "-")
    best = state.best_bet()
    shown = "none" if best is None else f"{best.rank or 'high card'} {best.side} {best.kind}"
    print(f"{turn}  {case:<12}  {' / '.join(f'{e:>7}' for e in edges):<37}  {shown}")

last = deal.history()[-2]  # before the last turn: loser, winner and the hock
call = last.call_the_turn()
left = " ".join(f"{r}:{c}" for r, c in zip(last.ranks, last.left, strict=True) if c)
print()
print(f"Three cards left before the last turn: {left}")
print(
    f"  calling the turn ({call.kind}): right {call.p_right}; EV paid {call.payout} for 1: "
    f"{call.ev_for}, {call.payout} to 1: {call.ev_to}"
)
print()
whole = Case.from_seen("", game="faro").deal("every-rank")
nothing = whole.banker_net[0]
print("One unit on every live rank before every turn, from the soda to the hock:")
print(
    f"  the banker's expected take {-whole.ev} units, {percent_str(whole.edge_per_action)} "
    "of the action"
)
print(f"  P(no split in the whole deal, the banker takes nothing) = {percent_str(nothing)}")
