"""A punter's plan across deals: how the stake moves after a win, a loss or a push.

A plan is data, never code: a few enumerated choices and exact numbers. The words
of the rules of Stoss as published in Russian («Увеличение куша»):

* "Понтер имеет право увеличивать ставку в следующей метке после того, как выиграл
  ... Если понтер выиграл максимально ..., он увеличивает ставку вдвое. Если же
  понтер выиграл половину максимума, ставку следует увеличить в полтора раза." —
  after a win the stake is multiplied by 1 + (the win's share of the maximum).
* "В случае проигрыша понтера, он ставит опять «от начального куша»" — after a loss,
  back to the initial kush.
* "Загнуть угол — удвоить выигранную ставку. Понтер не забирает денег со стола ... То
  же, что пароле" — paroli: the winnings stay on the card (stake + winnings).
* "Каждый из игроков имеет право прекратить игру в любой момент после любой метки."
* Hermann staked all he had, 47 000, and let it ride three times (Pushkin, «Пиковая
  дама», 1834).

A push (a null outcome or a zero payoff: the stake comes back) changes nothing: the
stake and the series stay as they were, and the deal still counts as played.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from enum import StrEnum
from fractions import Fraction
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from shtoss_exact.catalogue import Catalogue
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass, field, replace
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import MAX_PLAN_FILE_BYTES
from shtoss_exact.numbers import MAX_DIGITS, exact_number, whole_number, within_digits

if TYPE_CHECKING:
    from shtoss_exact.data_schema import Table

_E = TypeVar("_E", bound=StrEnum)

MAX_PLAN_BYTES = MAX_PLAN_FILE_BYTES
"""Largest plan file read: a plan is a few lines."""

MAX_STORY = 1000
"""Most events a plan's story may tell (and never more than the plan's own deals)."""

MAX_PLAN_TEXT = 1000
"""Longest name, description or source of a plan."""


class AfterWin(StrEnum):
    """What the punter stakes after a win."""

    KEEP = "keep"  # the same stake again (flat)
    SHARE = "share"  # stake * (1 + payoff / the scheme's maximum payoff): x2, x1.5, ...
    RIDE = "ride"  # stake + winnings: the winnings stay on the card (paroli)


class AfterLoss(StrEnum):
    """What the punter does after a loss."""

    RESET = "reset"  # back to the initial kush
    STOP = "stop"  # leave the table


class DealEvent(StrEnum):
    """A named way one deal ends, for the probability of a story told deal by deal."""

    SONIK_WON = "sonik-won"  # given at position 2, the first abzug's sonik
    LOB_KILLED = "lob-killed"  # killed by the very first card (a plié in abzug 1 too)


def bounded_number(value: object, *, name: str) -> Fraction:
    """An exact number of a plan or a table limit, no longer than a typed one could be.

    >>> bounded_number("47000", name="kush")
    Fraction(47000, 1)
    """
    number = exact_number(value, name=name)
    if not within_digits(number):
        raise ShtossError(
            _(
                "{name} has more than {max_digits} digits: allowed an exact number such as 3, "
                '"1/2", of at most {max_digits} digits'
            ).format(name=name, max_digits=MAX_DIGITS)
        )
    return number


@dataclass(frozen=True)
class Plan:
    """A punter's plan, as data.

    ``raises`` bounds the raises in a row: after that many, the next win takes the
    profit and the stake goes back to the initial kush (``None``: no bound). ``deals``
    is the plan's own number of deals (Hermann's three nights), if it has one; ``story``
    the way its deals went, one event a deal (at most ``deals`` of them).

    >>> plan_named("paroli:3").raises
    3
    """

    name: str
    description: str = field(default="", kw_only=True)
    after_win: AfterWin = field(default=AfterWin.KEEP, kw_only=True)
    after_loss: AfterLoss = field(default=AfterLoss.RESET, kw_only=True)
    raises: int | None = field(default=None, kw_only=True)
    kush: Fraction = field(default=Fraction(1), kw_only=True)
    deals: int | None = field(default=None, kw_only=True)
    source: str = field(default="", kw_only=True)
    story: tuple[DealEvent, ...] = field(default=(), kw_only=True)

    def __post_init__(self) -> None:
        for key in ("name", "description", "source"):
            value = getattr(self, key)
            if not isinstance(value, str) or len(value) > MAX_PLAN_TEXT or not value.isprintable():
                raise ShtossError(
                    _(
                        "plan {key}={value}: allowed printable text of at most {max_plan_text} "
                        "characters"
                    ).format(key=key, value=quoted(value), max_plan_text=MAX_PLAN_TEXT)
                )
        kush = bounded_number(self.kush, name="kush")
        object.__setattr__(self, "kush", kush)
        object.__setattr__(self, "after_win", _member(AfterWin, self.after_win, "after_win"))
        object.__setattr__(self, "after_loss", _member(AfterLoss, self.after_loss, "after_loss"))
        if kush <= 0:
            raise ShtossError(
                _("kush={kush} in plan {name}: allowed kush > 0").format(
                    kush=kush, name=quoted(self.name)
                )
            )
        for key in ("raises", "deals"):
            value = getattr(self, key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise ShtossError(
                    _("{key}={value} in plan {name}: allowed a whole number").format(
                        key=key, value=quoted(value), name=quoted(self.name)
                    )
                )
        if self.raises is not None and self.raises < 0:
            raise ShtossError(
                _("raises={raises} in plan {name}: allowed raises >= 0").format(
                    raises=self.raises, name=quoted(self.name)
                )
            )
        if self.deals is not None and self.deals < 1:
            raise ShtossError(
                _("deals={deals} in plan {name}: allowed deals >= 1").format(
                    deals=self.deals, name=quoted(self.name)
                )
            )
        if isinstance(self.story, str | bytes) or not isinstance(self.story, Iterable):
            raise ShtossError(
                _("story={story}: allowed a sequence of deal events").format(
                    story=quoted(self.story)
                )
            )
        story = tuple(
            _member(DealEvent, event, "story") for event in islice(self.story, MAX_STORY + 1)
        )
        object.__setattr__(self, "story", story)
        most = MAX_STORY if self.deals is None else min(MAX_STORY, self.deals)
        if len(story) > most:
            raise ShtossError(
                _(
                    "the story of plan {name} tells {story_count} deals: allowed at most {most} "
                    "(one event a deal, no more than deals={deals}, at most {max_story})"
                ).format(
                    name=quoted(self.name),
                    story_count=len(story),
                    most=most,
                    deals=self.deals,
                    max_story=MAX_STORY,
                )
            )

    @property
    def flat(self) -> bool:
        """The stake never moves: the initial kush every deal, whatever happens."""
        return self.after_win is AfterWin.KEEP and self.after_loss is AfterLoss.RESET


def _member(kind: type[_E], value: object, name: str) -> _E:
    if isinstance(value, str):
        for member in kind:
            if member.value == value:
                return member
    allowed = ", ".join(member.value for member in kind)
    raise ShtossError(
        _("{name}={value}: allowed {allowed}").format(
            name=name, value=quoted(value), allowed=allowed
        )
    )


_RULES = "the rules of Stoss as published in Russian, «Увеличение куша»"

BUILTIN_PLANS: dict[str, Plan] = {
    plan.name: plan
    for plan in (
        Plan(
            "flat",
            description="the initial kush every deal",
            source="«Если понтер не называет своей ставки, значит, он согласен играть на "
            f"начальный куш» ({_RULES})",
        ),
        Plan(
            "raise",
            description="after a win, raise by the win's share of the maximum (a maximal win "
            "x2, half the maximum x1.5); after a loss, back to the initial kush",
            after_win=AfterWin.SHARE,
            source="«Если понтер выиграл максимально ..., он увеличивает ставку вдвое. Если "
            "же понтер выиграл половину максимума, ставку следует увеличить в полтора раза» "
            f"({_RULES})",
        ),
        Plan(
            "paroli",
            description="bend the corner: leave the winnings on the card up to k times, then "
            "take the profit; after a loss, back to the initial kush",
            after_win=AfterWin.RIDE,
            raises=1,
            source="«Загнуть угол — удвоить выигранную ставку. Понтер не забирает денег со "
            f"стола, а загибает угол карты. То же, что пароле» ({_RULES})",
        ),
        Plan(
            "stop",
            description="the initial kush every deal; leave after the first loss or at the target",
            after_loss=AfterLoss.STOP,
            source="«Каждый из игроков имеет право прекратить игру в любой момент после "
            f"любой метки» ({_RULES})",
        ),
        Plan(
            "hermann",
            description="stake everything (47 000) and let it ride for three deals; a loss ends it",
            after_win=AfterWin.RIDE,
            after_loss=AfterLoss.STOP,
            kush=Fraction(47000),
            deals=3,
            story=(DealEvent.SONIK_WON, DealEvent.SONIK_WON, DealEvent.LOB_KILLED),
            source="«поставил в первый же вечер все свое состояние (47 000) на тройку и "
            "выиграл соника. Во второй вечер он поставил удвоенный капитал (94 000) ... В "
            "третий вечер он поставил на туза уже 188 тысяч» (Pushkin, «Пиковая дама», 1834)",
        ),
    )
}
"""The plans the sources describe."""

PLAN_ALIASES: dict[str, str] = {
    "флэт": "flat",
    "флет": "flat",
    "ровно": "flat",
    "начальный-куш": "flat",
    "увеличение": "raise",
    "поднять": "raise",
    "увеличение-куша": "raise",
    "пароли": "paroli",
    "пароле": "paroli",
    "загнуть-угол": "paroli",
    "стоп": "stop",
    "германн": "hermann",
    "герман": "hermann",
}
"""Russian names of the built-in plans (lower case; spaces may stand for the hyphens)."""

BOUNDED = ("raise", "paroli")
"""The plans that take ``:k``, a bound on the raises in a row."""


PLANS: Catalogue[Plan] = Catalogue(
    N_("plan"),
    BUILTIN_PLANS,
    PLAN_ALIASES,
    kind=Plan,
    labels={name: f"{name}:k" for name in BOUNDED},
    note=N_("k a whole number of at most 12 digits"),
    files=True,
    whats=N_("plans"),
)
"""The built-in plans and their Russian names (``as_plan`` also reads plan files)."""


def plan_names() -> dict[str, list[str]]:
    """Every built-in plan's name with its Russian aliases: the one registry that help
    texts list (``raise`` and ``paroli`` also take ``:k``).

    >>> plan_names()["paroli"]
    ['пароли', 'пароле', 'загнуть-угол']
    """
    return PLANS.names()


def plan_named(text: str) -> Plan:
    """A built-in plan by name or Russian alias: ``flat``, ``raise``, ``raise:k``,
    ``paroli``, ``paroli:k``, ``stop``, ``hermann``; ``:k`` bounds the raises in a row.

    >>> plan_named("raise").after_win, plan_named("Пароли:3").raises
    (<AfterWin.SHARE: 'share'>, 3)
    """
    return _built_in(text, files=False)


def _built_in(text: object, *, files: bool) -> Plan:
    """``plan_named``'s plan; ``files``: the caller reads a plan file too (``as_plan``),
    so a refusal offers one (the command line's ``--plan`` and ``strategy --plans`` do not)."""
    if not isinstance(text, str):
        raise PLANS.wrong_type(text, argument="plan")
    head, colon, bound = text.partition(":")
    name = PLANS.key(head)
    plan = BUILTIN_PLANS.get(name)
    if plan is None:
        raise PLANS.unknown(text, files=files)
    if not colon:
        return plan
    try:
        if name not in BOUNDED or bound.strip()[:1] in ("+", "-"):
            raise ShtossError(bound)
        raises = whole_number(bound[:100], name="", minimum=0, maximum=10**12 - 1, text=True)
    except ShtossError:
        raise ShtossError(
            _("bad plan {text}: allowed {value}").format(
                text=quoted(text), value=PLANS.allowed(files=files)
            )
        ) from None
    return replace(plan, name=f"{name}:{raises}", raises=raises)


def as_plan(plan: object) -> Plan:
    """A ``Plan`` from a library argument: a ``Plan``, a built-in name (or Russian
    alias, with ``:k``) or a plan file's path (``.toml``, ``.json``).

    >>> as_plan("стоп").name, as_plan("examples/plans/hermann-story.toml").deals
    ('stop', 3)
    """
    if isinstance(plan, str) and not isinstance(plan, Plan):
        from shtoss_exact.data_files import looks_like_path

        if not looks_like_path(plan.partition(":")[0]):
            return _built_in(plan, files=True)
    return PLANS.resolve(plan, argument="plan", load=load_plan)


def _schema() -> Table:
    from shtoss_exact.data_schema import Choice, Items, Number, Table, Text, Whole

    return Table(
        {
            "name": Text(),
            "description": Text(),
            "after_win": Choice(tuple(member.value for member in AfterWin)),
            "after_loss": Choice(tuple(member.value for member in AfterLoss)),
            "raises": Whole(0),
            "kush": Number(),
            "deals": Whole(1),
            "source": Text(),
            "story": Items(Choice(tuple(event.value for event in DealEvent)), most=MAX_STORY),
        }
    )


def plan_from_mapping(data: object, *, origin: str = "plan", name: str = "plan") -> Plan:
    """A plan from parsed TOML or JSON data: its keys are ``Plan``'s fields; numbers as
    integers, decimals or exact strings; every mistake refused in one line.

    >>> plan_from_mapping({"name": "p", "after_win": "ride", "raises": 2, "kush": "1/2"}).kush
    Fraction(1, 2)
    """
    from shtoss_exact.data_schema import check_data

    table = check_data(data, _schema(), where=origin)
    try:
        return Plan(
            table.get("name", name),
            description=table.get("description", ""),
            after_win=AfterWin(table.get("after_win", "keep")),
            after_loss=AfterLoss(table.get("after_loss", "reset")),
            raises=table.get("raises"),
            kush=table.get("kush", Fraction(1)),
            deals=table.get("deals"),
            source=table.get("source", ""),
            story=tuple(DealEvent(e) for e in table.get("story", [])),
        )
    except ShtossError as error:
        raise ShtossError(f"{origin}: {error}") from None


def load_plan(path: str | os.PathLike[str]) -> Plan:
    """A plan from a ``.toml`` or ``.json`` file (its top-level keys are ``Plan``'s fields).

    >>> load_plan("examples/plans/hermann-story.toml").kush
    Fraction(47000, 1)
    """
    from shtoss_exact.data_files import data_path, read_data

    name = data_path(path, what=N_("plan file"))
    data = read_data(name, what=N_("plan file"), max_bytes=MAX_PLAN_BYTES)
    return plan_from_mapping(
        data, origin=f"{_('plan file')} {quoted(name, 200)}", name=Path(name).stem
    )
