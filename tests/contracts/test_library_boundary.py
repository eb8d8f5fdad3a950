"""Every public entry of the library checks its arguments where they come in.

A hostile value — ``None``, a bool, a float (``nan``, ``inf``), bytes, a dict, a set,
an object, a googol, a negative number, a string with a NUL, a string of a million
characters, a list nested a hundred thousand deep, an object whose ``repr`` raises —
is refused with a ``ShtossError`` (a ``ValueError``) of one short line naming the
argument, at once (CPU time, not wall time, is measured), never with a
``TypeError``, ``AttributeError``, ``KeyError`` or ``RecursionError`` from inside.
Strings of digits are refused where a whole number is asked for, as floats are
(``tests/contracts/test_library_arguments.py``); exact numbers may be strings such as "1/10".

Every result pickles back to an equal value and hashes alike when equal; a name is
never looked up in the working directory; file text and names are read in NFC.
"""

from __future__ import annotations

import math
import pickle
import time
import unicodedata
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest

import shtoss_exact as s
from shtoss_exact import Distribution, ShtossError
from shtoss_exact.audit import audit_ledger, audit_parity, audit_splits, fair_splits
from shtoss_exact.case.ledger import RecordedBet, settle_bets
from shtoss_exact.case.pattern import resolve_pattern
from shtoss_exact.case.rules import BetKind, GameRules, Side
from shtoss_exact.cheat.splits import stacked_splits as cheat_splits
from shtoss_exact.cheat.tell import sand_tell
from shtoss_exact.deck import RANKS_52
from shtoss_exact.errors import MAX_MESSAGE, quoted
from shtoss_exact.limits import MAX_SECONDS, sum_cost
from shtoss_exact.numbers import exact_of
from shtoss_exact.plans.catalog import load_plan
from shtoss_exact.report.plots.figures import figure_of, plot_to
from shtoss_exact.schemes.files import resolve_scheme

CPU_SECONDS = 0.5
"""CPU time one refusal may take (all of them take milliseconds)."""

PROMISED_SECONDS = 3.0
"""CPU time the first refusal of an entry may take, loading what it needs: the promise
of every entry, a refusal within 3 s."""


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def _deep(levels: int) -> list[object]:
    nested: list[object] = []
    for _ in range(levels):
        nested = [nested]
    return nested


HOSTILE: dict[str, object] = {
    "none": None,
    "bool": True,
    "float": 1.5,
    "nan": math.nan,
    "inf": math.inf,
    "bytes": b"7h",
    "dict": {"7": 1},
    "set": {7},
    "object": object(),
    "googol": 10**100,
    "negative": -1,
    "nul": "7\x00h",
    "long": "7" * 1_000_000,
    "deep": _deep(100_000),
    "digits": "36",
    "bad-repr": _BadRepr(),
}

_FARO = s.scheme_named("faro")
_ONE = Distribution.of({1: 1})


def _new_case(**changes: object) -> object:
    fields: dict[str, object] = {"game": _game(), "deck": 52, "left": (4,) * 13, "turns_dealt": 0}
    return s.Case(**{**fields, **changes})  # type: ignore[arg-type]


def _game() -> GameRules:
    return GameRules("faro", _FARO)


