"""Plans as data: the built-ins and their Russian names, plan files, their guards."""

from __future__ import annotations

import os
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.catalog import (
    BUILTIN_PLANS,
    MAX_STORY,
    AfterLoss,
    AfterWin,
    DealEvent,
    Plan,
    as_plan,
    load_plan,
    plan_from_mapping,
    plan_named,
    plan_names,
)
from shtoss_exact.plans.series import series
from tests import ROOT

EXAMPLES = ROOT / "examples" / "plans"


def test_plans_by_name_and_alias() -> None:
    assert plan_named("paroli:3").raises == 3
    assert plan_named("raise").after_win is AfterWin.SHARE
    assert set(plan_names()) == set(BUILTIN_PLANS)
    for name, aliases in plan_names().items():
        assert plan_named(name) == BUILTIN_PLANS[name]
        for alias in aliases:
            assert plan_named(alias) == BUILTIN_PLANS[name]
            assert plan_named(alias.upper().replace("-", " ")) == BUILTIN_PLANS[name]
    assert plan_named("загнуть-угол:2") == plan_named("paroli:2")
    assert plan_named("германн").kush == 47000
    for bad in ("martingale", "flat:2", "paroli:x", "paroli:-1", "paroli:" + "9" * 13, ""):
        with pytest.raises(ShtossError, match="plan"):
            plan_named(bad)
    assert as_plan(plan_named("stop")) is plan_named("stop")
    with pytest.raises(ShtossError, match="plan"):
        as_plan(3)


def test_plans_are_checked_and_keyword_only() -> None:
    with pytest.raises(TypeError):
        Plan("p", "description")  # type: ignore[misc]
    bad_plans: list[dict[str, object]] = [
        {"kush": 0}, {"kush": 0.5}, {"raises": -1}, {"deals": 0}, {"deals": True},
        {"story": (DealEvent.SONIK_WON,) * 3, "deals": 2}, {"kush": Fraction(10**70)},
    ]  # fmt: skip
    for bad in bad_plans:
        with pytest.raises(ShtossError):
            Plan("p", **bad)  # type: ignore[arg-type]
    assert Plan("p", story=("sonik-won",)).story == (DealEvent.SONIK_WON,)  # type: ignore[arg-type]
    assert Plan("p", kush="1/2").kush == Fraction(1, 2)  # type: ignore[arg-type]


def test_plan_files_are_data() -> None:
    files = sorted(EXAMPLES.glob("*.toml"))
    assert files
    for path in files:
        plan = load_plan(path)
        assert series(plan, deals=3).deals == (min(3, plan.deals) if plan.deals else 3)
    assert load_plan(EXAMPLES / "hermann-story.toml").story == plan_named("hermann").story
    assert plan_from_mapping({"kush": "1/2"}).kush == Fraction(1, 2)
    assert plan_from_mapping({"kush": Decimal("0.25")}).kush == Fraction(1, 4)
    for bad in ({"kush": 1.5}, {"after_win": "double"}, {"raises": "2"}, {"colour": 1},
                {"story": ["lob"]}, {"kush": "0"}, {"name": "a\x1bb"}, {"kush": True},
                {"story": "sonik-won"}, {"after_loss": 3}):  # fmt: skip
        with pytest.raises(ShtossError):
            plan_from_mapping(bad)
    with pytest.raises(ShtossError, match="table"):
        plan_from_mapping([1, 2])


@pytest.mark.parametrize(
    ("name", "content", "needle"),
    [
        ("bad.toml", "kush = [", "bad TOML"),
        ("dup.json", '{"kush": 1, "kush": 2}', "twice"),
        ("long.toml", f'kush = "{"9" * 5000}"', "digits"),
        ("longint.json", '{"kush": ' + "9" * 5000 + "}", "digits"),
        ("exp.toml", "kush = 1e999999", "kush"),
        ("story.toml", "story = [" + ", ".join(['"sonik-won"'] * 2000) + "]", "story"),
        ("story3.toml", 'deals = 2\nstory = ["sonik-won", "sonik-won", "lob-killed"]', "story"),
        ("ctrl.toml", 'name = "x\\u001b[31m"', "control"),
        ("empty.toml", "", "empty"),
        ("plan.yaml", "kush: 1", "unknown file type"),
    ],
)
def test_bad_plan_files(tmp_path: Path, name: str, content: str, needle: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ShtossError, match=needle):
        load_plan(path)


def test_plan_file_guards(tmp_path: Path) -> None:
    with pytest.raises(ShtossError, match="cannot read"):
        load_plan(tmp_path / "missing.toml")
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    with pytest.raises(ShtossError, match="not a regular file"):
        load_plan(fifo)  # refused at once, never opened (it would block)
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * 200_000, encoding="utf-8")
    with pytest.raises(ShtossError, match="too large"):
        load_plan(big)
    json_plan = tmp_path / "p.json"
    json_plan.write_text('{"after_win": "ride", "raises": 2, "kush": "1/2"}', encoding="utf-8")
    plan = load_plan(json_plan)
    assert (plan.name, plan.after_win, plan.after_loss, plan.kush) == (
        "p", AfterWin.RIDE, AfterLoss.RESET, Fraction(1, 2)
    )  # fmt: skip


def test_story_length_is_bounded() -> None:
    assert MAX_STORY == 1000
    with pytest.raises(ShtossError, match="story"):
        Plan("p", story=(DealEvent.LOB_KILLED,) * (MAX_STORY + 1))
