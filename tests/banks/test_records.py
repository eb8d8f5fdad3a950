"""A bank's records speak the record's words: a pair of bets is ``bet`` and ``other`` in
Python as in its JSON, each numbered from 1 like ``BankBetOdds.number``."""

from __future__ import annotations

from fractions import Fraction

from shtoss_exact.banks.odds import bank


def test_a_pair_is_bet_and_other_numbered_as_in_its_record() -> None:
    b = bank(["7", "Q:2", "A"], cards=8, copies=2)
    numbers = [odds.number for odds in b.bet_odds]
    assert numbers == [1, 2, 3]
    for pair in b.pairs:
        record = pair.to_dict()
        assert (record["bet"], record["other"]) == (pair.bet, pair.other)
        assert pair.bet in numbers and pair.other in numbers and pair.bet != pair.other
    assert [(p.bet, p.other) for p in b.pairs] == [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]
    assert (b.pair(2, 0).bet, b.pair(2, 0).other) == (3, 1)
    assert not hasattr(b.pairs[0], "first") and not hasattr(b.pairs[0], "second")


def test_each_bets_variance_is_its_own() -> None:
    # Stakes 1 and 2 on the same kind of bet: the second's variance is 4 times the first's,
    # and each is the bet's own variance from its one-bet odds.
    b = bank(["7", "Q:2"], cards=8, copies=2)
    pair = b.pair(0, 1)
    assert pair.variance_other == 4 * pair.variance_bet
    assert (pair.variance_bet, pair.variance_other) == tuple(o.variance for o in b.bet_odds)
    assert pair.variance_bet == b.bet_odds[0].variance != Fraction(0)