# (id, call with the hostile value, fragment the message names, values it accepts)
ENTRIES: list[tuple[str, Callable[[object], object], str, frozenset[str]]] = [
    ("Card-rank", lambda v: s.Card(v, s.Suit.HEARTS), "rank", frozenset()),
    ("Card-suit", lambda v: s.Card("7", v), "suit", frozenset()),
    ("parse_card", lambda v: s.parse_card(v), "card", frozenset()),
    ("parse_rank", lambda v: s.parse_rank(v), "rank", frozenset()),
    ("Game-name", lambda v: GameRules(v, _FARO), "game", frozenset()),
    ("Game-scheme", lambda v: GameRules("faro", v), "scheme", frozenset()),
    ("Case-game", lambda v: _new_case(game=v), "game", frozenset()),
    ("Case-deck", lambda v: _new_case(deck=v), "deck", frozenset()),
    ("Case-left", lambda v: _new_case(left=v), "left", frozenset()),
    ("Case-turns", lambda v: _new_case(turns_dealt=v), "turns", frozenset()),
    ("from_seen-seen", lambda v: s.Case.from_seen(v), "card", frozenset()),
    ("from_seen-game", lambda v: s.Case.from_seen("", game=v), "game", frozenset()),
    ("from_seen-deck", lambda v: s.Case.from_seen("", deck=v), "deck", frozenset()),
    (
        "from_seen-scheme",
        lambda v: s.Case.from_seen("", game="two-deck", scheme=v),
        "scheme",
        frozenset({"none"}),
    ),
    ("from_case-case", lambda v: s.Case.from_case(v), "case", frozenset({"dict"})),
    ("from_case-deck", lambda v: s.Case.from_case("A:1", deck=v), "deck", frozenset()),
    ("from_counts", lambda v: s.Case.from_counts(v), "counts", frozenset()),
    ("then", lambda v: s.Case.from_seen("5h").then(v), "card", frozenset()),
    ("bet-rank", lambda v: s.Case.from_seen("5h").bet(v), "rank", frozenset()),
    ("bet-side", lambda v: s.Case.from_seen("5h").bet("7", side=v), "side", frozenset()),
    ("bet-kind", lambda v: s.Case.from_seen("5h").bet("7", kind=v), "kind", frozenset()),
    ("bets-side", lambda v: s.Case.from_seen("5h").bets(side=v), "side", frozenset()),
    ("bets-kind", lambda v: s.Case.from_seen("5h").bets(kind=v), "kind", frozenset()),
    ("deal-pattern", lambda v: s.Case.from_seen("5h").deal(v), "pattern", frozenset()),
    ("load_scheme", lambda v: s.load_scheme(v), "scheme file", frozenset()),
    ("resolve_scheme", lambda v: resolve_scheme(v), "scheme", frozenset()),
    ("load_plan", lambda v: load_plan(v), "plan file", frozenset()),
    ("scheme_named", lambda v: s.scheme_named(v), "scheme", frozenset()),
    ("plan_named", lambda v: s.plan_named(v), "plan", frozenset()),
    ("bank-bets", lambda v: s.bank(v), "bet", frozenset()),
    ("bank-bets-item", lambda v: s.bank(["7", v]), "bet", frozenset()),
    ("bank-deck", lambda v: s.bank(["7"], deck=v), "deck", frozenset()),
    ("bank-cards", lambda v: s.bank(["7"], cards=v), "cards", frozenset({"none"})),
    ("bank-copies", lambda v: s.bank(["7"], copies=v), "copies", frozenset({"none", "dict"})),
    ("bank-scheme", lambda v: s.bank(["7"], scheme=v), "scheme", frozenset()),
    ("Bet-rank", lambda v: s.Bet(v), "rank", frozenset()),
    ("Bet-stake", lambda v: s.Bet("7", stake=v), "stake", frozenset({"googol", "digits"})),
    ("Bet-scheme", lambda v: s.Bet("7", scheme=v), "scheme", frozenset()),
    ("series-deals", lambda v: s.series(deals=v), "deals", frozenset({"none"})),
    ("series-plan", lambda v: s.series(v, deals=2), "plan", frozenset()),
    ("series-scheme", lambda v: s.series(deals=2, scheme=v), "scheme", frozenset()),
    ("series-deal", lambda v: s.series(deals=2, deal=v), "deal", frozenset({"none"})),
    ("series-kush", lambda v: s.series(deals=2, kush=v), "kush", frozenset({"none", "digits"})),
    ("optimal-bankroll", lambda v: s.optimal_play(bankroll=v, target=4), "bankroll", frozenset()),
    (
        "optimal-target",
        lambda v: s.optimal_play(bankroll=2, target=v),
        "target",
        frozenset({"digits"}),
    ),
    (
        "optimal-objective",
        lambda v: s.optimal_play(bankroll=2, target=4, objective=v),
        "objective",
        frozenset(),
    ),
    (
        "optimal-deal",
        lambda v: s.optimal_play(bankroll=2, target=4, deal=v),
        "deal",
        frozenset({"none"}),
    ),
    ("optimal-plans", lambda v: s.optimal_play(bankroll=2, target=4, plans=v), "plan", frozenset()),
    (
        "optimal-scheme",
        lambda v: s.optimal_play(bankroll=2, target=4, scheme=v),
        "scheme",
        frozenset(),
    ),
    ("odds-deck", lambda v: s.odds(deck=v), "deck", frozenset()),
    ("odds-cards", lambda v: s.odds(cards=v), "cards", frozenset({"none", "googol"})),
    ("odds-copies", lambda v: s.odds(copies=v), "copies", frozenset({"none"})),
    ("odds-card", lambda v: s.odds(card=v), "card", frozenset({"none"})),
    ("odds-suits", lambda v: s.odds(card="7h", suits=v), "suit", frozenset({"none"})),
    ("odds-scheme", lambda v: s.odds(scheme=v), "scheme", frozenset({"none"})),
    ("odds_of", lambda v: s.odds_of(v), "deal", frozenset()),
    ("fair-deal", lambda v: s.fair_payoff("lob-half", "lob", deal=v), "deal", frozenset({"none"})),
    ("fair-scheme", lambda v: s.fair_payoff(v, "lob"), "scheme", frozenset()),
    (
        "fair-parameter",
        lambda v: s.fair_payoff("lob-half", v),
        "parameter",
        frozenset(),
    ),
    ("TableSpec-cards", lambda v: s.TableSpec(cards=v), "cards", frozenset({"googol", "set"})),
    (
        "TableSpec-copies",
        lambda v: s.TableSpec(copies=v),
        "copies",
        frozenset({"none", "googol", "set"}),
    ),
    ("TableSpec-schemes", lambda v: s.TableSpec(schemes=v), "schemes", frozenset()),
    ("TableSpec-games", lambda v: s.TableSpec(games=v), "games", frozenset()),
    ("closed_form-copies", lambda v: s.closed_form(v, parity="even"), "copies", frozenset()),
    ("closed_form-parity", lambda v: s.closed_form(1, parity=v), "parity", frozenset()),
    (
        "closed_form-scheme",
        lambda v: s.closed_form(1, parity="even", scheme=v),
        "scheme",
        frozenset(),
    ),
    ("closed_forms-copies", lambda v: s.closed_forms(v), "copies", frozenset()),
    ("Deal-cards", lambda v: s.Deal(v, 1), "cards", frozenset({"googol"})),
    ("Deal-card", lambda v: s.Deal(52, 4, card=v), "card", frozenset({"none"})),
    ("Deal-one_deck", lambda v: s.Deal(52, 4, one_deck=v), "one_deck", frozenset({"bool"})),
    ("Plan-name", lambda v: s.Plan(v), "name", frozenset({"digits"})),
    ("Plan-after_win", lambda v: s.Plan("p", after_win=v), "after_win", frozenset()),
    ("Plan-story", lambda v: s.Plan("p", story=v), "story", frozenset()),
    ("Scheme-name", lambda v: s.Scheme(v), "name", frozenset({"digits"})),
    ("kind_counts", lambda v: s.kind_counts(v, 4), "cards", frozenset({"googol"})),
    ("abzug_counts", lambda v: s.abzug_counts(52, v), "copies", frozenset()),
    ("position_counts", lambda v: s.position_counts(v, 4), "cards", frozenset({"googol"})),
    ("counts_at", lambda v: s.counts_at(52, 4, v), "position", frozenset({"googol", "negative"})),
    ("probability-event", lambda v: _ONE.probability(v), "event", frozenset()),
    ("on_grid-points", lambda v: Distribution.on_grid(1, v, (1,), 1), "point", frozenset({"set"})),
    ("on_grid-counts", lambda v: Distribution.on_grid(1, (0,), v, 1), "count", frozenset()),
]

