"""``shtoss_exact.frozen`` behaves as ``@dataclass(frozen=True)``: the same class written
both ways is compared, field by field of its behaviour."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from shtoss_exact import frozen
from shtoss_exact.deck import make_deal


def _pair(**options: Any) -> tuple[type, type]:
    made = []
    for decorate, make_field in ((dataclasses.dataclass, dataclasses.field),
                                 (frozen.dataclass, frozen.field)):  # fmt: skip

        class Point:
            """A point."""

            x: int
            y: int = 0
            tags: tuple[str, ...] = make_field(default_factory=tuple)
            note: str = make_field(default="", compare=False, repr=False)
            label: str = make_field(default="p", kw_only=True)

        made.append(decorate(frozen=True, **options)(Point))
    return made[0], made[1]


STANDARD, OURS = _pair()
KEYWORDS_STANDARD, KEYWORDS_OURS = _pair(kw_only=True)


@pytest.mark.parametrize("args", [(1,), (1, 2), (1, 2, ("a",)), (1, 2, (), "n")])
def test_the_same_values_repr_eq_and_hash(args: tuple[Any, ...]) -> None:
    standard, ours = STANDARD(*args, label="q"), OURS(*args, label="q")
    assert repr(ours) == repr(standard)
    assert [getattr(ours, n) for n in ("x", "y", "tags", "note", "label")] == [
        getattr(standard, n) for n in ("x", "y", "tags", "note", "label")
    ]
    assert ours == OURS(*args, label="q") and hash(ours) == hash(OURS(*args, label="q"))
    assert hash(ours) == hash(standard)  # the hash of the compared fields, as a tuple
    assert ours != standard  # equality holds within the exact class only
    assert OURS.__match_args__ == STANDARD.__match_args__


def test_a_field_not_compared_is_ignored_by_eq_and_hash() -> None:
    assert OURS(1, note="a") == OURS(1, note="b")
    assert hash(OURS(1, note="a")) == hash(OURS(1, note="b"))
    assert OURS(1, 2) != OURS(1, 3)


@pytest.mark.parametrize(
    "call",
    [lambda cls: cls(), lambda cls: cls(1, 2, (), "", "x"), lambda cls: cls(1, z=3),
     lambda cls: cls(1, x=2)],
)  # fmt: skip
def test_the_same_errors_for_bad_calls(call: Any) -> None:
    with pytest.raises(TypeError) as standard:
        call(STANDARD)
    with pytest.raises(TypeError) as ours:
        call(OURS)
    assert str(ours.value).split("()")[-1] == str(standard.value).split("()")[-1]


def test_keyword_only_records() -> None:
    with pytest.raises(TypeError):
        KEYWORDS_OURS(1)
    assert repr(KEYWORDS_OURS(x=1)) == repr(KEYWORDS_STANDARD(x=1))


def test_frozen_pickled_copied_replaced() -> None:
    point = OURS(1, 2, ("a",), "n", label="q")
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.y  # type: ignore[misc]
    for again in (copy.copy(point), copy.deepcopy(point)):
        assert again == point and again.note == "n" and type(again) is OURS
    deal = make_deal(deck=36, copies=3)  # a record of the package, pickled by name
    assert pickle.loads(pickle.dumps(deal)) == deal
    assert hash(pickle.loads(pickle.dumps(deal))) == hash(deal)
    assert frozen.replace(point, y=5) == OURS(1, 5, ("a",), "n", label="q")
    assert dataclasses.replace(point, y=5) == OURS(1, 5, ("a",), "n", label="q")
    assert dataclasses.is_dataclass(point)
    assert [f.name for f in dataclasses.fields(point)] == ["x", "y", "tags", "note", "label"]
    assert dataclasses.asdict(point) == dataclasses.asdict(STANDARD(1, 2, ("a",), "n", label="q"))
    assert [f.name for f in frozen.fields(point)] == ["x", "y", "tags", "note", "label"]


def test_a_subclass_inherits_the_fields_and_a_post_init_runs() -> None:
    seen = []

    @frozen.dataclass(frozen=True)
    class Base:
        a: int

    @frozen.dataclass(frozen=True)
    class Child(Base):
        b: int = 2

        def __post_init__(self) -> None:
            seen.append((self.a, self.b))

    assert (
        repr(Child(1))
        == "test_a_subclass_inherits_the_fields_and_a_post_init_runs.<locals>.Child(a=1, b=2)"
    )
    assert seen == [(1, 2)] and Child(1) != Base(1)


def test_an_explicit_hash_and_repr_are_kept() -> None:
    @frozen.dataclass(frozen=True, repr=False)
    class Named:
        name: str

        def __hash__(self) -> int:
            return 7

    assert hash(Named("a")) == 7 and repr(Named("a")).startswith("<")
