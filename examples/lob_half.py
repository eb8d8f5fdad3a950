"""What "в лоб полкуша" (a card killed by the very first card costs half) does to the edge."""

from shtoss_exact.deck import make_deal
from shtoss_exact.report import percent_str
from shtoss_exact.schemes.scheme import scheme_named

for deck in (52, 36, 32):
    deal = make_deal(deck=deck)
    for name in ("classic", "lob-half", "gorka-half"):
        edge = -scheme_named(name).ev(deal)
        print(f"{deck} cards, {name:10}: banker's edge {edge} ({percent_str(edge)})")