ROWS = [
    pytest.param(call, HOSTILE[value], fragment, id=f"{name}-{value}")
    for name, call, fragment, accepted in ENTRIES
    for value in HOSTILE
    if value not in accepted
]


@pytest.mark.parametrize(("call", "value", "fragment"), ROWS)
def test_a_hostile_argument_is_refused_by_name_at_once(
    call: Callable[[object], object], value: object, fragment: str
) -> None:
    start = time.process_time()
    with pytest.raises(ShtossError) as caught:
        call(value)
    seconds = time.process_time() - start
    message = str(caught.value)
    assert fragment in message, message
    assert "\n" not in message and len(message) <= MAX_MESSAGE
    assert seconds < CPU_SECONDS, f"{seconds:.2f} s of CPU"
    assert isinstance(caught.value, ValueError)


def test_a_shtoss_error_is_one_short_line() -> None:
    assert len(str(ShtossError("x" * 10**6))) == MAX_MESSAGE
    assert quoted(_BadRepr()).startswith("<_BadRepr")
    assert quoted(_deep(100_000)) == "[[[[...]]]]"
    assert quoted("x" * 10**6) == repr("x" * 40)[:40]
    assert "digits" in quoted(10**100_000)
    assert "digits" in quoted(Fraction(10**100_000, 3))


@pytest.mark.parametrize(
    ("deals", "fragment"),
    [(0, "deals=0"), (-1, "deals=-1"), (True, "deals=True"), (2.0, "deals=2.0"),
     (math.nan, "deals=nan"), ("3", "deals='3'"), (10**100, "deals"), (10**6, "deals")],
)  # fmt: skip
def test_series_deals_are_bounded(deals: object, fragment: str) -> None:
    start = time.process_time()
    with pytest.raises(ShtossError, match=fragment.replace("(", r"\(")):
        s.series(deals=deals)
    assert time.process_time() - start < CPU_SECONDS


