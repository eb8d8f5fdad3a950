"""Printed figures on Pharaon and Faro beside this library's exact values, with sources.

Each row gives the source (author, title, year, and the page or section read), what it
prints (its figure with a few of its words in quotation marks, or the rule or claim it
states, paraphrased), the exact value computed here, and whether they agree: exactly,
after the source's rounding, or not (with the reason). Only figures read in the source
itself, or in the named transcription or translation of it, are listed; a summary table
closes the output.
"""

from dataclasses import dataclass
from fractions import Fraction
from math import floor

from shtoss_exact import Case
from shtoss_exact.bet.odds import odds_of
from shtoss_exact.deck import Deal
from shtoss_exact.schemes.parts import Soda
from shtoss_exact.schemes.scheme import bassette, faro, scheme_named, stuss

PHARAON = scheme_named("pharaon")
ENCYCLOPEDIE = 'Diderot & d\'Alembert (eds.), Encyclopédie, vol. 12 (1765), article "PHARAON"'
HOYLE = (
    "Hoyle's Games, Improved and Enlarged (the edition transcribed at "
    'childrensnursery.org.uk, its date not read), "Faro", p. 66, "Use of the foregoing '
    'table"'
)
STEINMETZ = (
    "A. Steinmetz, The Gaming Table: Its Votaries and Victims, vol. II (1870), the "
    'passage on Faro before the section "Hazard" (Project Gutenberg text)'
)
DEBRETT = (
    "Faro, Rouge et Noir; the Mode of Playing ... with a Table of the Chances against the "
    "Punters, extracted from De Moivre (London: printed for J. Debrett, 1793)"
)
RENO = "Reno Gazette-Journal, 28 August 1995, p. 44 (on Faro)"
TIMES = {1: "once", 2: "twice", 3: "thrice", 4: "four times"}


@dataclass(frozen=True)
class Row:
    """One printed figure beside the exact value.

    ``agrees`` is "yes", "yes, <how it was rounded>", "NO: <why>" or "rule" (the
    source states a rule; the exact values are what it implies).
    """

    short: str
    source: str
    printed: str
    exact: str
    agrees: str


def banker(cards: int, copies: int) -> Fraction:
    """The banker's advantage per unit staked under Pharaon's rules."""
    return -PHARAON.ev(Deal(cards, copies))


def yes_if(holds: bool, otherwise: str = "NO") -> str:
    return "yes" if holds else otherwise


def percent(value: Fraction, places: int = 3) -> str:
    return f"{float(value) * 100:.{places}f}%"


ROWS: list[Row] = []

# The Encyclopédie's worked example: four cards, the punter's card twice.
counts = PHARAON.settlement_counts(Deal(4, 2)).distribution()
arrangements = {value: p * 24 for value, p in counts.items()}
ROWS.append(
    Row(
        "Encyclopédie, 4 cards",
        f"{ENCYCLOPEDIE}: the banker holds four cards, the punter's card among them twice",
        "of the 24 arrangements 12 win the whole stake for the banker, 8 lose it, and 4 "
        "(a doublet) give him half",
        f"{arrangements[Fraction(-1)]} / {arrangements[Fraction(1)]} / "
        f"{arrangements[Fraction(-1, 2)]} of 24; banker's advantage {banker(4, 2)}",
        yes_if(
            [arrangements[Fraction(value)] for value in (-1, 1, Fraction(-1, 2))]
            == [Fraction(12), Fraction(8), Fraction(4)]
        ),
    )
)

# The punter's card once in the stock: the null last card is the whole advantage.
evens = range(52, 2, -2)
once = all(banker(n, 1) == Fraction(1, n) for n in evens)
ROWS.append(
    Row(
        "Encyclopédie, remark 1°",
        f"{ENCYCLOPEDIE}, remark 1°",
        "with the punter's card once in the stock, the banker's advantage comes only from "
        "the last card, which would be the punter's, being null",
        f"advantage = 1/n = P(the card is the last of n) for every even n from 52 to 4: "
        f"{'yes' if once else 'no'} (52 cards: {banker(52, 1)})",
        yes_if(once),
    )
)

# The advantage grows as the stock shrinks.
grows = all(
    banker(n, m) < banker(n - 2, m) for m in (1, 2, 3, 4) for n in evens if n - 2 >= max(m, 4)
)
ROWS.append(
    Row(
        "Encyclopédie, remark 2°",
        f"{ENCYCLOPEDIE}, remark 2°",
        "the banker's advantage increases as the number of his cards diminishes",
        "for 1, 2, 3 and 4 copies and every even stock from 52 down to 4: "
        f"{'increasing' if grows else 'not always increasing'} (4 copies: "
        f"{banker(52, 4)} at 52 cards, {banker(20, 4)} at 20, {banker(8, 4)} at 8)",
        yes_if(grows),
    )
)

