"""The best a punter can do: exactly optimal stakes across deals, against every named plan.

A punter holds a bankroll ``B`` and wants ``T > B``, both in units of the initial kush;
before each deal he stakes a whole number of units, at least one and at most what he
holds (and the banker's maximum stake, without free kush). ``optimal_play`` finds the
stakes that maximise P(reach ``T``) (``objective="reach"``) or the expected number of
deals before ruin or target (``"stay"``), with the exact value at every bankroll and
every optimal stake (ties listed), proved optimal by an exact check of the Bellman
equation (``shtoss_exact.strategy.solve``). The banker's side is the same question: a
punter playing optimally breaks a bank of ``K`` with P(reach ``B + K``).

In a subfair even-money game (classic Stoss: 400/833 against 433/833) bold play —
stake what reaches the target on a win, or all you hold — is optimal (Dubins and
Savage, *How to Gamble If You Must*, 1965); under lob-half, Pharaon or thirds the
payoffs are not even money and the optimal stakes are computed. Where wins differ
(bait's given sonik pays 3/2) bold play stakes the least that reaches the target on
the *largest* win, at most what he holds and the banker's maximum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from shtoss_exact.deck import Card, Deal, Suit, deal_from
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass, fields, replace
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import MAX_SECONDS, MAX_VALUE_BITS, allowance, check_cost, figure
from shtoss_exact.numbers import (
    MAX_DIGITS,
    exact_number,
    exact_str,
    float_of,
    within_digits,
)
from shtoss_exact.pictures import plot_of
from shtoss_exact.records import Record, frozen_hash
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.scheme import Scheme, SchemeArgument
from shtoss_exact.strategy.solve import (
    MAX_WORK,
    SETTLING,
    BankrollGrid,
    Solution,
    bankroll_grid,
    bold_bits,
    policy_iteration,
    shown,
    solve_cost,
)

if TYPE_CHECKING:
    from shtoss_exact.plans.catalog import Plan

PLANS = ("flat", "stop", "raise", "paroli", "hermann")
"""The named plans compared with the optimal stakes by default: every plan of the
sources (``hermann``: all he holds, let ride until the target; a loss ends it). Any
plan name ``series`` takes may be asked for (``paroli:3``, ``raise:2``)."""

MAX_PLANS = 20
"""Most plans compared in one call."""


def _optimal_play(values: dict[str, Any]) -> OptimalPlay:
    policy, by_bankroll = values.pop("policy"), values.pop("values")
    return OptimalPlay(
        **values, policy=MappingProxyType(policy), values=MappingProxyType(by_bankroll)
    )


class Objective(StrEnum):
    """What the punter maximises."""

    REACH = "reach"  # P(the bankroll reaches the target)
    STAY = "stay"  # the expected number of deals before ruin or target


@dataclass(frozen=True, repr=False, kw_only=True)
class PlanValue(Record):
    """A named plan's exact value on the same problem (``None``: refused as too large, or
    too long to print exactly).

    >>> PlanValue(plan="flat", value=Fraction(1, 3)).to_dict()
    {'plan': 'flat', 'value': '1/3', 'float': {'value': 0.3333333333333333}}
    """

    plan: str
    value: Fraction | None

    def to_dict(self) -> dict[str, Any]:
        value = None if self.value is None else exact_str(self.value)
        floats = None if self.value is None else float_of(self.value)
        return {"plan": self.plan, "value": value, "float": {"value": floats}}


@dataclass(frozen=True, repr=False, kw_only=True)
class OptimalPlay(Record):
    """The optimal stakes and values of one problem, exactly.

    ``policy`` and ``values`` map every bankroll the punter can hold while playing (from
    the least ``>= 1`` on his bankroll's grid up to the target) to every optimal stake
    and to the optimal value; below one unit the value is 0, at the target 1 (``reach``)
    or 0 (``stay``). ``compare`` holds bold play's value (``reach``) and each named
    plan's.

    >>> r = optimal_play(bankroll=2, target=4, plans=())
    >>> r.value, r.policy[Fraction(2)], r.policy[Fraction(3)]
    (Fraction(400, 833), (2,), (1,))
    """

    bankroll: Fraction
    target: Fraction
    objective: Objective
    scheme: Scheme
    deal: Deal
    max_stake: Fraction | None
    value: Fraction
    policy: Mapping[Fraction, tuple[int, ...]]
    values: Mapping[Fraction, Fraction]
    compare: tuple[PlanValue, ...]
    iterations: int

    def __hash__(self) -> int:  # the fields hold mappings: hashed by their items
        return frozen_hash(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # A mappingproxy does not pickle: its dict does, and is wrapped again on loading.
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update(policy=dict(self.policy), values=dict(self.values))
        return (_optimal_play, (values,))

    @property
    def stakes(self) -> tuple[int, ...]:
        """The optimal stakes at the punter's bankroll."""
        return self.policy[self.bankroll]

    _rows = "policy"

    def _percent_words(self) -> tuple[str, ...]:
        return ("value",) if self.objective.value == "reach" else ()  # P(reaching the target)

    def to_dict(self) -> dict[str, Any]:
        """The record: the problem, the value, ``policy`` (one ``{bankroll, stakes,
        value}`` per bankroll) and ``compare`` (one ``{plan, value}`` per plan)."""
        deal = self.deal
        return {
            "bankroll": exact_str(self.bankroll),
            "target": exact_str(self.target),
            "objective": self.objective.value,
            "scheme": self.scheme.name,
            "cards": deal.cards,
            "copies": deal.copies,
            "one_deck": deal.one_deck,
            "card": None if deal.card is None else str(deal.card),
            "max_stake": None if self.max_stake is None else exact_str(self.max_stake),
            "value": exact_str(self.value),
            "stakes": list(self.stakes),
            "float": {"value": float_of(self.value)},
            "policy": [
                {
                    "bankroll": exact_str(bankroll),
                    "stakes": list(stakes),
                    "value": exact_str(self.values[bankroll]),
                    "float": {"value": float_of(self.values[bankroll])},
                }
                for bankroll, stakes in self.policy.items()
            ],
            "compare": [plan.to_dict() for plan in self.compare],
        }

    def plot(self, ax: Any = None) -> Any:
        """The matplotlib ``Figure`` of the optimal value and stakes by bankroll, drawn on ``ax``
        if given (matplotlib: the extra ``plot``)."""
        return plot_of(self, ax)


def optimal_play(
    *,
    bankroll: Fraction | int | str,
    target: Fraction | int | str | None = None,
    bank: Fraction | int | str | None = None,
    scheme: SchemeArgument = "classic",
    objective: Objective | str = "reach",
    max_stake: Fraction | int | str | None = None,
    deal: Deal | None = None,
    deck: int | None = None,
    cards: int | None = None,
    copies: int | None = None,
    one_deck: bool | None = None,
    card: Card | str | None = None,
    suits: tuple[Suit, ...] | str | None = None,
    plans: Sequence[str] = PLANS,
) -> OptimalPlay:
    """The exactly optimal stakes from ``bankroll`` towards ``target`` (or a banker's
    ``bank``: ``target = bankroll + bank``), with the value of bold play (``reach``) and
    of each named plan of ``plans`` on the same problem (``series``; ``None`` where it
    refuses the plan as too large). The deck is ``odds``' arguments (``deck``, ``cards``,
    ``copies``, ``one_deck``, ``card``, ``suits``: default the 52-card two-deck game) or a
    built ``deal``, not both.

    >>> optimal_play(bankroll=50, target=100, plans=()).value
    Fraction(400, 833)
    >>> optimal_play(bankroll=1, target=3, scheme="lob-half", plans=()).policy
    mappingproxy({Fraction(1, 1): (1,), Fraction(3, 2): (1,), Fraction(2, 1): (1,), \
Fraction(5, 2): (1,)})
    """
    from shtoss_exact.plans.series import deal_outcomes

    start = _bounded(exact_number(bankroll, name="bankroll"), "bankroll")
    if start < 1:
        raise ShtossError(
            _("bankroll={shown}: allowed bankroll >= 1 (the initial kush is the unit)").format(
                shown=shown(start)
            )
        )
    goal = _goal(start, target, bank)
    cap = None if max_stake is None else _bounded(exact_number(max_stake, name="max_stake"),
                                                   "max_stake")  # fmt: skip
    if cap is not None and cap < 1:
        raise ShtossError(
            _("max_stake={shown}: allowed max_stake >= 1 (one unit)").format(shown=shown(cap))
        )
    aim = _objective(objective)
    names = _plan_names(plans)
    the_scheme = as_scheme(scheme)
    the_deal = deal_from(deal=deal, deck=deck, cards=cards, copies=copies, one_deck=one_deck,
                         card=card, suits=suits)  # fmt: skip
    outcomes = deal_outcomes(the_deal, the_scheme)
    outcomes.check_moves_money(
        the_scheme.name,
        the_deal,
        advice=_("allowed a deck or scheme under which a deal is decided"),
    )
    g = bankroll_grid(
        (outcomes.denominator, outcomes.counts),
        bankroll=start,
        target=goal,
        max_stake=cap,
        reach=aim is Objective.REACH,
    )
    first = g.bold() if g.reach else g.timid()
    settled = g.reach and _even_money_subfair(outcomes.counts)
    bits = bold_bits(g) if settled else None
    if bits is not None and bits > 1.02 * MAX_VALUE_BITS:  # a bound, a few bits above them
        raise ShtossError(
            _(
                "the exact values have about {longest:.0f} digits: more than the limit "
                "{max_value_bits:.0f}; use a smaller target"
            ).format(longest=bits * 0.30103, max_value_bits=MAX_VALUE_BITS * 0.30103)
        )
    cost = solve_cost(g, first, settled=settled, value_bits=bits)
    check_cost(
        cost,
        what=_(
            "the optimal stakes for {size} bankrolls and {pairs} (bankroll, stake) pairs"
        ).format(size=g.size, pairs=g.pairs),
        advice=_ADVICE,
    )
    solution = policy_iteration(
        g,
        first,
        settled=settled,
        refuse=lambda estimate: _refusal(g, estimate),
        cost=cost.seconds * 1e9 / (1 if settled else SETTLING),
    )
    compared: list[PlanValue] = []
    if g.reach:
        compared.append(PlanValue(plan="bold", value=solution.start.at(g.index(start))))
    # The named plans share what is left of the budget, in the order asked; a plan that
    # is another under a second name (``paroli`` and ``paroli:1``) is computed once.
    left = MAX_SECONDS - cost.seconds
    values: dict[Plan, Fraction | None] = {}
    for name in names:
        plan = _compared_plan(name, start, cap)
        if plan not in values:
            with allowance(seconds=left, digits=MAX_VALUE_BITS * 0.30103) as spent:
                values[plan] = _plan_value(
                    plan, start, goal, aim=aim, scheme=the_scheme, deal=the_deal, max_stake=cap
                )
            left -= spent.seconds
        compared.append(PlanValue(plan=name, value=values[plan]))
    return _result(g, solution, start, goal, aim, the_scheme, the_deal, cap, tuple(compared))


def _plan_names(plans: object) -> tuple[str, ...]:
    from shtoss_exact.plans.catalog import plan_named

    if isinstance(plans, str) or not isinstance(plans, Sequence):
        raise ShtossError(
            _("plans={plans}: allowed a list of plan names such as ['flat', 'paroli:3']").format(
                plans=quoted(plans)
            )
        )
    if len(plans) > MAX_PLANS:
        raise ShtossError(
            _("{plans_count} plans to compare: allowed at most {max_plans}").format(
                plans_count=len(plans), max_plans=MAX_PLANS
            )
        )
    for name in plans:
        if not isinstance(name, str):
            raise ShtossError(
                _("plan {name} is not a plan name: allowed plan names such as 'flat'").format(
                    name=quoted(name)
                )
            )
        plan_named(name)  # an unknown name is refused before anything is computed
    return tuple(dict.fromkeys(plans))


def _goal(start: Fraction, target: object, bank: object) -> Fraction:
    if (target is None) == (bank is None):
        raise ShtossError(
            _(
                "give the target (the bankroll to reach) or the banker's bank (target = bankroll + "
                "bank), one of them"
            )
        )
    if bank is not None:
        size = _bounded(exact_number(bank, name="bank"), "bank")
        if size <= 0:
            raise ShtossError(_("bank={shown}: allowed bank > 0").format(shown=shown(size)))
        return start + size
    goal = _bounded(exact_number(target, name="target"), "target")
    if goal <= start:
        raise ShtossError(
            _("target={shown} is not above bankroll={shown2}: allowed target > bankroll").format(
                shown=shown(goal), shown2=shown(start)
            )
        )
    return goal


def _bounded(value: Fraction, name: str) -> Fraction:
    if not within_digits(value):
        raise ShtossError(
            _("{name}={shown}: allowed at most {max_digits} digits").format(
                name=name, shown=shown(value), max_digits=MAX_DIGITS
            )
        )
    return value


def _objective(objective: object) -> Objective:
    allowed = ", ".join(o.value for o in Objective)
    if isinstance(objective, str):
        try:
            return Objective(objective.strip().lower())
        except ValueError:
            pass
    raise ShtossError(
        _("objective={objective}: allowed {allowed}").format(
            objective=quoted(objective), allowed=allowed
        )
    )


def _even_money_subfair(counts: tuple[tuple[Fraction, int], ...]) -> bool:
    """Every payoff is -1, 0 or +1 and the punter wins no more often than he loses."""
    if any(payoff not in (-1, 0, 1) for payoff, _ in counts):
        return False
    wins = sum(c for payoff, c in counts if payoff > 0)
    losses = sum(c for payoff, c in counts if payoff < 0)
    return wins <= losses


_ADVICE = N_("use a smaller target, a coarser scheme or a banker's maximum stake (max_stake=)")


def _refusal(g: BankrollGrid, estimate: float) -> ShtossError:
    return ShtossError(
        _(
            "the optimal stakes for {size} bankrolls and {pairs} (bankroll, stake) pairs: "
            "about {seconds} s of work, more than the limit of {limit:g} s; {advice}"
        ).format(
            size=g.size,
            pairs=g.pairs,
            seconds=figure(estimate / 1e9, above=MAX_WORK / 1e9),
            limit=MAX_WORK / 1e9,
            advice=_(_ADVICE),
        )
    )


def _compared_plan(name: str, start: Fraction, max_stake: Fraction | None) -> Plan:
    """The plan ``name`` on this problem, named only by what it does (so that two names
    of one plan are one key)."""
    from shtoss_exact.plans.catalog import plan_named

    plan = plan_named(name)
    if name == "hermann":
        kush = start if max_stake is None else min(start, max_stake)
        plan = replace(plan, kush=kush, deals=None, story=())
    return replace(plan, name="", description="", source="")


def _plan_value(
    plan: Plan,
    start: Fraction,
    goal: Fraction,
    *,
    aim: Objective,
    scheme: Scheme,
    deal: Deal,
    max_stake: Fraction | None,
) -> Fraction | None:
    """A named plan's P(reach the target) or expected deals; ``None`` when refused (too
    large for what is left of the budget) or longer than the optimal values may be."""
    from shtoss_exact.plans.series import series

    try:
        result = series(
            plan, bankroll=start, target=goal, scheme=scheme, deal=deal, max_stake=max_stake
        )
    except ShtossError:
        return None
    value = result.p_target if aim is Objective.REACH else result.expected_deals
    if value is None:
        return None
    longest = max(value.numerator.bit_length(), value.denominator.bit_length())
    return None if longest > MAX_VALUE_BITS else value  # bounded as the optimal values are


def _result(
    g: BankrollGrid,
    solution: Solution,
    start: Fraction,
    goal: Fraction,
    aim: Objective,
    scheme: Scheme,
    deal: Deal,
    cap: Fraction | None,
    plans: tuple[PlanValue, ...],
) -> OptimalPlay:
    bankrolls = [g.bankroll(j) for j in range(g.size)]
    return OptimalPlay(
        bankroll=start,
        target=goal,
        objective=aim,
        scheme=scheme,
        deal=deal,
        max_stake=cap,
        value=solution.values.at(g.index(start)),
        policy=MappingProxyType(dict(zip(bankrolls, solution.best, strict=True))),
        values=MappingProxyType({x: solution.values.at(j) for j, x in enumerate(bankrolls)}),
        compare=plans,
        iterations=solution.iterations,
    )
