"""The closed forms as values (``shtoss_exact.symbolic.result``): what ``at`` refuses
outside the range a form is proved on, the records, and a form pickled and back."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from shtoss_exact.errors import ShtossError
from shtoss_exact.symbolic.abzug import PER_ABZUG
from shtoss_exact.symbolic.forms import closed_form, closed_forms
from shtoss_exact.symbolic.result import WHOLE_DEAL, ClosedForm, ClosedForms, Parity, as_parity


@pytest.fixture(scope="module")
def even4() -> ClosedForm:
    return closed_form(4, parity="even")


@pytest.mark.parametrize(
    ("args", "kwargs", "needle"),
    [
        (("plie", 51), {}, "cards=51: this form holds for even n >= 4"),
        (("plie", 2), {}, "cards=2: this form holds for even n >= 4"),
        (("plie", True), {}, "cards=True is not a whole number"),
        (("plie", 52.0), {}, "cards=52.0 is not a whole number"),
        (("plie", 52), {"abzug": 1}, "plie is a whole-deal quantity"),
        (("plié", 52), {}, "quantity 'plié' is not a closed form"),
        ((3, 52), {}, "quantity 3 is not a closed form"),
        (("punter_at", 52), {}, "punter_at is a per-abzug quantity"),
        (("punter_at", 52), {"abzug": 27}, "abzug=27: the deck of n=52 has abzugs 1..26"),
        (("punter_at", 52), {"abzug": 0}, "abzug=0 is too small"),
        (("punter_at", 52), {"abzug": 10**40}, "abzug=(about 41 digits)"),
    ],
)
def test_at_refuses_what_the_form_does_not_cover(
    even4: ClosedForm, args: tuple[object, ...], kwargs: dict[str, object], needle: str
) -> None:
    with pytest.raises(ShtossError) as error:
        even4.at(*args, **kwargs)  # type: ignore[arg-type]
    assert needle in str(error.value)


def test_records() -> None:
    forms = closed_forms(2)
    assert isinstance(forms, ClosedForms) and len(forms) == 2
    record = forms.to_dict()
    assert [f["parity"] for f in record["forms"]] == ["even", "odd"]
    even = record["forms"][0]
    assert list(even) == ["scheme", "copies", "parity", "valid_from", "checked_through",
                          "quantities", "per_abzug"]  # fmt: skip
    assert list(even["quantities"]) == list(WHOLE_DEAL)
    assert list(even["per_abzug"][0]) == ["abzug_range", *PER_ABZUG]
    with_latex = forms.to_dict(latex=True)["forms"][0]
    assert with_latex["latex"]["plie"] == "\\frac{1}{n - 1}"
    assert with_latex["per_abzug"][0]["latex"]["abzug_range"] == ["1", "\\frac{n}{2}"]
    assert repr(forms[0]).startswith("ClosedForm(scheme=classic, copies=2, parity=even")


def test_a_form_pickled_comes_back_equal_and_evaluates_alike(even4: ClosedForm) -> None:
    back = pickle.loads(pickle.dumps(even4))
    assert back == even4 and hash(back) == hash(even4)
    # 52 cards, 4 copies: banker 433/833, the punter's first abzug 16/221 (the tables)
    assert back.at("banker", 52) == Fraction(433, 833)
    assert back.at("punter_at", 52, abzug=1) == Fraction(16, 221)
    for n in (4, 10, 52, 1000):
        for name in WHOLE_DEAL:
            assert back.at(name, n) == even4.at(name, n)
        for j in (1, n // 2):
            for name in PER_ABZUG:
                assert back.at(name, n, abzug=j) == even4.at(name, n, abzug=j)


def test_the_forms_are_importable_from_forms_too() -> None:
    from shtoss_exact.symbolic import forms

    assert (forms.ClosedForm, forms.ClosedForms, forms.Parity) == (
        ClosedForm,
        ClosedForms,
        Parity,
    )
    assert as_parity(" Even ") is Parity.EVEN
    with pytest.raises(ShtossError, match=r"^parity=2: allowed 'even' or 'odd'"):
        as_parity(2)