# Twice in the stock: the doublet, half the stake, all of it in the last pair.
n = 52
pairs = n * (n - 1) // 2
from_doublets = Fraction(n // 2 - 1, pairs) / 2 + Fraction(1, pairs)
ROWS.append(
    Row(
        "Encyclopédie, remark 3°",
        f"{ENCYCLOPEDIE}, remark 3°",
        "with the punter's card twice, the advantage is the chance of a doublet, which "
        "takes half the stake, except in the last pair, which takes all of it",
        f"52 cards: 1/2 x P(doublet in pairs 1..25) + P(doublet in the last pair) = "
        f"{from_doublets}; the engine's advantage {banker(52, 2)}",
        yes_if(from_doublets == banker(52, 2)),
    )
)

# Bassette as the Encyclopédie states it: the facée and the null last card.
BASSETTE = scheme_named("bassette")
bassette_edges = [-BASSETTE.ev(Deal(52, m)) for m in (1, 2, 3, 4)]
ROWS.append(
    Row(
        "Encyclopédie, Bassette",
        'Diderot & d\'Alembert (eds.), Encyclopédie, vol. 2 (1752), article "BASSETTE"; '
        'with Dictionnaire de Trévoux, 6th ed. (1771), "BASSETTE" (Wikisource) for doublets',
        'the first card is for the banker, but he takes only "les 2/3" of the stake '
        "(\"cela s'appelle facer\"); the last card, which would be the punter's, is null; "
        "(Trévoux) a doublet also wins the stake for the banker",
        "the bassette scheme's banker's advantage at 52 cards with 1, 2, 3, 4 copies: "
        + ", ".join(f"{edge} ({percent(edge)})" for edge in bassette_edges),
        "rule",
    )
)

# Bassette, a card taken in mid-deal: six cards left in the banker's hand.
MID_DEAL = bassette(mid_deal=True)
six = {m: MID_DEAL.settlement_counts(Deal(6, m)).distribution() for m in (1, 2, 3, 4)}
placements = {value: int(p * 15) for value, p in six[2].items()}  # C(6, 2) = 15
seen_first = {m: six[m].mean * 6 / (6 - m) for m in (1, 2, 3)}  # X = 0 when it is a copy
ROWS.append(
    Row(
        "Encyclopédie, Bassette mid-deal",
        'Diderot & d\'Alembert (eds.), Encyclopédie, vol. 2 (1752), article "BASSETTE", the '
        'paragraph "Quand le ponte veut prendre une carte dans le cours du jeu"',
        "a card taken in the course of the deal: the banker lowers the deck so that its "
        "first card is seen; that first card is null for this punter; his card coming "
        "second is facée (the banker takes 2/3); after that it wins or loses outright",
        "bassette(mid_deal=True), six cards left: with the card twice, of the 15 placements "
        f"{placements[Fraction(0)]} null (a copy first), {placements[Fraction(-2, 3)]} facée, "
        f"{placements[Fraction(-1)]} lost (a doublet among them), {placements[Fraction(1)]} "
        f"won: the punter's expectation {six[2].mean}; once, twice, thrice, four times: "
        + ", ".join(str(six[m].mean) for m in (1, 2, 3, 4))
        + ". Left unclear, taken here as: a copy first ends the bet (the stake back) rather "
        "than the card playing on with its other copies; a doublet in that first pair is "
        "null too; the last card stays null. If the punter sees that first card before he "
        "chooses (the deck is lowered so it is seen) he never takes its rank, and his "
        "expectation is n/(n - m) times as large: "
        + ", ".join(f"{seen_first[m]}" for m in (1, 2, 3))
        + " (once, twice, thrice)",
        "rule",
    )
)

# Hoyle's table of the banker's gain: its four worked look-ups.
lookups = ((30, 2, 54), (10, 3, 12), (22, 2, 38), (8, 3, 9))
gains = {(cards, copies): banker(cards, copies) for cards, copies, _ in lookups}
whole = all(floor(1 / gains[cards, copies]) == part for cards, copies, part in lookups)
ROWS.append(
    Row(
        "Hoyle, table look-ups",
        f"{HOYLE}, examples I-IV",
        "the banker's gain is \"the 54th part of the stake\" (30 cards, the punter's card "
        'twice), "the 12th part" (10 cards, thrice), "one 38th part" (22 cards, twice) '
        'and "1-9th" (8 cards, thrice)',
        "; ".join(
            f"{cards} cards, {TIMES[copies]}: {gains[cards, copies]} = "
            f"1/{float(1 / gains[cards, copies]):g}"
            for cards, copies, _ in lookups
        ),
        "yes, as the table prints it: the whole part of 1/advantage (rounded down)"
        if whole
        else "NO",
    )
)

# The same gain in money: 1/9 of a guinea of 21 shillings (252 pence).
guinea = 252
pence = gains[8, 3] * guinea
ROWS.append(
    Row(
        "Hoyle, 2s. 4d. in the guinea",
        f"{HOYLE}, example IV",
        'eight cards left, the punter\'s card thrice: "1-9th, or 2s. 4d. in the guinea"',
        f"{gains[8, 3]} of 252d. = {pence}d. = {pence // 12}s. {pence % 12}d. "
        f"(1/9 of it is {guinea // 9}d. = 2s. 4d.)",
        "NO: a penny too much; the rounded 1/9 of the table is carried into money"
        if pence != Fraction(guinea, 9)
        else "yes",
    )
)

# Hoyle's corollaries: fewer cards, greater gain; the order by copies.
order_ok = [n for n in evens if banker(n, 2) < banker(n, 3) < banker(n, 1) < banker(n, 4)]
ROWS.append(
    Row(
        "Hoyle, corollaries 1-2",
        f"{HOYLE}, corollaries 1 and 2",
        '"the fewer cards there are in the stock, the greater is the gain of the banker"; '
        "the least gain with the punter's card twice, then thrice, then once, \"the "
        'greatest of all when four times"',
        f"fewer cards, greater gain: {'yes' if grows else 'no'} (as remark 2° above); "
        f"twice < thrice < once < four times for every even stock from "
        f"{max(order_ok)} to {min(order_ok)} (52 cards: {banker(52, 2)} < "
        f"{banker(52, 3)} < {banker(52, 1)} < {banker(52, 4)}); at 4 cards once, twice "
        f"and thrice tie at {banker(4, 1)}",
        yes_if(grows and order_ok == [n for n in evens if n >= 6]),
    )
)

# The 1793 pamphlet whose table (from De Moivre) Hoyle's "Faro" prints.
ROWS.append(
    Row(
        "Debrett 1793, Hoyle's table",
        f"{DEBRETT}: the source of the table of the banker's gain that Hoyle's \"Faro\" "
        "prints (rows on Hoyle above)",
        'its "Table of the Chances against the Punters", the figures Hoyle quotes: the '
        "54th part (30 cards, twice), the 12th (10, thrice), the 38th (22, twice), the 9th "
        "(8, thrice)",
        "; ".join(
            f"{cards} cards, {TIMES[copies]}: 1/advantage = {1 / gains[cards, copies]}, "
            f"whole part {floor(1 / gains[cards, copies])}"
            for cards, copies, _ in lookups
        ),
        "yes, as Hoyle's table: the whole part of 1/advantage (rounded down)" if whole else "NO",
    )
)

# Steinmetz: 8 and 10 cards left, the punter's card once; odds and the banker's share.
shares = {}
for cards in (8, 10):
    result = odds_of(Deal(cards, 1)).under(PHARAON)
    shares[cards] = result
lose_win = {cards: (int(r.banker * cards), int(r.punter * cards)) for cards, r in shares.items()}
ROWS.append(
    Row(
        "Steinmetz, 8 and 10 cards",
        STEINMETZ,
        'a stake on a card "when only eight are in hand": "four places to lose, and only '
        'three to win, the odds against being as 4 to 3"; with 10 cards "5 to 4"; "the '
        'seventh part of the money" and "a ninth"',
        "; ".join(
            f"{cards} cards: {lose} to lose, {win} to win, 1 null; advantage "
            f"{shares[cards].edge} per unit staked, {shares[cards].edge_per_action} per "
            "unit of action"
            for cards, (lose, win) in lose_win.items()
        ),
        "yes, as the advantage per unit of action (the null last card returns the stake)"
        if lose_win == {8: (4, 3), 10: (5, 4)}
        and (shares[8].edge_per_action, shares[10].edge_per_action)
        == (Fraction(1, 7), Fraction(1, 9))
        else "NO",
    )
)

# Steinmetz: from "the first supposed 4 per cent." to "about 15 per cent.".
opening = [banker(52, m) for m in (1, 2, 3, 4)]
closing = [banker(8, m) for m in (1, 2, 3, 4)]
ROWS.append(
    Row(
        "Steinmetz, 4 to 15 per cent",
        STEINMETZ,
        'the odds "insensibly stole upon the player at every pull, till from the first '
        'supposed 4 per cent. it became about 15 per cent."',
        f"52 cards: {percent(min(opening))} to {percent(max(opening))} by the copies "
        f"left; 8 cards: {percent(min(closing))} to {percent(max(closing))} "
        f"({closing[3]} with four copies)",
        f"partly: the opening 4 is about twice the exact (at most {percent(max(opening), 2)}; "
        "the text calls it 'supposed'); about 15 fits 8 cards left with four copies",
    )
)

# Thorp: the least edge of any bet with a negative expectation in Faro.
least: tuple[Fraction, int, int, str, str] | None = None
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
                edge = bet.edge_per_action
                if bet.ev < 0 and edge is not None and (least is None or edge < least[0]):
                    least = (edge, left, copies, side, kind)
assert least is not None
ROWS.append(
    Row(
        "Thorp 1973, least edge",
        "E. O. Thorp, Nonrandom shuffling with applications to the game of Faro, Journal "
        "of the American Statistical Association 68 (1973), 842-847, abstract",
        "with random shuffling the house edge is at least 0.526 percent if the player is "
        "limited to negative expectation bets",
        f"{least[0]} = {float(least[0]) * 100:.4f}% of the action, the least over every "
        f"negative bet of a 52-card deal: {least[4]} {least[3]} on a rank with {least[2]} "
        f"copies among {least[1]} cards",
        "yes, to three places" if f"{float(least[0]) * 100:.3f}" == "0.526" else "NO",
    )
)

# A modern encyclopedia's round figure for Faro's bank advantage.
faro_after_soda = odds_of(Deal(52, 4), scheme="faro").under("faro").edge
faro_before_soda = banker(52, 4)
ROWS.append(
    Row(
        "Wikipedia (de), about 2.0%",
        'Wikipedia (German), article "Faro (Glücksspiel)", read in the English translation '
        "at de.zxc.wiki (a secondary modern source)",
        '"the bank advantage with the Faro is only around 2.0%"',
        f"a bet on a full rank: {faro_after_soda} = {percent(faro_after_soda)} after the "
        f"soda, {faro_before_soda} = {percent(faro_before_soda)} before it",
        "yes, rounded"
        if f"{float(faro_after_soda) * 100:.1f}" == f"{float(faro_before_soda) * 100:.1f}" == "2.0"
        else "NO",
    )
)

# A newspaper's 4.46%: the nearest of a small family of exact values at the start.
printed = Fraction(446, 10000)
candidates: dict[str, Fraction] = {}
for game, factory in (("Faro", faro), ("Stuss", stuss)):
    for soda, copies, rank in ((Soda.KNOWN, 4, "a full rank after the soda"),
                               (Soda.KNOWN, 3, "the soda's rank"),
                               (Soda.BEFORE, 4, "a rank bet before the soda")):  # fmt: skip
        # The hock, dead or live, changes nothing here: with 3 or 4 copies the first
        # copy is never the last card, so no outcome is null (per stake = per action).
        edges = {odds_of(Deal(52, copies)).under(factory(soda=soda, hock_null=hock)).edge
                 for hock in (True, False)}  # fmt: skip
        assert len(edges) == 1
        candidates[f"{game}, {rank}"] = edges.pop()
nearest = min(candidates, key=lambda label: abs(candidates[label] - printed))
ROWS.append(
    Row(
        "Reno 1995, about 4.46%",
        RENO,
        '"during initial play, the house advantage is about 4.46 percent"',
        "at the start, a split costing half (Faro) or the whole stake (Stuss), the hock dead "
        "or live (the same): "
        + "; ".join(f"{label} {edge} = {percent(edge)}" for label, edge in candidates.items())
        + f". The nearest: {nearest}, {candidates[nearest]}, "
        f"{float(printed - candidates[nearest]) * 100:.2f} points below",
        "NO: no rule of the game gives it; none of these equals 4.46%"
        if printed not in candidates.values()
        else "yes",
    )
)

# Calling the turn, as Foster's Hoyle pays it.
three = Case.from_case("*:0,7:1,9:1,K:1", game="faro").call_the_turn()
cathop = Case.from_case("*:0,7:2,K:1", game="faro").call_the_turn()
assert three is not None and cathop is not None
ROWS.append(
    Row(
        "Foster 1897, calling the turn",
        "R. F. Foster, Foster's Complete Hoyle (1897), Faro: calling the turn",
        "the bank pays four for a right call of the order of the last three cards, two "
        "for a cat-hop (a pair among them)",
        f"P(right) {three.p_right} (three ranks), {cathop.p_right} (cat-hop); expected net "
        f"per unit {three.ev_for} and {cathop.ev_for} if paid 'for' one, {three.ev_to} and "
        f"{cathop.ev_to} if paid 'to' one",
        "rule",
    )
)

for number, row in enumerate(ROWS, 1):
    print(f"[{number}] {row.source}")
    print(f"    printed: {row.printed}")
    print(f"    exact:   {row.exact}")
    if row.agrees == "rule":
        print("    (a rule: the exact values are what it implies)")
    else:
        print(f"    agrees:  {row.agrees}")
    print()

width = max(len(row.short) for row in ROWS)
print(f"{'#':>2}  {'source':<{width}}  agrees")
for number, row in enumerate(ROWS, 1):
    verdict = row.agrees.split(":")[0].split(",")[0]
    print(f"{number:>2}  {row.short:<{width}}  {verdict}")