def test_bets_are_a_sequence_or_a_generator_in_order() -> None:
    listed = s.bank(["7:2", "Q"])
    assert s.bank(bet for bet in ["7:2", "Q"]) == listed
    assert s.bank(("7:2", s.Bet("Q"))) == listed
    for refused in ({"7": 2, "Q": 1}, {"7", "Q"}, "7:2", b"7", [["7"]], [None]):
        with pytest.raises(ShtossError, match="bet"):
            s.bank(refused)


def test_load_refuses_paths_that_are_no_files(tmp_path: Path) -> None:
    (tmp_path / "dir.toml").mkdir()
    for path, fragment in [
        (tmp_path / "dir.toml", "not a regular file"),
        (str(tmp_path / "dir.toml"), "not a regular file"),
        (b"x.toml", "is a bytes"),
        ("x\x00.toml", "NUL"),
        ("x" * 5000 + ".toml", "too long"),
        (tmp_path / "missing.toml", "cannot read"),
    ]:
        for load in (s.load_scheme, load_plan):
            with pytest.raises(ShtossError, match=fragment):
                load(path)


# --- results pickle and hash ---------------------------------------------------------


def _results() -> Iterator[tuple[str, Callable[[], object]]]:
    yield "Odds", lambda: s.odds(scheme="pharaon")
    yield "SchemeResult", lambda: s.odds(scheme="lob-half").scheme_result
    yield "FairPayoff", lambda: s.fair_payoff("lob-half", "lob")
    yield "Bank", lambda: s.bank(["7:2", "Q:1:pharaon"], deck=36)
    yield "Bet", lambda: s.Bet("7", stake="5/2", scheme="pharaon")
    yield "SeriesResult-flat", lambda: s.series("paroli", deals=3)
    yield "SeriesResult-chain", lambda: s.series("raise", bankroll=5, target=8)
    yield "ClosedForm", lambda: s.closed_form(2, parity="odd")
    yield "ClosedForms", lambda: s.closed_forms(1)
    yield "TableSpec", lambda: s.TableSpec(cards=(52, 36), schemes=("classic", "pharaon"))
    yield "SummaryTable", lambda: s.TableSpec(cards=(36, 32)).table()
    yield "SummaryRow", lambda: next(s.TableSpec(cards=(36,)).rows())
    yield "Case", lambda: s.Case.from_seen("5h Ks 5d")
    yield "CaseBet", lambda: s.Case.from_seen("5h").bet("7")
    yield "WholeDeal", lambda: s.Case.from_case("*:0,7:2,K:1").deal("every-rank")
    yield "CaseReport", lambda: s.Case.from_case("*:0,7:2,K:1").report()
    yield "OptimalPlay", lambda: s.optimal_play(bankroll=2, target=4)
    yield "Scheme", lambda: s.scheme_named("thirds")
    yield "Scheme-file", lambda: s.load_scheme("examples/schemes/eleven.toml")
    yield "Plan", lambda: s.plan_named("hermann")
    yield "Deal", lambda: s.make_deal(card="7h")
    yield "Card", lambda: s.parse_card("Дп")
    yield "KindCounts", lambda: s.kind_counts(52, 4)


RESULTS = list(_results())


@pytest.mark.parametrize("make", [m for _, m in RESULTS], ids=[n for n, _ in RESULTS])
def test_every_result_pickles_back_equal_and_hashes_alike(make: Callable[[], object]) -> None:
    one, two = make(), make()
    back = pickle.loads(pickle.dumps(one))
    assert back == one == two
    assert hash(back) == hash(one) == hash(two)
    assert {one: 1}[two] == 1 and len({one, two, back}) == 1
    record = getattr(one, "to_dict", None)
    if record is not None:
        assert back.to_dict() == record()


def test_a_pickled_closed_form_still_evaluates() -> None:
    form = s.closed_form(3, parity="even")
    back = pickle.loads(pickle.dumps(form))
    assert back.at("banker", 52) == form.at("banker", 52) == s.odds(copies=3).banker
    assert back.at("decided_at", 52, 1) == form.at("decided_at", 52, 1)
    assert back.to_dict() == form.to_dict()


def test_unequal_results_differ() -> None:
    assert s.odds(scheme="pharaon").scheme_result != s.odds(scheme="classic").scheme_result
    assert len({s.Case.from_seen("5h"), s.Case.from_seen("5d"), s.Case.from_seen("5h")}) == 2


# --- names before paths ---------------------------------------------------------------

_OTHER = b'name = "not-the-builtin"\nbase = "pharaon"\n'


