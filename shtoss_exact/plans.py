"""A punter's plan across deals: how the stake moves after a win, a loss or a push.

A plan is data, never code: a few enumerated choices and exact numbers. The words
of the sources (seed 000, "Увеличение куша"):

* "Понтер имеет право увеличивать ставку в следующей метке после того, как выиграл
  ... Если понтер выиграл максимально ..., он увеличивает ставку вдвое. Если же
  понтер выиграл половину максимума, ставку следует увеличить в полтора раза." —
  after a win the stake is multiplied by 1 + (the win's share of the maximum).
* "В случае проигрыша понтера, он ставит опять «от начального куша»" — after a loss,
  back to the initial kush.
* "Загнуть угол — удвоить выигранную ставку. Понтер не забирает денег со стола ... То
  же, что пароле" — paroli: the winnings stay on the card (stake + winnings).
* "Каждый из игроков имеет право прекратить игру в любой момент после любой метки."
* Hermann staked all he had, 47 000, and let it ride three times.

A push (a null outcome or a zero payoff: the stake comes back) changes nothing: the
stake and the series stay as they were, and the deal still counts as played.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path

from shtoss_exact.errors import ShtossError
from shtoss_exact.numbers import parse_fraction


class AfterWin(StrEnum):
    """What the punter stakes after a win."""

    KEEP = "keep"  # the same stake again (flat)
    SHARE = "share"  # stake * (1 + payoff / the scheme's maximum payoff): x2, x1.5, ...
    RIDE = "ride"  # stake + winnings: the winnings stay on the card (paroli)


class DealEvent(StrEnum):
    """A named way one deal ends, for the probability of a story told deal by deal."""

    SONIK_WON = "sonik-won"  # given at position 2, the first abzug's sonik
    LOB_KILLED = "lob-killed"  # killed by the very first card (a plié in abzug 1 too)


class AfterLoss(StrEnum):
    """What the punter does after a loss."""

    RESET = "reset"  # back to the initial kush
    STOP = "stop"  # leave the table


@dataclass(frozen=True)
class Plan:
    """A punter's plan, as data.

    ``raises`` bounds the raises in a row: after that many, the next win takes the
    profit and the stake goes back to the initial kush (``None``: no bound). ``deals``
    is the plan's own number of deals (Hermann's three nights), if it has one.

    >>> plan_named("paroli:3").raises
    3
    """

    name: str
    description: str = ""
    after_win: AfterWin = AfterWin.KEEP
    after_loss: AfterLoss = AfterLoss.RESET
    raises: int | None = None
    kush: Fraction = Fraction(1)
    deals: int | None = None
    source: str = ""
    story: tuple[DealEvent, ...] = ()

    def __post_init__(self) -> None:
        if self.kush <= 0:
            raise ShtossError(f"kush={self.kush} in plan {self.name!r}: allowed kush > 0")
        if self.raises is not None and self.raises < 0:
            raise ShtossError(f"raises={self.raises} in plan {self.name!r}: allowed raises >= 0")
        if self.deals is not None and self.deals < 1:
            raise ShtossError(f"deals={self.deals} in plan {self.name!r}: allowed deals >= 1")


_SOURCE = "seed 000, «Увеличение куша»"

BUILTIN_PLANS: dict[str, Plan] = {
    plan.name: plan
    for plan in (
        Plan(
            "flat",
            "the initial kush every deal",
            source="«Если понтер не называет своей ставки, значит, он согласен играть на "
            "начальный куш» (seed 000)",
        ),
        Plan(
            "raise",
            "after a win, raise by the win's share of the maximum (a maximal win x2, half "
            "the maximum x1.5); after a loss, back to the initial kush",
            after_win=AfterWin.SHARE,
            source="«Если понтер выиграл максимально ..., он увеличивает ставку вдвое. Если "
            "же понтер выиграл половину максимума, ставку следует увеличить в полтора раза» "
            f"({_SOURCE})",
        ),
        Plan(
            "paroli",
            "bend the corner: leave the winnings on the card up to k times, then take the "
            "profit; after a loss, back to the initial kush",
            after_win=AfterWin.RIDE,
            raises=1,
            source="«Загнуть угол — удвоить выигранную ставку. Понтер не забирает денег со "
            "стола, а загибает угол карты. То же, что пароле» (seed 000)",
        ),
        Plan(
            "stop",
            "the initial kush every deal; leave after the first loss or at the target",
            after_loss=AfterLoss.STOP,
            source="«Каждый из игроков имеет право прекратить игру в любой момент после "
            f"любой метки» ({_SOURCE})",
        ),
        Plan(
            "hermann",
            "stake everything (47 000) and let it ride for three deals; a loss ends it",
            after_win=AfterWin.RIDE,
            after_loss=AfterLoss.STOP,
            kush=Fraction(47000),
            deals=3,
            story=(DealEvent.SONIK_WON, DealEvent.SONIK_WON, DealEvent.LOB_KILLED),
            source="«поставил в первый же вечер все свое состояние (47 000) на тройку и "
            "выиграл соника. Во второй вечер он поставил удвоенный капитал (94 000) ... В "
            "третий вечер он поставил на туза уже 188 тысяч» (seed 000; Pushkin)",
        ),
    )
}
"""The plans the sources describe."""


def plan_named(text: str) -> Plan:
    """A built-in plan: ``flat``, ``raise``, ``raise:k``, ``paroli``, ``paroli:k``, ``stop``,
    ``hermann``; ``:k`` bounds the raises in a row.

    >>> plan_named("raise").after_win
    <AfterWin.SHARE: 'share'>
    """
    name, _, bound = text.partition(":")
    allowed = "flat, raise, raise:k, paroli, paroli:k, stop, hermann"
    plan = BUILTIN_PLANS.get(name)
    if plan is None:
        raise ShtossError(f"unknown plan {text!r}: allowed plans are {allowed}")
    if not bound:
        return plan
    if name not in ("raise", "paroli") or not (
        bound.isascii() and bound.isdigit() and len(bound) <= 12
    ):
        raise ShtossError(
            f"bad plan {text!r:.40}: allowed plans are {allowed} (k a whole number, 12 digits "
            "at most)"
        )
    return replace(plan, name=text, raises=int(bound))


_KEYS = {
    "name",
    "description",
    "after_win",
    "after_loss",
    "raises",
    "kush",
    "deals",
    "source",
    "story",
}


def plan_from_mapping(data: Mapping[str, object], *, origin: str = "plan") -> Plan:
    """A plan from a mapping (e.g. a TOML table); numbers as integers or exact strings.

    >>> plan_from_mapping({"name": "p", "after_win": "ride", "raises": 2, "kush": "1/2"}).kush
    Fraction(1, 2)
    """
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ShtossError(
            f"unknown key {unknown[0]!r} in {origin}: allowed {', '.join(sorted(_KEYS))}"
        )

    def text(key: str, default: str) -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            raise ShtossError(f"{key} in {origin} must be a string, got {value!r}")
        return value

    def whole(key: str) -> int | None:
        value = data.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ShtossError(f"{key} in {origin} must be a whole number, got {value!r}")
        return value

    def choice(key: str, kind: type[AfterWin] | type[AfterLoss], default: str) -> str:
        value = text(key, default)
        allowed = [member.value for member in kind]
        if value not in allowed:
            raise ShtossError(f"{key}={value!r} in {origin}: allowed {', '.join(allowed)}")
        return value

    kush = data.get("kush", 1)
    if isinstance(kush, bool) or not isinstance(kush, int | str):
        raise ShtossError(f'kush in {origin} must be a number like 1, "1/2", got {kush!r}')
    story = data.get("story", [])
    events = [event.value for event in DealEvent]
    if not isinstance(story, list) or any(e not in events for e in story):
        raise ShtossError(f"story in {origin} must be a list of {', '.join(events)}")
    return Plan(
        text("name", origin),
        text("description", ""),
        after_win=AfterWin(choice("after_win", AfterWin, "keep")),
        after_loss=AfterLoss(choice("after_loss", AfterLoss, "reset")),
        raises=whole("raises"),
        kush=parse_fraction(str(kush)),
        deals=whole("deals"),
        source=text("source", ""),
        story=tuple(DealEvent(e) for e in story),
    )


MAX_PLAN_BYTES = 100_000
"""Largest plan file read: a plan is a few lines."""


def load_plan(path: str | Path) -> Plan:
    """A plan from a TOML file (its top-level keys are ``Plan``'s fields).

    >>> load_plan("examples/plans/hermann-story.toml").kush
    Fraction(47000, 1)
    """
    where = f"plan file {str(path)!r}"
    try:
        with Path(path).open("rb") as handle:  # at most one byte past the limit
            raw = handle.read(MAX_PLAN_BYTES + 1)
    except OSError as error:
        raise ShtossError(f"cannot read {where}: {error.strerror or error}") from None
    if len(raw) > MAX_PLAN_BYTES:
        raise ShtossError(f"{where} is too large: allowed at most {MAX_PLAN_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShtossError(f"cannot read {where}: it is not UTF-8 text") from None
    if not text.strip():
        raise ShtossError(f'{where} is empty: allowed a plan, e.g. after_win = "ride"')
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ShtossError(f"{where} is not valid TOML: {error}") from None
    except RecursionError:
        raise ShtossError(f"{where} is not valid TOML: nested too deeply") from None
    return plan_from_mapping(data, origin=where)