@pytest.fixture
def decoys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory whose files are named like the built-ins."""
    for name in ("classic", "faro", "every-rank", "flat", "pharaon"):
        (tmp_path / name).write_bytes(_OTHER)
    (tmp_path / "classic.toml").write_bytes(_OTHER)
    (tmp_path / "lob-half").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_builtin_name_is_never_a_file_of_the_working_directory(decoys: Path) -> None:
    assert resolve_scheme("classic") is s.scheme_named("classic")
    assert resolve_scheme("lob-half").name == "lob-half"
    assert resolve_scheme("pharaon").name == "pharaon"
    assert s.Case.from_seen("", game="faro").game.scheme.name == "faro"
    assert resolve_pattern("every-rank").name == "every-rank"
    assert s.plan_named("flat").name == "flat"
    assert s.odds(scheme="classic").ev == Fraction(-33, 833)


def test_text_that_looks_like_a_path_is_a_file(decoys: Path) -> None:
    assert resolve_scheme("classic.toml").name == "not-the-builtin"
    assert resolve_scheme("./classic.toml").name == "not-the-builtin"
    assert resolve_scheme(Path("classic.toml")).name == "not-the-builtin"
    with pytest.raises(ShtossError, match="unknown file type"):
        resolve_scheme("./classic")
    with pytest.raises(ShtossError, match="unknown scheme 'nosuch'"):
        resolve_scheme("nosuch")
    with pytest.raises(ShtossError, match=r"unknown file type '\.txt'"):
        resolve_scheme("classic.txt")


def test_no_builtin_name_looks_like_a_path() -> None:
    from shtoss_exact.case.pattern import BUILTIN as PATTERNS
    from shtoss_exact.data_files import looks_like_path
    from shtoss_exact.schemes.scheme import ALIASES, BUILTIN

    names = [*BUILTIN, *ALIASES, *PATTERNS, "two-deck", "stoss", "штосс"]
    assert names and not any(looks_like_path(name) for name in names)


# --- NFC ------------------------------------------------------------------------------


def _nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


def test_file_text_is_read_composed(tmp_path: Path) -> None:
    name = "игра́ и́ й"  # composed characters: й, и with an acute
    scheme = tmp_path / "s.toml"
    scheme.write_text(
        _nfd(f'name = "{name}"\n[[rules]]\nkind = "plié"\npayoff = "-1/2"\n'), encoding="utf-8"
    )
    assert _nfd(name) != unicodedata.normalize("NFC", name)
    loaded = s.load_scheme(scheme)
    assert loaded.name == unicodedata.normalize("NFC", name)
    assert loaded.ev(s.Deal(52, 4)) == s.load_scheme(_composed(tmp_path, scheme)).ev(s.Deal(52, 4))
    plan = tmp_path / "p.json"
    plan.write_text(_nfd('{"name": "пароли й", "after_win": "ride"}'), encoding="utf-8")
    assert load_plan(plan).name == "пароли й"


def _composed(where: Path, path: Path) -> Path:
    text = unicodedata.normalize("NFC", path.read_text(encoding="utf-8"))
    copy = where / "composed.toml"
    copy.write_text(text, encoding="utf-8")
    return copy


def test_names_are_read_composed() -> None:
    assert s.Case.from_seen("5h").bet("7", side=_nfd("open")).side.value == "open"
    assert s.scheme_named(_nfd("Фараон")).name == "pharaon"
    assert s.parse_card(_nfd("Дп")) == s.Card("Q", s.Suit.SPADES)
    with pytest.raises(ShtossError, match="unknown rank"):
        s.parse_rank("й")


# --- distributions, recorded bets, tables, plots and long sums: one line each ------------------

_SEEN = "5h Ks 5d 9c 2s 9d 5s"


def _ledger_case() -> s.Case:
    return s.Case.from_seen(_SEEN, game="faro")


def _whole_case() -> s.Case:
    whole = " ".join(f"{rank}{suit}" for suit in "shdc" for rank in RANKS_52)
    return s.Case.from_seen(whole + " |", game="faro")


def _recorded(**changes: object) -> RecordedBet:
    fields: dict[str, object] = {"rank": "5", "side": Side.OPEN, "kind": BetKind.STAY,
                                 "stake": Fraction(1), "placed_after": 0}  # fmt: skip
    return RecordedBet(**{**fields, **changes})  # type: ignore[arg-type]


def _grid(unit: object = Fraction(1), points: object = (1, 2), counts: object = (1, 1)) -> object:
    return Distribution.on_grid(unit, points, counts, 2)  # type: ignore[arg-type]


BOUNDARY: list[tuple[str, Callable[[], object], str]] = [
    ("of-none", lambda: Distribution.of(None), "probabilities=None is a NoneType: allowed a map"),
    ("of-text", lambda: Distribution.of("ab"), "probabilities='ab' is a str"),
    ("of-triples", lambda: Distribution.of([(1, 2, 3)]), "is not a (value, probability) pair"),
    ("of-int", lambda: Distribution.of(7), "probabilities=7 is a int"),
    ("from_counts-none", lambda: Distribution.from_counts(None), "counts=None is a NoneType"),
    # an unhashable value looked up: a ShtossError, not the dict's TypeError (get and in too)
    ("getitem-list", lambda: _ONE[[1]], "value=[1] is a list: allowed a number"),
    ("get-list", lambda: _ONE.get([1]), "value=[1] is a list: allowed a number"),
    ("in-dict", lambda: {1: 2} in _ONE, "value={1: 2} is a dict: allowed a number"),
    ("on_grid-lengths", lambda: _grid(points=(1, 2, 3)), "3 points and 2 counts: allowed one each"),
    ("on_grid-float-point", lambda: _grid(points=(1.5, 2)), "point=1.5 is not a whole number"),
    ("on_grid-text-point", lambda: _grid(points=("1", 2)), "point='1' is not a whole number"),
    ("on_grid-bool-count", lambda: _grid(counts=(True, 1)), "count=True is not a whole number"),
    ("on_grid-float-unit", lambda: _grid(unit=0.1), "unit=0.1 is a float"),
    ("on_grid-none-unit", lambda: _grid(unit=None), "unit=None"),
    ("on_grid-points-none", lambda: _grid(points=None), "points=None is a NoneType: allowed a seq"),
    ("on_grid-counts-text", lambda: _grid(counts="11"), "counts='11' is a str: allowed a sequence"),
    (
        "copies-past-cards-by-size",
        lambda: s.odds(cards=10**9, copies=10**400),
        "copies=(about 401 digits) is more than cards=1000000000",
    ),
    # a huge number in a refusal is named by its size, so that the line still says what
    # is allowed (written out, it would have been cut at the line's limit, or failed)
    (
        "odds-preset-copies-4001-digits",
        lambda: s.odds(copies=10**4000),
        "copies=(about 4001 digits) in the preset 52-card deck, which holds 4 of each rank: "
        "allowed copies <= 4",
    ),
    (
        "bank-preset-copies-4001-digits",
        lambda: s.bank(["7"], copies=10**4000),
        "copies=(about 4001 digits) of 7 in the preset 52-card deck, which holds 4 of each rank: "
        "allowed copies <= 4",
    ),
    (
        "faro-every-card-a-copy-4001-digits",
        lambda: s.odds(cards=10**4000, copies=10**4000, scheme="faro"),
        "got (about 4001 digits) copies in a banker's deck of (about 4001 digits) cards",
    ),
    (
        "audit-stacked-5001-digits",
        lambda: audit_splits([1], stacked=10**5000),
        "stacked=(about 5001 digits): allowed a whole number 0..12",
    ),
    ("audit-stacked-text", lambda: audit_splits([1], stacked="3"), "stacked='3': allowed a whole"),
    # the audits' and cheats' arguments: refused by name, never Python's own errors
    ("audit-count-5001-digits", lambda: audit_splits([10**5000]), "split count (about 5001 dig"),
    ("audit-count-bad-repr", lambda: audit_splits([_BadRepr()]), "split count <_BadRepr"),
    ("audit-alpha-5001-digits", lambda: audit_splits([1], alpha=10**5000), "alpha=(about 5001"),
    ("fair-splits-ranks-deep", lambda: fair_splits(ranks=_deep(100_000)), "ranks=[[[[...]]]]"),
    ("fair-splits-copies-huge", lambda: fair_splits(copies=10**5000), "copies=(about 5001 dig"),
    ("parity-class-int", lambda: audit_parity(7, ["5h Ks 5d"]), "class=7 is a int: allowed"),
    ("parity-seen-none", lambda: audit_parity("7", None), "seen=None is a NoneType: allowed"),
    ("ledger-alpha-huge", lambda: audit_ledger([("5h", "K@0")], alpha=10**5000), "alpha=(about"),
    ("tell-class-int", lambda: sand_tell("7", 7), "tell_class=7: allowed a list of ranks"),
    ("quantile-5001-digits", lambda: _ONE.quantile(10**5000), "q=(about 5001 digits): allowed"),
    ("mixture-int", lambda: Distribution.mixture(7), "weighted=7 is a int: allowed (weight"),
    ("mixture-single", lambda: Distribution.mixture([(1,)]), "pairs, not (1,)"),
    ("map-not-callable", lambda: _ONE.map(5), "f=5 is not callable: allowed a function"),
    ("given-not-callable", lambda: _ONE.given("v > 0"), "event='v > 0' is not callable"),
    ("cheat-stacked-5001-digits", lambda: cheat_splits(10**5000), "stacked=(about 5001 digits)"),
    (
        "on_grid-total-not-a-power",
        lambda: Distribution.on_grid(1, (0, 1), (6, 6), 12, base=2),
        "total=12 is not a power of base=2: allowed a base whose power the total is",
    ),
    ("on_grid-base-negative", lambda: Distribution.on_grid(1, (0,), (2,), 2, base=-2), "base=-2"),
    ("settle-int", lambda: settle_bets(_ledger_case(), 7), "bets=7 is a int: allowed text"),
    ("settle-list-of-text", lambda: settle_bets(_ledger_case(), ["7@0"]), "bets[0]='7@0' is a str"),
    ("settle-not-a-case", lambda: settle_bets("5h", "5@0"), "case='5h' is a str: allowed a Case"),
    (
        "settle-after-the-last-turn",
        lambda: settle_bets(_whole_case(), "Q@0 A@25"),
        "bet A:stay:1@25: no turn is left to deal",
    ),
    ("settle-too-many", lambda: settle_bets(_ledger_case(), [_recorded()] * 201), "at most 200"),
    ("recorded-turn-negative", lambda: _recorded(placed_after=-3), "placed_after=-3 is too small"),
    ("recorded-turn-huge", lambda: _recorded(placed_after=10**5000), "placed_after=(about"),
    ("recorded-turn-float", lambda: _recorded(placed_after=1.0), "placed_after=1.0 is not a whole"),
    ("recorded-stake-negative", lambda: _recorded(stake=-5), "stake=-5: allowed a stake > 0"),
    ("recorded-stake-zero", lambda: _recorded(stake=Fraction(0)), "stake=0: allowed a stake > 0"),
    ("recorded-stake-float", lambda: _recorded(stake=0.5), "stake=0.5 is a float"),
    (
        "recorded-coppered-high-card",
        lambda: _recorded(rank=None, kind=BetKind.HIGH_CARD, side=Side.COPPERED),
        "a high-card bet is not coppered: allowed side='open'",
    ),
    ("recorded-high-card-rank", lambda: _recorded(kind="high-card"), "a high-card bet names no"),
    ("recorded-no-rank", lambda: _recorded(rank=None), "a stay bet with rank=None"),
    ("recorded-rank-unknown", lambda: _recorded(rank="X"), "rank"),
    ("recorded-side-unknown", lambda: _recorded(side="sideways"), "side"),
    ("recorded-kind-unknown", lambda: _recorded(kind=3), "kind"),
    ("summary_records-text", lambda: s.summary_records("x"), "spec='x' is a str: allowed a Table"),
    ("plot-no-picture", lambda: figure_of(s.Deal(52, 4)), "a Deal has no picture: drawn are"),
    ("plot-to-gif", lambda: plot_to(s.odds(), "x.gif"), "the suffix '.gif' is not an image"),
    ("plot-to-number", lambda: plot_to(s.odds(), 5), "cannot plot to a int: allowed a file's"),
    ("plot-to-none", lambda: plot_to(s.odds(), None), "cannot plot to a NoneType"),
    ("plot-to-directory-name", lambda: plot_to(s.odds(), "x.svg/"), "'x.svg/': a name ending in /"),
    ("plot-on-a-string", lambda: s.odds().plot(ax="left"), "ax=str: allowed matplotlib Axes"),
    ("series-deals-400-digits", lambda: s.series(deals=10**400), "(about 401 digits) deals:"),
    (
        "series-paroli-deals-310-digits",
        lambda: s.series("paroli:2", deals=10**309),
        "(about 310 digits) deals: exact values of about 1e+300 or more digits",
    ),
    (
        "series-cards-5000-digits",
        lambda: s.series("paroli:2", deals=3, cards=10**5000, copies=4),
        "cards=(about 5001 digits) is not a whole number of at most 4300 digits",
    ),
    # the counts' own cost and digits, as every question's (once a minute of work, or
    # Python's own OverflowError and digit-limit ValueError)
    ("kind_counts-cost", lambda: s.kind_counts(10**9, 10**6), "copies=1000000): about"),
    (
        "kind_counts-copies-310-digits",
        lambda: s.kind_counts(10**4000, 10**309),
        "(about 310 digits)",
    ),
    ("abzug_counts-401-digits", lambda: s.abzug_counts(10**400, 4), "(about 401 digits)"),
    (
        "counts_at-position-5001-digits",
        lambda: s.counts_at(52, 4, 10**5000),
        "position=(about 5001 digits): allowed at most 4300 digits",
    ),
    # one position's two binomials, costed as the summary's series (once 90 s and more
    # of math.comb, or its OverflowError past 2**63 copies)
    (
        "counts_at-half-of-ten-million",
        lambda: s.counts_at(10**7, 5 * 10**6, 2),
        "counts_at(cards=10000000, copies=5000000, position=2): about",
    ),
    (
        "counts_at-copies-300-digits",
        lambda: s.counts_at(10**300, 10**299, 1),
        "copies=(about 300 digits), position=1): about 1e+300 or more s",
    ),
]


@pytest.mark.parametrize(
    "make",
    [
        lambda: s.kind_counts(10**9, 10**4),
        lambda: s.counts_at(10**5, 3000, 1),
    ],
    ids=["kind_counts", "counts_at"],
)
def test_counts_past_pythons_digit_limit_are_shown_whole(make: Callable[[], object]) -> None:
    """A count of more than 4300 digits (Python's limit on int-to-string conversion) is
    written whole in the record's repr() (once its ValueError), and reads back."""
    record = make()
    assert isinstance(record, tuple)
    shown = repr(record)
    assert shown.startswith(f"{type(record).__name__}(")
    fields = dict(part.split("=") for part in shown[shown.index("(") + 1 : -1].split(", "))
    values = [exact_of(fields[name]) for name in record._fields]  # type: ignore[attr-defined]
    assert values == list(record) and max(record).bit_length() > 14_300


@pytest.mark.parametrize(("call", "fragment"), [pytest.param(c, f, id=i) for i, c, f in BOUNDARY])
def test_each_entry_refuses_its_bad_argument_in_one_line(
    call: Callable[[], object], fragment: str
) -> None:
    first = time.process_time()
    with pytest.raises(ShtossError):
        call()  # the first call may load what the entry needs (matplotlib for a plot)
    start = time.process_time()
    with pytest.raises(ShtossError) as caught:
        call()
    seconds, cold = time.process_time() - start, start - first
    message = str(caught.value)
    assert fragment in message, message
    assert "\n" not in message and len(message) <= MAX_MESSAGE
    assert cold < PROMISED_SECONDS, f"{cold:.2f} s of CPU the first time"
    assert seconds < CPU_SECONDS, f"{seconds:.2f} s of CPU"


def test_a_recorded_bet_is_normalised_and_settles_as_its_text() -> None:
    built = RecordedBet("5", "open", "stay", 2, 0)  # type: ignore[arg-type]
    assert (built.side, built.kind, built.stake) == (Side.OPEN, BetKind.STAY, Fraction(2))
    assert isinstance(built.stake, Fraction)
    high = RecordedBet(None, Side.OPEN, BetKind.HIGH_CARD, Fraction(1, 2), 1)
    written = settle_bets(_ledger_case(), "5:stay:2@0 high-card:1/2@1")
    assert settle_bets(_ledger_case(), [built, high]) == written
    assert settle_bets(_ledger_case(), (built,)).bets == written.bets[:1]


def test_a_long_sum_is_refused_up_front_by_the_digits_of_its_counts() -> None:
    net = s.series("flat", deals=1024).net  # 1025 outcomes, counts of 9 936 bits
    start = time.process_time()
    with pytest.raises(ShtossError, match=r"1025 and 1025 outcomes \(counts of 9936 and 9936 bits"):
        net + net  # 30 s of CPU when it was not refused
    assert time.process_time() - start < 0.1


def test_sums_in_a_row_are_refused_once_one_passes_the_budget() -> None:
    total = s.series("flat", deals=2).net
    start = time.process_time()
    with pytest.raises(ShtossError, match=r"outcomes \(counts of"):
        for _ in range(20):
            total = total + total  # each doubles the outcomes and the counts' digits
    assert len(total) < 2000
    # every sum answered is within the budget, and the one past it is refused up front
    assert time.process_time() - start < MAX_SECONDS


def test_the_estimate_of_a_sum_is_within_a_few_times_of_its_cpu_time() -> None:
    net = s.series("flat", deals=200).net
    pairs, bits = len(net) ** 2, net.total.bit_length()
    estimate = sum_cost(pairs, 2 * len(net), (bits, bits)).seconds
    start = time.process_time()
    net + net
    used = time.process_time() - start
    assert 0.2 < estimate / used < 8, (estimate, used)
